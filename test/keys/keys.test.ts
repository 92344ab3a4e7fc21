import { ApiKey } from '../../src/keys/api-key.entity';
import { hashSecret } from '../../src/keys/key-secret';
import { DAY_MS, HOUR_MS } from '../../src/shared/clock';
import { readsBody, routes } from '../../rest-adapter/routes';
import { bearer, startTestApp, type TestApp } from '../support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const KEY = /^parley_(live|test)_[0-9A-Za-z]{32}$/;
const usage = (key: string) => app.http.get('/v1/analytics/usage').set('Authorization', bearer(key));

describe('POST /v1/keys', () => {
  it('creates a key whose secret is shown once and works at once', async () => {
    const response = await app.http
      .post('/v1/keys')
      .set('Authorization', bearer(app.adminKey))
      .send({ name: 'dashboard', scopes: ['read:prices', 'read:portfolio'] });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      keyId: expect.stringMatching(/^key_[0-9A-Za-z]{16}$/),
      key: expect.stringMatching(KEY),
      name: 'dashboard',
      scopes: ['read:prices', 'read:portfolio'],
      environment: 'live',
      createdAt: app.clock.now().toISOString(),
      expiresAt: null,
      allowedOrigins: null,
      meta: expect.any(Object),
    });
    expect((await usage(response.body.key)).status).toBe(200);
  });

  it('stores only the hash and a short prefix, never the secret', async () => {
    const secret = await app.createKey(['read:prices']);
    const em = app.service.database.orm.em.fork();
    const stored = await em.findOneOrFail(ApiKey, { secretHash: hashSecret(secret) });
    expect(stored.secretHash).toHaveLength(64);
    expect(secret.slice('parley_live_'.length)).toContain(stored.lookupPrefix);
    const row = await em.getConnection().execute('select * from api_key where id = ?', [stored.id]);
    expect(JSON.stringify(row)).not.toContain(secret.slice('parley_live_'.length));
  });

  it('creates test keys, which answer as test keys', async () => {
    const secret = await app.createKey(['admin'], { environment: 'test' });
    expect(secret).toMatch(/^parley_test_/);
    const response = await usage(secret);
    expect(response.body.limits.requestsPerDay).toBe(100);
  });

  it('refuses scopes the caller does not hold, unknown scopes, an empty list and past expiry', async () => {
    const reader = await app.createKey(['read:prices', 'admin']);
    const limited = await app.createKey(['read:prices']);
    const beyond = await app.http
      .post('/v1/keys')
      .set('Authorization', bearer(limited))
      .send({ name: 'escalate', scopes: ['read:prices'] });
    expect(beyond.status).toBe(403);
    expect(beyond.body.error).toMatchObject({ code: 'forbidden', details: { requiredScope: 'admin' } });

    const post = (body: object) => app.http.post('/v1/keys').set('Authorization', bearer(reader)).send(body);
    const unknown = await post({ name: 'x', scopes: ['read:everything'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'validation_error', field: 'scopes' });
    expect(unknown.body.error.message).toContain('read:everything');
    expect((await post({ name: 'x', scopes: [] })).body.error).toMatchObject({ code: 'validation_error', field: 'scopes' });
    expect((await post({ name: '   ', scopes: ['admin'] })).body.error).toMatchObject({ field: 'name' });
    const past = await post({ name: 'x', scopes: ['admin'], expiresAt: new Date(app.clock.now().getTime() - 1000).toISOString() });
    expect(past.body.error).toMatchObject({ code: 'validation_error', field: 'expiresAt' });
  });

  it('does not let a test key mint a live key', async () => {
    const testAdmin = await app.createKey(['admin'], { environment: 'test' });
    const response = await app.http
      .post('/v1/keys')
      .set('Authorization', bearer(testAdmin))
      .send({ name: 'live', scopes: ['read:prices'], environment: 'live' });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('forbidden');
  });
});

