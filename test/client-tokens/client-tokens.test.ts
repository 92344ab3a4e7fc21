import { createHash } from 'node:crypto';
import { Keypair, Transaction } from '@solana/web3.js';
import WebSocket from 'ws';
import { ClientToken } from '../../src/client-tokens/client-token.entity';
import { DAY_MS } from '../../src/shared/clock';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { until, WsTestClient } from '../support/ws';

/**
 * Client tokens (DESIGN, Front ends) through the public API: what a token may do and what it
 * may not, each way it ends, its own per-minute budget, and allowed origins on HTTP, on
 * preflight and on the WebSocket.
 */
const BUDGET = 30;
const DAPP = 'https://dapp.example';
const EVIL = 'https://evil.example';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { CLIENT_TOKEN_REQUESTS_PER_MINUTE: String(BUDGET) } });
});
afterAll(() => app.close());

/** A new session of `key`'s account for a fresh wallet. */
async function openSession(key = app.adminKey, wallet = Keypair.generate()) {
  const response = await app.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress: wallet.publicKey.toBase58() });
  expect(response.status).toBe(200);
  return { sessionId: response.body.sessionId as string, wallet };
}

function mint(sessionId: string, body: Record<string, unknown> = {}, key = app.adminKey) {
  return app.http.post(`/v1/sessions/${sessionId}/client-tokens`).set('Authorization', bearer(key)).send(body);
}

async function tokenFor(sessionId: string, body: Record<string, unknown> = {}, key = app.adminKey): Promise<string> {
  const response = await mint(sessionId, body, key);
  expect(response.status).toBe(201);
  return response.body.clientToken;
}

const as = (token: string) => ({
  get: (path: string) => app.http.get(path).set('Authorization', bearer(token)),
  post: (path: string, body?: unknown) => app.http.post(path).set('Authorization', bearer(token)).send(body as object),
  delete: (path: string) => app.http.delete(path).set('Authorization', bearer(token)),
  graphql: (query: string, variables?: Record<string, unknown>) => app.http.post('/graphql').set('Authorization', bearer(token)).send({ query, variables }),
});

describe('minting', () => {
  it('answers 201 with the token once, stored only as its hash, for the session and its wallet', async () => {
    const { sessionId, wallet } = await openSession();
    const response = await mint(sessionId);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      clientToken: expect.stringMatching(/^parley_ct_[0-9A-Za-z]{32}$/),
      sessionId,
      walletAddress: wallet.publicKey.toBase58(),
      scopes: ['read:messages', 'write:messages', 'read:portfolio', 'read:prices'],
      expiresAt: new Date(app.clock.now().getTime() + 3_600_000).toISOString(),
      allowedOrigins: null,
      meta: expect.any(Object),
    });
    const secret: string = response.body.clientToken;
    const stored = await app.service.database.orm.em.fork().find(ClientToken, { session: sessionId });
    expect(stored).toHaveLength(1);
    expect(stored[0].secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(stored[0])).not.toContain(secret.slice(-32));
    expect(app.rawLogs.join('\n')).not.toContain(secret.slice(-32));
  });

  it('is GraphQL createClientToken too', async () => {
    const { sessionId } = await openSession();
    const response = await app.http
      .post('/graphql')
      .set('Authorization', bearer(app.adminKey))
      .send({ query: `mutation { createClientToken(sessionId: "${sessionId}", input: { ttlSeconds: 600 }) { clientToken sessionId expiresAt scopes } }` });
    expect(response.body.data.createClientToken).toMatchObject({
      clientToken: expect.stringMatching(/^parley_ct_/),
      sessionId,
      expiresAt: new Date(app.clock.now().getTime() + 600_000).toISOString(),
    });
  });

  it('never outlives its session', async () => {
    const { sessionId } = await openSession();
    app.clock.advance(3_600_000);
    const response = await mint(sessionId, { ttlSeconds: 86_400 });
    const session = (await app.http.get(`/v1/sessions/${sessionId}`).set('Authorization', bearer(app.adminKey))).body;
    expect(response.body.expiresAt).toBe(session.expiresAt);
  });

  it("holds only the scopes its key holds, among a token's four", async () => {
    const narrow = await app.createKey(['write:sessions', 'read:prices']);
    const { sessionId } = await openSession(narrow);
    const token = await tokenFor(sessionId, {}, narrow);
    expect((await mint(sessionId, {}, narrow)).body.scopes).toEqual(['read:prices']);
    expect((await as(token).get('/v1/prices/SOL')).status).toBe(200);
    const refused = await as(token).post('/v1/messages', { sessionId, message: 'price of SOL' });
    expect([refused.status, refused.body.error.code, refused.body.error.details.requiredScope]).toEqual([403, 'forbidden', 'write:messages']);
  });

  it.each([
    [{ ttlSeconds: 59 }, 'ttlSeconds'],
    [{ ttlSeconds: 86_401 }, 'ttlSeconds'],
    [{ ttlSeconds: 90.5 }, 'ttlSeconds'],
    [{ allowedOrigins: ['https://dapp.example/'] }, 'allowedOrigins'],
    [{ allowedOrigins: ['dapp.example'] }, 'allowedOrigins'],
    [{ allowedOrigins: ['ftp://dapp.example'] }, 'allowedOrigins'],
    [{ allowedOrigins: Array.from({ length: 21 }, (_, i) => `https://d${i}.example`) }, 'allowedOrigins'],
  ])('refuses %j with 400 naming the field', async (body, field) => {
    const { sessionId } = await openSession();
    const response = await mint(sessionId, body);
    expect([response.status, response.body.error.code, response.body.error.field]).toEqual([400, 'validation_error', field]);
  });

  it("is 404 for another account's, a terminated or an unknown session, and 403 without write:sessions", async () => {
    const other = await app.createAccount('pro');
    const { sessionId: theirs } = await openSession(other.key);
    const { sessionId: ended } = await openSession();
    await app.http.delete(`/v1/sessions/${ended}`).set('Authorization', bearer(app.adminKey));
    for (const sessionId of [theirs, ended, 'session_0000000000000000']) {
      const response = await mint(sessionId);
      expect([response.status, response.body.error.code]).toEqual([404, 'session_not_found']);
    }
    const reader = await app.createKey(['read:messages']);
    const { sessionId } = await openSession();
    const response = await mint(sessionId, {}, reader);
    expect([response.status, response.body.error.details]).toEqual([403, { requiredScope: 'write:sessions' }]);
  });
});

