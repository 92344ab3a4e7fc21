import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Keypair } from '@solana/web3.js';
import { build } from 'esbuild';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { bearer, startTestApp, type TestApp } from '../support/app';

/**
 * GET /widget.js, the <parley-chat> widget, served to other origins; and a dApp page on another
 * origin driving it in headless Chromium (Debian's package), as issue 30 asks: the page's
 * tokenProvider calls its own server's mint route, a Wallet Standard wallet registered in the
 * page signs, and a swap and a transfer each go command → clarifying question answered →
 * preview → Confirm → confirmed, the portfolio then moving exactly as the preview said. The page
 * has a strict CSP and every request to a third origin is refused. Screenshots in test-output/.
 */
const CHROMIUM = '/usr/bin/chromium';
const browserIt = existsSync(CHROMIUM) || process.env.CI ? it : it.skip;
if (!existsSync(CHROMIUM) && !process.env.CI) console.warn(`${CHROMIUM} is missing: the browser tests of the widget are skipped (apt-get install chromium)`);
const output = path.join(__dirname, '../../test-output');

let app: TestApp;
let dapp: Server;
let dappOrigin: string;
let browser: Browser | undefined;
let pageScript: string;
const wallet = Keypair.generate();
let sessionId: string;

beforeAll(async () => {
  dapp = createServer((req, res) => serveDapp(req.method ?? 'GET', new URL(req.url ?? '/', dappOrigin), res).catch((error) => res.writeHead(500).end(String(error))));
  await new Promise<void>((resolve) => dapp.listen(0, '127.0.0.1', resolve));
  dappOrigin = `http://127.0.0.1:${(dapp.address() as { port: number }).port}`;
  // No CORS_ORIGINS: the client tokens the dApp mints list its origin, which is what CORS answers.
  app = await startTestApp({ nodeEnv: 'production' });
  await app.fund(wallet.publicKey.toBase58(), { SOL: 5, USDC: 100 });
  sessionId = (await app.http.post('/v1/sessions').set('Authorization', bearer(app.adminKey)).send({ walletAddress: wallet.publicKey.toBase58() })).body.sessionId;
  // The page's own script and its test wallet, bundled as a dApp would bundle its code.
  const bundled = await build({ entryPoints: [path.join(__dirname, 'dapp/page.js')], bundle: true, format: 'esm', write: false, target: 'es2022' });
  pageScript = bundled.outputFiles[0].text;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => dapp.close(resolve));
  await app.close();
});

// ---- The dApp: its page, its script and its mint route ----------------------------------

/**
 * The dApp's server, per test: the key it holds, the visitor's session it mints tokens for, how
 * many it minted; and where its page points the widget (a `session` attribute, the token alone).
 */
let dappCase: {
  key: string;
  sessionId: string;
  minted: number;
  /** The origins the minted tokens list; default: the page's own. */
  origins?: string[];
  sessionAttribute?: string;
  tokenOnly?: boolean;
  unsignedPageSigner?: boolean;
};

/**
 * The dApp's mint route: its server holds the key and asks Parley for a client token of the
 * visitor's session, limited to the page's origin.
 */
