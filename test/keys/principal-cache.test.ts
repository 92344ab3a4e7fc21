import { PRINCIPAL_TTL_MS } from '../../src/auth/principal-cache';
import { bearer, startTestApp, type TestApp } from '../support/app';

/** How a burst of requests with one key reaches the database (LOG_LEVEL=debug logs each statement). */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { LOG_LEVEL: 'debug' } });
});
afterAll(() => app.close());

async function burst(key: string, requests: number): Promise<{ statuses: number[]; keyLookups: number }> {
  const before = app.logs.length;
  const responses = await Promise.all(Array.from({ length: requests }, () => app.http.get('/v1/analytics/usage').set('Authorization', bearer(key))));
  const keyLookups = app.logs
    .slice(before)
    .filter((line) => line.component === 'orm' && /\[query\] select .* from "api_key"/.test(String(line.msg))).length;
  return { statuses: [...new Set(responses.map((response) => response.status))], keyLookups };
}

describe('verified keys under a burst', () => {
  it('a burst after the cached entry expired checks the key once, not once per request', async () => {
    const key = await app.createKey(['read:prices']);
    expect(await burst(key, 1)).toEqual({ statuses: [200], keyLookups: 1 });
    expect(await burst(key, 30)).toEqual({ statuses: [200], keyLookups: 0 });
    app.clock.advance(PRINCIPAL_TTL_MS + 1);
    expect(await burst(key, 30)).toEqual({ statuses: [200], keyLookups: 1 });
  });
});