describe('authentication', () => {
  it.each([
    ['no header', undefined],
    ['not Bearer', 'Basic dXNlcjpwYXNz'],
    ['Bearer without a key', 'Bearer '],
    ['malformed key', 'Bearer parley_live_tooshort'],
    ['unknown key', `Bearer parley_live_${'A'.repeat(32)}`],
    ['another service', `Bearer stripe_live_${'A'.repeat(32)}`],
  ])('%s → 401 unauthorized with a Bearer challenge', async (_case, header) => {
    const request = app.http.get('/v1/analytics/usage');
    if (header !== undefined) request.set('Authorization', header);
    const response = await request;
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(response.body.error.code).toBe('unauthorized');
  });

  it('answers a revoked key exactly as an unknown one', async () => {
    const secret = await app.createKey(['read:prices']);
    const keyId = (await app.service.database.orm.em.fork().findOneOrFail(ApiKey, { secretHash: hashSecret(secret) })).id;
    const revoked = await app.http.delete(`/v1/keys/${keyId}`).set('Authorization', bearer(app.adminKey));
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ keyId, status: 'revoked', revokedAt: app.clock.now().toISOString() });

    const afterRevoke = await usage(secret);
    const unknown = await usage(`parley_live_${'B'.repeat(32)}`);
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.error).toEqual(unknown.body.error);

    const again = await app.http.delete(`/v1/keys/${keyId}`).set('Authorization', bearer(app.adminKey));
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('key_not_found');
  });

  it('refuses an expired key', async () => {
    const expiresAt = new Date(app.clock.now().getTime() + HOUR_MS).toISOString();
    const secret = await app.createKey(['admin'], { expiresAt });
    expect((await usage(secret)).status).toBe(200);
    app.clock.advance(HOUR_MS);
    const response = await usage(secret);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
  });
});

describe('scopes', () => {
  it('a read:prices key gets 403 with the required scope on every route that needs another scope', async () => {
    const reader = await app.createKey(['read:prices']);
    const needsOther = routes.filter((route) => route.scope !== 'read:prices' && route.scope !== 'any key');
    expect(needsOther.length).toBeGreaterThan(0);
    // A well-formed request for each route, so that only the scope can refuse it.
    const validBodies: Record<string, object> = {
      '/v1/keys': { name: 'x', scopes: ['read:prices'] },
      '/v1/sessions': { walletAddress: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' },
      '/v1/messages': { sessionId: 'session_0000000000000000', message: 'hello' },
      '/v1/dev/airdrop': { walletAddress: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', token: 'SOL', amount: 1 },
      '/v1/transactions/:id/submit': { signedTransaction: 'AAAA' },
    };
    const validQueries: Record<string, string> = {
      'GET /v1/messages': '?sessionId=session_0000000000000000',
      'GET /v1/portfolio': '?walletAddress=7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
    };
    for (const route of needsOther) {
      const path = route.path.replace(/:(\w+)/g, 'key_0000000000000000');
      const query = validQueries[`${route.method} ${route.path}`] ?? '';
      const response = await app.http[route.method.toLowerCase() as 'get' | 'post' | 'delete'](path + query)
        .set('Authorization', bearer(reader))
        .send(readsBody(route) ? validBodies[route.path] : undefined);
      expect({ route: `${route.method} ${route.path}`, status: response.status, body: response.body.error }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 403,
        body: expect.objectContaining({ code: 'forbidden', details: { requiredScope: route.scope } }),
      });
    }
  });

  it('routes open to any key accept a key with a single unrelated scope', async () => {
    const reader = await app.createKey(['read:prices']);
    for (const route of routes.filter((r) => r.scope === 'any key')) {
      const response = await app.http[route.method.toLowerCase() as 'get'](route.path).set('Authorization', bearer(reader));
      expect(response.status).toBe(200);
    }
  });
});

describe('rotation', () => {
  it('issues a successor; both work for 24 hours, then only the new one', async () => {
    const original = await app.createKey(['admin'], { expiresAt: new Date(app.clock.now().getTime() + 90 * DAY_MS).toISOString() });
    const keyId = (await app.service.database.orm.em.fork().findOneOrFail(ApiKey, { secretHash: hashSecret(original) })).id;
    const rotatedAt = app.clock.now();
    const response = await app.http.post(`/v1/keys/${keyId}/rotate`).set('Authorization', bearer(app.adminKey));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      keyId: expect.not.stringMatching(keyId),
      key: expect.stringMatching(KEY),
      name: expect.any(String),
      scopes: ['admin'],
      environment: 'live',
      previousKeyId: keyId,
      previousKeyExpiresAt: new Date(rotatedAt.getTime() + DAY_MS).toISOString(),
      expiresAt: new Date(rotatedAt.getTime() + 90 * DAY_MS).toISOString(),
    });
    const successor = response.body.key as string;
    expect(successor).not.toBe(original);

    expect((await usage(original)).status).toBe(200);
    expect((await usage(successor)).status).toBe(200);
    app.clock.advance(DAY_MS - 1000);
    expect((await usage(original)).status).toBe(200);
    app.clock.advance(1000);
    expect((await usage(original)).status).toBe(401);
    expect((await usage(successor)).status).toBe(200);
  });

  it('rotating a rotated key again → 409 key_already_rotated naming the successor, once or twice at once', async () => {
    const original = await app.createKey(['read:prices']);
    const keyId = (await app.service.database.orm.em.fork().findOneOrFail(ApiKey, { secretHash: hashSecret(original) })).id;
    const rotate = () => app.http.post(`/v1/keys/${keyId}/rotate`).set('Authorization', bearer(app.adminKey));
    const [first, second] = await Promise.all([rotate(), rotate()]);
    const [won, lost] = first.status === 200 ? [first, second] : [second, first];
    expect(won.status).toBe(200);
    expect([lost.status, lost.body.error.code, lost.body.error.details]).toEqual([409, 'key_already_rotated', { successorKeyId: won.body.keyId }]);
    const again = await rotate();
    expect([again.status, again.body.error.details.successorKeyId]).toEqual([409, won.body.keyId]);
    // The successor works past the old key's grace period; no second successor was issued.
    app.clock.advance(DAY_MS * 2);
    expect((await app.http.get('/v1/prices/SOL').set('Authorization', bearer(won.body.key))).status).toBe(200);
    expect(await app.service.database.orm.em.fork().count(ApiKey, { previousKeyId: keyId })).toBe(1);
  });
});