async function mint(): Promise<{ clientToken: string; sessionId: string }> {
  dappCase.minted += 1;
  const response = await app.http
    .post(`/v1/sessions/${dappCase.sessionId}/client-tokens`)
    .set('Authorization', bearer(dappCase.key))
    .send({ ttlSeconds: 600, allowedOrigins: dappCase.origins ?? [dappOrigin] });
  if (response.status !== 201) throw new Error(`mint: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function serveDapp(method: string, url: URL, res: import('node:http').ServerResponse): Promise<void> {
  if (method === 'POST' && url.pathname === '/mint') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(await mint()));
    return;
  }
  if (url.pathname === '/page.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(pageScript);
  if (url.pathname === '/page.css') return void res.writeHead(200, { 'Content-Type': 'text/css' }).end(DAPP_CSS);
  if (url.pathname !== '/') return void res.writeHead(404).end();
  const config = { tokenOnly: Boolean(dappCase.tokenOnly), unsignedPageSigner: Boolean(dappCase.unsignedPageSigner), wallet: { address: wallet.publicKey.toBase58(), secretKey: Buffer.from(wallet.secretKey).toString('base64') } };
  const parley = app.url;
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    // Strict: no inline script or style anywhere; network to this page's server and Parley only.
    'Content-Security-Policy': `default-src 'self'; script-src 'self' ${parley}; style-src 'self'; connect-src 'self' ${parley} ${parley.replace(/^http/, 'ws')}; img-src 'self' data:`,
  });
  res.end(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Acme Swap</title>
    <link rel="stylesheet" href="/page.css" />
  </head>
  <body>
    <header><strong>Acme</strong> Swap</header>
    <main>
      <h1>Trade by chat</h1>
      <p>Tell the assistant what to do; your wallet signs.</p>
      <parley-chat endpoint="${parley}"${dappCase.sessionAttribute ? ` session="${dappCase.sessionAttribute}"` : ''}></parley-chat>
    </main>
    <script type="application/json" id="config">${JSON.stringify(config)}</script>
    <script type="module" src="/page.js"></script>
    <script type="module" src="${parley}/widget.js"></script>
  </body>
</html>`);
}

const DAPP_CSS = `
body { margin: 0; font-family: system-ui, sans-serif; background: #f6f7fb; color: #17191f; }
header { padding: 14px 24px; background: #101322; color: #fff; font-size: 18px; }
main { max-width: 560px; margin: 0 auto; padding: 24px 16px; }
h1 { margin: 0 0 4px; font-size: 24px; }
p { margin: 0 0 16px; color: #5d6472; }
/* Themed as a dApp would, through the widget's custom properties, per colour scheme. */
parley-chat { --parley-height: 680px; --parley-accent: #4338ca; --parley-accent-text: #ffffff; }
@media (max-width: 480px) {
  main { padding: 16px 10px; }
  parley-chat { --parley-height: calc(100vh - 150px); }
}
@media (prefers-color-scheme: dark) {
  body { background: #0b0d12; color: #eceef2; }
  p { color: #a0a7b4; }
  parley-chat { --parley-accent: #a5b4fc; --parley-accent-text: #0b0d12; }
}
`;

// ---- Helpers ---------------------------------------------------------------------------

async function openDapp(
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ page: Page; chat: Locator; elsewhere: string[]; errors: string[]; credentials: Set<string>; socketFrames: string[] }> {
  browser ??= await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport: { width: 900, height: 1000 }, colorScheme });
  const elsewhere: string[] = [];
  const errors: string[] = [];
  const credentials = new Set<string>();
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(app.url)) credentials.add(route.request().headers().authorization ?? 'none');
    if (url.startsWith(dappOrigin) || url.startsWith(app.url)) return route.continue();
    elsewhere.push(url);
    return route.abort();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const socketFrames: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => socketFrames.push(String(frame.payload)));
    socket.on('framereceived', (frame) => socketFrames.push(String(frame.payload)));
  });
  await page.goto(dappOrigin);
  return { page, chat: page.locator('parley-chat'), elsewhere, errors, credentials, socketFrames };
}

/** Types a command into the widget and sends it with Enter, as a keyboard user would. */
async function say(chat: Locator, text: string): Promise<void> {
  const input = chat.getByRole('textbox', { name: 'Message to Parley' });
  await input.fill(text);
  await input.press('Enter');
}

async function balances(): Promise<Map<string, { amount: bigint; decimals: number }>> {
  const response = await app.http.get(`/v1/portfolio?walletAddress=${wallet.publicKey.toBase58()}`).set('Authorization', bearer(app.adminKey));
  expect(response.status).toBe(200);
  return new Map(response.body.tokens.map((token: { symbol: string; amount: string; decimals: number }) => [token.symbol, { amount: BigInt(token.amount), decimals: token.decimals }]));
}

