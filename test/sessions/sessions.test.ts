import { DAY_MS } from '../../src/shared/clock';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { TestClock } from '../support/clock';

const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const clock = new TestClock('2026-11-20T08:00:00.000Z');
let app: TestApp;
let sessionsKey: string;
beforeAll(async () => {
  // debug: the ORM logs every SQL statement, which the batched-statement tests count.
  app = await startTestApp({ clock, env: { LOG_LEVEL: 'debug' } });
  sessionsKey = await app.createKey(['write:sessions', 'write:messages', 'read:messages']);
});
afterAll(() => app.close());

const create = (body: unknown, key = sessionsKey) => app.http.post('/v1/sessions').set('Authorization', bearer(key)).send(body as object);
const get = (id: string, key = sessionsKey) => app.http.get(`/v1/sessions/${id}`).set('Authorization', bearer(key));
const terminate = (id: string, key = sessionsKey) => app.http.delete(`/v1/sessions/${id}`).set('Authorization', bearer(key));
const graphql = (query: string, variables: object = {}, key = sessionsKey) =>
  app.http.post('/graphql').set('Authorization', bearer(key)).send({ query, variables });

describe('POST /v1/sessions', () => {
  it('opens an active session for 24 hours', async () => {
    const response = await create({ walletAddress: WALLET, metadata: { userAgent: 'jest', ipAddress: '203.0.113.9', referrer: 'https://dapp.example' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      sessionId: expect.stringMatching(/^session_[0-9A-Za-z]{16}$/),
      walletAddress: WALLET,
      createdAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + DAY_MS).toISOString(),
      meta: expect.any(Object),
    });
    const read = await get(response.body.sessionId);
    expect(read.body).toMatchObject({ status: 'active', messageCount: 0, lastActivity: clock.now().toISOString() });
  });

  it.each([
    ['an EVM address', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['a truncated key', WALLET.slice(0, 40)],
    ['a padded key', `${WALLET}1111`],
    ['a non-base58 string', 'OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO'],
    ['an empty string', ''],
    ['a number', 12345],
    ['an object', { address: WALLET }],
    ['null', null],
  ])('refuses %s with 400 naming walletAddress', async (_case, walletAddress) => {
    const response = await create({ walletAddress });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'validation_error', field: 'walletAddress' });
    expect(response.body.error.message).toMatch(/wallet address|required/i);
  });

  it('refuses a missing walletAddress, metadata that is not strings, and unknown fields', async () => {
    expect((await create({})).body.error).toMatchObject({ code: 'validation_error', field: 'walletAddress' });
    expect((await create({ walletAddress: WALLET, metadata: { userAgent: 5 } })).body.error).toMatchObject({
      code: 'validation_error',
      field: 'metadata.userAgent',
    });
    expect((await create({ walletAddress: WALLET, metadata: 'x' })).body.error).toMatchObject({ field: 'metadata' });
    expect((await create({ walletAddress: WALLET, metadata: { referrer: 'x'.repeat(3000) } })).body.error).toMatchObject({
      field: 'metadata.referrer',
    });
    expect((await create({ walletAddress: WALLET, wallet: WALLET })).body.error).toMatchObject({ field: 'wallet' });
  });

  it('needs write:sessions', async () => {
    const reader = await app.createKey(['read:messages']);
    const response = await create({ walletAddress: WALLET }, reader);
    expect(response.status).toBe(403);
    expect(response.body.error.details).toEqual({ requiredScope: 'write:sessions' });
  });
});

