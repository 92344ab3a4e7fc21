import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { bearer, startTestApp, type TestApp } from '../support/app';

/**
 * /docs and the GraphQL playground: served from installed packages with security headers, and
 * driven in headless Chromium (Debian's package) with every request off this origin refused.
 */
const CHROMIUM = '/usr/bin/chromium';
// CI installs Chromium (.ci/run); elsewhere, without it, the browser tests are skipped and say so.
const browserIt = existsSync(CHROMIUM) || process.env.CI ? it : it.skip;
if (!existsSync(CHROMIUM) && !process.env.CI) console.warn(`${CHROMIUM} is missing: the browser tests are skipped (apt-get install chromium)`);

let app: TestApp;
let origin: string;
let browser: Browser | undefined;

beforeAll(async () => {
  // As the Dockerfile runs it: production mode once turned introspection, and so the playground, off.
  app = await startTestApp({ nodeEnv: 'production' });
  origin = app.url;
});
afterAll(async () => {
  await browser?.close();
  await app.close();
});

async function openPage(path: string): Promise<{ page: Page; offOrigin: string[]; errors: string[] }> {
  browser ??= await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  const offOrigin: string[] = [];
  const errors: string[] = [];
  await page.route('**/*', (route) => {
    if (route.request().url().startsWith(origin)) return route.continue();
    offOrigin.push(route.request().url());
    return route.abort();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}${path}`);
  return { page, offOrigin, errors };
}

function expectSecurityHeaders(headers: Record<string, string>) {
  const csp = headers['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

describe('GET /docs', () => {
  it('is an HTML page with security headers whose scripts and styles are all served here', async () => {
    const response = await app.http.get('/docs');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expectSecurityHeaders(response.headers);
    const assets = [...response.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(assets).toEqual(expect.arrayContaining(['/assets/swagger-ui-bundle.js', '/assets/swagger-ui.css']));
    for (const asset of assets.filter((url) => url.startsWith('/assets/'))) {
      const file = await app.http.get(asset);
      expect({ asset, status: file.status }).toEqual({ asset, status: 200 });
      expect(file.headers['content-type']).toMatch(asset.endsWith('.js') ? /javascript/ : /text\/css/);
    }
    expect((await app.http.get('/assets/package.json')).status).toBe(404);
  });

  browserIt('renders every endpoint of the OpenAPI document, offline', async () => {
    const { page, offOrigin, errors } = await openPage('/docs');
    await page.getByText('Create session', { exact: true }).waitFor({ timeout: 15_000 });
    const summaries = await page.locator('.opblock-summary-description').allTextContents();
    expect(summaries).toEqual(expect.arrayContaining(['Create session', 'Send message', 'Message history', 'Token price', 'Rotate API key']));
    expect(offOrigin).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('GET /graphql in a browser', () => {
  it('answers a browser with the playground page and security headers, and GraphQL clients as before', async () => {
    const page = await app.http.get('/graphql').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expectSecurityHeaders(page.headers);
    expect(page.text).not.toMatch(/https?:\/\//);

    const graphqlGet = await app.http
      .get('/graphql')
      .query({ query: '{ usage { tier } }' })
      .set('Accept', 'application/json')
      .set('Apollo-Require-Preflight', 'true');
    expect(graphqlGet.status).toBe(401);
    expect(graphqlGet.body.errors[0].extensions.code).toBe('unauthorized');
  });

  browserIt('runs a query with the pasted key on the first click of Run, and shows the result, offline', async () => {
    const { page, offOrigin, errors } = await openPage('/graphql');
    await page.locator('.graphiql-execute-button').waitFor();
    // Pasted, then Run clicked once: the click itself takes the focus off the key field.
    await page.locator('#api-key').fill(app.adminKey);
    await page.locator('.graphiql-execute-button').click();
    // Playwright's selector engine, not a page-side predicate: the page's CSP forbids eval.
    const result = page.locator('.result-window', { hasText: '"tier"' });
    await result.waitFor({ timeout: 15_000 });
    const text = (await result.textContent()) ?? '';
    expect(text).toContain('"tier": "enterprise"');
    expect(text).toContain('"requestsPerMinute": 600');
    expect(offOrigin).toEqual([]);
    expect(errors).toEqual([]);
  });

  browserIt('runs a subscription over WebSocket with the key from its field, and shows each pushed message', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const sessionId = (await app.http.post('/v1/sessions').set('Authorization', bearer(app.adminKey)).send({ walletAddress: wallet })).body.sessionId;
    const { page, offOrigin, errors } = await openPage('/graphql');
    await page.locator('.graphiql-execute-button').waitFor();
    await page.locator('#api-key').fill(app.adminKey);
    await page.locator('.graphiql-query-editor .CodeMirror').first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(`subscription Live { messageAdded(sessionId: "${sessionId}") { role content } }`);
    await page.locator('.graphiql-execute-button').click();
    const topic = `session:${sessionId}`;
    const deadline = Date.now() + 15_000;
    while (app.service.deps.events.listeners(topic) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const sent = await app.http.post('/v1/messages').set('Authorization', bearer(app.adminKey)).send({ sessionId, message: 'what is the price of SOL?' });
    expect(sent.status).toBe(200);
    // GraphiQL shows the latest result of a subscription: the agent's reply follows the user's message.
    const result = page.locator('.result-window', { hasText: '"role": "agent"' });
    await result.waitFor({ timeout: 15_000 });
    expect((await result.textContent()) ?? '').toContain(sent.body.response.slice(0, 20));
    expect(offOrigin).toEqual([]);
    expect(errors).toEqual([]);
  });

  browserIt('a subscription with a bad key shows why the socket closed', async () => {
    const { page, errors } = await openPage('/graphql');
    await page.locator('.graphiql-execute-button').waitFor();
    await page.locator('#api-key').fill(`parley_live_${'x'.repeat(32)}`);
    await page.locator('.graphiql-query-editor .CodeMirror').first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('subscription Live { messageAdded(sessionId: "session_x") { role } }');
    await page.locator('.graphiql-execute-button').click();
    const result = page.locator('.result-window', { hasText: '4403' });
    await result.waitFor({ timeout: 15_000 });
    expect((await result.textContent()) ?? '').toContain('paste a valid API key above');
    expect(errors.filter((error) => !/WebSocket/.test(error))).toEqual([]);
  });
});

describe('GET /dashboard', () => {
  // Screenshots of the dashboard, for a person to look at (not compared).
  const output = path.join(__dirname, '../../test-output');

  it('is an HTML page with security headers whose scripts and styles are all served here', async () => {
    const response = await app.http.get('/dashboard');
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers);
    const assets = [...response.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(assets).toEqual(expect.arrayContaining(['/assets/uPlot.iife.min.js', '/assets/dashboard.js']));
    for (const asset of assets) expect({ asset, status: (await app.http.get(asset)).status }).toEqual({ asset, status: 200 });
  });

  browserIt('signs in with an admin key, draws a point per day, creates, rotates and revokes a key, as the API agrees', async () => {
    mkdirSync(output, { recursive: true });
    const today = app.clock.now().toISOString().slice(0, 10);
    const tenDaysAgo = new Date(app.clock.now().getTime() - 9 * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < 3; i++) {
      await app.http.post('/v1/sessions').set('Authorization', bearer(app.adminKey)).send({ walletAddress: Keypair.generate().publicKey.toBase58() });
    }
    const { page, offOrigin, errors } = await openPage('/dashboard');
    page.on('dialog', (dialog) => void dialog.accept());

    // A key the API refuses: the page says why.
    await page.getByLabel('Admin API key').fill(`parley_live_${'x'.repeat(32)}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#error', { hasText: 'Invalid or missing API key (unauthorized)' }).waitFor();

    await page.getByLabel('Admin API key').fill(app.adminKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#tier', { hasText: 'enterprise' }).waitFor();
    await page.locator('#chart-requests[data-points="30"] canvas').waitFor();
    await page.getByLabel('From').fill(tenDaysAgo);
    await page.getByLabel('to', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Show' }).click();
    for (const chart of ['#chart-activity', '#chart-transactions', '#chart-volume']) {
      await page.locator(`${chart}[data-points="10"] canvas`).waitFor();
    }
    await page.screenshot({ path: path.join(output, 'dashboard-overview.png'), fullPage: true });

    await page.getByLabel('Name', { exact: true }).fill('dashboard key');
    await page.getByLabel('read:prices').check();
    await page.getByLabel('Allowed origins (optional, one per line)').fill('https://dapp.example\n https://shop.example:8443 ');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#secret-value', { hasText: 'parley_live_' }).waitFor();
    const secret = (await page.locator('#secret-value').textContent())!;
    expect(secret).toMatch(/^parley_live_[0-9A-Za-z]{32}$/);
    expect((await app.http.get('/v1/prices/SOL').set('Authorization', bearer(secret))).status).toBe(200);
    expect((await app.http.get('/v1/prices/SOL').set('Authorization', bearer(secret)).set('Origin', 'https://evil.example')).status).toBe(403);
    await page.locator('#key-rows tr', { hasText: 'https://dapp.example, https://shop.example:8443' }).waitFor();
    await page.screenshot({ path: path.join(output, 'dashboard-key-created.png'), fullPage: true });

    await page.getByRole('button', { name: 'Embed dashboard key' }).click();
    const snippet = (await page.locator('#embed-value').textContent())!;
    expect(snippet).toContain(`<script type="module" src="${app.url}/widget.js"></script>`);
    expect(snippet).toContain(`<parley-chat endpoint="${app.url}"></parley-chat>`);
    expect(snippet).toContain('/client-tokens');
    // The page hands the widget the mint response, which names the session as well as the token.
    expect(snippet).toContain(".tokenProvider = async () => (await fetch('/parley-token', { method: 'POST' })).json();");
    expect(snippet).not.toContain(secret);
    await page.screenshot({ path: path.join(output, 'dashboard-embed.png'), fullPage: true });

    await page.getByRole('button', { name: 'Rotate dashboard key' }).click();
    await page.locator('#secret-note', { hasText: 'The old key works until' }).waitFor();
    const successor = (await page.locator('#secret-value').textContent())!;
    expect(successor).not.toBe(secret);
    const listed = async () => (await app.http.get('/v1/keys').set('Authorization', bearer(app.adminKey))).body.keys.filter((key: { name: string }) => key.name === 'dashboard key');
    const statuses = async () => (await listed()).map((key: { status: string }) => key.status).sort();
    expect(await statuses()).toEqual(['active', 'rotated']);
    expect((await app.http.get('/v1/prices/SOL').set('Authorization', bearer(successor))).status).toBe(200);

    await page.getByRole('button', { name: 'Revoke dashboard key' }).click();
    await page.locator('#key-rows tr', { hasText: 'revoked' }).waitFor();
    expect(await statuses()).toEqual(['revoked', 'rotated']);
    expect((await app.http.get('/v1/prices/SOL').set('Authorization', bearer(successor))).status).toBe(401);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: path.join(output, 'dashboard-phone.png'), fullPage: true });
    expect(offOrigin).toEqual([]);
    expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
  });

  browserIt('wraps long key names, so that every key\'s buttons stay on screen and the table fits its width', async () => {
    const names = ['k'.repeat(100), `treasury ${'settlement-'.repeat(7)}final`];
    for (const name of names) {
      const response = await app.http.post('/v1/keys').set('Authorization', bearer(app.adminKey)).send({ name, scopes: ['read:prices'] });
      expect(response.status).toBe(201);
    }
    const { page } = await openPage('/dashboard');
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.getByLabel('Admin API key').fill(app.adminKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#key-rows tr').first().waitFor();
    for (const name of names) {
      for (const action of ['Rotate', 'Revoke']) {
        const box = await page.getByRole('button', { name: `${action} ${name}`, exact: true }).boundingBox();
        expect({ name, action, onScreen: box !== null && box.x >= 0 && box.x + box.width <= 1024 }).toEqual({ name, action, onScreen: true });
      }
    }
    const overflow = await page.locator('.table-wrap').evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(output, 'dashboard-long-names.png'), fullPage: true });
  });
});