/** "+1,234.5" / "−0.000005" as the widget writes them, in base units. */
function baseUnits(text: string, decimals: number): bigint {
  const negative = text.startsWith('−');
  const [whole, fraction = ''] = text.replace(/^[+−]/, '').replace(/,/g, '').split('.');
  const value = BigInt(whole + fraction.padEnd(decimals, '0'));
  return negative ? -value : value;
}

/** The preview's rows as the user sees them: token, change and balance after. */
async function previewRows(card: Locator): Promise<Array<{ symbol: string; change: string; after: string }>> {
  const rows: Array<{ symbol: string; change: string; after: string }> = [];
  for (const row of await card.locator('tbody tr').all()) {
    const [symbol, change, after] = await row.locator('th, td').allTextContents();
    rows.push({ symbol, change, after });
  }
  return rows;
}

/**
 * Confirms the card's transaction and waits until the widget shows it confirmed; answers the
 * milliseconds from the click on Confirm to the `parley:transaction` event saying `confirmed`,
 * both read in the page.
 */
async function confirm(page: Page, card: Locator, key?: string): Promise<number> {
  const transactionId = await card.getAttribute('data-transaction-id');
  const button = card.getByRole('button', { name: /^Confirm/ });
  await (key ? button.press(key) : button.click());
  await card.locator('.status[data-status="confirmed"]').waitFor({ timeout: 20_000 });
  const events = await page.evaluate(() => (globalThis as any).dapp.events);
  const confirmed = events.find((event: any) => event.type === 'parley:transaction' && event.detail.transactionId === transactionId && event.detail.status === 'confirmed');
  expect(confirmed.detail).toEqual({ transactionId, type: expect.any(String), status: 'confirmed', signature: expect.any(String), error: null });
  return confirmed.at - confirmed.clickAt;
}

async function expectMovedAsPreviewed(before: Map<string, { amount: bigint; decimals: number }>, rows: Awaited<ReturnType<typeof previewRows>>): Promise<void> {
  const after = await balances();
  for (const row of rows) {
    const { decimals } = after.get(row.symbol)!;
    const was = before.get(row.symbol)?.amount ?? 0n;
    expect({ symbol: row.symbol, change: after.get(row.symbol)!.amount - was, after: after.get(row.symbol)!.amount }).toEqual({
      symbol: row.symbol,
      change: baseUnits(row.change, decimals),
      after: baseUnits(row.after, decimals),
    });
  }
}

// ---- Tests -----------------------------------------------------------------------------