describe('GET and DELETE /v1/sessions/{id}', () => {
  it('follows the states table: active → terminated, then 404 on a second delete; GET shows terminated', async () => {
    const { sessionId } = (await create({ walletAddress: WALLET })).body;
    clock.advance(5000);
    const deleted = await terminate(sessionId);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ sessionId, status: 'terminated', terminatedAt: clock.now().toISOString() });
    const read = await get(sessionId);
    expect(read.status).toBe(200);
    expect(read.body.status).toBe('terminated');
    const again = await terminate(sessionId);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('session_not_found');
  });

  it('five DELETEs at once: exactly one terminates the session, the others are 404', async () => {
    const { sessionId } = (await create({ walletAddress: WALLET })).body;
    const responses = await Promise.all(Array.from({ length: 5 }, () => terminate(sessionId)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404]);
    const read = (await get(sessionId)).body;
    expect(read.status).toBe('terminated');
    expect(responses.find((r) => r.status === 200)!.body.terminatedAt).toBe(clock.now().toISOString());
  });

  it("GETs at once: each caller sees only its own account's sessions; reads made together share one statement", async () => {
    const [a, b] = [await app.createAccount('pro'), await app.createAccount('pro')];
    const open = async (key: string) => (await create({ walletAddress: WALLET }, key)).body.sessionId as string;
    const mine = [await open(a.key), await open(a.key), await open(a.key)];
    const theirs = [await open(b.key), await open(b.key)];
    const reads = [
      ...mine.flatMap((id) => [{ id, key: a.key, status: 200 }, { id, key: b.key, status: 404 }]),
      ...theirs.flatMap((id) => [{ id, key: b.key, status: 200 }, { id, key: a.key, status: 404 }]),
    ].flatMap((read) => [read, read, read]);
    const responses = await Promise.all(reads.map((read) => get(read.id, read.key)));
    expect(responses.map((r) => r.status)).toEqual(reads.map((read) => read.status));
    responses.forEach((response, i) => {
      if (reads[i].status === 200) expect(response.body).toMatchObject({ sessionId: reads[i].id, status: 'active', messageCount: 0 });
      else expect(response.body.error.code).toBe('session_not_found');
    });

    // How many HTTP requests overlap depends on the machine's timing; reads made in the same
    // turn of the event loop always go together.
    const accountOf = new Map([[a.key, a.accountId], [b.key, b.accountId]]);
    const before = app.logs.length;
    const views = await Promise.all(reads.map((read) => app.service.deps.sessionRepository.owned(accountOf.get(read.key)!, read.id)));
    expect(views.map((view) => view?.id ?? null)).toEqual(reads.map((read) => (read.status === 200 ? read.id : null)));
    const statements = app.logs.slice(before).filter((line) => line.component === 'orm' && String(line.msg).includes('from jsonb_to_recordset'));
    expect(statements).toHaveLength(1);
  });

  it('an id holding a lone surrogate (JSON can carry one) names no session, and the reads sharing its statement are answered', async () => {
    const account = await app.createAccount('pro');
    const id = (await create({ walletAddress: WALLET }, account.key)).body.sessionId as string;
    const reader = app.service.deps.sessionRepository;
    const reads = await Promise.all([reader.owned(account.accountId, id), reader.owned(account.accountId, `\ud800${id}`), reader.owned(account.accountId, id)]);
    expect(reads.map((read) => read?.id ?? null)).toEqual([id, null, id]);
  });

  it('expires after 24 hours: GET and DELETE answer 404', async () => {
    const { sessionId } = (await create({ walletAddress: WALLET })).body;
    clock.advance(DAY_MS - 1);
    expect((await get(sessionId)).body.status).toBe('active');
    clock.advance(1);
    const read = await get(sessionId);
    expect(read.status).toBe(404);
    expect(read.body.error.code).toBe('session_not_found');
    expect((await terminate(sessionId)).status).toBe(404);
  });

  it.each(['session_doesnotexist0000', 'nope', 'session_' + 'x'.repeat(300), '%00', '..'])('unknown id %s → 404', async (id) => {
    const response = await get(encodeURIComponent(id));
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('session_not_found');
  });

  it("never shows another account's session", async () => {
    const { sessionId } = (await create({ walletAddress: WALLET })).body;
    const other = await app.createAccount('pro');
    expect((await get(sessionId, other.key)).status).toBe(404);
    expect((await terminate(sessionId, other.key)).status).toBe(404);
    expect((await get(sessionId)).body.status).toBe('active');
  });
});

