import { serverAudits } from 'graphql-http';
import { startTestApp, type TestApp } from '../support/app';

let app: TestApp;
let url: string;
beforeAll(async () => {
  app = await startTestApp();
  url = `${app.http.get('/').url.replace(/\/$/, '')}/graphql`;
});
afterAll(() => app.close());

describe('GraphQL over HTTP (graphql-http serverAudits)', () => {
  it('passes every audit with no error and no warning', async () => {
    const results = [];
    for (const audit of serverAudits({ url })) {
      const result = await audit.fn();
      results.push({ id: audit.id, name: audit.name, status: result.status, reason: result.status === 'ok' ? undefined : result.reason });
    }
    const problems = results.filter((r) => r.status === 'error' || r.status === 'warn');
    expect(problems).toEqual([]);
    expect(results.filter((r) => r.status === 'ok').length).toBeGreaterThanOrEqual(55);
  });

  it('answers a document error with 200 for application/json clients and 400 for application/graphql-response+json', async () => {
    const legacy = await app.http.post('/graphql').set('Accept', 'application/json').send({ query: '{ usage {' });
    expect(legacy.status).toBe(200);
    expect(legacy.body.errors[0].extensions.code).toBe('validation_error');
    const modern = await app.http.post('/graphql').set('Accept', 'application/graphql-response+json').send({ query: '{ usage {' });
    expect(modern.status).toBe(400);
  });
});