describe('accounts', () => {
  it("another account's key id → 404 key_not_found, and its key is untouched", async () => {
    const other = await app.createAccount('pro');
    const otherKey = await app.createKey(['read:prices'], { asKey: other.key });
    const otherKeyId = (await app.service.database.orm.em.fork().findOneOrFail(ApiKey, { secretHash: hashSecret(otherKey) })).id;
    for (const request of [
      app.http.delete(`/v1/keys/${otherKeyId}`),
      app.http.post(`/v1/keys/${otherKeyId}/rotate`),
    ]) {
      const response = await request.set('Authorization', bearer(app.adminKey));
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('key_not_found');
    }
    expect((await usage(otherKey)).status).toBe(200);
    expect((await usage(otherKey)).body.tier).toBe('pro');
  });
});

describe('secrets', () => {
  it('never appear in logs, and no response carries a hash', async () => {
    const secret = await app.createKey(['admin']);
    await usage(secret);
    await app.http.get('/v1/analytics/usage').set('Authorization', `Bearer ${secret}x`);
    const log = app.rawLogs.join('\n');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(app.adminKey);
    expect(log).not.toContain(hashSecret(secret));
    const schema = await app.http
      .post('/graphql')
      .set('Authorization', bearer(secret))
      .send({ query: '{ __schema { types { fields { name } } } }' });
    expect(JSON.stringify(schema.body)).not.toMatch(/hash|lookupPrefix/i);
  });
});

