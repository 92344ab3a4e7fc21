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
  /** The Swap API: what /swap/v1/quote answers (null: no route), and the swap transaction /swap/v1/swap returns. */
  swap: { outAmount: string; priceImpactPct: string } | null;
  swapTransaction: { swapTransaction: string; lastValidBlockHeight: number };
  calls: { price: string[][]; tokens: string[][]; quote: URLSearchParams[]; swap: unknown[] };
  close(): Promise<void>;
}

export async function startFakeJupiter(): Promise<FakeJupiter> {
  const fake = { calls: { price: [], tokens: [], quote: [], swap: [] }, market: new Map(), down: false, delayMs: 0, received: 0, swap: null } as unknown as FakeJupiter;
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
    if (url.pathname === '/swap/v1/quote') {
      fake.calls.quote.push(url.searchParams);
      if (!fake.swap) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"Could not find any route","errorCode":"COULD_NOT_FIND_ANY_ROUTE"}');
        return;
      }
      const q = url.searchParams;
      const outAmount = fake.swap.outAmount;
      const body = {
        inputMint: q.get('inputMint'),
        inAmount: q.get('amount'),
        outputMint: q.get('outputMint'),
        outAmount,
        otherAmountThreshold: String((BigInt(outAmount) * (10000n - BigInt(q.get('slippageBps')!))) / 10000n),
        swapMode: q.get('swapMode'),
        slippageBps: Number(q.get('slippageBps')),
        platformFee: null,
        priceImpactPct: fake.swap.priceImpactPct,
        routePlan: [
          {
            swapInfo: { ammKey: '5BUwFW4nRbftYTDMbgxykoFWqWHPzahFSNAaaaJtVKsq', label: 'Meteora DLMM', inputMint: q.get('inputMint'), outputMint: q.get('outputMint'), inAmount: q.get('amount'), outAmount, feeAmount: '24825', feeMint: q.get('inputMint') },
            percent: 100,
          },
        ],
        contextSlot: 299283763,
        timeTaken: 0.015257836,
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    if (url.pathname === '/swap/v1/swap' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        fake.calls.swap.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ...fake.swapTransaction, prioritizationFeeLamports: 9999, computeUnitLimit: 388876 }));
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
