import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JsonRpcClient } from '../../src/chain/json-rpc';
import { LocalLedger } from '../../src/chain/local-ledger';
import { TokenRegistry } from '../../src/tokens/token-registry';
import { bearer, startTestApp } from '../support/app';

/**
 * A node that refuses (429), fails (5xx) or limits its rate: the client waits its turn under
 * SOLANA_RPC_RPS, and what it cannot get answered is 503 with the node's Retry-After.
 */
interface Node {
  url: string;
  /** What the next requests get instead of an answer: a status and headers. */
  refuse?: { status: number; headers?: Record<string, string> };
  /** At most this many calls in any second; 429 above it. */
  limit?: number;
  /** How long the nth request (from 0) takes to arrive, in ms: the network's delay before the node counts it. */
  arrival?: (n: number) => number;
  calls: number[];
  /** HTTP requests answered: one per round trip when the calls of a moment go as one batch. */
  requests: number;
  refused: number;
  close(): Promise<void>;
}

async function fakeNode(answer: (batch: Array<{ id: number; method: string }>) => unknown[]): Promise<Node> {
  const node = { calls: [] as number[], requests: 0, refused: 0 } as unknown as Node;
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const batch = Array.isArray(body) ? body : [body];
    const delay = node.arrival?.(node.requests + node.refused) ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const now = Date.now();
    const lastSecond = node.calls.filter((at) => at > now - 1000).length;
    if (node.refuse || (node.limit && lastSecond + batch.length > node.limit)) {
      node.refused++;
      const { status, headers } = node.refuse ?? { status: 429, headers: { 'retry-after': '1' } };
      return void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end('{"error":"refused"}');
    }
    node.calls.push(...batch.map(() => now));
    node.requests++;
    const answers = answer(batch);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(body) ? answers : answers[0]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  node.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return node;
}

const slots = (batch: Array<{ id: number }>) => batch.map((call) => ({ jsonrpc: '2.0', id: call.id, result: 7 }));

/** `count` getSlot calls, one every 20 ms (faster than the rate: they queue), and their answers. */
const spacedCalls = (rpc: JsonRpcClient, count: number) =>
  Promise.all(Array.from({ length: count }, (_, i) => new Promise((resolve) => setTimeout(resolve, i * 20)).then(() => rpc.call('getSlot'))));

it('429 with a Retry-After over a second: 503 service_unavailable at once, carrying it', async () => {
  const node = await fakeNode(slots);
  node.refuse = { status: 429, headers: { 'retry-after': '30' } };
  const rpc = new JsonRpcClient(node.url, { name: 'test' });
  await expect(rpc.call('getSlot')).rejects.toMatchObject({ code: 'service_unavailable', details: { retryAfter: 30 } });
  expect(node.refused).toBe(1);
  await node.close();
});

it('5xx: tried again, then 503 with a Retry-After of its own', async () => {
  const node = await fakeNode(slots);
  node.refuse = { status: 500 };
  const rpc = new JsonRpcClient(node.url, { name: 'test', attempts: 2 });
  await expect(rpc.call('getSlot')).rejects.toMatchObject({ code: 'service_unavailable', details: { retryAfter: expect.any(Number) } });
  expect(node.refused).toBe(2);
  await node.close();
});

