import { Keypair } from '@solana/web3.js';
import { DomainError } from '../../src/shared/errors';
import { TestClock } from '../support/clock';
import { bearer, startTestApp, type TestApp } from '../support/app';

// A Wednesday, 10 seconds into a minute: every request of a test lands in one minute window.
const clock = new TestClock('2026-11-18T15:30:10.000Z');
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ clock });
});
afterAll(() => app.close());

const usage = (key: string) => app.http.get('/v1/analytics/usage').set('Authorization', bearer(key));
const MINUTE_END = Date.parse('2026-11-18T15:31:00.000Z') / 1000;

describe(`requests per minute (${process.env.REDIS_URL ? 'Redis' : 'in-process'} counters)`, () => {
  it('200 concurrent requests with a free-tier key: exactly 30 succeed, 170 get 429 with headers', async () => {
    const { key } = await app.createAccount('free');
    const responses = await Promise.all(Array.from({ length: 200 }, () => usage(key)));
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status === 429);
    expect(ok).toHaveLength(30);
    expect(limited).toHaveLength(170);

    for (const response of ok) {
      expect(response.headers['x-ratelimit-limit']).toBe('30');
      expect(Number(response.headers['x-ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
      expect(Number(response.headers['x-ratelimit-reset'])).toBe(MINUTE_END);
    }
    const remaining = ok.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 30 }, (_, i) => i));
    for (const response of limited) {
      expect(response.body.error.code).toBe('rate_limit_exceeded');
      expect(response.headers['x-ratelimit-limit']).toBe('30');
      expect(response.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(response.headers['x-ratelimit-reset'])).toBe(MINUTE_END);
      expect(response.headers['retry-after']).toBe('50');
    }
  });

  it('opens a new window at the next minute', async () => {
    const { key } = await app.createAccount('free');
    await Promise.all(Array.from({ length: 31 }, () => usage(key)));
    expect((await usage(key)).status).toBe(429);
    clock.advance(60_000);
    const next = await usage(key);
    expect(next.status).toBe(200);
    expect(next.headers['x-ratelimit-remaining']).toBe('29');
  });

  it('applies the tier of the account: pro gets 120', async () => {
    const { key } = await app.createAccount('pro');
    const responses = await Promise.all(Array.from({ length: 130 }, () => usage(key)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(120);
    expect(responses[0].headers['x-ratelimit-limit']).toBe('120');
  });

  it('also limits GraphQL requests, which share the counters', async () => {
    const { key } = await app.createAccount('free');
    await Promise.all(Array.from({ length: 30 }, () => usage(key)));
    const graphql = await app.http.post('/graphql').set('Authorization', bearer(key)).send({ query: '{ usage { tier } }' });
    expect(graphql.status).toBe(429);
    expect(graphql.headers['retry-after']).toBeDefined();
    expect(graphql.body.errors[0].extensions.code).toBe('rate_limit_exceeded');
  });
});

describe('test keys', () => {
  it('the 101st request of a test key in a UTC day gets 429; the next day it works again', async () => {
    const { key: admin } = await app.createAccount('enterprise');
    const testKey = await app.createKey(['admin'], { asKey: admin, environment: 'test' });
    for (let i = 1; i <= 100; i++) {
      const response = await usage(testKey);
      expect({ i, status: response.status }).toEqual({ i, status: 200 });
      if (i % 25 === 0) clock.advance(60_000);
    }
    const refused = await usage(testKey);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limit_exceeded');
    expect(refused.body.error.message).toMatch(/100 requests per day/);
    const midnight = Date.UTC(2026, 10, clock.now().getUTCDate() + 1) / 1000;
    expect(Number(refused.headers['retry-after'])).toBe(Math.ceil(midnight - clock.now().getTime() / 1000));

    // The live admin key of the same account is not held back by its test key.
    expect((await usage(admin)).status).toBe(200);
    clock.advance(24 * 3_600_000);
    expect((await usage(testKey)).status).toBe(200);
  });
});

describe('GET /v1/analytics/usage', () => {
  it('reports figures equal to the requests made, which reset with their windows', async () => {
    const { key } = await app.createAccount('pro');
    const other = await app.createKey(['read:prices'], { asKey: key });
    for (let i = 0; i < 7; i++) await usage(key);
    await app.http.post('/graphql').set('Authorization', bearer(other)).send({ query: '{ __typename }' });
    // 7 + 1 (the other key of the account) + the key creation + this one.
    const response = await usage(key);
    expect(response.body).toMatchObject({
      tier: 'pro',
      limits: { requestsPerMinute: 120, transactionsPerDay: 1000, requestsPerDay: null },
      usage: { requestsToday: 10, requestsThisMinute: 10, transactionsToday: 0 },
    });
    const nextMidnight = new Date(Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth(), clock.now().getUTCDate() + 1));
    expect(response.body.resetAt).toBe(nextMidnight.toISOString());

    clock.advance(60_000);
    expect((await usage(key)).body.usage).toMatchObject({ requestsToday: 11, requestsThisMinute: 1 });
    clock.advance(nextMidnight.getTime() - clock.now().getTime());
    expect((await usage(key)).body.usage).toMatchObject({ requestsToday: 1, requestsThisMinute: 1 });
  });

  it('does not count refused requests', async () => {
    const { key } = await app.createAccount('free');
    await Promise.all(Array.from({ length: 45 }, () => usage(key)));
    clock.advance(60_000);
    expect((await usage(key)).body.usage).toMatchObject({ requestsToday: 31, requestsThisMinute: 1 });
  });

  it('GraphQL usage agrees with REST', async () => {
    const { key } = await app.createAccount('free');
    const rest = (await usage(key)).body;
    const graphql = await app.http
      .post('/graphql')
      .set('Authorization', bearer(key))
      .send({ query: '{ usage { tier limits { requestsPerMinute transactionsPerDay } usage { requestsToday requestsThisMinute } resetAt } }' });
    expect(graphql.body.data.usage).toEqual({
      tier: rest.tier,
      limits: { requestsPerMinute: 30, transactionsPerDay: 100 },
      usage: { requestsToday: 2, requestsThisMinute: 2 },
      resetAt: rest.resetAt,
    });
  });
});