describe('GraphQL sessions', () => {
  it('createSession, session and terminateSession agree with REST field for field', async () => {
    const created = await graphql('mutation($input: CreateSessionInput!) { createSession(input: $input) { sessionId walletAddress createdAt expiresAt } }', {
      input: { walletAddress: WALLET },
    });
    const { sessionId } = created.body.data.createSession;
    const rest = (await get(sessionId)).body;
    const gql = await graphql('query($id: ID!) { session(id: $id) { sessionId walletAddress status messageCount createdAt expiresAt lastActivity } }', {
      id: sessionId,
    });
    const { meta: _meta, ...restPayload } = rest;
    expect(gql.body.data.session).toEqual(restPayload);
    const ended = await graphql('mutation($id: ID!) { terminateSession(id: $id) { sessionId status terminatedAt } }', { id: sessionId });
    expect(ended.body.data.terminateSession).toMatchObject({ sessionId, status: 'terminated' });
    const again = await graphql('mutation($id: ID!) { terminateSession(id: $id) { sessionId } }', { id: sessionId });
    expect(again.body.errors[0].extensions.code).toBe('session_not_found');
  });

  it('a bad walletAddress is a validation_error naming the field', async () => {
    const response = await graphql('mutation($input: CreateSessionInput!) { createSession(input: $input) { sessionId } }', {
      input: { walletAddress: '0xabc' },
    });
    expect(response.body.errors[0].extensions).toMatchObject({ code: 'validation_error', field: 'walletAddress' });
  });

  it('sessions(first, after, status) pages newest first and filters by status', async () => {
    const { key } = await app.createAccount('enterprise');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await create({ walletAddress: WALLET }, key)).body.sessionId);
      clock.advance(1000);
    }
    await terminate(ids[1], key);
    const list = (variables: object) =>
      graphql(
        'query($first: Int, $after: String, $status: SessionStatus) { sessions(first: $first, after: $after, status: $status) { edges { node { sessionId status } } pageInfo { hasNextPage endCursor } } }',
        variables,
        key,
      );
    const first = (await list({ first: 2 })).body.data.sessions;
    expect(first.edges.map((e: any) => e.node.sessionId)).toEqual([ids[4], ids[3]]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = (await list({ first: 10, after: first.pageInfo.endCursor })).body.data.sessions;
    expect(rest.edges.map((e: any) => e.node.sessionId)).toEqual([ids[2], ids[1], ids[0]]);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    const terminated = (await list({ status: 'terminated' })).body.data.sessions;
    expect(terminated.edges).toEqual([{ node: { sessionId: ids[1], status: 'terminated' } }]);
    const bad = await list({ first: 0 });
    expect(bad.body.errors[0].extensions).toMatchObject({ code: 'validation_error', field: 'first' });
    const badCursor = await list({ after: 'not-a-cursor!' });
    expect(badCursor.body.errors[0].extensions).toMatchObject({ code: 'validation_error', field: 'after' });
  });

  it("lists at once: each caller pages its own account's sessions by its own cursor and status; lists made together share one statement", async () => {
    const [a, b] = [await app.createAccount('pro'), await app.createAccount('pro')];
    const open = async (key: string) => {
      clock.advance(1000);
      return (await create({ walletAddress: WALLET }, key)).body.sessionId as string;
    };
    const expired = await open(a.key);
    clock.advance(DAY_MS);
    const [terminated, older, newer] = [await open(a.key), await open(a.key), await open(a.key)];
    await terminate(terminated, a.key);
    const theirs = [await open(b.key), await open(b.key)];
    const list = (variables: object, key: string) =>
      graphql('query($first: Int, $after: String, $status: SessionStatus) { sessions(first: $first, after: $after, status: $status) { edges { node { sessionId } } pageInfo { endCursor } } }', variables, key);
    const ids = (response: { body: any }) => response.body.data.sessions.edges.map((edge: any) => edge.node.sessionId);
    const firstPage = await list({ first: 2 }, a.key);
    const cursor = firstPage.body.data.sessions.pageInfo.endCursor;
    const asked = [
      { variables: { first: 2 }, key: a.key, expected: [newer, older] },
      { variables: { first: 2, after: cursor }, key: a.key, expected: [terminated, expired] },
      { variables: { status: 'active' }, key: a.key, expected: [newer, older] },
      { variables: { status: 'terminated' }, key: a.key, expected: [terminated] },
      { variables: { status: 'expired' }, key: a.key, expected: [expired] },
      { variables: { first: 10 }, key: b.key, expected: [theirs[1], theirs[0]] },
      // A cursor is a position in time: b's sessions are all newer than this one.
      { variables: { first: 2, after: cursor }, key: b.key, expected: [] },
    ].flatMap((ask) => [ask, ask]);
    const responses = await Promise.all(asked.map((ask) => list(ask.variables, ask.key)));
    expect(responses.map(ids)).toEqual(asked.map((ask) => ask.expected));

    // As for GETs, lists made in one turn of the event loop always go together.
    const before = app.logs.length;
    const pages = await Promise.all([
      app.service.deps.sessionRepository.page({ accountId: a.accountId, limit: 2, now: clock.now() }),
      app.service.deps.sessionRepository.page({ accountId: a.accountId, limit: 10, status: 'active', now: clock.now() }),
      app.service.deps.sessionRepository.page({ accountId: b.accountId, limit: 10, now: clock.now() }),
      app.service.deps.sessionRepository.page({ accountId: a.accountId, limit: 2, now: clock.now() }),
    ]);
    expect(pages.map((page) => page.map((session) => session.id))).toEqual([[newer, older], [newer, older], [theirs[1], theirs[0]], [newer, older]]);
    const statements = app.logs.slice(before).filter((line) => line.component === 'orm' && String(line.msg).includes('from jsonb_to_recordset'));
    expect(statements).toHaveLength(1);
  });
});
