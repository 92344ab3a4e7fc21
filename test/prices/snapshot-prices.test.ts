import { bearer, startTestApp, type TestApp } from '../support/app';

let app: TestApp;
let key: string;
beforeAll(async () => {
  app = await startTestApp();
  key = await app.createKey(['read:prices']);
});
afterAll(() => app.close());

const price = (token: string, asKey = key) => app.http.get(`/v1/prices/${encodeURIComponent(token)}`).set('Authorization', bearer(asKey));

describe('GET /v1/prices/{token} on the bundled snapshot', () => {
  it('answers by symbol with the spec fields, dated by the snapshot', async () => {
    const response = await price('SOL');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      mint: 'So11111111111111111111111111111111111111112',
      symbol: 'SOL',
      price: expect.any(Number),
      change24h: expect.any(Number),
      volume24h: expect.any(Number),
      marketCap: expect.any(Number),
      lastUpdated: '2025-04-15T00:00:00.000Z',
      meta: expect.any(Object),
    });
    expect(response.body.price).toBeGreaterThan(0);
  });

  it('answers the same by mint, lower case and $ symbol', async () => {
    const bySymbol = (await price('BONK')).body;
    for (const text of ['DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', 'bonk', '$BONK']) {
      const { meta: _m, ...body } = (await price(text)).body;
      const { meta: _n, ...expected } = bySymbol;
      expect(body).toEqual(expected);
    }
  });

  it.each(['BONKK', 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB264', 'x'.repeat(300), "'; drop table session; --"])(
    'unknown token %s → 404 token_not_found',
    async (token) => {
      const response = await price(token);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('token_not_found');
    },
  );

  it('needs read:prices', async () => {
    const other = await app.createKey(['read:messages']);
    const response = await price('SOL', other);
    expect(response.status).toBe(403);
    expect(response.body.error.details).toEqual({ requiredScope: 'read:prices' });
  });

  it('GraphQL price and prices agree with REST', async () => {
    const rest = (await price('JUP')).body;
    const gql = await app.http
      .post('/graphql')
      .set('Authorization', bearer(key))
      .send({ query: '{ price(token: "jup") { mint symbol price change24h volume24h marketCap lastUpdated } prices(tokens: ["SOL", "USDC", "JUP"]) { symbol price } }' });
    const { meta: _meta, ...payload } = rest;
    expect(gql.body.data.price).toEqual(payload);
    expect(gql.body.data.prices.map((p: any) => p.symbol)).toEqual(['SOL', 'USDC', 'JUP']);
    const unknown = await app.http.post('/graphql').set('Authorization', bearer(key)).send({ query: '{ prices(tokens: ["SOL", "NOPE"]) { symbol } }' });
    expect(unknown.body.errors[0].extensions.code).toBe('token_not_found');
  });
});
