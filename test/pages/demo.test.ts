import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { chromium, type Browser } from 'playwright-core';
import { bearer, startTestApp, type TestApp } from '../support/app';

/**
 * GET /demo, the reference chat: served with the pages' security headers and assets from
 * node_modules, and driven end to end in headless Chromium (Debian's package) with every request
 * off this origin refused: key, demo wallet funded by the faucet, session and client token, then
 * the <parley-chat> widget with only that token: a swap and a transfer, signed in the page by the
 * demo wallet, confirmed. Screenshots go to test-output/.
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
  const scripts = [...response.text.matchAll(/(?:src|href)="(\/(?:assets\/[^"]+|widget\.js))"/g)].map((match) => match[1]);
  expect(scripts).toEqual(['/assets/pages.css', '/widget.js', '/assets/solana-web3.min.js', '/assets/demo.js', '/widget.js']);
  for (const asset of new Set(scripts)) {
    const file = await app.http.get(asset);
    expect({ asset, status: file.status }).toEqual({ asset, status: 200 });
    expect(file.headers['content-type']).toMatch(asset.endsWith('.js') ? /javascript/ : /text\/css/);
  }
});

browserIt('key → funded demo wallet → session and client token → the widget: swap and transfer signed by the demo wallet, confirmed', async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const offOrigin: string[] = [];
  const errors: string[] = [];
  const authorizations = new Set<string>();
  await page.route('**/*', (route) => {
    const request = route.request();
    if (!request.url().startsWith(app.url)) {
      offOrigin.push(request.url());
      return route.abort();
    }
    // What the widget sends: its GraphQL requests carry the client token, never the key.
    if (request.url().endsWith('/graphql')) authorizations.add(request.headers().authorization ?? '');
    return route.continue();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${app.url}/demo`);

  // The key (an admin key: the faucet is admin-only), the faucet, the session.
  await page.locator('#api-key').fill(app.adminKey);
  await page.locator('#api-key').press('Tab');
  const wallet = (await page.locator('#wallet-address').textContent())!;
  expect(wallet).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  await page.locator('#fund').click();
  await page.locator('#fund', { hasText: 'Funded' }).waitFor({ timeout: 15_000 });
  await page.locator('#open-session').click();
  await page.locator('#session-id', { hasText: 'session_' }).waitFor({ timeout: 15_000 });
  await page.locator('#token-status', { hasText: 'parley_ct_' }).waitFor({ timeout: 15_000 });
  const chat = page.locator('parley-chat');
  await chat.locator('.chat[data-state="ready"]').waitFor({ timeout: 15_000 });
  await chat.locator('.balances', { hasText: '100 USDC' }).waitFor({ timeout: 15_000 });
  const input = chat.getByRole('textbox', { name: 'Message to Parley' });

  // A swap settled by the embedded ledger's local pool.
  await input.fill('swap 0.1 SOL for USDC');
  await input.press('Enter');
  const swap = chat.locator('.transaction').nth(0);
  await swap.getByRole('button', { name: 'Confirm swap' }).click({ timeout: 15_000 });
  await swap.locator('.status[data-status="confirmed"]').waitFor({ timeout: 15_000 });

  // A transfer.
  const recipient = Keypair.generate().publicKey.toBase58();
  await input.fill(`send 1 USDC to ${recipient}`);
  await input.press('Enter');
  const transfer = chat.locator('.transaction').nth(1);
  await transfer.getByRole('button', { name: 'Confirm transfer' }).click({ timeout: 15_000 });
  await transfer.locator('.status[data-status="confirmed"]').waitFor({ timeout: 15_000 });
  if (!existsSync(output)) mkdirSync(output, { recursive: true });
  await page.screenshot({ path: path.join(output, 'demo-transfer-confirmed.png'), fullPage: true });

  // The API agrees: the recipient holds 1 USDC.
  const portfolio = await app.http.get(`/v1/portfolio?walletAddress=${recipient}`).set('Authorization', bearer(app.adminKey));
  expect(portfolio.body.tokens.find((token: { symbol: string }) => token.symbol === 'USDC').amount).toBe('1000000');
  expect([...authorizations].every((header) => header.startsWith('Bearer parley_ct_'))).toBe(true);
  expect(await page.locator('#error').isHidden()).toBe(true);
  expect(offOrigin).toEqual([]);
  expect(errors).toEqual([]);

  // At a phone's width: one column, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(output, 'demo-phone.png'), fullPage: true });
  const [setup, chatBox] = await Promise.all([page.locator('[aria-labelledby=wallet-title]').boundingBox(), page.locator('[aria-labelledby=chat-title]').boundingBox()]);
  expect(chatBox!.y).toBeGreaterThan(setup!.y + setup!.height - 1);
  expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