describe('GET /widget.js', () => {
  it('is an ES module any origin may load, with no credential, at most 60 KB gzipped, calling no other host', async () => {
    const response = await app.http.get('/widget.js').set('Origin', 'https://dapp.example');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const code = response.text;
    expect(code).toContain('customElements.define("parley-chat"');
    expect(gzipSync(code).length).toBeLessThanOrEqual(60 * 1024);
    expect(code).not.toMatch(/https?:\/\//);
  });
});

describe('<parley-chat> on a dApp page of another origin', () => {
  browserIt('a swap and a transfer: command → clarifying question answered → preview → Confirm → confirmed; the portfolio moves as previewed', async () => {
    dappCase = { key: app.adminKey, sessionId, minted: 0 };
    const { page, chat, elsewhere, errors, credentials, socketFrames } = await openDapp();
    await chat.locator('.chat[data-state="ready"]').waitFor({ timeout: 15_000 });
    await expect(chat.locator('.wallet').textContent()).resolves.toBe(`${wallet.publicKey.toBase58().slice(0, 4)}…${wallet.publicKey.toBase58().slice(-4)}`);
    await chat.locator('.balances', { hasText: '100 USDC' }).waitFor({ timeout: 15_000 });

    // The swap: the agent asks what to buy; the answer completes the command.
    await say(chat, 'swap 1 SOL');
    const question = chat.locator('.message.question');
    await question.waitFor({ timeout: 15_000 });
    expect(await question.textContent()).toMatch(/Which token should I swap 1 SOL for\?/);
    if (!existsSync(output)) mkdirSync(output, { recursive: true });
    await page.screenshot({ path: path.join(output, 'widget-question.png') });
    await say(chat, 'USDC');
    const swap = chat.locator('.transaction').nth(0);
    await swap.getByRole('button', { name: 'Confirm swap' }).waitFor({ timeout: 15_000 });
    await expect(swap.locator('.summary').textContent()).resolves.toMatch(/^Swap 1 SOL/);
    const swapPreview = await previewRows(swap);
    expect(swapPreview.map((row) => row.symbol).sort()).toEqual(['SOL', 'USDC']);
    expect(swapPreview.find((row) => row.symbol === 'USDC')!.change).toMatch(/^\+/);
    await page.screenshot({ path: path.join(output, 'widget-swap-preview.png'), fullPage: true });

    const beforeSwap = await balances();
    const swapMs = await confirm(page, swap);
    await expectMovedAsPreviewed(beforeSwap, swapPreview);
    expect(await page.evaluate(() => (globalThis as any).dapp.wallet)).toEqual({ connected: true, signed: 1 });

    // The transfer: the agent asks to whom.
    const recipient = Keypair.generate().publicKey.toBase58();
    await say(chat, 'send 5 USDC');
    await chat.locator('.message.question').nth(1).waitFor({ timeout: 15_000 });
    expect(await chat.locator('.message.question').nth(1).textContent()).toMatch(/Who should receive 5 USDC\?/);
    await say(chat, `to ${recipient}`);
    const transfer = chat.locator('.transaction').nth(1);
    await transfer.getByRole('button', { name: 'Confirm transfer' }).waitFor({ timeout: 15_000 });
    const transferPreview = await previewRows(transfer);
    expect(transferPreview.find((row) => row.symbol === 'USDC')!.change).toBe('−5');
    const beforeTransfer = await balances();
    // The submit's answer is held back 2 s, as on a slow network: the status can only come from
    // what transactionUpdated pushes over the WebSocket.
    await page.route(`${app.url}/graphql`, async (route) => {
      if (!route.request().postData()?.includes('ParleySubmit')) return route.fallback();
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return route.fulfill({ response });
    });
    // By keyboard: from the message field, Shift+Tab reaches the newest Confirm; Enter presses it.
    await chat.getByRole('textbox', { name: 'Message to Parley' }).press('Shift+Tab');
    expect(await transfer.getByRole('button', { name: 'Confirm transfer' }).evaluate((button) => button.matches(':focus'))).toBe(true);
    const transferMs = await confirm(page, transfer, 'Enter');
    await expectMovedAsPreviewed(beforeTransfer, transferPreview);
    const received = await app.http.get(`/v1/portfolio?walletAddress=${recipient}`).set('Authorization', bearer(app.adminKey));
    expect(received.body.tokens.find((token: { symbol: string }) => token.symbol === 'USDC').amount).toBe('5000000');

    // Every status the page heard, in order, for each transaction: `submitted` unless the ledger
    // settled it before the widget heard (the submit answers the transaction as it stands; a
    // push may come first). The transfer's confirmation came over the socket.
    const heard: Array<{ transactionId: string; status: string }> = await page.evaluate(() =>
      (globalThis as any).dapp.events.filter((event: any) => event.type === 'parley:transaction').map((event: any) => event.detail),
    );
    const statusesOf = (transactionId: string | null) => heard.filter((event) => event.transactionId === transactionId).map((event) => event.status);
    const [swapId, transferId] = [await swap.getAttribute('data-transaction-id'), await transfer.getAttribute('data-transaction-id')];
    for (const id of [swapId, transferId]) expect([['submitted', 'confirmed'], ['confirmed']]).toContainEqual(statusesOf(id));
    const frames = socketFrames.map((frame) => JSON.parse(frame));
    const pushed = frames.filter((frame) => frame.type === 'next').map((frame) => frame.payload.data.transactionUpdated);
    expect(pushed.filter((update) => update.transactionId === transferId).at(-1)).toMatchObject({ status: 'confirmed', signature: expect.any(String) });
    // Every socket the widget opened, it opened with the client token.
    const inits = frames.filter((frame) => frame.type === 'connection_init').map((frame) => frame.payload.authorization);
    expect(inits.every((authorization) => /^Bearer parley_ct_\w+$/.test(authorization))).toBe(true);
    console.log(`Confirm → confirmed on the embedded ledger: swap ${swapMs.toFixed(0)} ms; transfer ${transferMs.toFixed(0)} ms, through the socket alone`);

    // Screenshots: light, dark (the reader's colour scheme), at a phone's width.
    // The header's balances are read again after each confirmation: USDC as the preview said.
    await chat.locator('.balances', { hasText: `${transferPreview.find((row) => row.symbol === 'USDC')!.after} USDC` }).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(output, 'widget-light.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: path.join(output, 'widget-dark.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: path.join(output, 'widget-phone.png') });
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    expect(await chat.locator('.notice').isHidden()).toBe(true);
    // The page's requests to Parley: widget.js with no credential, the rest with the one token.
    expect([...credentials].map((header) => header.replace(/parley_ct_\w+/, 'parley_ct_…'))).toEqual(['none', 'Bearer parley_ct_…']);
    expect(dappCase.minted).toBe(1);

    // Reloaded (a new token minted), the widget shows the conversation from the session's
    // history: the turns that were stored (a clarifying question stores nothing), with the
    // summaries of their transactions.
    await page.reload();
    await chat.locator('.chat[data-state="ready"]').waitFor({ timeout: 15_000 });
    expect(await chat.locator('.message.user').allTextContents()).toEqual(['You: USDC', `You: to ${recipient}`]);
    expect(await chat.locator('.message.agent .past').count()).toBe(2);
    expect(dappCase.minted).toBe(2);
    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
  });

  browserIt('with a token for another session, the widget is refused: it says so and tells the page (parley:error)', async () => {
    const otherSession = (await app.http.post('/v1/sessions').set('Authorization', bearer(app.adminKey)).send({ walletAddress: Keypair.generate().publicKey.toBase58() })).body.sessionId;
    dappCase = { key: app.adminKey, sessionId, minted: 0, sessionAttribute: otherSession, tokenOnly: true };
    const { page, chat } = await openDapp();
    await chat.locator('.chat[data-state="refused"]').waitFor({ timeout: 15_000 });
    await expect(chat.locator('.notice').textContent()).resolves.toMatch(/session/i);
    expect(await chat.getByRole('textbox', { name: 'Message to Parley' }).isDisabled()).toBe(true);
    const events = await page.evaluate(() => (globalThis as any).dapp.events);
    expect(events).toEqual([expect.objectContaining({ type: 'parley:error', detail: expect.objectContaining({ code: 'session_not_found', status: expect.any(Number) }) })]);
  });

  browserIt("with a token for other origins, the widget on this page is refused (origin_not_allowed)", async () => {
    // Another visitor's token lists this page's origin, so CORS answers it: what refuses this
    // token is its own list.
    dappCase = { key: app.adminKey, sessionId, minted: 0 };
    await mint();
    dappCase = { key: app.adminKey, sessionId, minted: 0, origins: ['https://elsewhere.example'] };
    const { page, chat } = await openDapp();
    await chat.locator('.chat[data-state="refused"]').waitFor({ timeout: 15_000 });
    const events = await page.evaluate(() => (globalThis as any).dapp.events);
    expect(events).toEqual([expect.objectContaining({ type: 'parley:error', detail: expect.objectContaining({ code: 'origin_not_allowed', status: 403 }) })]);
  });

  browserIt('when Parley stops taking the token, the widget asks the tokenProvider for a new one and carries on', async () => {
    const issue = async () => (await app.http.post('/v1/keys').set('Authorization', bearer(app.adminKey)).send({ name: 'dApp server', scopes: ['admin'] })).body;
    const [first, second, third] = [await issue(), await issue(), await issue()];
    const session = (await app.http.post('/v1/sessions').set('Authorization', bearer(app.adminKey)).send({ walletAddress: wallet.publicKey.toBase58() })).body.sessionId;
    dappCase = { key: first.key, sessionId: session, minted: 0 };
    const { page, chat, errors } = await openDapp();
    await chat.locator('.chat[data-state="ready"]').waitFor({ timeout: 15_000 });
    await say(chat, 'what is the price of SOL?');
    await chat.locator('.message.agent:not(.thinking)').nth(1).waitFor({ timeout: 15_000 });
    expect(dappCase.minted).toBe(1);

    // The key that minted the token is revoked, which ends the token: the next request is 401,
    // and the page mints another with its new key.
    expect((await app.http.delete(`/v1/keys/${first.keyId}`).set('Authorization', bearer(app.adminKey))).status).toBe(200);
    dappCase.key = second.key;
    await say(chat, 'what is my portfolio worth?');
    await chat.locator('.message.agent:not(.thinking)').nth(2).waitFor({ timeout: 15_000 });
    expect(dappCase.minted).toBe(2);

    // Again while a transfer waits for Confirm: the submit is refused, the page mints again, and
    // the transfer is sent and followed to confirmed with the new token.
    const recipient = Keypair.generate().publicKey.toBase58();
    await say(chat, `send 1 USDC to ${recipient}`);
    const card = chat.locator('.transaction');
    await card.getByRole('button', { name: 'Confirm transfer' }).waitFor({ timeout: 15_000 });
    expect((await app.http.delete(`/v1/keys/${second.keyId}`).set('Authorization', bearer(app.adminKey))).status).toBe(200);
    dappCase.key = third.key;
    await card.getByRole('button', { name: 'Confirm transfer' }).click();
    await card.locator('.status[data-status="confirmed"]').waitFor({ timeout: 20_000 });
    expect(dappCase.minted).toBe(3);

    expect(await chat.locator('.notice').isHidden()).toBe(true);
    // No error reached the page: only the transfer's statuses, the last one confirmed.
    const events = await page.evaluate(() => (globalThis as any).dapp.events.map((event: any) => [event.type, event.detail.status]));
    expect(new Set(events.map(([type]: string[]) => type))).toEqual(new Set(['parley:transaction']));
    expect(events.at(-1)).toEqual(['parley:transaction', 'confirmed']);
    // Chromium's console notes each refused request itself; nothing else went wrong.
    expect(errors.filter((error) => !error.includes('status of 401 (Unauthorized)'))).toEqual([]);
  });

  browserIt("signs through the page's signTransaction when set; a transaction Parley refuses is not sent and can be confirmed again", async () => {
    const session = (await app.http.post('/v1/sessions').set('Authorization', bearer(app.adminKey)).send({ walletAddress: wallet.publicKey.toBase58() })).body.sessionId;
    dappCase = { key: app.adminKey, sessionId: session, minted: 0, unsignedPageSigner: true };
    const { page, chat } = await openDapp();
    await chat.locator('.chat[data-state="ready"]').waitFor({ timeout: 15_000 });
    await say(chat, `send 1 USDC to ${Keypair.generate().publicKey.toBase58()}`);
    const card = chat.locator('.transaction');
    await card.getByRole('button', { name: 'Confirm transfer' }).click({ timeout: 15_000 });
    await card.locator('.status[data-status="error"]').waitFor({ timeout: 15_000 });
    expect(await card.locator('.status').textContent()).toMatch(/^Not sent: /);
    expect(await card.getByRole('button', { name: 'Confirm transfer' }).isEnabled()).toBe(true);
    const events = await page.evaluate(() => (globalThis as any).dapp.events);
    expect(events.map((event: any) => [event.type, event.detail.code])).toEqual([['parley:error', 'validation_error']]);
    // The page's signer was used, not the wallet; the transaction was not sent.
    expect(await page.evaluate(() => (globalThis as any).dapp.wallet)).toEqual({ connected: false, signed: 0 });
    const transactionId = await card.getAttribute('data-transaction-id');
    expect((await app.http.get(`/v1/transactions/${transactionId}`).set('Authorization', bearer(app.adminKey))).body.status).toBe('built');
  });
});