it('a node that does not answer in time: 503 after one timeout, not sent again', async () => {
  let received = 0;
  const silent = createServer(() => void received++);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const rpc = new JsonRpcClient(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, { name: 'test', timeoutMs: 200 });
  await expect(rpc.call('getSlot')).rejects.toMatchObject({ code: 'service_unavailable', details: { retryAfter: expect.any(Number) } });
  expect(received).toBe(1);
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

it('under callsPerSecond, calls wait their turn: a node that limits somewhat above it refuses none', async () => {
  const node = await fakeNode(slots);
  node.limit = 7;
  const rpc = new JsonRpcClient(node.url, { name: 'test', callsPerSecond: 5, attempts: 1 });
  expect(await spacedCalls(rpc, 12)).toEqual(Array.from({ length: 12 }, () => 7));
  expect(node.refused).toBe(0);
  await node.close();
});

it('under callsPerSecond, a node that limits at that very rate refuses none, however long each call takes to arrive', async () => {
  const node = await fakeNode(slots);
  node.limit = 5;
  // Every fifth call is held up on the way, so it arrives late in the second where the next calls arrive early.
  node.arrival = (n) => (n % 5 === 0 ? 150 : 0);
  const rpc = new JsonRpcClient(node.url, { name: 'test', callsPerSecond: 5, attempts: 1 });
  expect(await spacedCalls(rpc, 16)).toEqual(Array.from({ length: 16 }, () => 7));
  expect(node.refused).toBe(0);
  await node.close();
});

it('through the service: a node refusing with 429 answers users 503 with its Retry-After, never 500', async () => {
  const ledger = new LocalLedger('mainnet', TokenRegistry.bundled().all('mainnet'));
  const node = await fakeNode((batch) => ledger.answer(batch as never));
  const app = await startTestApp({ env: { SOLANA_RPC_URL: node.url } });
  try {
    node.refuse = { status: 429, headers: { 'retry-after': '12' } };
    const portfolio = await app.http.get('/v1/portfolio?walletAddress=Be3v757KGbR1cgdXgKtSVb3iqAwWE6AvX9LmZUJy3ZV').set('Authorization', bearer(app.adminKey));
    expect(portfolio.status).toBe(503);
    expect(portfolio.headers['retry-after']).toBe('12');
    expect(portfolio.body.error).toMatchObject({ code: 'service_unavailable', details: { retryAfter: 12 } });
    const ready = await app.http.get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.error.details.checks).toMatchObject({ chain: 'down' });
    node.refuse = undefined;
    expect((await app.http.get('/v1/portfolio?walletAddress=Be3v757KGbR1cgdXgKtSVb3iqAwWE6AvX9LmZUJy3ZV').set('Authorization', bearer(app.adminKey))).status).toBe(200);
  } finally {
    await app.close();
    await node.close();
  }
});

it('through the service: a transfer of an exact amount reads the balances and simulates in one round trip of at most 4 calls; a balance too low is said in words', async () => {
  const tokens = TokenRegistry.bundled();
  const ledger = new LocalLedger('mainnet', tokens.all('mainnet'));
  const wallet = 'Be3v757KGbR1cgdXgKtSVb3iqAwWE6AvX9LmZUJy3ZV';
  ledger.airdrop(wallet, tokens.resolve('SOL', 'mainnet')!, 5_000_000_000n);
  ledger.airdrop(wallet, tokens.resolve('USDC', 'mainnet')!, 50_000_000n);
  const node = await fakeNode((batch) => ledger.answer(batch as never));
  const app = await startTestApp({ env: { SOLANA_RPC_URL: node.url } });
  try {
    const session = await app.http.post('/v1/sessions').set('Authorization', bearer(app.adminKey)).send({ walletAddress: wallet });
    const send = (message: string) => app.http.post('/v1/messages').set('Authorization', bearer(app.adminKey)).send({ sessionId: session.body.sessionId, message });
    const messages = ['send 0.25 SOL to CZG4s9heKdUxqkuRw2Q1uLTTmmE5LidnT2BPZFD6HHez', 'send 3 USDC to CZG4s9heKdUxqkuRw2Q1uLTTmmE5LidnT2BPZFD6HHez'];
    // The first of each reads what later ones find kept: the mints' facts and the blockhash.
    for (const message of messages) expect((await send(message)).status).toBe(200);
    for (const message of messages) {
      const [requests, calls] = [node.requests, node.calls.length];
      const answer = await send(message);
      expect(answer.status).toBe(200);
      expect(answer.body.transaction.serializedTransaction).toEqual(expect.any(String));
      expect({ message, requests: node.requests - requests, calls: node.calls.length - calls }).toEqual({ message, requests: 1, calls: expect.any(Number) });
      expect(node.calls.length - calls).toBeLessThanOrEqual(4);
    }
    const short = await send('send 80 USDC to CZG4s9heKdUxqkuRw2Q1uLTTmmE5LidnT2BPZFD6HHez');
    expect(short.status).toBe(422);
    expect(short.body.error.details.reason).toBe('That needs 80 USDC but the wallet holds 50 USDC.');
  } finally {
    await app.close();
    await node.close();
  }
});
