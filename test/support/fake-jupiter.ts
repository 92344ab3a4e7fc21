import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Jupiter's Price API v3 and Tokens API v2, answering with bodies shaped
 * as their documentation shows (https://dev.jup.ag/api-reference/price/v3/price and
 * https://dev.jup.ag/guides/how-to-get-token-information). Counts the calls it gets.
 */
export interface FakeJupiter {
  url: string;
  /** Figures it knows, by mint. */
  market: Map<string, { usdPrice: number; priceChange24h: number; mcap: number; buyVolume: number; sellVolume: number }>;
  /** When set, every request answers 503. */
  down: boolean;
  /** When set, every answer waits this long first (a slow upstream). */
  delayMs: number;
  /** Requests received, answered or not. */
  received: number;
  /**
   * Swap API v2 `GET /swap/v2/order` (ExactIn): the output for an input amount and the price
   * impact (null: no route), and the transaction built for the taker (null: none, with
   * Jupiter's `errorMessage`). Requests without `x-api-key` get 401, as the API does.
   */
  swap: { outAmount: (inAmount: bigint) => bigint; priceImpactPct: string } | null;
  orderTransaction: ((params: URLSearchParams, outAmount: bigint) => Promise<{ transaction: string; lastValidBlockHeight?: number }>) | null;
  /** `POST /swap/v2/execute`: lands the signed transaction (null: answers Failed). */
  execute: ((signedTransaction: string) => Promise<{ signature: string }>) | null;
  calls: { price: string[][]; tokens: string[][]; order: URLSearchParams[]; execute: Array<{ signedTransaction: string; requestId: string }> };
  close(): Promise<void>;
}

export async function startFakeJupiter(): Promise<FakeJupiter> {
  const fake = { calls: { price: [], tokens: [], order: [], execute: [] }, market: new Map(), down: false, delayMs: 0, received: 0, swap: null, orderTransaction: null, execute: null } as unknown as FakeJupiter;
  const server: Server = createServer((req, res) => {
    fake.received++;
    if (fake.delayMs) setTimeout(answer, fake.delayMs, req, res);
    else answer(req, res);
  });
  function answer(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url!, 'http://localhost');
    if (fake.down) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"Service Unavailable"}');
      return;
    }
    if (url.pathname === '/price/v3') {
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      fake.calls.price.push(ids);
      const body = Object.fromEntries(
        ids
          .filter((id) => fake.market.has(id))
          .map((id) => {
            const m = fake.market.get(id)!;
            return [id, { createdAt: '2024-06-05T08:55:25.527Z', liquidity: 621679197.67, usdPrice: m.usdPrice, blockId: 348004023, decimals: 9, priceChange24h: m.priceChange24h }];
          }),
      );
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    if (url.pathname === '/swap/v2/order') {
      fake.calls.order.push(url.searchParams);
      if (!req.headers['x-api-key']) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Unauthorized: missing x-api-key"}');
        return;
      }
      if (!fake.swap) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"Failed to get quotes","errorCode":"COULD_NOT_FIND_ANY_ROUTE"}');
        return;
      }
      void order(url.searchParams, fake.swap).then((body) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
      return;
    }
    if (url.pathname === '/swap/v2/execute' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { signedTransaction: string; requestId: string };
        fake.calls.execute.push(body);
        const landed = fake.execute ? fake.execute(body.signedTransaction) : Promise.reject(new Error('no executor'));
        landed.then(
          ({ signature }) =>
            res.writeHead(200, { 'content-type': 'application/json' }).end(
              JSON.stringify({ status: 'Success', signature, slot: '348004100', code: 0, totalInputAmount: '0', totalOutputAmount: '0', swapEvents: [] }),
            ),
          (error: Error) =>
            res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'Failed', signature: null, code: -1, error: error.message })),
        );
      });
      return;
    }
    if (url.pathname === '/tokens/v2/search') {
      const ids = (url.searchParams.get('query') ?? '').split(',');
      fake.calls.tokens.push(ids);
      const body = ids
        .filter((id) => fake.market.has(id))
        .map((id) => {
          const m = fake.market.get(id)!;
          return {
            id,
            name: 'Token',
            symbol: 'TKN',
            icon: 'https://static.jup.ag/jup/icon.png',
            decimals: 6,
            isVerified: true,
            organicScore: 98.08,
            organicScoreLabel: 'high',
            usdPrice: m.usdPrice,
            mcap: m.mcap,
            holderCount: 857247,
            stats24h: { priceChange: m.priceChange24h, buyVolume: m.buyVolume, sellVolume: m.sellVolume },
            tags: ['verified'],
          };
        });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    res.writeHead(404).end();
  }
  /** An order as https://dev.jup.ag/docs/swap/order-and-execute documents it. */
  async function order(q: URLSearchParams, swap: NonNullable<FakeJupiter['swap']>) {
    const inAmount = q.get('amount')!;
    const outAmount = swap.outAmount(BigInt(inAmount)).toString();
    const slippageBps = Number(q.get('slippageBps') ?? 50);
    const built = fake.orderTransaction && q.get('taker') ? await fake.orderTransaction(q, BigInt(outAmount)) : null;
    return {
      mode: 'ultra',
      inputMint: q.get('inputMint'),
      outputMint: q.get('outputMint'),
      inAmount,
      outAmount,
      inUsdValue: 131.2,
      outUsdValue: 131.1,
      priceImpact: Number(swap.priceImpactPct) * 100,
      swapUsdValue: 131.2,
      otherAmountThreshold: String((BigInt(outAmount) * BigInt(10000 - slippageBps)) / 10000n),
      swapMode: 'ExactIn',
      slippageBps,
      priceImpactPct: swap.priceImpactPct,
      routePlan: [
        {
          swapInfo: {
            ammKey: '5BUwFW4nRbftYTDMbgxykoFWqWHPzahFSNAaaaJtVKsq',
            label: 'Meteora DLMM',
            inputMint: q.get('inputMint'),
            outputMint: q.get('outputMint'),
            inAmount,
            outAmount,
            feeAmount: '24825',
            feeMint: q.get('inputMint'),
          },
          percent: 100,
          bps: 10000,
          usdValue: 131.2,
        },
      ],
      feeMint: q.get('inputMint'),
      feeBps: 2,
      signatureFeeLamports: 5000,
      signatureFeePayer: q.get('taker'),
      prioritizationFeeLamports: 9999,
      prioritizationFeePayer: q.get('taker'),
      rentFeeLamports: 0,
      rentFeePayer: q.get('taker'),
      swapType: 'aggregator',
      router: 'iris',
      transaction: built?.transaction ?? null,
      gasless: false,
      requestId: `0196${Math.random().toString(16).slice(2, 14)}`,
      totalTime: 12,
      taker: q.get('taker'),
      ...(built?.lastValidBlockHeight !== undefined && { lastValidBlockHeight: built.lastValidBlockHeight }),
      ...(!built && { errorCode: 1, errorMessage: 'Insufficient funds' }),
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
