import { Keypair } from '@solana/web3.js';
import { randomBase62 } from '../../src/shared/ids';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { TestClock } from '../support/clock';

const clock = new TestClock('2026-10-01T09:00:00.000Z');
let app: TestApp;
let admin: string;
let accountId: string;
const wallet = Keypair.generate().publicKey.toBase58();

interface Seeded {
  id: string;
  createdAt: Date;
  messages: number;
  terminatedAfterS?: number;
}
const seeded: Seeded[] = [];
const transactions: Array<{ createdAt: Date; status: string; usd: string }> = [];

beforeAll(async () => {
  app = await startTestApp({ clock });
  ({ key: admin, accountId } = await app.createAccount('enterprise'));
  // Sessions over 40 days: some with messages, some terminated.
  for (let day = 0; day < 40; day += 3) {
    clock.advance(3 * 86_400_000);
    const createdAt = clock.now();
    const id = (await app.http.post('/v1/sessions').set('Authorization', bearer(admin)).send({ walletAddress: wallet })).body.sessionId;
    const entry: Seeded = { id, createdAt, messages: 0 };
    for (let m = 0; m < day % 4; m++) {
      clock.advance(60_000);
      await app.http.post('/v1/messages').set('Authorization', bearer(admin)).send({ sessionId: id, message: 'hello' });
      entry.messages += 2;
    }
    if (day % 2 === 0) {
      clock.advance(120_000);
      await app.http.delete(`/v1/sessions/${id}`).set('Authorization', bearer(admin));
      entry.terminatedAfterS = (clock.now().getTime() - createdAt.getTime()) / 1000;
    }
    seeded.push(entry);
    // Transactions in every state, written directly: the fixture controls status and value.
    const status = ['built', 'confirmed', 'failed', 'expired', 'confirmed'][day % 5];
    const usd = `${(day * 7.35).toFixed(2)}`;
    await app.service.database.orm.em.fork().getConnection().execute(
      `insert into transaction_record (id, account_id, session_id, type, network, input_mint, in_amount, usd_value, status, created_at)
       values (?, ?, ?, 'transfer', 'mainnet', 'So11111111111111111111111111111111111111112', 1000, ?, ?, ?)`,
      [`tx_${randomBase62(16)}`, accountId, id, usd, status, createdAt],
    );
    transactions.push({ createdAt, status, usd });
  }
  // Another account's activity must not count.
  const other = await app.createAccount('pro');
  await app.http.post('/v1/sessions').set('Authorization', bearer(other.key)).send({ walletAddress: wallet });
});
afterAll(() => app.close());

/** The metrics, computed here from what the test seeded. */
function expected(start: string, end: string) {
  const from = Date.parse(`${start}T00:00:00.000Z`);
  const until = Date.parse(`${end}T00:00:00.000Z`) + 86_400_000;
  const inPeriod = seeded.filter((s) => s.createdAt.getTime() >= from && s.createdAt.getTime() < until);
  const durations = inPeriod.map((s) => {
    if (s.terminatedAfterS !== undefined) return s.terminatedAfterS;
    return s.messages ? (s.messages / 2) * 60 : 0;
  });
  const messages = inPeriod.reduce((sum, s) => sum + s.messages, 0);
  const txs = transactions.filter((t) => t.createdAt.getTime() >= from && t.createdAt.getTime() < until);
  const active = seeded.filter((s) => s.terminatedAfterS === undefined && s.createdAt.getTime() + 86_400_000 > clock.now().getTime()).length;
  const cents = txs.filter((t) => t.status === 'confirmed').reduce((sum, t) => sum + Math.round(Number(t.usd) * 100), 0);
  return {
    period: { startDate: start, endDate: end },
    sessions: {
      total: inPeriod.length,
      active,
      avgDuration: inPeriod.length ? Math.round((durations.reduce((a, b) => a + b, 0) / inPeriod.length) * 100) / 100 : 0,
    },
    messages: { total: messages, avgPerSession: inPeriod.length ? Math.round((messages / inPeriod.length) * 100) / 100 : 0 },
    transactions: {
      total: txs.length,
      successful: txs.filter((t) => t.status === 'confirmed').length,
      failed: txs.filter((t) => t.status === 'failed' || t.status === 'expired').length,
      totalVolume: cents / 100,
    },
  };
}

