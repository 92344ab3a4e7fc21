import { Keypair } from '@solana/web3.js';
import { bearer, startTestApp, type TestApp } from '../support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { TIER_LIMITS: '{"free":{"requestsPerMinute":2}}' } });
});
afterAll(() => app.close());

const sample = (text: string, name: string, labels: string) =>
  Number(new RegExp(`^${name}\\{${labels.replace(/[{}]/g, '')}\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, agent outcomes and limit rejections', async () => {
    await app.http.get('/health');
    await app.http.get('/no/such/path');
    // Answered without a route (an unknown path; a path that is not valid percent-encoding):
    // labelled unmatched, never with the raw path.
    await app.http.post('/any/path/a1b2c3').set('Content-Type', 'application/json').send('{"broken":');
    await app.http.get('/v1/sessions/a1b2c3%E0%A4%A');
    const { key } = await app.createAccount('free');
    const session = (await app.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress: Keypair.generate().publicKey.toBase58() })).body.sessionId;
    await app.http.get(`/v1/sessions/${session}`).set('Authorization', bearer(key));
    await app.http.get(`/v1/sessions/${session}`).set('Authorization', bearer(key));
    const adminSession = (await app.http.post('/v1/sessions').set('Authorization', bearer(app.adminKey)).send({ walletAddress: Keypair.generate().publicKey.toBase58() })).body.sessionId;
    await app.http.post('/v1/messages').set('Authorization', bearer(app.adminKey)).send({ sessionId: adminSession, message: 'hello' });
    await app.http.post('/v1/messages').set('Authorization', bearer(app.adminKey)).send({ sessionId: adminSession, message: 'asdf qwerty' });

    const response = await app.http.get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.text;
    expect(sample(text, 'parley_http_requests_total', 'route="/health",method="GET",status="200"')).toBe(1);
    expect(sample(text, 'parley_http_requests_total', 'route="unmatched",method="GET",status="404"')).toBe(1);
    expect(sample(text, 'parley_http_requests_total', 'route="/v1/sessions/:id",method="GET",status="200"')).toBe(1);
    expect(sample(text, 'parley_http_requests_total', 'route="/v1/sessions/:id",method="GET",status="429"')).toBe(1);
    expect(sample(text, 'parley_rate_limit_rejections_total', 'code="rate_limit_exceeded"')).toBe(1);
    expect(sample(text, 'parley_agent_outcomes_total', 'intent="query",outcome="answered"')).toBe(1);
    expect(sample(text, 'parley_agent_outcomes_total', 'intent="none",outcome="refused"')).toBe(1);
    expect(text).toMatch(/^parley_http_request_duration_seconds_bucket\{le="0.05",route="\/health",method="GET",status="200"\} 1$/m);
    expect(sample(text, 'parley_http_requests_total', 'route="unmatched",method="POST",status="404"')).toBe(1);
    expect(sample(text, 'parley_http_requests_total', 'route="unmatched",method="GET",status="400"')).toBe(1);
    expect(text).not.toContain('a1b2c3');
    expect(text).not.toContain(session);
  });
});