describe('what a token may do', () => {
  it('reads its session and history, sends messages, reads its wallet, prices and its transactions, and submits one it built', async () => {
    const { sessionId, wallet } = await openSession();
    const walletAddress = wallet.publicKey.toBase58();
    await app.fund(walletAddress, { SOL: '2' });
    const token = await tokenFor(sessionId);
    const user = as(token);

    expect((await user.get(`/v1/sessions/${sessionId}`)).body).toMatchObject({ sessionId, status: 'active' });
    expect((await user.get('/v1/prices/SOL')).status).toBe(200);
    const portfolio = await user.get(`/v1/portfolio?walletAddress=${walletAddress}`);
    expect(portfolio.body.tokens.find((t: { symbol: string }) => t.symbol === 'SOL').amount).toBe('2000000000');

    const recipient = Keypair.generate().publicKey.toBase58();
    const sent = await user.post('/v1/messages', { sessionId, message: `send 0.5 SOL to ${recipient}` });
    expect(sent.status).toBe(200);
    const { transactionId, serializedTransaction } = sent.body.transaction;
    expect((await user.get(`/v1/messages?sessionId=${sessionId}`)).body.messages).toHaveLength(2);
    expect((await user.get(`/v1/transactions/${transactionId}`)).body.status).toBe('built');

    const refreshed = await user.post(`/v1/transactions/${transactionId}/refresh`);
    expect(refreshed.status).toBe(200);
    const tx = Transaction.from(Buffer.from(refreshed.body.serializedTransaction ?? serializedTransaction, 'base64'));
    tx.sign(wallet);
    const submitted = await user.post(`/v1/transactions/${refreshed.body.transactionId}/submit`, { signedTransaction: tx.serialize().toString('base64') });
    expect(submitted.body).toMatchObject({ status: 'confirmed' });

    const graph = await user.graphql(`{ session(id: "${sessionId}") { messageCount latestMessage { role } portfolio { walletAddress } messages(first: 1) { edges { node { role } } } } }`);
    expect(graph.body.errors).toBeUndefined();
    expect(graph.body.data.session).toMatchObject({ messageCount: 2, latestMessage: { role: 'agent' }, portfolio: { walletAddress } });
  });

  it.each([
    ['POST', '/v1/sessions', { walletAddress: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' }],
    ['DELETE', '/v1/sessions/:own', undefined],
    ['POST', '/v1/sessions/:own/client-tokens', {}],
    ['GET', '/v1/keys', undefined],
    ['POST', '/v1/keys', { name: 'mine now', scopes: ['admin'] }],
    ['GET', '/v1/analytics/usage', undefined],
    ['GET', '/v1/analytics/metrics?startDate=2026-11-01&endDate=2026-11-02', undefined],
    ['POST', '/v1/dev/airdrop', { walletAddress: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', token: 'SOL', amount: '1' }],
  ])('%s %s is 403 forbidden', async (method, path, body) => {
    const { sessionId } = await openSession();
    const token = await tokenFor(sessionId);
    const url = path.replace(':own', sessionId);
    const response = method === 'GET' ? await as(token).get(url) : method === 'DELETE' ? await as(token).delete(url) : await as(token).post(url, body);
    expect([response.status, response.body.error.code]).toEqual([403, 'forbidden']);
    expect((await app.http.get(`/v1/sessions/${sessionId}`).set('Authorization', bearer(app.adminKey))).body.status).toBe('active');
  });

  it("answers another session's ids as not found and another wallet's portfolio as forbidden, over REST and GraphQL", async () => {
    const { sessionId } = await openSession();
    const { sessionId: neighbour, wallet: neighbourWallet } = await openSession();
    await app.fund(neighbourWallet.publicKey.toBase58(), { SOL: '1' });
    const neighbourTx = (
      await app.http
        .post('/v1/messages')
        .set('Authorization', bearer(app.adminKey))
        .send({ sessionId: neighbour, message: `send 0.1 SOL to ${Keypair.generate().publicKey.toBase58()}` })
    ).body.transaction.transactionId;
    const user = as(await tokenFor(sessionId));

    const notFound = [
      await user.get(`/v1/sessions/${neighbour}`),
      await user.get(`/v1/messages?sessionId=${neighbour}`),
      await user.post('/v1/messages', { sessionId: neighbour, message: 'price of SOL' }),
      await user.get(`/v1/transactions/${neighbourTx}`),
      await user.post(`/v1/transactions/${neighbourTx}/refresh`),
      await user.post(`/v1/transactions/${neighbourTx}/submit`, { signedTransaction: 'AAAA' }),
    ];
    expect(notFound.map((r) => [r.status, r.body.error.code])).toEqual([
      [404, 'session_not_found'],
      [404, 'session_not_found'],
      [404, 'session_not_found'],
      [404, 'transaction_not_found'],
      [404, 'transaction_not_found'],
      [404, 'transaction_not_found'],
    ]);
    const portfolio = await user.get(`/v1/portfolio?walletAddress=${neighbourWallet.publicKey.toBase58()}`);
    expect([portfolio.status, portfolio.body.error.code]).toEqual([403, 'forbidden']);
    const listed = await user.graphql('{ sessions { edges { node { sessionId } } } }');
    expect(listed.body.errors[0].extensions.code).toBe('forbidden');
    expect((await app.http.get(`/v1/messages?sessionId=${neighbour}`).set('Authorization', bearer(app.adminKey))).body.messages).toHaveLength(2);
  });
});

describe('idempotency', () => {
  it("a token replays only its own session's stored answers: another caller's Idempotency-Key is a conflict, never a replay", async () => {
    const { sessionId } = await openSession();
    const { sessionId: visitor } = await openSession();
    const body = { sessionId, message: 'price of SOL' };
    const stored = await app.http.post('/v1/messages').set('Authorization', bearer(app.adminKey)).set('Idempotency-Key', 'turn-1').send(body);
    expect(stored.status).toBe(200);
    const token = await tokenFor(visitor);
    const replayed = await as(token).post('/v1/messages', body).set('Idempotency-Key', 'turn-1');
    expect([replayed.status, replayed.body.error?.code, replayed.headers['idempotent-replayed']]).toEqual([409, 'idempotency_conflict', undefined]);
    const own = { sessionId: visitor, message: 'price of SOL' };
    const first = await as(token).post('/v1/messages', own).set('Idempotency-Key', 'turn-2');
    const again = await as(token).post('/v1/messages', own).set('Idempotency-Key', 'turn-2');
    expect([first.status, again.status, again.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    expect(again.body).toEqual(first.body);
  });
});

describe('when a token ends', () => {
  const works = async (token: string, sessionId: string) => (await as(token).get(`/v1/sessions/${sessionId}`)).status;

  it('at its expiresAt', async () => {
    const { sessionId } = await openSession();
    const token = await tokenFor(sessionId, { ttlSeconds: 60 });
    expect(await works(token, sessionId)).toBe(200);
    app.clock.advance(60_000);
    const refused = await as(token).get(`/v1/sessions/${sessionId}`);
    expect([refused.status, refused.body.error.code, refused.headers['www-authenticate']]).toEqual([401, 'unauthorized', 'Bearer realm="parley"']);
  });

  it('when its session is terminated, or expires', async () => {
    const { sessionId } = await openSession();
    const token = await tokenFor(sessionId);
    expect(await works(token, sessionId)).toBe(200);
    await app.http.delete(`/v1/sessions/${sessionId}`).set('Authorization', bearer(app.adminKey));
    expect(await works(token, sessionId)).toBe(401);

    const { sessionId: short } = await openSession();
    app.clock.advance(DAY_MS - 1_800_000);
    const late = await tokenFor(short);
    expect(await works(late, short)).toBe(200);
    app.clock.advance(1_800_000);
    expect(await works(late, short)).toBe(401);
  });

  it('when the key that minted it is revoked or expires', async () => {
    const revokedKey = await app.createKey(['write:sessions', 'read:messages']);
    const { sessionId } = await openSession(revokedKey);
    const token = await tokenFor(sessionId, {}, revokedKey);
    expect(await works(token, sessionId)).toBe(200);
    const keyId = (await app.http.get('/v1/keys').set('Authorization', bearer(app.adminKey))).body.keys.at(-1).keyId;
    expect((await app.http.delete(`/v1/keys/${keyId}`).set('Authorization', bearer(app.adminKey))).status).toBe(200);
    expect(await works(token, sessionId)).toBe(401);

    const expiring = await app.createKey(['write:sessions', 'read:messages'], { expiresAt: new Date(app.clock.now().getTime() + 600_000).toISOString() });
    const { sessionId: other } = await openSession(expiring);
    const outlived = await tokenFor(other, {}, expiring);
    expect(await works(outlived, other)).toBe(200);
    app.clock.advance(600_000);
    expect(await works(outlived, other)).toBe(401);
  });
});

describe('its own budget', () => {
  it(`admits ${BUDGET} requests a minute per token, reports them in X-RateLimit-*, then 429 with Retry-After; other tokens and the key go on`, async () => {
    app.clock.advance(60_000 - (app.clock.now().getTime() % 60_000));
    const { sessionId } = await openSession();
    const token = await tokenFor(sessionId);
    const answers = [];
    for (let i = 0; i < BUDGET; i++) answers.push(await as(token).get('/v1/prices/SOL'));
    expect(answers.map((r) => r.status)).toEqual(Array(BUDGET).fill(200));
    expect(answers.at(-1)!.headers['x-ratelimit-limit']).toBe(String(BUDGET));
    expect(answers.at(-1)!.headers['x-ratelimit-remaining']).toBe('0');
    const refused = await as(token).get('/v1/prices/SOL');
    expect([refused.status, refused.body.error.code]).toEqual([429, 'rate_limit_exceeded']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await as(await tokenFor(sessionId)).get('/v1/prices/SOL')).status).toBe(200);
    expect((await app.http.get('/v1/prices/SOL').set('Authorization', bearer(app.adminKey))).status).toBe(200);
    app.clock.advance(60_000);
    expect((await as(token).get('/v1/prices/SOL')).status).toBe(200);
  });
});

describe('allowed origins', () => {
  let dappKey: string;
  beforeAll(async () => {
    const created = await app.http
      .post('/v1/keys')
      .set('Authorization', bearer(app.adminKey))
      .send({ name: 'dapp server', scopes: ['write:sessions', 'read:messages', 'write:messages', 'read:prices'], allowedOrigins: [DAPP] });
    expect(created.body.allowedOrigins).toEqual([DAPP]);
    dappKey = created.body.key;
    const listed = (await app.http.get('/v1/keys').set('Authorization', bearer(app.adminKey))).body.keys;
    expect(listed.find((key: { keyId: string }) => key.keyId === created.body.keyId).allowedOrigins).toEqual([DAPP]);
  });

  it("a token carries its key's origins: a listed Origin gets the answer and CORS headers, another 403 origin_not_allowed, none (a server) passes", async () => {
    const { sessionId } = await openSession(dappKey);
    const minted = await mint(sessionId, {}, dappKey);
    expect(minted.body.allowedOrigins).toEqual([DAPP]);
    const token = minted.body.clientToken;
    const fromDapp = await as(token).get('/v1/prices/SOL').set('Origin', DAPP);
    expect([fromDapp.status, fromDapp.headers['access-control-allow-origin']]).toEqual([200, DAPP]);
    const fromEvil = await as(token).get('/v1/prices/SOL').set('Origin', EVIL);
    expect([fromEvil.status, fromEvil.body.error.code, fromEvil.headers['access-control-allow-origin']]).toEqual([403, 'origin_not_allowed', undefined]);
    const keyFromEvil = await app.http.get('/v1/prices/SOL').set('Authorization', bearer(dappKey)).set('Origin', EVIL);
    expect([keyFromEvil.status, keyFromEvil.body.error.code]).toEqual([403, 'origin_not_allowed']);
    expect((await as(token).get('/v1/prices/SOL')).status).toBe(200);
  });

  it("a token's own list narrows its key's and may not widen it", async () => {
    const { sessionId } = await openSession(dappKey);
    const widened = await mint(sessionId, { allowedOrigins: [DAPP, EVIL] }, dappKey);
    expect([widened.status, widened.body.error.field]).toEqual([400, 'allowedOrigins']);
    const { sessionId: open } = await openSession();
    const token = await tokenFor(open, { allowedOrigins: ['https://shop.example'] });
    expect((await as(token).get('/v1/prices/SOL').set('Origin', 'https://shop.example')).status).toBe(200);
    expect((await as(token).get('/v1/prices/SOL').set('Origin', DAPP)).status).toBe(403);
  });

  it('a preflight is answered for a listed origin only', async () => {
    const listed = await app.http.options('/v1/messages').set('Origin', DAPP).set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(listed.status).toBe(204);
    expect(listed.headers['access-control-allow-origin']).toBe(DAPP);
    expect(listed.headers['access-control-allow-headers']).toMatch(/Authorization/);
    const unlisted = await app.http.options('/v1/messages').set('Origin', EVIL).set('Access-Control-Request-Method', 'POST');
    expect(unlisted.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('an origin refused a moment ago is answered once a token lists it (an unlisted origin is remembered 1 s)', async () => {
    const fresh = 'https://fresh.example';
    const preflight = () => app.http.options('/v1/messages').set('Origin', fresh).set('Access-Control-Request-Method', 'POST');
    expect((await preflight()).headers['access-control-allow-origin']).toBeUndefined();
    const { sessionId } = await openSession();
    await tokenFor(sessionId, { allowedOrigins: [fresh] });
    app.clock.advance(1_000);
    expect((await preflight()).headers['access-control-allow-origin']).toBe(fresh);
  });

  it('the WebSocket refuses an unlisted origin at the handshake, and a credential whose list lacks the origin at connection_init', async () => {
    const url = `${app.url.replace('http', 'ws')}/graphql`;
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(url, 'graphql-transport-ws', { origin: EVIL });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => reject(new Error('the handshake was accepted')));
    });
    expect(status).toBe(403);

    const { sessionId } = await openSession();
    const token = await tokenFor(sessionId, { allowedOrigins: ['https://shop.example'] });
    const socket = new WebSocket(url, 'graphql-transport-ws', { origin: DAPP });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: bearer(token) } }));
    expect(await new Promise((resolve) => socket.once('close', resolve))).toBe(4403);
  });
});

describe('subscriptions with a token', () => {
  it("streams its own session's messages and refuses another session's", async () => {
    const { sessionId } = await openSession();
    const { sessionId: neighbour } = await openSession();
    const token = await tokenFor(sessionId);
    const client = await WsTestClient.connect(app.url, token);
    const own = client.subscribe(`subscription { messageAdded(sessionId: "${sessionId}") { role content } }`);
    const theirs = client.subscribe(`subscription { messageAdded(sessionId: "${neighbour}") { role } }`);
    expect((await theirs.receive()).payload.errors[0].extensions.code).toBe('session_not_found');
    await until(() => app.service.deps.events.listeners(`session:${sessionId}`) === 1, 5_000, 'the subscription to listen');
    await as(token).post('/v1/messages', { sessionId, message: 'price of SOL' });
    expect((await own.receive()).payload.data.messageAdded).toEqual({ role: 'user', content: 'price of SOL' });
    client.close();
  });
});
