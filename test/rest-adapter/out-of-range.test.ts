import { Keypair } from '@solana/web3.js';
import { bearer, startTestApp, type TestApp } from '../support/app';

/**
 * Values that parse but that PostgreSQL cannot hold (a timestamp of year 0, +275760 or -4713, a
 * NUL in an id) or whose period ends past year 9999: each is the caller's 400 naming the
 * field, over REST and GraphQL, never a 500 from deep inside a query.
 */
let app: TestApp;
let sessionId: string;
beforeAll(async () => {
  app = await startTestApp();
  const created = await app.http.post('/v1/sessions').set('Authorization', bearer(app.adminKey)).send({ walletAddress: Keypair.generate().publicKey.toBase58() });
  sessionId = created.body.sessionId;
});
afterAll(() => app.close());

const cursor = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
const BAD_TIMES = ['0000-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '-004713-01-01T00:00:00.000Z', '-000001-01-01T00:00:00.000Z'];

const graphql = (query: string, variables: Record<string, unknown>) =>
  app.http.post('/graphql').set('Authorization', bearer(app.adminKey)).send({ query, variables });

describe('cursors out of range', () => {
  it.each(BAD_TIMES)('a message cursor at %s → 400 validation_error (REST and GraphQL)', async (time) => {
    const rest = await app.http.get('/v1/messages').query({ sessionId, cursor: cursor([time, 1]) }).set('Authorization', bearer(app.adminKey));
    expect([rest.status, rest.body.error.code, rest.body.error.field]).toEqual([400, 'validation_error', 'cursor']);
    const viaGraphQL = await graphql('query ($s: String!, $a: String) { messages(sessionId: $s, after: $a) { edges { cursor } } }', { s: sessionId, a: cursor([time, 1]) });
    expect(viaGraphQL.body.errors[0].extensions.code).toBe('validation_error');
  });

  it.each([...BAD_TIMES.map((time) => [time, 'session_AAAAAAAAAAAAAAAA']), ['2026-01-01T00:00:00.000Z', 'session_\u0000']])(
    'a sessions cursor of [%s, %j] → validation_error',
    async (time, id) => {
      const response = await graphql('query ($a: String) { sessions(after: $a) { edges { cursor } } }', { a: cursor([time, id]) });
      expect(response.body.errors[0].extensions).toMatchObject({ code: 'validation_error', field: 'after' });
    },
  );
});

describe('metrics dates out of range', () => {
  it.each([
    [{ startDate: '0000-01-01' }, 'startDate'],
    [{ endDate: '9999-12-31' }, 'endDate'],
    [{ startDate: '2026-01-01', endDate: '9999-12-31' }, 'endDate'],
    [{ endDate: '0001-01-01' }, 'endDate'],
  ])('%j → 400 naming %s (REST and GraphQL)', async (query, field) => {
    const rest = await app.http.get('/v1/analytics/metrics').query(query).set('Authorization', bearer(app.adminKey));
    expect([rest.status, rest.body.error.code, rest.body.error.field]).toEqual([400, 'validation_error', field]);
    const viaGraphQL = await graphql('query ($s: String, $e: String) { metrics(startDate: $s, endDate: $e) { period { startDate } } }', {
      s: (query as { startDate?: string }).startDate,
      e: (query as { endDate?: string }).endDate,
    });
    expect(viaGraphQL.body.errors[0].extensions).toMatchObject({ code: 'validation_error', field });
  });

  it('answers all-time figures: any valid range, however long', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const response = await app.http.get('/v1/analytics/metrics').query({ startDate: '2020-01-01', endDate: today }).set('Authorization', bearer(app.adminKey));
    expect(response.status).toBe(200);
    expect(response.body.period).toEqual({ startDate: '2020-01-01', endDate: today });
    expect(response.body.sessions.total).toBe(1);
    const longest = await app.http.get('/v1/analytics/metrics').query({ startDate: '1970-01-01', endDate: '9999-12-30' }).set('Authorization', bearer(app.adminKey));
    expect([longest.status, longest.body.sessions.total]).toEqual([200, 1]);
  });
});
