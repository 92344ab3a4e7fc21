import { bearer, freshDatabase, startTestApp } from '../support/app';
import { startFakeJupiter } from '../support/fake-jupiter';

const ADMIN_KEY = `parley_live_${'S'.repeat(16)}${'4'.repeat(16)}`;
const SOL = 'So11111111111111111111111111111111111111112';
const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

describe('stopping the service', () => {
  it('lets a turn whose client has gone finish and be stored before the database closes', async () => {
    const database = await freshDatabase();
    const jupiter = await startFakeJupiter();
    jupiter.market.set(SOL, { usdPrice: 147.48, priceChange24h: 1.29, mcap: 76_000_000_000, buyVolume: 1_500_000_000, sellVolume: 1_400_000_000 });
    const env = { PARLEY_ADMIN_KEY: ADMIN_KEY, PRICE_PROVIDER: 'jupiter', JUPITER_API_URL: jupiter.url, JUPITER_API_KEY: 'test-jupiter-key' };
    try {
      const first = await startTestApp({ database, env });
      const session = await first.http.post('/v1/sessions').set('Authorization', bearer(ADMIN_KEY)).send({ walletAddress: WALLET });
      expect(session.status).toBe(200);

      // The agent waits on a slow price upstream; the client gives up meanwhile and the service is told to stop.
      jupiter.delayMs = 400;
      const client = new AbortController();
      const sent = fetch(`${first.url}/v1/messages`, {
        method: 'POST',
        headers: { authorization: bearer(ADMIN_KEY), 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId: session.body.sessionId, message: 'price of SOL' }),
        signal: client.signal,
      }).catch((error: unknown) => error);
      const before = jupiter.received;
      while (jupiter.received === before) await new Promise((resolve) => setTimeout(resolve, 10));
      client.abort();
      expect(await sent).toMatchObject({ name: 'AbortError' });
      await first.service.stop();
      expect(first.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);

      jupiter.delayMs = 0;
      const second = await startTestApp({ database, env });
      const stored = await second.http.get(`/v1/sessions/${session.body.sessionId}`).set('Authorization', bearer(ADMIN_KEY));
      expect(stored.body.messageCount).toBe(2);
      await second.close();
    } finally {
      await jupiter.close();
      await database.drop();
    }
  });
});