describe('transactions per day', () => {
  it('admits exactly the tier allowance, then 429 transaction_limit_exceeded, and usage reports them', async () => {
    const { accountId, key } = await app.createAccount('free');
    const principal = { accountId, tier: 'free' as const, keyId: 'key_x', scopes: ['admin' as const], environment: 'live' as const, allowedOrigins: null };
    const results = await Promise.allSettled(
      Array.from({ length: 105 }, () => app.service.deps.meter.admitTransaction(principal, clock.now())),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(5);
    expect(refused[0].reason).toBeInstanceOf(DomainError);
    expect(refused[0].reason.code).toBe('transaction_limit_exceeded');
    expect(refused[0].reason.status).toBe(429);
    expect((await usage(key)).body.usage.transactionsToday).toBe(100);
  });

  it('is unlimited for enterprise', async () => {
    const principal = { accountId: 'acct_default', tier: 'enterprise' as const, keyId: 'k', scopes: [], environment: 'live' as const, allowedOrigins: null };
    await Promise.all(Array.from({ length: 1500 }, () => app.service.deps.meter.admitTransaction(principal, clock.now())));
  });
});

describe('a message refused for the transaction limit', () => {
  it('answers 429 transaction_limit_exceeded and is not counted as a request', async () => {
    const limited = await startTestApp({ env: { TIER_LIMITS: '{"free":{"transactionsPerDay":1}}' } });
    try {
      const { key } = await limited.createAccount('free');
      const walletAddress = Keypair.generate().publicKey.toBase58();
      await limited.fund(walletAddress, { SOL: 2 });
      const session = await limited.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress });
      const send = () =>
        limited.http
          .post('/v1/messages')
          .set('Authorization', bearer(key))
          .send({ sessionId: session.body.sessionId, message: `send 0.1 SOL to ${Keypair.generate().publicKey.toBase58()}` });
      expect((await send()).status).toBe(200);
      const requestsBefore = (await limited.http.get('/v1/analytics/usage').set('Authorization', bearer(key))).body.usage.requestsToday;
      const refused = await send();
      expect([refused.status, refused.body.error.code]).toEqual([429, 'transaction_limit_exceeded']);
      const after = (await limited.http.get('/v1/analytics/usage').set('Authorization', bearer(key))).body.usage;
      // Only the usage request itself is new.
      expect(after.requestsToday).toBe(requestsBefore + 1);
      expect(after.transactionsToday).toBe(1);
    } finally {
      await limited.close();
    }
  });
});

describe('TIER_LIMITS', () => {
  it('overrides the spec limits for the operator', async () => {
    const custom = await startTestApp({ env: { TIER_LIMITS: '{"free":{"requestsPerMinute":3}}' } });
    try {
      const { key } = await custom.createAccount('free');
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await custom.http.get('/v1/analytics/usage').set('Authorization', bearer(key))).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await custom.close();
    }
  });
});

describe('usage per day', () => {
  it('with interval=day answers the last 30 UTC days of requests and transactions, oldest first; GraphQL agrees', async () => {
    const daily = await startTestApp({ clock: new TestClock('2026-11-20T12:00:00.000Z') });
    try {
      const { key } = await daily.createAccount('pro');
      const usageOf = (query = '') => daily.http.get(`/v1/analytics/usage${query}`).set('Authorization', bearer(key));
      await usageOf();
      await usageOf();
      daily.clock.advance(2 * 86_400_000);
      const walletAddress = Keypair.generate().publicKey.toBase58();
      await daily.fund(walletAddress, { SOL: 1 });
      const session = await daily.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress });
      const sent = await daily.http
        .post('/v1/messages')
        .set('Authorization', bearer(key))
        .send({ sessionId: session.body.sessionId, message: `send 0.1 SOL to ${Keypair.generate().publicKey.toBase58()}` });
      expect(sent.status).toBe(200);

      expect((await usageOf()).body.daily).toBeNull();
      const response = await usageOf('?interval=day');
      expect(response.status).toBe(200);
      const days = response.body.daily;
      expect(days).toHaveLength(30);
      expect([days[0].date, days[29].date]).toEqual(['2026-10-24', '2026-11-22']);
      expect(days.find((day: { date: string }) => day.date === '2026-11-20')).toEqual({ date: '2026-11-20', requests: 2, transactions: 0 });
      // Today: the session, the message and this usage request (the GET without interval too).
      expect(days[29]).toEqual({ date: '2026-11-22', requests: 4, transactions: 1 });
      expect(days.filter((day: { requests: number }) => day.requests > 0)).toHaveLength(2);

      const gql = await daily.http.post('/graphql').set('Authorization', bearer(key)).send({ query: '{ usage(interval: day) { daily { date requests transactions } } }' });
      expect(gql.body.data.usage.daily.slice(0, 29)).toEqual(days.slice(0, 29));
      expect((await usageOf('?interval=week')).status).toBe(400);
    } finally {
      await daily.close();
    }
  });
});
