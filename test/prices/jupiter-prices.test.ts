import { JupiterPriceProvider } from '../../src/prices/jupiter-price-provider';
import { TokenRegistry } from '../../src/tokens/token-registry';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { TestClock } from '../support/clock';
import { startFakeJupiter, type FakeJupiter } from '../support/fake-jupiter';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';

let jupiter: FakeJupiter;
let app: TestApp;
let key: string;
const clock = new TestClock('2026-11-20T12:00:00.000Z');

beforeAll(async () => {
  jupiter = await startFakeJupiter();
  jupiter.market.set(SOL, { usdPrice: 147.48, priceChange24h: 1.29, mcap: 76_000_000_000, buyVolume: 1_500_000_000, sellVolume: 1_400_000_000 });
  jupiter.market.set(USDC, { usdPrice: 0.9999, priceChange24h: -0.003, mcap: 60_000_000_000, buyVolume: 2_000_000_000, sellVolume: 2_100_000_000 });
  jupiter.market.set(JUP, { usdPrice: 0.1424, priceChange24h: 3.5, mcap: 461_995_714.68, buyVolume: 10_000_000, sellVolume: 9_000_000 });
  app = await startTestApp({ clock, env: { PRICE_PROVIDER: 'jupiter', JUPITER_API_URL: jupiter.url, JUPITER_API_KEY: 'test-jupiter-key' } });
  key = await app.createKey(['read:prices']);
});
afterAll(async () => {
  await app.close();
  await jupiter.close();
});

describe('PRICE_PROVIDER=jupiter', () => {
  it('answers from Price API v3 and Tokens API v2', async () => {
    const response = await app.http.get('/v1/prices/SOL').set('Authorization', bearer(key));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      mint: SOL,
      symbol: 'SOL',
      price: 147.48,
      change24h: 1.29,
      volume24h: 2_900_000_000,
      marketCap: 76_000_000_000,
      lastUpdated: clock.now().toISOString(),
    });
  });

  it('prices many tokens with one call to each API, and serves them from cache while fresh', async () => {
    clock.advance(60_000);
    const before = { price: jupiter.calls.price.length, tokens: jupiter.calls.tokens.length };
    const query = '{ prices(tokens: ["SOL", "USDC", "JUP"]) { symbol price } a: price(token: "jup") { price } }';
    const response = await app.http.post('/graphql').set('Authorization', bearer(key)).send({ query });
    expect(response.body.data.prices).toEqual([
      { symbol: 'SOL', price: 147.48 },
      { symbol: 'USDC', price: 0.9999 },
      { symbol: 'JUP', price: 0.1424 },
    ]);
    expect(jupiter.calls.price.length - before.price).toBe(1);
    expect(jupiter.calls.tokens.length - before.tokens).toBe(1);
    expect(jupiter.calls.price.at(-1)!.sort()).toEqual([SOL, USDC, JUP].sort());

    await app.http.post('/graphql').set('Authorization', bearer(key)).send({ query });
    expect(jupiter.calls.price.length - before.price).toBe(1);
  });

  it('a registry token Jupiter cannot price → 404 token_not_found', async () => {
    const response = await app.http.get('/v1/prices/WEN').set('Authorization', bearer(key));
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('token_not_found');
  });
});

describe('JupiterPriceProvider cache', () => {
  const registry = TokenRegistry.bundled();
  const sol = registry.resolve('SOL', 'mainnet')!;
  const devUsdc = registry.resolve('USDC', 'devnet')!;

  it('serves stale figures at once and refreshes them in the background', async () => {
    const local = new TestClock('2026-11-20T12:00:00.000Z');
    const provider = new JupiterPriceProvider(registry, { baseUrl: jupiter.url, clock: local, freshMs: 30_000, staleMs: 600_000 });
    const calls = () => jupiter.calls.price.length;
    const start = calls();
    expect((await provider.quote([sol])).get(SOL)?.price).toBe(147.48);
    jupiter.market.get(SOL)!.usdPrice = 150;
    try {
      local.advance(31_000);
      expect((await provider.quote([sol])).get(SOL)?.price).toBe(147.48);
      // The refresh runs in the background: wait for its answer to be stored (a loaded machine may take a while).
      for (let waited = 0; waited < 5_000 && (await provider.quote([sol])).get(SOL)?.price !== 150; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(calls() - start).toBe(2);
      expect((await provider.quote([sol])).get(SOL)?.price).toBe(150);
    } finally {
      jupiter.market.get(SOL)!.usdPrice = 147.48;
    }
  });

  it('shares one upstream call between concurrent requests (single flight)', async () => {
    const provider = new JupiterPriceProvider(registry, { baseUrl: jupiter.url, clock: new TestClock() });
    const start = jupiter.calls.price.length;
    const results = await Promise.all(Array.from({ length: 10 }, () => provider.quote([sol])));
    expect(results.every((result) => result.get(SOL)?.price === 147.48)).toBe(true);
    expect(jupiter.calls.price.length - start).toBe(1);
  });

  it('prices devnet USDC as mainnet USDC', async () => {
    const provider = new JupiterPriceProvider(registry, { baseUrl: jupiter.url, clock: new TestClock() });
    expect((await provider.quote([devUsdc])).get(devUsdc.mint)?.price).toBe(0.9999);
  });

  it('with the API down: stale figures while they last, then 503 service_unavailable', async () => {
    const local = new TestClock('2026-11-20T12:00:00.000Z');
    const provider = new JupiterPriceProvider(registry, { baseUrl: jupiter.url, clock: local, freshMs: 30_000, staleMs: 600_000 });
    await provider.quote([sol]);
    jupiter.down = true;
    try {
      local.advance(60_000);
      expect((await provider.quote([sol])).get(SOL)?.price).toBe(147.48);
      local.advance(600_000);
      await expect(provider.quote([sol])).rejects.toMatchObject({ code: 'service_unavailable', status: 503 });
    } finally {
      jupiter.down = false;
    }
  });

  it('with the API down and nothing cached, the endpoint answers 503', async () => {
    jupiter.down = true;
    try {
      const response = await app.http.get('/v1/prices/RAY').set('Authorization', bearer(key));
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('service_unavailable');
    } finally {
      jupiter.down = false;
    }
  });
});