describe('GraphQL mutations', () => {
  it('createApiKey, rotateApiKey and revokeApiKey answer as REST does', async () => {
    const run = (query: string, variables: object) =>
      app.http.post('/graphql').set('Authorization', bearer(app.adminKey)).send({ query, variables });
    const created = await run('mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { keyId key name scopes environment } }', {
      input: { name: 'gql', scopes: ['read:messages'], environment: 'test' },
    });
    expect(created.body.data.createApiKey).toMatchObject({ key: expect.stringMatching(/^parley_test_/), name: 'gql', environment: 'test' });
    const keyId = created.body.data.createApiKey.keyId;
    const rotated = await run('mutation($id: ID!) { rotateApiKey(keyId: $id) { keyId previousKeyId } }', { id: keyId });
    expect(rotated.body.data.rotateApiKey.previousKeyId).toBe(keyId);
    const revoked = await run('mutation($id: ID!) { revokeApiKey(keyId: $id) { keyId status } }', {
      id: rotated.body.data.rotateApiKey.keyId,
    });
    expect(revoked.body.data.revokeApiKey).toEqual({ keyId: rotated.body.data.rotateApiKey.keyId, status: 'revoked' });
    const missing = await run('mutation($id: ID!) { revokeApiKey(keyId: $id) { keyId } }', { id: 'key_nope' });
    expect(missing.body.errors[0].extensions.code).toBe('key_not_found');
  });
});

describe('GET /v1/keys', () => {
  it("lists only the caller's account's keys with their status, never a secret or a hash; GraphQL apiKeys agrees", async () => {
    const { key: owner } = await app.createAccount('pro');
    const other = await app.createAccount('pro');
    const create = async (name: string, extra: Record<string, unknown> = {}) =>
      (await app.http.post('/v1/keys').set('Authorization', bearer(owner)).send({ name, scopes: ['read:prices'], ...extra })).body;
    const active = await create('active');
    const revoked = await create('revoked');
    await app.http.delete(`/v1/keys/${revoked.keyId}`).set('Authorization', bearer(owner));
    const expiring = await create('expiring', { expiresAt: new Date(app.clock.now().getTime() + HOUR_MS).toISOString() });
    const rotated = await create('rotated');
    const successor = (await app.http.post(`/v1/keys/${rotated.keyId}/rotate`).set('Authorization', bearer(owner))).body;
    await app.http.get('/v1/prices/SOL').set('Authorization', bearer(active.key));
    app.clock.advance(2 * HOUR_MS);

    const response = await app.http.get('/v1/keys').set('Authorization', bearer(owner));
    expect(response.status).toBe(200);
    const byName = Object.fromEntries(response.body.keys.map((key: { keyId: string; status: string }) => [key.keyId, key]));
    expect(response.body.keys).toHaveLength(6);
    expect(byName[active.keyId]).toMatchObject({ name: 'active', scopes: ['read:prices'], environment: 'live', status: 'active', lastUsedAt: expect.any(String) });
    expect(byName[revoked.keyId].status).toBe('revoked');
    expect(byName[expiring.keyId].status).toBe('expired');
    expect(byName[rotated.keyId]).toMatchObject({ status: 'rotated', expiresAt: successor.previousKeyExpiresAt });
    expect(byName[successor.keyId]).toMatchObject({ status: 'active', lastUsedAt: null });
    const text = JSON.stringify(response.body);
    for (const secret of [active.key, revoked.key, expiring.key, rotated.key, successor.key]) expect(text).not.toContain(secret.slice(-32));
    expect(text).not.toMatch(/hash/i);
    const otherKeys = (await app.http.get('/v1/keys').set('Authorization', bearer(other.key))).body.keys;
    expect(otherKeys.map((key: { keyId: string }) => key.keyId)).not.toContain(active.keyId);
    expect(otherKeys).toHaveLength(1);

    app.clock.advance(DAY_MS);
    const later = (await app.http.get('/v1/keys').set('Authorization', bearer(owner))).body.keys;
    expect(later.find((key: { keyId: string }) => key.keyId === rotated.keyId).status).toBe('expired');

    const gql = await app.http.post('/graphql').set('Authorization', bearer(owner)).send({
      query: '{ apiKeys { keys { keyId name scopes environment createdAt expiresAt allowedOrigins lastUsedAt status } } }',
    });
    expect(gql.body.data.apiKeys.keys).toEqual(later);
  });

  it('needs the admin scope', async () => {
    const reader = await app.createKey(['read:prices']);
    const response = await app.http.get('/v1/keys').set('Authorization', bearer(reader));
    expect([response.status, response.body.error.details.requiredScope]).toEqual([403, 'admin']);
  });
});
