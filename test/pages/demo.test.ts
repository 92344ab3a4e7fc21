import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { chromium, type Browser } from 'playwright-core';
import { bearer, startTestApp, type TestApp } from '../support/app';

/**
 * GET /demo, the reference chat: served with the pages' security headers and assets from
 * node_modules, and driven end to end in headless Chromium (Debian's package) with every request
 * off this origin refused: key, demo wallet funded by the faucet, session, a swap quote and a
 * transfer pushed by messageAdded, signed in the page, confirmed through transactionUpdated, and
 * the portfolio read again. Screenshots go to test-output/.
 */
const CHROMIUM = '/usr/bin/chromium';
const browserIt = existsSync(CHROMIUM) || process.env.CI ? it : it.skip;
if (!existsSync(CHROMIUM) && !process.env.CI) console.warn(`${CHROMIUM} is missing: the browser test of /demo is skipped (apt-get install chromium)`);
const output = path.join(__dirname, '../../test-output');

let app: TestApp;
let browser: Browser | undefined;

beforeAll(async () => {
  app = await startTestApp({ nodeEnv: 'production' });
});
afterAll(async () => {
  await browser?.close();
  await app.close();
});

it('is an HTML page with the security headers of the other pages, its scripts all served here', async () => {
  const response = await app.http.get('/demo');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  const csp = response.headers['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.text).not.toMatch(/https?:\/\//);
  const assets = [...response.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  expect(assets).toEqual(['/assets/pages.css', '/assets/graphql-ws.min.js', '/assets/solana-web3.min.js', '/assets/demo.js']);
  for (const asset of assets) {
    const file = await app.http.get(asset);
    expect({ asset, status: file.status }).toEqual({ asset, status: 200 });
    expect(file.headers['content-type']).toMatch(asset.endsWith('.js') ? /javascript/ : /text\/css/);
  }
});

async function openDemo(): Promise<{ page: import('playwright-core').Page; offOrigin: string[]; errors: string[] }> {
  browser ??= await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const offOrigin: string[] = [];
  const errors: string[] = [];
  await page.route('**/*', (route) => {
    if (route.request().url().startsWith(app.url)) return route.continue();
    offOrigin.push(route.request().url());
    return route.abort();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, offOrigin, errors };
}

browserIt('key → funded demo wallet → session → swap quote and transfer pushed → signed → confirmed → portfolio updated', async () => {
  const { page, offOrigin, errors } = await openDemo();
  await page.goto(`${app.url}/demo`);

  // The key (an admin key: the faucet is admin-only), then the faucet.
  await page.locator('#api-key').fill(app.adminKey);
  await page.locator('#api-key').press('Tab');
  const wallet = (await page.locator('#wallet-address').textContent())!;
  expect(wallet).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  await expect(page.locator('.wallet h2').textContent()).resolves.toBe('Local demo wallet');
  await page.locator('#fund').click();
  await page.locator('#portfolio tr', { hasText: 'USDC' }).filter({ hasText: '100' }).waitFor({ timeout: 15_000 });

  // A session, and a swap: settled by the embedded ledger's local pool, signed further down.
  await page.locator('#open-session').click();
  await page.locator('#session-id', { hasText: 'session_' }).waitFor({ timeout: 15_000 });
  await page.locator('#command').fill('swap 0.1 SOL for USDC');
  await page.locator('#composer button[type=submit]').click();
  const swap = page.locator('.message.agent .transaction', { hasText: 'swap' });
  await swap.waitFor({ timeout: 15_000 });
  await expect(swap.locator('.summary').textContent()).resolves.toMatch(/^Swap 0\.1 SOL .* local pool/);

  // A transfer: the user's message and the reply are pushed, the reply with its transaction.
  const recipient = Keypair.generate().publicKey.toBase58();
  await page.locator('#command').fill(`send 1 USDC to ${recipient}`);
  await page.locator('#composer button[type=submit]').click();
  const card = page.locator('.message.agent .transaction', { hasText: 'transfer' });
  await card.waitFor({ timeout: 15_000 });
  expect(await page.locator('.message.user').count()).toBe(2);
  expect(await page.locator('.message.agent').count()).toBe(2);
  expect(await page.locator('#live-status').textContent()).toBe('connected');
  if (!existsSync(output)) mkdirSync(output, { recursive: true });
  await page.screenshot({ path: path.join(output, 'demo-transfer-built.png'), fullPage: true });

  // Signed by the demo wallet in the page, submitted, followed to confirmed.
  await card.locator('button', { hasText: 'Sign with the demo wallet' }).click();
  await card.locator('.status[data-status="confirmed"]').waitFor({ timeout: 15_000 });
  // Each status transactionUpdated pushed, in order.
  expect(await card.locator('.status').textContent()).toBe('Status: built → submitted → confirmed');
  expect(await card.locator('button', { hasText: 'Sign with the demo wallet' }).isDisabled()).toBe(true);
  await page.locator('#portfolio tr', { hasText: 'USDC' }).filter({ hasText: '99' }).waitFor({ timeout: 15_000 });

  // A message sent from elsewhere (another tab, a back end) on the same session is pushed too.
  const sessionId = (await page.locator('#session-id').textContent())!;
  const elsewhere = await app.http.post('/v1/messages').set('Authorization', bearer(app.adminKey)).send({ sessionId, message: 'what is my portfolio worth?' });
  expect(elsewhere.status).toBe(200);
  await page.locator('.message.agent', { hasText: elsewhere.body.response.slice(0, 30) }).waitFor({ timeout: 15_000 });
  expect(await page.locator('.message.user').count()).toBe(3);
  await page.screenshot({ path: path.join(output, 'demo-transfer-confirmed.png'), fullPage: true });

  // The API agrees: the recipient holds 1 USDC and the transaction is confirmed.
  const portfolio = await app.http.get(`/v1/portfolio?walletAddress=${recipient}`).set('Authorization', bearer(app.adminKey));
  expect(portfolio.body.tokens.find((token: { symbol: string }) => token.symbol === 'USDC').amount).toBe('1000000');
  const transactionId = (await card.locator('h3').textContent())!.split(' · ')[1];
  expect((await app.http.get(`/v1/transactions/${transactionId}`).set('Authorization', bearer(app.adminKey))).body.status).toBe('confirmed');
  // The swap quoted first, signed now: confirmed, and the portfolio holds the USDC it bought.
  await swap.locator('button', { hasText: 'Sign with the demo wallet' }).click();
  await swap.locator('.status[data-status="confirmed"]').waitFor({ timeout: 15_000 });
  const usdcRow = page.locator('#portfolio tr', { hasText: 'USDC' });
  let usdc = 0;
  for (const started = Date.now(); usdc <= 99 && Date.now() - started < 15_000; await page.waitForTimeout(200)) {
    usdc = Number(((await usdcRow.textContent()) ?? '').match(/USDC\D*([\d.]+)/)?.[1]);
  }
  expect(usdc).toBeGreaterThan(99);
  await page.screenshot({ path: path.join(output, 'demo-swap-confirmed.png'), fullPage: true });
  expect(await page.locator('#error').isHidden()).toBe(true);
  expect(offOrigin).toEqual([]);
  expect(errors).toEqual([]);

  // At a phone's width: one column.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(output, 'demo-phone.png'), fullPage: true });
  const [wallet390, portfolio390] = await Promise.all([page.locator('.wallet').boundingBox(), page.locator('.portfolio').boundingBox()]);
  expect(portfolio390!.y).toBeGreaterThan(wallet390!.y + wallet390!.height - 1);
  // Nothing wider than the screen (long addresses wrap).
  expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

browserIt('a reply the subscription did not push (not listening yet, reconnecting) is read from history, once', async () => {
  const { page, errors } = await openDemo();
  // Between the page and the server, every messageAdded result is dropped.
  await page.routeWebSocket(/\/graphql$/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (!String(message).includes('"messageAdded"')) socket.send(message);
    });
  });
  await page.goto(`${app.url}/demo`);
  await page.locator('#api-key').fill(app.adminKey);
  await page.locator('#api-key').press('Tab');
  await page.locator('#open-session').click();
  await page.locator('#session-id', { hasText: 'session_' }).waitFor({ timeout: 15_000 });
  await page.locator('#command').fill('what is the price of SOL?');
  await page.locator('#composer button[type=submit]').click();
  await page.locator('.message.agent').waitFor({ timeout: 15_000 });
  await page.waitForTimeout(2_500);
  expect(await page.locator('.message.user').count()).toBe(1);
  expect(await page.locator('.message.agent').count()).toBe(1);
  expect(errors).toEqual([]);
});
