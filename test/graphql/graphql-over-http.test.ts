import { serverAudits } from 'graphql-http';
import { startTestApp, type TestApp } from '../support/app';

let app: TestApp;
let url: string;

// Production mode is what the Dockerfile runs: Apollo turned introspection off there by default.
describe.each(['test', 'production'])('GraphQL over HTTP (graphql-http serverAudits), NODE_ENV=%s', (mode) => {
  beforeAll(async () => {
    app = await startTestApp({ nodeEnv: mode });
    url = `${app.url}/graphql`;
  });
  afterAll(() => app.close());

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

  it('answers variables that do not coerce as a request error, not a 500', async () => {
    const query = 'query ($token: String!, $first: Int) { price(token: $token) { symbol } sessions(first: $first) { edges { cursor } } }';
    for (const variables of [{ token: 1.5 }, { token: null }, { token: 'SOL', first: 'NaN' }, { token: 'SOL', first: 2 ** 40 }]) {
      const legacy = await app.http.post('/graphql').set('Authorization', `Bearer ${app.adminKey}`).send({ query, variables });
      expect([legacy.status, legacy.body.errors?.[0].extensions]).toEqual([200, { code: 'validation_error', field: expect.any(String) }]);
      const modern = await app.http.post('/graphql').set('Authorization', `Bearer ${app.adminKey}`).set('Accept', 'application/graphql-response+json').send({ query, variables });
      expect(modern.status).toBe(400);
    }
  });

  it('answers introspection, which the playground and codegen read', async () => {
    const response = await app.http.post('/graphql').send({ query: '{ __type(name: "Session") { name } __schema { queryType { name } } }' });
    expect(response.body).toEqual({ data: { __type: { name: 'Session' }, __schema: { queryType: { name: 'Query' } } } });
  });
});

describe('GRAPHQL_INTROSPECTION=false', () => {
  it('turns introspection off, in production mode too', async () => {
    const closed = await startTestApp({ nodeEnv: 'production', env: { GRAPHQL_INTROSPECTION: 'false' } });
    try {
      const response = await closed.http.post('/graphql').send({ query: '{ __schema { queryType { name } } }' });
      expect(response.body.errors[0].message).toMatch(/introspection is not allowed/i);
    } finally {
      await closed.close();
    }
  });
});
