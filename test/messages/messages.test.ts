import { Keypair } from '@solana/web3.js';
import { CLAIM_LEASE_MS, IdempotencyService } from '../../src/idempotency/idempotency.service';
import { DEFAULT_ACCOUNT_ID } from '../../src/accounts/account.entity';
import { DAY_MS } from '../../src/shared/clock';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { TestClock } from '../support/clock';

const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const clock = new TestClock('2026-11-20T08:00:00.000Z');
let app: TestApp;
let key: string;
beforeAll(async () => {
  // debug: the ORM logs every SQL statement, which the batching test counts.
  app = await startTestApp({ clock, env: { LOG_LEVEL: 'debug' } });
  key = await app.createKey(['write:sessions', 'write:messages', 'read:messages']);
});
afterAll(() => app.close());

const newSession = async (asKey = key) =>
  (await app.http.post('/v1/sessions').set('Authorization', bearer(asKey)).send({ walletAddress: WALLET })).body.sessionId as string;
const send = (body: object, asKey = key) => app.http.post('/v1/messages').set('Authorization', bearer(asKey)).send(body);
const history = (query: string, asKey = key) => app.http.get(`/v1/messages?${query}`).set('Authorization', bearer(asKey));
const session = async (id: string) => (await app.http.get(`/v1/sessions/${id}`).set('Authorization', bearer(key))).body;

