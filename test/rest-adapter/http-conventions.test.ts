import { startTestApp, bearer, type TestApp } from '../support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const REQUEST_ID = /^req_[0-9A-Za-z]{16}$/;

function expectError(response: { status: number; body: any; headers: any }, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.body.error.code).toBe(code);
  expect(typeof response.body.error.message).toBe('string');
  expect(response.body.error.stack).toBeUndefined();
  expect(response.body.meta.requestId).toBe(response.headers['x-request-id']);
}

describe('operability', () => {
  it('answers /health and /ready without a key', async () => {
    const health = await app.http.get('/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    const ready = await app.http.get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
  });

  it('answers { __typename } on /graphql', async () => {
    const response = await app.http.post('/graphql').send({ query: '{ __typename }' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { __typename: 'Query' } });
  });

  it('puts a request id on every response, success or error, and in the body meta', async () => {
    const ok = await app.http.get('/v1/analytics/usage').set('Authorization', bearer(app.adminKey));
    expect(ok.headers['x-request-id']).toMatch(REQUEST_ID);
    expect(ok.body.meta).toEqual({ requestId: ok.headers['x-request-id'], timestamp: expect.any(String) });
    expect(new Date(ok.body.meta.timestamp).toISOString()).toBe(ok.body.meta.timestamp);
    const missing = await app.http.get('/nowhere');
    expect(missing.headers['x-request-id']).toMatch(REQUEST_ID);
    expect(missing.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);
  });

  it('lets no cache keep an authenticated answer: Cache-Control no-store, the new key\'s secret included', async () => {
    const created = await app.http.post('/v1/keys').set('Authorization', bearer(app.adminKey)).send({ name: 'cached?', scopes: ['read:prices'] });
    expect(created.status).toBe(201);
    const answers = [
      created,
      await app.http.get('/v1/keys').set('Authorization', bearer(app.adminKey)),
      await app.http.get('/v1/prices/SOL').set('Authorization', bearer(created.body.key)),
      await app.http.get('/v1/sessions/session_0000000000000000').set('Authorization', bearer(app.adminKey)),
      await app.http.get('/v1/keys').set('Authorization', bearer(created.body.key)),
      await app.http.get('/v1/keys'),
      await app.http.post('/v1/sessions').set('Authorization', bearer(app.adminKey)).set('Idempotency-Key', 'no-store-1').send({ walletAddress: '11111111111111111111111111111111' }),
      await app.http.post('/v1/sessions').set('Authorization', bearer(app.adminKey)).set('Idempotency-Key', 'no-store-1').send({ walletAddress: '11111111111111111111111111111111' }),
    ];
    expect(answers.map((response) => [response.status, response.headers['cache-control']])).toEqual([
      [201, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [404, 'no-store'],
      [403, 'no-store'],
      [401, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
    ]);
    expect(answers[answers.length - 1].headers['idempotent-replayed']).toBe('true');
  });

  it('sends JSON as UTF-8 with its length in bytes, and HEAD without a body', async () => {
    const response = await app.http.get('/v1/prices/%E2%82%AC%F0%9F%9A%80').set('Authorization', bearer(app.adminKey));
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body.error.message).toContain('€🚀');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.text));
    const head = await app.http.head('/v1/prices/SOL').set('Authorization', bearer(app.adminKey));
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(head.text).toBeUndefined();
  });

  it('grants no origin by default: no CORS headers on answers or preflights', async () => {
    const read = await app.http.get('/v1/analytics/usage').set('Origin', 'https://app.example.com').set('Authorization', bearer(app.adminKey));
    expect(read.status).toBe(200);
    const preflight = await app.http
      .options('/v1/analytics/usage')
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');
    for (const response of [read, preflight]) {
      expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('logs each request as JSON with id, method, path, status and duration, never the Authorization header', async () => {
    const response = await app.http.get('/v1/analytics/usage').set('Authorization', bearer(app.adminKey));
    const line = app.logs.find((entry) => entry.requestId === response.headers['x-request-id']);
    expect(line).toMatchObject({ method: 'GET', path: '/v1/analytics/usage', status: 200, durationMs: expect.any(Number) });
    expect(app.rawLogs.join('\n')).not.toContain(app.adminKey);
    const graphql = await app.http.post('/graphql?x=1').set('Authorization', bearer(app.adminKey)).send({ query: '{ usage { tier } }' });
    expect(app.logs.find((entry) => entry.requestId === graphql.headers['x-request-id'])).toMatchObject({ path: '/graphql', status: 200 });
  });
});

describe('bad requests get the documented 4xx and the process keeps serving', () => {
  it('unknown path → 404 not_found', async () => {
    expectError(await app.http.get('/v1/nothing-here'), 404, 'not_found');
    expectError(await app.http.post('/elsewhere').send({}), 404, 'not_found');
  });

  it('wrong method on a known path → 405 with Allow', async () => {
    const response = await app.http.put('/v1/keys').send({});
    expectError(response, 405, 'method_not_allowed');
    expect(response.headers.allow).toBe('GET, POST');
    expect((await app.http.patch('/v1/analytics/usage')).headers.allow).toBe('GET');
  });

  it('malformed JSON → 400 validation_error naming the body', async () => {
    const response = await app.http
      .post('/v1/keys')
      .set('Authorization', bearer(app.adminKey))
      .set('Content-Type', 'application/json')
      .send('{"name": "x",');
    expectError(response, 400, 'validation_error');
    expect(response.body.error.field).toBe('body');
  });

  it('a JSON body that is not an object → 400', async () => {
    for (const body of ['[1,2]', '"text"', '42', 'null']) {
      const response = await app.http
        .post('/v1/keys')
        .set('Authorization', bearer(app.adminKey))
        .set('Content-Type', 'application/json')
        .send(body);
      expectError(response, 400, 'validation_error');
    }
  });

  it('text PostgreSQL cannot store (NUL, a lone surrogate) → 400 validation_error, on /v1 and /graphql, and nothing else fails', async () => {
    const sessionId = (await app.http.post('/v1/sessions').set('Authorization', bearer(app.adminKey)).send({ walletAddress: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' })).body.sessionId;
    const send = (body: string) => app.http.post('/v1/messages').set('Authorization', bearer(app.adminKey)).set('Content-Type', 'application/json').send(body);
    // Sent at once with good messages to the same session: the bad ones must not fail the good ones' shared statements.
    const [lone, low, nul, inKey, ...good] = await Promise.all([
      send(`{"sessionId": "\\ud800${sessionId}", "message": "hi"}`),
      send(`{"sessionId": "${sessionId}", "message": "hi \\udc00"}`),
      send(`{"sessionId": "${sessionId}", "message": "hi \\u0000"}`),
      send(`{"sessionId": "${sessionId}", "message": "hi", "\\ud83d": 1}`),
      ...Array.from({ length: 5 }, () => send(JSON.stringify({ sessionId, message: 'hi 😀' }))),
    ]);
    for (const response of [lone, low, inKey]) {
      expectError(response, 400, 'validation_error');
      expect(response.body.error.message).toMatch(/lone surrogate/);
    }
    expectError(nul, 400, 'validation_error');
    expect(nul.body.error.message).toMatch(/NUL/);
    expect(good.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const session = await app.http.get(`/v1/sessions/${sessionId}`).set('Authorization', bearer(app.adminKey));
    expect(session.body.messageCount).toBe(10);

    const graphql = await app.http
      .post('/graphql')
      .set('Authorization', bearer(app.adminKey))
      .set('Content-Type', 'application/json')
      .send('{"query": "query ($id: ID!) { session(id: $id) { sessionId } }", "variables": {"id": "\\udfff"}}');
    expect(graphql.status).toBe(400);
    expect(graphql.body.errors[0].extensions.code).toBe('validation_error');
    // GET carries variables in the URL, past the body parser: such an id names no session.
    const variables = encodeURIComponent(`{"id": "\\ud800${sessionId}"}`);
    const viaGet = await app.http
      .get(`/graphql?query=${encodeURIComponent('query ($id: ID!) { session(id: $id) { sessionId } }')}&variables=${variables}`)
      .set('Authorization', bearer(app.adminKey))
      .set('Apollo-Require-Preflight', 'true');
    expect(viaGet.status).toBe(200);
    expect(viaGet.body.errors[0].extensions.code).toBe('session_not_found');
  });

  it('a body over 64 KiB → 413 payload_too_large, on /v1 and /graphql', async () => {
    const big = { name: 'x'.repeat(70 * 1024), scopes: ['admin'] };
    expectError(await app.http.post('/v1/keys').set('Authorization', bearer(app.adminKey)).send(big), 413, 'payload_too_large');
    const graphql = await app.http.post('/graphql').send({ query: `{ __typename } # ${'x'.repeat(70 * 1024)}` });
    expect(graphql.status).toBe(413);
    expect(graphql.body.errors[0].extensions.code).toBe('payload_too_large');
  });

  it('a URL over 16 KiB → 431 headers_too_large, JSON with a request id like every error', async () => {
    const response = await app.http.get(`/v1/prices/${'A'.repeat(20_000)}`).set('Authorization', bearer(app.adminKey));
    expectError(response, 431, 'headers_too_large');
    expect(response.body.meta.requestId).toMatch(REQUEST_ID);
  });

  it('a body that is not JSON → 415 unsupported_media_type', async () => {
    const response = await app.http
      .post('/v1/keys')
      .set('Authorization', bearer(app.adminKey))
      .set('Content-Type', 'text/plain')
      .send('name=x');
    expectError(response, 415, 'unsupported_media_type');
    const form = await app.http.post('/v1/keys').set('Authorization', bearer(app.adminKey)).type('form').send({ name: 'x' });
    expectError(form, 415, 'unsupported_media_type');
  });

  it('fields of the wrong type, missing or unknown → 400 naming the field', async () => {
    const post = (body: object) => app.http.post('/v1/keys').set('Authorization', bearer(app.adminKey)).send(body);
    const cases: Array<[object, string]> = [
      [{ scopes: ['admin'] }, 'name'],
      [{ name: 5, scopes: ['admin'] }, 'name'],
      [{ name: 'x' }, 'scopes'],
      [{ name: 'x', scopes: { admin: true } }, 'scopes'],
      [{ name: 'x', scopes: [7] }, 'scopes'],
      [{ name: 'x', scopes: ['admin'], expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ name: 'x', scopes: ['admin'], environment: 'prod' }, 'environment'],
      [{ name: 'x', scopes: ['admin'], color: 'red' }, 'color'],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      expectError(response, 400, 'validation_error');
      expect(response.body.error.field).toBe(field);
      expect(response.body.error.message).not.toContain('$input');
    }
  });

  it('still serves after all of the above', async () => {
    expect((await app.http.get('/health')).status).toBe(200);
  });
});

describe('GraphQL errors', () => {
  it('carry the REST codes in extensions.code', async () => {
    const syntax = await app.http.post('/graphql').send({ query: '{ usage {' });
    expect(syntax.body.errors[0].extensions.code).toBe('validation_error');
    const unknownField = await app.http.post('/graphql').set('Authorization', bearer(app.adminKey)).send({ query: '{ nope }' });
    expect(unknownField.body.errors[0].extensions.code).toBe('validation_error');
    const noKey = await app.http.post('/graphql').send({ query: '{ usage { tier } }' });
    expect(noKey.status).toBe(401);
    expect(noKey.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(noKey.body.errors[0].extensions.code).toBe('unauthorized');
  });

  it('malformed JSON on /graphql → 400 validation_error in GraphQL shape', async () => {
    const response = await app.http.post('/graphql').set('Content-Type', 'application/json').send('{"query":');
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('validation_error');
  });
});
