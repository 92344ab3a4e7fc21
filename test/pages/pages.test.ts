import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app';

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
});