describe('POST /v1/messages', () => {
  it('stores the message and the reply, and answers with the intent and the reply', async () => {
    const sessionId = await newSession();
    clock.advance(1000);
    const response = await send({ sessionId, message: 'what can you do?' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      messageId: expect.stringMatching(/^msg_[0-9A-Za-z]{16}$/),
      sessionId,
      intent: { action: 'query', subject: 'help', confidence: expect.any(Number) },
      response: expect.stringContaining('portfolio'),
      timestamp: clock.now().toISOString(),
      meta: expect.any(Object),
    });
    expect(response.body.transaction).toBeUndefined();
    expect(await session(sessionId)).toMatchObject({ messageCount: 2, lastActivity: clock.now().toISOString() });
  });

  it('stores text with quotes, backslashes, placeholders and non-ASCII exactly as sent, also when sent at once', async () => {
    const sessionId = await newSession();
    const texts = [
      `what can you do? it's O'Brien's ''quoted'' "text" ?? $1 :name`,
      String.raw`what can you do \ back\\slash \' E'\x41' \u0041 \n`,
      'what can you do 🙂 ü 中文 ?',
      `what can you do ?' ; drop table "message"; --`,
    ];
    const sent = await Promise.all(texts.map((message) => send({ sessionId, message })));
    expect(sent.map((response) => response.status)).toEqual(texts.map(() => 200));
    const stored = await history(`sessionId=${sessionId}`);
    const userTexts = stored.body.messages.filter((m: any) => m.role === 'user').map((m: any) => m.content);
    expect(userTexts.sort()).toEqual([...texts].sort());
    expect(await session(sessionId)).toMatchObject({ messageCount: 8 });
  });

  it('a message the agent cannot act on → 422 parsing_error with a reason, and nothing is stored', async () => {
    const sessionId = await newSession();
    const response = await send({ sessionId, message: 'asdf qwerty zxcv' });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('parsing_error');
    expect(response.body.error.details.reason).toEqual(expect.any(String));
    expect(response.body.error.details.reason.length).toBeGreaterThan(20);
    expect((await session(sessionId)).messageCount).toBe(0);
  });

  it.each([
    [{ message: 'hi' }, 'sessionId'],
    [{ sessionId: 'S' }, 'message'],
    [{ sessionId: 'S', message: '' }, 'message'],
    [{ sessionId: 'S', message: '   ' }, 'message'],
    [{ sessionId: 'S', message: 'x'.repeat(501) }, 'message'],
    [{ sessionId: 'S', message: 42 }, 'message'],
    [{ sessionId: 'S', message: 'hi', slippage: 5001 }, 'slippage'],
    [{ sessionId: 'S', message: 'hi', slippage: -1 }, 'slippage'],
    [{ sessionId: 'S', message: 'hi', slippage: 1.5 }, 'slippage'],
    [{ sessionId: 'S', message: 'hi', slippage: '50' }, 'slippage'],
  ])('%j → 400 naming %s', async (body, field) => {
    const sessionId = await newSession();
    const response = await send(JSON.parse(JSON.stringify(body).replace('"S"', JSON.stringify(sessionId))));
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'validation_error', field });
    expect((await session(sessionId)).messageCount).toBe(0);
  });

  it('accepts exactly 500 characters (counted as characters, not bytes) and slippage 0 and 5000', async () => {
    const sessionId = await newSession();
    expect((await send({ sessionId, message: `hello${' '.repeat(495)}` })).status).toBe(200);
    expect((await send({ sessionId, message: 'help', slippage: 0 })).status).toBe(200);
    expect((await send({ sessionId, message: 'help', slippage: 5000 })).status).toBe(200);
    // 500 emoji are 1,000 UTF-16 units: still within the limit, so the agent gets to read them.
    const fits = await send({ sessionId, message: '🙂'.repeat(500) });
    expect(fits.body.error?.code).not.toBe('validation_error');
    const tooLong = await send({ sessionId, message: '🙂'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.field).toBe('message');
  });

  it('counts the length after trimming: 14 characters padded to 502 with spaces are accepted', async () => {
    const sessionId = await newSession();
    const padded = await send({ sessionId, message: `  price of SOL${' '.repeat(488)}` });
    expect(padded.status).toBe(200);
    expect(padded.body.intent).toMatchObject({ action: 'query', subject: 'price' });
  });

  it('quotes text in a reply by characters: an emoji on the cut stays whole, and the reply replays', async () => {
    const sessionId = await newSession();
    // The reply quotes the first 80 characters; UTF-16 unit 80 falls inside the first emoji's pair.
    const message = `${'x'.repeat(79)}🙂🙂`;
    const first = await send({ sessionId, message }).set('Idempotency-Key', 'emoji-cut');
    expect(first.status).toBe(422);
    expect(first.body.error.details.reason).toContain(`${'x'.repeat(79)}🙂"`);
    const replay = await send({ sessionId, message }).set('Idempotency-Key', 'emoji-cut');
    expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([422, 'true']);
    expect(replay.body).toEqual(first.body);
  });

  it("logs SQL at LOG_LEVEL=debug without the values: no user's chat text or wallet in any log line", async () => {
    const before = app.rawLogs.length;
    const walletAddress = Keypair.generate().publicKey.toBase58();
    const created = await app.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress });
    const sent = await send({ sessionId: created.body.sessionId, message: "what can you do, purple elephant? it's O'Brien" });
    expect(sent.status).toBe(200);
    const lines = app.rawLogs.slice(before);
    expect(lines.some((line) => line.includes('"component":"orm"') && line.includes('jsonb_to_recordset'))).toBe(true);
    expect(lines.filter((line) => line.includes('purple elephant') || line.includes(walletAddress))).toEqual([]);
  });

  it('refuses a negative slippage in the text instead of reading it as positive', async () => {
    const sessionId = await newSession();
    const response = await send({ sessionId, message: 'swap 1 SOL for USDC with -5% slippage' });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('parsing_error');
    expect(response.body.error.details.reason).toMatch(/negative/);
  });

  it('a missing, expired, terminated or foreign session → 404 session_not_found', async () => {
    expect((await send({ sessionId: 'session_0000000000000000', message: 'hi' })).body.error.code).toBe('session_not_found');
    const terminated = await newSession();
    await app.http.delete(`/v1/sessions/${terminated}`).set('Authorization', bearer(key));
    expect((await send({ sessionId: terminated, message: 'hi' })).status).toBe(404);
    const other = await app.createAccount('pro');
    const foreign = await newSession(other.key);
    expect((await send({ sessionId: foreign, message: 'hi' })).status).toBe(404);
    const expiring = await newSession();
    clock.advance(DAY_MS);
    expect((await send({ sessionId: expiring, message: 'hi' })).status).toBe(404);
  });

  it('20 messages sent at once: messageCount is exactly 40, none lost or duplicated, each reply after its message', async () => {
    const sessionId = await newSession();
    const texts = Array.from({ length: 20 }, (_, i) => `hello ${i}`.replace(/ \d+$/, '') + '!'.repeat(i));
    const responses = await Promise.all(texts.map((message) => send({ sessionId, message })));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await session(sessionId)).messageCount).toBe(40);

    const all = (await history(`sessionId=${sessionId}&limit=100`)).body.messages as Array<{ role: string; content: string; messageId: string }>;
    expect(all).toHaveLength(40);
    expect(new Set(all.map((m) => m.messageId)).size).toBe(40);
    expect(all.map((m) => m.role)).toEqual(Array.from({ length: 40 }, (_, i) => (i % 2 ? 'agent' : 'user')));
    expect(all.filter((m) => m.role === 'user').map((m) => m.content).sort()).toEqual([...texts].sort());
    const replyIds = new Set(responses.map((r) => r.body.messageId));
    expect(all.filter((m) => m.role === 'agent').every((m) => replyIds.has(m.messageId))).toBe(true);
    const again = (await history(`sessionId=${sessionId}&limit=100`)).body.messages;
    expect(again).toEqual(all);
  });
});

