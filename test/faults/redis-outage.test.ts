import { bearer, startTestApp, type TestApp } from '../support/app';
import { itWith, ownRedis, type OwnServer } from '../support/processes';
import { WsTestClient, until } from '../support/ws';

/**
 * The service on a Redis of this test's own, killed (SIGKILL) while in use and started again:
 * requests keep answering (limits counted in memory on the node, live events in-process), the
 * degraded state shows in the log, /metrics and /health/ready, and the service goes back to
 * Redis by itself.
 */
const WALLET = 'Be3v757KGbR1cgdXgKtSVb3iqAwWE6AvX9LmZUJy3ZV';
let redis: OwnServer | undefined;
let app: TestApp | undefined;

afterAll(async () => {
  await app?.close();
  await redis?.remove();
});

const redisUp = async (test: TestApp) => /^parley_dependency_up\{dependency="redis"\} (\d)$/m.exec((await test.http.get('/metrics')).text)?.[1];

itWith(['redis-server'])('Redis down: requests keep answering with per-node limits and in-process events; back on Redis by itself', async () => {
  redis = await ownRedis();
  app = await startTestApp({ env: { REDIS_URL: redis.url, TIER_LIMITS: JSON.stringify({ pro: { requestsPerMinute: 5 } }) } });
  const test = app;
  const auth = bearer(test.adminKey);
  const { key: proKey } = await test.createAccount('pro');
  const { sessionId } = (await test.http.post('/v1/sessions').set('Authorization', auth).send({ walletAddress: WALLET })).body;
  expect(await redisUp(test)).toBe('1');

  await redis.stop();
  await until(async () => (await redisUp(test)) === '0');
  expect(test.logs.some((line) => line.level === 40 && /redis is unreachable/.test(String(line.msg)))).toBe(true);
  const ready = await test.http.get('/health/ready');
  expect(ready.status).toBe(503);
  expect(ready.body.error.details.checks).toMatchObject({ database: 'up', redis: 'down', chain: 'up' });

  const prices = await Promise.all(Array.from({ length: 20 }, () => test.http.get('/v1/prices/SOL').set('Authorization', auth)));
  expect(prices.map((response) => response.status)).toEqual(prices.map(() => 200));
  // The tier's limit still holds, counted in this node's memory.
  const limited = await Promise.all(Array.from({ length: 7 }, () => test.http.get('/v1/prices/SOL').set('Authorization', bearer(proKey))));
  expect(limited.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429]);

  // A subscriber on this node hears a turn stored while Redis is away.
  const ws = await WsTestClient.connect(test.url, test.adminKey);
  const subscription = ws.subscribe('subscription ($sessionId: ID!) { messageAdded(sessionId: $sessionId) { role content } }', { sessionId });
  await until(() => test.service.deps.events.listeners(`session:${sessionId}`) === 1);
  const sent = await test.http.post('/v1/messages').set('Authorization', auth).send({ sessionId, message: 'what can you do?' });
  expect(sent.status).toBe(200);
  expect(await subscription.receive()).toMatchObject({ type: 'next', payload: { data: { messageAdded: { role: 'user', content: 'what can you do?' } } } });
  expect(await subscription.receive()).toMatchObject({ type: 'next', payload: { data: { messageAdded: { role: 'agent' } } } });
  ws.close();

  await redis.start();
  await until(async () => (await redisUp(test)) === '1');
  expect((await test.http.get('/health/ready')).status).toBe(200);
  expect(test.logs.some((line) => /redis is back/.test(String(line.msg)))).toBe(true);
  expect((await test.http.get('/v1/prices/SOL').set('Authorization', auth)).status).toBe(200);
  expect(test.logs.filter((line) => line.msg === 'unhandled error' || line.msg === 'graphql fault')).toEqual([]);
}, 90_000);