const metrics = (query = '') => app.http.get(`/v1/analytics/metrics${query}`).set('Authorization', bearer(admin));

describe('GET /v1/analytics/metrics', () => {
  it('defaults to the last 30 UTC days ending today, and its figures equal the seeded ones', async () => {
    const today = clock.now().toISOString().slice(0, 10);
    const start = new Date(Date.parse(`${today}T00:00:00.000Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    const response = await metrics();
    expect(response.status).toBe(200);
    const { meta: _meta, ...body } = response.body;
    expect(body).toEqual(expected(start, today));
    expect(body.sessions.total).toBeGreaterThan(3);
    expect(body.transactions.successful).toBeGreaterThan(0);
  });

  it.each([
    ['2026-10-01', '2026-10-31'],
    ['2026-10-04', '2026-10-04'],
    ['2026-09-01', '2026-12-31'],
    ['2027-01-01', '2027-01-31'],
  ])('from %s to %s equals the seeded figures', async (start, end) => {
    const { meta: _meta, ...body } = (await metrics(`?startDate=${start}&endDate=${end}`)).body;
    expect(body).toEqual(expected(start, end));
  });

  it.each([
    ['?startDate=2026-13-01', 'startDate'],
    ['?startDate=2026-02-30', 'startDate'],
    ['?endDate=20261001', 'endDate'],
    ['?endDate=tomorrow', 'endDate'],
    ['?startDate=2026-10-10&endDate=2026-10-01', 'startDate'],
    ['?startDate=1&startDate=2', 'startDate'],
  ])('%s → 400 naming %s', async (query, field) => {
    const response = await metrics(query);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'validation_error', field });
  });

  it('with interval=day adds one entry per UTC day of the period, zeros included, each equal to that day\'s seeded figures', async () => {
    const [start, end] = ['2026-09-28', '2026-11-12'];
    const { meta: _meta, daily, ...totals } = (await metrics(`?startDate=${start}&endDate=${end}&interval=day`)).body;
    expect(totals).toEqual(expected(start, end));
    expect(daily).toHaveLength(46);
    expect(daily[0].date).toBe(start);
    expect(daily[45].date).toBe(end);
    for (const day of daily) {
      const figures = expected(day.date, day.date);
      expect(day).toEqual({
        date: day.date,
        sessions: figures.sessions.total,
        messages: figures.messages.total,
        transactions: figures.transactions.total,
        successful: figures.transactions.successful,
        failed: figures.transactions.failed,
        volume: figures.transactions.totalVolume,
      });
    }
    expect(daily.filter((day: { sessions: number }) => day.sessions > 0).length).toBeGreaterThan(5);
    expect(daily.filter((day: { sessions: number }) => day.sessions === 0).length).toBeGreaterThan(5);
    const sum = (field: 'sessions' | 'transactions') => daily.reduce((total: number, day: Record<string, number>) => total + day[field], 0);
    expect([sum('sessions'), sum('transactions')]).toEqual([totals.sessions.total, totals.transactions.total]);
  });

  it('without interval answers no daily series; a bad interval or a daily series over 3,660 days is a 400 naming interval', async () => {
    expect((await metrics('?startDate=2026-10-01&endDate=2026-10-31')).body.daily).toBeUndefined();
    for (const query of ['?interval=week', '?interval=day&startDate=2010-01-01&endDate=2026-01-01']) {
      const response = await metrics(query);
      expect([response.status, response.body.error.field]).toEqual([400, 'interval']);
    }
  });

  it('needs the admin scope; GraphQL agrees with REST', async () => {
    const reader = await app.createKey(['read:messages'], { asKey: admin });
    expect((await app.http.get('/v1/analytics/metrics').set('Authorization', bearer(reader))).status).toBe(403);
    const rest = (await metrics('?startDate=2026-10-01&endDate=2026-11-09&interval=day')).body;
    const gql = await app.http
      .post('/graphql')
      .set('Authorization', bearer(admin))
      .send({
        query: `{ metrics(startDate: "2026-10-01", endDate: "2026-11-09", interval: day) { period { startDate endDate } sessions { total active avgDuration }
                 messages { total avgPerSession } transactions { total successful failed totalVolume }
                 daily { date sessions messages transactions successful failed volume } } }`,
      });
    const { meta: _meta, ...payload } = rest;
    expect(gql.body.data.metrics).toEqual(payload);
  });
});
