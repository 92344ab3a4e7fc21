import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Keypair } from '@solana/web3.js';
import { bearer, startTestApp, type TestApp } from '../support/app';

/**
 * examples/dapp/server.js, the README's front-end walk-through: it serves its page, which loads
 * the widget from Parley, and mints client tokens with its key, usable from its own origin only.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createDappServer } = require('../../examples/dapp/server.js') as { createDappServer: (options: { parleyUrl: string; key: string }) => Server };

let app: TestApp;
let dapp: Server;
let dappUrl: string;

beforeAll(async () => {
  app = await startTestApp();
  const key = await app.createKey(['write:sessions', 'write:messages', 'read:messages', 'read:portfolio', 'read:prices']);
  dapp = createDappServer({ parleyUrl: app.url, key });
  await new Promise<void>((resolve) => dapp.listen(0, '127.0.0.1', resolve));
  dappUrl = `http://127.0.0.1:${(dapp.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => dapp.close(resolve));
  await app.close();
});

const mint = async (walletAddress: string) => {
  const response = await fetch(`${dappUrl}/parley-token`, { method: 'POST', body: JSON.stringify({ walletAddress }) });
  return { status: response.status, body: (await response.json()) as { clientToken: string; sessionId: string; allowedOrigins: string[] } };
};

it("serves a page that loads the widget from Parley and holds no key", async () => {
  const page = await (await fetch(dappUrl)).text();
  expect(page).toContain(`<script type="module" src="${app.url}/widget.js"></script>`);
  expect(page).not.toMatch(/parley_(live|test)_/);
});

it('mints a token for the wallet, usable from its own origin only, and reuses the session until it ends', async () => {
  const wallet = Keypair.generate().publicKey.toBase58();
  const first = await mint(wallet);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ clientToken: expect.stringMatching(/^parley_ct_/), allowedOrigins: [dappUrl] });
  const read = (origin: string) => app.http.get(`/v1/sessions/${first.body.sessionId}`).set('Authorization', bearer(first.body.clientToken)).set('Origin', origin);
  expect((await read(dappUrl)).status).toBe(200);
  expect((await read('https://evil.example')).body.error.code).toBe('origin_not_allowed');

  expect((await mint(wallet)).body.sessionId).toBe(first.body.sessionId);
  await app.http.delete(`/v1/sessions/${first.body.sessionId}`).set('Authorization', bearer(app.adminKey));
  const renewed = await mint(wallet);
  expect(renewed.status).toBe(200);
  expect(renewed.body.sessionId).not.toBe(first.body.sessionId);
});

it("passes Parley's refusal on", async () => {
  const refused = await mint('not-a-wallet');
  expect(refused.status).toBe(400);
});
