import { connect, createServer, type Server, type Socket } from 'node:net';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { freePort, itWith, ownPostgres, type OwnServer } from '../support/processes';

/**
 * A connection of the pool that PostgreSQL drops just as a transaction begins (the server
 * stopped or restarted, a socket reset): the request answers 503 `service_unavailable`, as for
 * any database out of reach, not 500. knex keeps a failed BEGIN's error to itself and fails the
 * transaction's next statement with a bare "Transaction query already complete"
 * (app/postgres-driver.ts); in postgres-outage.test.ts this happened only when a killed
 * server's connections closed late, under load. Here a proxy between the service and its own
 * PostgreSQL closes the connection that sends BEGIN, every time.
 */
const WALLET = 'Be3v757KGbR1cgdXgKtSVb3iqAwWE6AvX9LmZUJy3ZV';
let postgres: OwnServer | undefined;
let proxy: Server | undefined;
let app: TestApp | undefined;

afterAll(async () => {
  await app?.close();
  proxy?.close();
  await postgres?.remove();
});

/** A TCP proxy to `port` that, while armed, closes (FIN) the connection sending the next BEGIN instead of passing it on. */
async function droppingProxy(port: number): Promise<{ server: Server; url: string; dropNextBegin(): void; dropped(): number }> {
  let armed = false;
  let dropped = 0;
  const server = createServer((client: Socket) => {
    const upstream = connect(port, '127.0.0.1');
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      // A simple-protocol Query message ('Q', its length, the text): knex sends `BEGIN;` alone.
      if (armed && chunk[0] === 0x51 && chunk.subarray(5).toString().startsWith('BEGIN')) {
        armed = false;
        dropped++;
        client.end();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  const proxyPort = await freePort();
  await new Promise<void>((resolve) => server.listen(proxyPort, '127.0.0.1', resolve));
  return {
    server,
    url: `postgres://postgres@127.0.0.1:${proxyPort}/postgres`,
    dropNextBegin: () => (armed = true),
    dropped: () => dropped,
  };
}

itWith(['postgres', 'initdb'])('a connection dropped at BEGIN: 503 with Retry-After, never 500; the next request gets a new connection', async () => {
  postgres = await ownPostgres();
  const dropping = await droppingProxy(postgres.port);
  proxy = dropping.server;
  app = await startTestApp({ database: { env: { DATABASE_URL: dropping.url }, drop: async () => undefined } });
  const { http, adminKey } = app;
  const create = () => http.post('/v1/sessions').set('Authorization', bearer(adminKey)).send({ walletAddress: WALLET });
  expect((await create()).status).toBe(200);

  dropping.dropNextBegin();
  const refused = await create();
  expect(dropping.dropped()).toBe(1);
  expect(refused.status).toBe(503);
  expect(refused.body.error.code).toBe('service_unavailable');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(app.logs.filter((line) => line.msg === 'unhandled error' || line.msg === 'graphql fault')).toEqual([]);

  dropping.dropNextBegin();
  const graphql = await http
    .post('/graphql')
    .set('Authorization', bearer(adminKey))
    .send({ query: `mutation { createSession(input: { walletAddress: "${WALLET}" }) { sessionId } }` });
  expect(dropping.dropped()).toBe(2);
  expect(graphql.status).toBe(503);
  expect(graphql.body.errors[0].extensions.code).toBe('service_unavailable');

  expect((await create()).status).toBe(200);
}, 60_000);
