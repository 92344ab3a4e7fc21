import { buildSchema, getIntrospectionQuery, parse, validate } from 'graphql';
import { depthLimit } from '../../src/app/query-limits';
import { bearer, startTestApp, type TestApp } from '../support/app';

describe('depth limit', () => {
  const schema = buildSchema('type Query { node: Node } type Node { child: Node name: String }');
  const nested = (levels: number) => `{ node ${'{ child '.repeat(levels - 2)}{ name }${' }'.repeat(levels - 2)} }`;

  it('accepts 10 levels and refuses 11, fragments included, introspection excluded', () => {
    expect(validate(schema, parse(nested(10)), [depthLimit(10)])).toEqual([]);
    const refused = validate(schema, parse(nested(11)), [depthLimit(10)]);
    expect(refused.map((e) => e.message)).toEqual(['The query is nested 11 levels deep; at most 10 are allowed']);
    const viaFragment = parse('{ node { ...F } } fragment F on Node { child { child { child { child { child { child { child { child { child { name } } } } } } } } } }');
    expect(validate(schema, viaFragment, [depthLimit(10)])).toHaveLength(1);
    const introspection = parse('{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } }');
    expect(validate(schema, introspection, [depthLimit(3)])).toEqual([]);
  });
});

describe('request hooks (cost limit, caching, 401, faults) and CORS over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { CORS_ORIGINS: 'https://app.example.com' } });
  });
  afterAll(() => app.close());

  it('refuses a query whose connections could return too many rows, with its cost', async () => {
    const query = '{ sessions(first: 100) { edges { node { messages(first: 100) { edges { node { content intent { action } } } } } } } }';
    const response = await app.http.post('/graphql').set('Authorization', bearer(app.adminKey)).send({ query });
    // A request error: 200 for application/json clients, 400 for application/graphql-response+json ones.
    expect(response.status).toBe(200);
    const strict = await app.http.post('/graphql').set('Authorization', bearer(app.adminKey)).set('Accept', 'application/graphql-response+json').send({ query });
    expect(strict.status).toBe(400);
    expect(strict.body.errors[0].extensions).toEqual(response.body.errors[0].extensions);
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors[0].extensions).toMatchObject({ code: 'validation_error', details: { limit: 10_000, cost: expect.any(Number) } });
    expect(response.body.errors[0].extensions.details.cost).toBeGreaterThan(10_000);
    const fine = await app.http
      .post('/graphql')
      .set('Authorization', bearer(app.adminKey))
      .send({ query: '{ sessions(first: 50) { edges { node { messageCount messages(first: 10) { edges { node { content intent { action } } } } } } } }' });
    expect(fine.body.errors).toBeUndefined();
  });

  it('costs one document anew for each operation and set of variables', async () => {
    const query = `query Wide($n: Int) { sessions(first: $n) { edges { node { messages(first: 100) { edges { node { content } } } } } } }
      query Narrow { sessions(first: 1) { edges { node { sessionId } } } }`;
    const post = (operationName: string, variables: object) =>
      app.http.post('/graphql').set('Authorization', bearer(app.adminKey)).send({ query, operationName, variables });
    const costs: Array<number | null> = [];
    for (const [operationName, n] of [['Wide', 100], ['Wide', 10], ['Wide', 100], ['Narrow', 100], ['Wide', 10]] as const) {
      const response = await post(operationName, { n });
      expect(response.status).toBe(200);
      costs.push(response.body.errors?.[0].extensions.details.cost ?? null);
      if (costs.at(-1) === null) expect(response.body.data.sessions).toBeDefined();
    }
    expect(costs[0]).toBeGreaterThan(10_000);
    expect(costs).toEqual([costs[0], null, costs[0], null, null]);
  });

  it('refuses a subscription over HTTP as the client\'s error (it runs over WebSocket), and logs no fault', async () => {
    const query = 'subscription { messageAdded(sessionId: "session_0000000000000000") { content } }';
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      const response = await app.http.post('/graphql').set('Authorization', bearer(app.adminKey)).set('Accept', accept).send({ query });
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ extensions: { code: 'validation_error' }, message: expect.stringMatching(/WebSocket/) });
      expect(app.logs.filter((line) => line.requestId === response.headers['x-request-id'] && line.level === 'error')).toEqual([]);
    }
  });

  it('refuses a document nested 15,000 levels with the depth error before parsing it, on /graphql (POST and GET) and /v1', async () => {
    const levels = 15_000;
    const documents = [
      `{${'sessions{'.repeat(1)}${'a{'.repeat(levels)}b${'}'.repeat(levels + 2)}`,
      `{ price(token: ${'['.repeat(levels)}${']'.repeat(levels)}) { symbol } }`,
    ];
    for (const query of documents) {
      const posted = await app.http.post('/graphql').set('Authorization', bearer(app.adminKey)).send({ query });
      const got = await app.http.get(`/graphql?query=${encodeURIComponent(query.slice(0, 5000))}`).set('Authorization', bearer(app.adminKey)).set('Apollo-Require-Preflight', 'true');
      for (const response of [posted, got]) {
        expect(response.status).toBe(400);
        expect(response.body.errors[0]).toMatchObject({ extensions: { code: 'validation_error' }, message: expect.stringMatching(/nested more than 64 levels deep; at most 10 are allowed/) });
      }
    }
    const body = `{"walletAddress":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    const rest = await app.http.post('/v1/sessions').set('Authorization', bearer(app.adminKey)).set('Content-Type', 'application/json').send(body);
    expect(rest.status).toBe(400);
    expect(rest.body.error).toMatchObject({ code: 'validation_error', field: 'body', message: expect.stringMatching(/deeper than 32 levels/) });
  });

  it('still parses what is deep in text only: brackets in strings and comments, and the tools\' introspection query', async () => {
    const quoted = '{'.repeat(200);
    const query = `# ${quoted}\n{ price(token: "${quoted}") { symbol } __typename }`;
    const response = await app.http.post('/graphql').set('Authorization', bearer(app.adminKey)).send({ query });
    expect(response.body.errors[0].extensions.code).toBe('token_not_found');
    const introspection = await app.http.post('/graphql').send({ query: getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }) });
    expect(introspection.body.data.__schema.queryType.name).toBe('Query');
  });

  it('tells caches to store no answer', async () => {
    const answered = await app.http.post('/graphql').set('Authorization', bearer(app.adminKey)).send({ query: '{ sessions(first: 1) { edges { node { sessionId } } } }' });
    const refused = await app.http.post('/graphql').send({ query: '{ sessions(first: 1) { edges { node { sessionId } } } }' });
    expect([answered.status, refused.status]).toEqual([200, 401]);
    expect([answered.headers['cache-control'], refused.headers['cache-control']]).toEqual(['no-store', 'no-store']);
    expect(refused.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('masks a fault as internal_error and logs it with the request id', async () => {
    const connection = app.service.database.orm.em.getConnection();
    await connection.execute('alter table "session" rename to "session_away"');
    try {
      const response = await app.http.post('/graphql').set('Authorization', bearer(app.adminKey)).send({ query: '{ sessions(first: 1) { edges { node { sessionId } } } }' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: null, errors: [{ message: 'Internal server error', path: ['sessions'], extensions: { code: 'internal_error' } }] });
      const fault = app.logs.find((line) => line.msg === 'graphql fault' && line.requestId === response.headers['x-request-id']);
      expect(JSON.stringify(fault?.err)).toContain('session');
    } finally {
      await connection.execute('alter table "session_away" rename to "session"');
    }
  });

  it('answers preflights and exposes the rate-limit headers to listed origins only', async () => {
    const preflight = await app.http
      .options('/v1/sessions')
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type,idempotency-key');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Idempotency-Key/);
    const read = await app.http.get('/v1/analytics/usage').set('Origin', 'https://app.example.com').set('Authorization', bearer(app.adminKey));
    expect(read.headers['access-control-expose-headers']).toMatch(/X-RateLimit-Remaining/);
    const stranger = await app.http.get('/v1/analytics/usage').set('Origin', 'https://evil.example.com').set('Authorization', bearer(app.adminKey));
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });
});
