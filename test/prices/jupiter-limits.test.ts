import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JupiterPriceProvider } from '../../src/prices/jupiter-price-provider';
import { RateGate } from '../../src/shared/rate-gate';
import { TokenRegistry } from '../../src/tokens/token-registry';
import { TestClock } from '../support/clock';

/** Jupiter refusing (429) or failing (5xx), and calls held under JUPITER_RPS. */
let server: Server;
let url: string;
let answer: { status: number; headers?: Record<string, string> } = { status: 200 };
const received: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(Date.now());
    // Price API v3 answers an object by mint, Tokens API v2 an array (here: nothing known).
    const empty = req.url!.startsWith('/tokens') ? '[]' : '{}';
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.status === 200 ? empty : '{"error":"no"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});
beforeEach(() => void received.splice(0));

const registry = TokenRegistry.bundled();
const sol = registry.resolve('SOL', 'mainnet')!;
const provider = (gate?: RateGate) => new JupiterPriceProvider(registry, { baseUrl: url, apiKey: 'k', clock: new TestClock(), gate });

it.each([
  [429, { 'retry-after': '9' }, 9],
  [503, { 'retry-after': 'Thu, 01 Jan 2099 00:00:00 GMT' }, expect.any(Number)],
  [500, {}, 2],
])('Jupiter answering %s: 503 service_unavailable with its Retry-After, or our own', async (status, headers, retryAfter) => {
  answer = { status, headers };
  await expect(provider().quote([sol])).rejects.toMatchObject({ code: 'service_unavailable', details: { retryAfter } });
});

it('JUPITER_RPS: calls wait their turn, 1/rate apart, rather than fail', async () => {
  answer = { status: 200 };
  const gated = provider(new RateGate(4, 'Jupiter'));
  // Each read of a token not cached is two calls (prices and token facts).
  await gated.quote([sol]);
  await gated.quote([registry.resolve('USDC', 'mainnet')!]);
  expect(received).toHaveLength(4);
  const gaps = received.slice(1).map((at, i) => at - received[i]);
  // 250 ms apart when sent; the server may read them a little closer.
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(150);
});
