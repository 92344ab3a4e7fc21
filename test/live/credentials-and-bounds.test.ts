import { Keypair } from '@solana/web3.js';
import { sessionTopic } from '../../src/live/live-events';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { until, WsTestClient } from '../support/ws';

/**
 * Live updates hold the same lines as HTTP (DESIGN, Live updates): a credential that ends
 * closes its sockets with 4403 within 5 s and nothing more reaches them; each subscribe is a
 * request against the tier's limit; a session streams to at most WS_SUBSCRIBERS_PER_SESSION
 * subscribers; an account's connections are capped by tier, whatever its number of keys.
 */
const SUBSCRIBERS = 2;
let app: TestApp;
const open: WsTestClient[] = [];

beforeAll(async () => {
  app = await startTestApp({
    env: {
      WS_SUBSCRIBERS_PER_SESSION: String(SUBSCRIBERS),
      TIER_LIMITS: JSON.stringify({ free: { requestsPerMinute: 6 }, pro: { webSocketConnections: 3 } }),
    },
  });
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(() => app.close());

const MESSAGE_ADDED = 'subscription ($sessionId: ID!) { messageAdded(sessionId: $sessionId) { role content } }';

async function newSession(key: string): Promise<string> {
  const response = await app.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress: Keypair.generate().publicKey.toBase58() });
  expect(response.status).toBe(200);
  return response.body.sessionId;
}

async function connect(credential: string): Promise<WsTestClient> {
  const client = await WsTestClient.connect(app.url, credential);
  open.push(client);
  return client;
}

/** A subscriber of the session's messages, once the server listens for it. */
async function follow(credential: string, sessionId: string) {
  const client = await connect(credential);
  const subscription = client.subscribe(MESSAGE_ADDED, { sessionId });
  await until(() => app.service.deps.events.listeners(sessionTopic(sessionId)) >= 1, 5_000, 'a listener');
  return { client, subscription };
}

/** How the socket ended, and after how many ms, within `ms`. */
async function closedWithin(client: WsTestClient, ms: number): Promise<{ code: number; after: number } | 'still open'> {
  const started = Date.now();
  return Promise.race([
    client.closed.then(({ code }) => ({ code, after: Date.now() - started })),
    new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);
}

describe('a credential that ends closes its sockets with 4403 within 5 s', () => {
  it('a revoked key', async () => {
    const created = await app.http.post('/v1/keys').set('Authorization', bearer(app.adminKey)).send({ name: 'watcher', scopes: ['read:messages', 'write:sessions'] });
    const sessionId = await newSession(created.body.key);
    const { client, subscription } = await follow(created.body.key, sessionId);
    expect((await app.http.delete(`/v1/keys/${created.body.keyId}`).set('Authorization', bearer(app.adminKey))).status).toBe(200);
    expect(await closedWithin(client, 5_000)).toMatchObject({ code: 4403 });
    await app.http.post('/v1/messages').set('Authorization', bearer(app.adminKey)).send({ sessionId, message: 'price of SOL' });
    expect(subscription.pending().filter((message) => message.type === 'next')).toEqual([]);
  });

  it('a key past its expiresAt', async () => {
    const expiring = await app.createKey(['read:messages', 'write:sessions'], { expiresAt: new Date(app.clock.now().getTime() + 60_000).toISOString() });
    const { client } = await follow(expiring, await newSession(expiring));
    expect(await closedWithin(client, 1_500)).toBe('still open');
    app.clock.advance(60_000);
    expect(await closedWithin(client, 5_000)).toMatchObject({ code: 4403 });
  });

  it("a client token whose session is terminated, and one whose key's rotation grace ends", async () => {
    const sessionId = await newSession(app.adminKey);
    const token = (await app.http.post(`/v1/sessions/${sessionId}/client-tokens`).set('Authorization', bearer(app.adminKey)).send({})).body.clientToken;
    const { client } = await follow(token, sessionId);
    expect((await app.http.delete(`/v1/sessions/${sessionId}`).set('Authorization', bearer(app.adminKey))).status).toBe(200);
    expect(await closedWithin(client, 5_000)).toMatchObject({ code: 4403 });

    const rotating = await app.http.post('/v1/keys').set('Authorization', bearer(app.adminKey)).send({ name: 'rotating', scopes: ['read:messages', 'write:sessions'] });
    const watched = await connect(rotating.body.key);
    expect((await app.http.post(`/v1/keys/${rotating.body.keyId}/rotate`).set('Authorization', bearer(app.adminKey))).status).toBe(200);
    expect(await closedWithin(watched, 1_500)).toBe('still open');
    app.clock.advance(24 * 3_600_000);
    expect(await closedWithin(watched, 5_000)).toMatchObject({ code: 4403 });
  });
});

describe('bounds', () => {
  it("each subscribe counts as a request against the tier's per-minute limit", async () => {
    app.clock.advance(60_000 - (app.clock.now().getTime() % 60_000));
    const free = await app.createAccount('free');
    const client = await connect(free.key);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      const subscription = client.subscribe(MESSAGE_ADDED, { sessionId: `session_${'0'.repeat(15)}${i}` });
      answers.push((await subscription.receive()).payload);
    }
    // The connection was one request of the 6; five subscribes are the rest.
    expect(answers.slice(0, 5).map((payload) => payload.errors?.[0].extensions.code)).toEqual(Array(5).fill('session_not_found'));
    expect(answers[5][0]).toMatchObject({ extensions: { code: 'rate_limit_exceeded', details: { limit: 6 } } });
    expect((await app.http.get('/v1/analytics/usage').set('Authorization', bearer(free.key))).status).toBe(429);
  });

  it(`a session streams to at most ${SUBSCRIBERS} subscribers; the next subscribe is rate_limit_exceeded`, async () => {
    const sessionId = await newSession(app.adminKey);
    const reader = await app.createKey(['read:messages']);
    const first = await connect(app.adminKey);
    first.subscribe(MESSAGE_ADDED, { sessionId });
    const second = await connect(reader);
    second.subscribe(MESSAGE_ADDED, { sessionId });
    await until(() => app.service.deps.events.listeners(sessionTopic(sessionId)) === SUBSCRIBERS, 5_000, 'both listeners');
    const third = await connect(reader);
    const refused = await third.subscribe(MESSAGE_ADDED, { sessionId }).receive();
    expect(refused.payload.errors[0]).toMatchObject({ extensions: { code: 'rate_limit_exceeded', details: { limit: SUBSCRIBERS } } });
    expect(app.service.deps.events.listeners(sessionTopic(sessionId))).toBe(SUBSCRIBERS);
  });

  it("an account's connections are capped by its tier across its keys (4429)", async () => {
    const pro = await app.createAccount('pro');
    const other = (await app.http.post('/v1/keys').set('Authorization', bearer(pro.key)).send({ name: 'second', scopes: ['read:messages'] })).body.key;
    await connect(pro.key);
    await connect(other);
    await connect(pro.key);
    const refused = await WsTestClient.open(app.url, { authorization: bearer(other) });
    open.push(refused);
    expect(await refused.closed).toEqual({ code: 4429, reason: 'Too many connections for this account: at most 3 at once (pro tier)' });
  });
});