describe('Turns of concurrent requests (MessageRepository.appendTurn)', () => {
  const ormStatements = (from: number, sql: string) =>
    app.logs.slice(from).filter((line) => line.component === 'orm' && String(line.msg).includes(sql)).length;

  it('turns sent at once to sessions of several accounts are each stored at their own positions; turns stored together share one statement', async () => {
    const accounts = [await app.createAccount('enterprise'), await app.createAccount('pro')];
    const sessions = [
      { key: accounts[0].key, id: await newSession(accounts[0].key) },
      { key: accounts[0].key, id: await newSession(accounts[0].key) },
      { key: accounts[1].key, id: await newSession(accounts[1].key) },
    ];
    const turns = sessions.flatMap((s) => Array.from({ length: 10 }, (_, i) => ({ ...s, message: `${['hi', 'help', 'price of SOL'][i % 3]}${'!'.repeat(i)}` })));
    const responses = await Promise.all(turns.map((t) => send({ sessionId: t.id, message: t.message }, t.key)));
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(200));
    for (const s of sessions) {
      const stored = (await history(`sessionId=${s.id}&limit=100`, s.key)).body.messages as Array<{ role: string; content: string }>;
      expect(stored.map((m) => m.role)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? 'agent' : 'user')));
      const sent = turns.filter((t) => t.id === s.id).map((t) => t.message);
      expect(stored.filter((m) => m.role === 'user').map((m) => m.content).sort()).toEqual([...sent].sort());
      expect((await app.http.get(`/v1/sessions/${s.id}`).set('Authorization', bearer(s.key))).body.messageCount).toBe(20);
    }

    // How many HTTP requests overlap depends on the machine's timing; turns stored in the same
    // turn of the event loop always go together, and are placed in the order they came in.
    const accountOf = new Map(accounts.map((account) => [account.key, account.accountId]));
    const store = app.service.deps.messageRepository;
    const before = app.logs.length;
    const contexts = await Promise.all(sessions.map((s) => store.turnContext({ accountId: accountOf.get(s.key)!, sessionId: s.id, intents: 5 })));
    expect(contexts.map((context) => context?.session.id)).toEqual(sessions.map((s) => s.id));
    const positions = await Promise.all(
      sessions.flatMap((s, i) =>
        [0, 1].map((n) =>
          store.appendTurn({
            accountId: accountOf.get(s.key)!,
            sessionId: s.id,
            at: clock.now(),
            user: { id: `msg_u_${i}_${n}`, content: `late ${n}`, intent: { action: 'query', confidence: 1, subject: 'help' } },
            reply: { id: `msg_a_${i}_${n}`, content: `re late ${n}`, transaction: null },
            record: null,
          }),
        ),
      ),
    );
    expect(positions).toEqual([22, 24, 22, 24, 22, 24]);
    expect(ormStatements(before, 'recent_intents')).toBe(1);
    expect(ormStatements(before, 'insert into "message"')).toBe(1);
  });

  it('a turn its statement cannot store fails alone; turns for a terminated, foreign or expired session store nothing', async () => {
    const mine = await app.createAccount('enterprise');
    const theirs = await app.createAccount('enterprise');
    const active = await newSession(mine.key);
    const terminated = await newSession(mine.key);
    await app.http.delete(`/v1/sessions/${terminated}`).set('Authorization', bearer(mine.key));
    const foreign = await newSession(theirs.key);
    const expiresAt = new Date((await app.http.get(`/v1/sessions/${active}`).set('Authorization', bearer(mine.key))).body.expiresAt);
    const turn = (sessionId: string, name: string, at = clock.now()) => ({
      accountId: mine.accountId,
      sessionId,
      at,
      user: { id: `msg_user_${name}`, content: name, intent: { action: 'query' as const, confidence: 1, subject: 'help' as const } },
      reply: { id: `msg_agent_${name}`, content: `re ${name}`, transaction: null },
      record: null,
    });
    const store = app.service.deps.messageRepository;
    expect(await store.appendTurn(turn(active, 'first'))).toBe(2);

    const results = await Promise.allSettled([
      store.appendTurn(turn(active, 'second')),
      store.appendTurn({ ...turn(active, 'clash'), user: { ...turn(active, 'clash').user, id: 'msg_user_first' } }),
      store.appendTurn(turn(terminated, 'late')),
      store.appendTurn(turn(foreign, 'intruder')),
      store.appendTurn(turn(active, 'expired', new Date(expiresAt.getTime() + 1))),
      store.appendTurn(turn(active, 'third')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([4, 'failed', null, null, null, 6]);

    const stored = (await history(`sessionId=${active}`, mine.key)).body.messages as Array<{ messageId: string; content: string }>;
    expect(stored.map((m) => m.content)).toEqual(['first', 're first', 'second', 're second', 'third', 're third']);
    for (const [id, asKey, count] of [[active, mine.key, 6], [terminated, mine.key, 0], [foreign, theirs.key, 0]] as const) {
      expect((await app.http.get(`/v1/sessions/${id}`).set('Authorization', bearer(asKey))).body.messageCount).toBe(count);
    }
  });
});

describe('GET /v1/messages', () => {
  let sessionId: string;
  beforeAll(async () => {
    sessionId = await newSession();
    for (let i = 0; i < 4; i++) {
      clock.advance(1000);
      await send({ sessionId, message: `hey${'!'.repeat(i)}` });
    }
  });

  it('pages the history oldest first with an opaque cursor', async () => {
    const first = await history(`sessionId=${sessionId}&limit=3`);
    expect(first.status).toBe(200);
    expect(first.body.messages.map((m: any) => m.role)).toEqual(['user', 'agent', 'user']);
    expect(first.body.messages[0]).toEqual({
      messageId: expect.stringMatching(/^msg_/),
      role: 'user',
      content: 'hey',
      timestamp: expect.any(String),
      intent: { action: 'query', subject: 'help', confidence: expect.any(Number) },
    });
    expect(first.body.messages[1].intent).toBeUndefined();
    expect(first.body.pagination).toEqual({ hasMore: true, nextCursor: expect.any(String) });
    const pages = [first.body.messages];
    let cursor = first.body.pagination.nextCursor;
    while (cursor) {
      const next = await history(`sessionId=${sessionId}&limit=3&cursor=${encodeURIComponent(cursor)}`);
      pages.push(next.body.messages);
      cursor = next.body.pagination.nextCursor;
    }
    const flat = pages.flat();
    expect(flat).toHaveLength(8);
    expect(flat.map((m: any) => m.content).filter((_: string, i: number) => i % 2 === 0)).toEqual(['hey', 'hey!', 'hey!!', 'hey!!!']);
    expect(pages.at(-1)).toHaveLength(2);
  });

  it('defaults to 50 and says when there is no more', async () => {
    const response = await history(`sessionId=${sessionId}`);
    expect(response.body.messages).toHaveLength(8);
    expect(response.body.pagination).toEqual({ hasMore: false, nextCursor: null });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=-3', 'limit'],
    ['cursor=garbage!', 'cursor'],
    [`cursor=${Buffer.from('["x",1]').toString('base64url')}`, 'cursor'],
    [`cursor=${Buffer.from('{"a":1}').toString('base64url')}`, 'cursor'],
  ])('%s → 400 naming %s', async (query, field) => {
    const response = await history(`sessionId=${sessionId}&${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'validation_error', field });
  });

  it('a missing sessionId → 400; an unknown or foreign one → 404', async () => {
    expect((await history('limit=5')).body.error).toMatchObject({ code: 'validation_error', field: 'sessionId' });
    expect((await history('sessionId=session_0000000000000000')).body.error.code).toBe('session_not_found');
    const other = await app.createAccount('pro');
    expect((await history(`sessionId=${sessionId}`, other.key)).status).toBe(404);
  });

  it('keeps the history of a terminated session readable', async () => {
    const ended = await newSession();
    await send({ sessionId: ended, message: 'hi' });
    await app.http.delete(`/v1/sessions/${ended}`).set('Authorization', bearer(key));
    expect((await history(`sessionId=${ended}`)).body.messages).toHaveLength(2);
  });

  it('agrees field for field with GraphQL messages and Session.messages', async () => {
    const rest = (await history(`sessionId=${sessionId}&limit=4`)).body;
    const gql = await app.http
      .post('/graphql')
      .set('Authorization', bearer(key))
      .send({
        query: `query($id: String!, $sid: ID!) {
          messages(sessionId: $id, first: 4) { edges { node { messageId role content timestamp intent { action confidence subject } } } pageInfo { hasNextPage endCursor } }
          session(id: $sid) { messages(first: 4) { edges { node { messageId } } } latestMessage { role content } }
        }`,
        variables: { id: sessionId, sid: sessionId },
      });
    const nodes = gql.body.data.messages.edges.map((e: any) => e.node);
    expect(nodes.map((n: any) => (n.intent === null ? { ...n, intent: undefined } : n))).toEqual(
      rest.messages.map((m: any) => ({ ...m, intent: m.intent })),
    );
    expect(gql.body.data.messages.pageInfo).toEqual({ hasNextPage: rest.pagination.hasMore, endCursor: rest.pagination.nextCursor });
    expect(gql.body.data.session.messages.edges.map((e: any) => e.node.messageId)).toEqual(rest.messages.map((m: any) => m.messageId));
    expect(gql.body.data.session.latestMessage.role).toBe('agent');
  });
});

describe('DataLoader batching', () => {
  const QUERY = '{ sessions(first: 50) { edges { node { messageCount messages(first: 10) { edges { node { content intent { action } } } } } } } }';

  async function statementsFor(asKey: string): Promise<{ count: number; sessions: number }> {
    const before = app.logs.length;
    const response = await app.http.post('/graphql').set('Authorization', bearer(asKey)).send({ query: QUERY });
    expect(response.body.errors).toBeUndefined();
    const statements = app.logs.slice(before).filter((line) => line.component === 'orm' && String(line.msg).includes('[query]'));
    return { count: statements.length, sessions: response.body.data.sessions.edges.length };
  }

  it('runs the same number of SQL statements (at most 4) for 3 sessions as for 30', async () => {
    const small = await app.createAccount('enterprise');
    const large = await app.createAccount('enterprise');
    for (const [account, count] of [[small, 3], [large, 30]] as const) {
      for (let i = 0; i < count; i++) {
        const id = await newSession(account.key);
        await send({ sessionId: id, message: 'hi' }, account.key);
        if (i % 2) await send({ sessionId: id, message: 'help' }, account.key);
      }
    }
    // Warm up: the first request of a key also records its last use.
    await statementsFor(small.key);
    await statementsFor(large.key);
    const few = await statementsFor(small.key);
    const many = await statementsFor(large.key);
    expect(few.sessions).toBe(3);
    expect(many.sessions).toBe(30);
    expect(many.count).toBe(few.count);
    expect(many.count).toBeLessThanOrEqual(4);
  });

  it("pages asked at once, of several accounts' sessions with their own sizes and cursors, are each right and share one statement", async () => {
    const [a, b] = [await app.createAccount('pro'), await app.createAccount('pro')];
    const historyOf = async (key: string, texts: string[]) => {
      const id = await newSession(key);
      for (const message of texts) {
        clock.advance(1000);
        await send({ sessionId: id, message }, key);
      }
      return id;
    };
    const mine = await historyOf(a.key, ['hey', 'hey!', 'hey!!']);
    const theirs = await historyOf(b.key, ['help']);
    const userTexts = (response: { body: any }) => response.body.messages.filter((m: any) => m.role === 'user').map((m: any) => m.content);
    const cursor = (await history(`sessionId=${mine}&limit=2`, a.key)).body.pagination.nextCursor;
    const asked = [
      { query: `sessionId=${mine}&limit=2`, key: a.key, status: 200, texts: ['hey'] },
      { query: `sessionId=${mine}&limit=3&cursor=${encodeURIComponent(cursor)}`, key: a.key, status: 200, texts: ['hey!', 'hey!!'] },
      { query: `sessionId=${mine}`, key: a.key, status: 200, texts: ['hey', 'hey!', 'hey!!'] },
      { query: `sessionId=${theirs}`, key: b.key, status: 200, texts: ['help'] },
      { query: `sessionId=${theirs}`, key: a.key, status: 404, texts: undefined },
      { query: `sessionId=${mine}`, key: b.key, status: 404, texts: undefined },
    ].flatMap((ask) => [ask, ask]);
    const responses = await Promise.all(asked.map((ask) => history(ask.query, ask.key)));
    expect(responses.map((response) => response.status)).toEqual(asked.map((ask) => ask.status));
    expect(responses.map((response) => (response.status === 200 ? userTexts(response) : undefined))).toEqual(asked.map((ask) => ask.texts));

    // As for session reads, pages asked in one turn of the event loop always go together.
    const messages = app.service.deps.messageRepository;
    const before = app.logs.length;
    const read = await Promise.all([mine, theirs, mine, mine].map((sessionId, i) => messages.page({ sessionId, limit: [2, 50, 6, 2][i] })));
    expect(read.map((rows) => rows.map((row) => row.content))).toEqual([
      ['hey', expect.any(String)],
      ['help', expect.any(String)],
      ['hey', expect.any(String), 'hey!', expect.any(String), 'hey!!', expect.any(String)],
      ['hey', expect.any(String)],
    ]);
    const statements = app.logs.slice(before).filter((line) => line.component === 'orm' && String(line.msg).includes('from jsonb_to_recordset'));
    expect(statements).toHaveLength(1);
  });
});

describe('Idempotency-Key', () => {
  it('a retry of POST /v1/messages returns the first response and stores nothing new', async () => {
    const sessionId = await newSession();
    const first = await send({ sessionId, message: 'hello' }).set('Idempotency-Key', 'retry-1');
    const retry = await send({ sessionId, message: 'hello' }).set('Idempotency-Key', 'retry-1');
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await session(sessionId)).messageCount).toBe(2);
  });

  it('a claim left by a request that never answered (a crash) holds the key for a minute, then a retry runs', async () => {
    const body = { walletAddress: Keypair.generate().publicKey.toBase58() };
    // What a process killed mid-request leaves: the key claimed, no response stored.
    await new IdempotencyService(app.service.database.orm.em.fork(), clock).start(DEFAULT_ACCOUNT_ID, 'crashed-1', { method: 'POST', path: '/v1/sessions', body });
    const during = await app.http.post('/v1/sessions').set('Authorization', bearer(key)).set('Idempotency-Key', 'crashed-1').send(body);
    expect([during.status, during.body.error.code]).toEqual([409, 'idempotency_conflict']);
    clock.advance(CLAIM_LEASE_MS + 1000);
    const retry = await app.http.post('/v1/sessions').set('Authorization', bearer(key)).set('Idempotency-Key', 'crashed-1').send(body);
    expect(retry.status).toBe(200);
    const replay = await app.http.post('/v1/sessions').set('Authorization', bearer(key)).set('Idempotency-Key', 'crashed-1').send(body);
    expect([replay.status, replay.headers['idempotent-replayed'], replay.body.sessionId]).toEqual([200, 'true', retry.body.sessionId]);
  });

  it('the same key with another body → 409 idempotency_conflict', async () => {
    const sessionId = await newSession();
    await send({ sessionId, message: 'hello' }).set('Idempotency-Key', 'conflict-1');
    const other = await send({ sessionId, message: 'help' }).set('Idempotency-Key', 'conflict-1');
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency_conflict');
    expect((await session(sessionId)).messageCount).toBe(2);
  });

  it('POST /v1/sessions: one session for any number of retries, concurrent ones included', async () => {
    const { key: admin, accountId } = await app.createAccount('enterprise');
    const body = { walletAddress: WALLET, metadata: { userAgent: 'retry' } };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => app.http.post('/v1/sessions').set('Authorization', bearer(admin)).set('Idempotency-Key', 'open-1').send(body)),
    );
    const created = responses.filter((r) => r.status === 200);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body.sessionId)).size).toBe(1);
    expect(responses.every((r) => r.status === 200 || r.body.error?.code === 'idempotency_conflict')).toBe(true);
    const retry = await app.http.post('/v1/sessions').set('Authorization', bearer(admin)).set('Idempotency-Key', 'open-1').send(body);
    expect(retry.body.sessionId).toBe(created[0].body.sessionId);
    const count = await app.service.database.orm.em.fork().getConnection().execute('select count(*)::int as n from session where account_id = ?', [accountId]);
    expect(count[0].n).toBe(1);
  });

  it('keys are per account, replay validation errors, and expire after 24 hours', async () => {
    const other = await app.createAccount('pro');
    const mine = await app.http.post('/v1/sessions').set('Authorization', bearer(key)).set('Idempotency-Key', 'shared').send({ walletAddress: WALLET });
    const theirs = await app.http.post('/v1/sessions').set('Authorization', bearer(other.key)).set('Idempotency-Key', 'shared').send({ walletAddress: WALLET });
    expect(theirs.status).toBe(200);
    expect(theirs.body.sessionId).not.toBe(mine.body.sessionId);

    const bad = () => app.http.post('/v1/sessions').set('Authorization', bearer(key)).set('Idempotency-Key', 'bad-1').send({ walletAddress: 'x' });
    expect((await bad()).status).toBe(400);
    expect((await bad()).headers['idempotent-replayed']).toBe('true');

    clock.advance(DAY_MS);
    const later = await app.http.post('/v1/sessions').set('Authorization', bearer(key)).set('Idempotency-Key', 'shared').send({ walletAddress: WALLET });
    expect(later.status).toBe(200);
    expect(later.body.sessionId).not.toBe(mine.body.sessionId);
  });

  it('refuses an unusable key with 400', async () => {
    const response = await app.http
      .post('/v1/sessions')
      .set('Authorization', bearer(key))
      .set('Idempotency-Key', 'x'.repeat(256))
      .send({ walletAddress: WALLET });
    expect(response.status).toBe(400);
    expect(response.body.error.field).toBe('Idempotency-Key');
  });
});
