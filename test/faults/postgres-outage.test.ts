import { bearer, startTestApp, type TestApp } from '../support/app';
import { itWith, ownPostgres, type OwnServer } from '../support/processes';
import { WsTestClient } from '../support/ws';

/**
 * The service on a PostgreSQL server of this test's own, killed (SIGKILL) while in use and
 * started again: what needs the database answers 503 `service_unavailable` with Retry-After on
 * REST, GraphQL and the WebSocket alike, never 500; what does not (a price for a key already
 * known) keeps answering; everything acknowledged before is still there once it is back.
 */
const WALLET = 'Be3v757KGbR1cgdXgKtSVb3iqAwWE6AvX9LmZUJy3ZV';
let postgres: OwnServer | undefined;
let app: TestApp | undefined;

afterAll(async () => {
  await app?.close();
  await postgres?.remove();
});

itWith(['postgres', 'initdb'])('PostgreSQL down: 503 with Retry-After, never 500; /health/ready names it; back when it returns, nothing lost', async () => {
  postgres = await ownPostgres();
  const database = { env: { DATABASE_URL: postgres.url }, drop: async () => undefined };
  app = await startTestApp({ database });
  const { http, adminKey } = app;
  const auth = bearer(adminKey);
  const { sessionId } = (await http.post('/v1/sessions').set('Authorization', auth).send({ walletAddress: WALLET })).body;
  const acknowledged: string[] = [];
  const send = (message: string) => http.post('/v1/messages').set('Authorization', auth).send({ sessionId, message });
  for (const message of ['price of SOL', 'what can you do?']) {
    const sent = await send(message);
    expect(sent.status).toBe(200);
    acknowledged.push(message);
  }

  const ws = await WsTestClient.connect(app.url, adminKey);

  await postgres.stop();
  const [turn, history, created, graphql, price] = await Promise.all([
    send('price of JUP'),
    http.get(`/v1/messages?sessionId=${sessionId}`).set('Authorization', auth),
    http.post('/v1/sessions').set('Authorization', auth).send({ walletAddress: WALLET }),
    http.post('/graphql').set('Authorization', auth).send({ query: `{ session(id: "${sessionId}") { sessionId } }` }),
    http.get('/v1/prices/SOL').set('Authorization', auth),
  ]);
  for (const refused of [turn, history, created]) {
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('service_unavailable');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }
  expect(graphql.status).toBe(503);
  expect(graphql.headers['retry-after']).toBeDefined();
  expect(graphql.body.errors[0].extensions.code).toBe('service_unavailable');
  expect(price.status).toBe(200);
  const subscription = ws.subscribe('subscription ($sessionId: ID!) { messageAdded(sessionId: $sessionId) { content } }', { sessionId });
  expect(await subscription.receive()).toMatchObject({ payload: { errors: [{ extensions: { code: 'service_unavailable', details: { retryAfter: expect.any(Number) } } }] } });
  ws.close();
  // Still once the key is due for a check against the database: it was verified minutes ago at most.
  app.clock.advance(60_000);
  expect((await http.get('/v1/prices/SOL').set('Authorization', auth)).status).toBe(200);
  const ready = await http.get('/health/ready');
  expect(ready.status).toBe(503);
  expect(ready.body.error.details.checks).toMatchObject({ database: 'down', chain: 'up' });
  expect((await http.get('/health/live')).status).toBe(200);
  expect(app.logs.filter((line) => line.msg === 'unhandled error' || line.msg === 'graphql fault')).toEqual([]);

  await postgres.start();
  const back = Date.now();
  let answered = await send('price of BONK');
  while (answered.status !== 200 && Date.now() - back < 5_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answered = await send('price of BONK');
  }
  expect(answered.status).toBe(200);
  acknowledged.push('price of BONK');
  expect((await http.get('/health/ready')).status).toBe(200);
  const stored = await http.get(`/v1/messages?sessionId=${sessionId}&limit=100`).set('Authorization', auth);
  const userTexts = stored.body.messages.filter((m: { role: string }) => m.role === 'user').map((m: { content: string }) => m.content);
  expect(userTexts).toEqual(expect.arrayContaining(acknowledged));
}, 90_000);
