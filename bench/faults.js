// `npm run bench:faults`: how Parley fares when what it depends on fails (issue 33). Prints numbers.
//
//   PART=remote   the embedded ledger served alone (LocalLedger.serve()) behind a proxy adding
//                 40 ms to each request: JSON-RPC calls and sequential round trips per transfer and
//                 swap message, and its p50 (messages one at a time); then the node limited to
//                 NODE_RPS calls/s (429 above it, a sliding second) with SOLANA_RPC_RPS below it,
//                 16 clients sending transfers: 429s the node gave, statuses users got, % 200;
//                 then the node out of reach for 6 s: statuses meanwhile, time to the first 200.
//                 The node (ledger and proxy) runs in worker threads, as a remote node runs on
//                 its own machine: its CPU is not on Parley's event loop. Parley runs in this
//                 process (dist/), given the served ledger's pool key, so that the pool settles
//                 its swaps as the embedded one's does.
//   PART=outages  Parley (`npm start`) on a PostgreSQL and a Redis of its own (initdb, postgres,
//                 redis-server on free ports), 8 clients sending price reads and stored turns;
//                 each dependency killed (SIGKILL) for OUTAGE_S (8) s, then restarted: statuses
//                 during the outage, time from the restart (the port open again) to the first 200 of
//                 each kind (and for Redis, to parley_dependency_up 1), and acknowledged turns
//                 missing afterwards.
//   (default: both)
const { performance } = require('node:perf_hooks');
const { mkdtempSync, rmSync } = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads');
const { ADMIN_KEY, machine, percentile, startParley } = require('./support');

const PART = process.env.PART ?? 'all';
const LATENCY_MS = 40;
const NODE_RPS = Number(process.env.NODE_RPS ?? 60);
const CLIENT_RPS = Number(process.env.SOLANA_RPC_RPS ?? 50);
const OUTAGE_S = Number(process.env.OUTAGE_S ?? 8);
const NODE_OUTAGE_S = 6;
const WALLET = 'Be3v757KGbR1cgdXgKtSVb3iqAwWE6AvX9LmZUJy3ZV';
const RECIPIENT = 'CZG4s9heKdUxqkuRw2Q1uLTTmmE5LidnT2BPZFD6HHez';
const dist = (module) => require(path.join(__dirname, '..', 'dist', 'src', module));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An HTTP proxy to the node at `target` that waits LATENCY_MS before passing each request on,
 * counts JSON-RPC calls and requests, and with `limit` answers 429 (Retry-After: 1) to a batch
 * that would take the calls of the last second over it. `down(true)` drops every connection
 * (the node is out of reach) until `down(false)`.
 */
async function slowNode(target, { limit, latencyMs = LATENCY_MS } = {}) {
  const stats = { calls: 0, requests: 0, waves: 0, inFlight: 0, refused: 0 };
  const recent = [];
  let isDown = false;
  const server = http.createServer(async (req, res) => {
    if (isDown) return void req.socket.destroy();
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const parsed = JSON.parse(body.toString('utf8'));
    const calls = Array.isArray(parsed) ? parsed.length : 1;
    if (process.env.SHOW_CALLS) console.log((Array.isArray(parsed) ? parsed : [parsed]).map((call) => call.method).join(' '));
    // A request sent while none is in flight starts a new sequential round trip.
    if (stats.inFlight === 0) stats.waves++;
    stats.inFlight++;
    stats.requests++;
    if (latencyMs) await sleep(latencyMs);
    const now = Date.now();
    while (recent.length && recent[0] <= now - 1000) recent.shift();
    if (limit && recent.length + calls > limit) {
      stats.refused++;
      stats.inFlight--;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"jsonrpc":"2.0","id":null,"error":{"code":429,"message":"Too many requests"}}');
      return;
    }
    for (let i = 0; i < calls; i++) recent.push(now);
    stats.calls += calls;
    const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = await answer.text();
    stats.inFlight--;
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
  });
  server.on('connection', (socket) => isDown && socket.destroy());
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const down = (value) => {
    isDown = value;
    if (value) server.closeAllConnections();
  };
  return { url: `http://127.0.0.1:${server.address().port}`, stats, down, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Parley in this process, its mainnet on `rpcUrl`, whose swaps the served ledger's `pool` settles. */
async function inProcessParley(rpcUrl, { pool }, env = {}) {
  const { loadConfig } = dist('app/config');
  const { startService } = dist('app/start-service');
  const { createLogger } = dist('shared/logger');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-faults-'));
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PARLEY_ADMIN_KEY: ADMIN_KEY, SOLANA_RPC_URL: rpcUrl, ...env });
  const service = await startService(config, createLogger('silent'));
  service.deps.ledgers.mainnet = { pool };
  const port = await service.listen();
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const api = (base, method, route, body) =>
  fetch(`${base}${route}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });

/** Calls, sequential round trips and p50 of each kind of message, one at a time, with the node `latencyMs` away: into `rows`. */
async function messageCosts(remoteNode, latencyMs, rows) {
  const node = await remoteNode.proxy({ latencyMs });
  const parley = await inProcessParley(node.url, remoteNode);
  const session = await (await api(parley.base, 'POST', '/v1/sessions', { walletAddress: WALLET })).json();
  for (const [what, message] of [
    ['SOL transfer', `send 0.001 SOL to ${RECIPIENT}`],
    ['USDC transfer', `send 0.01 USDC to ${RECIPIENT}`],
    ['swap', 'swap 0.01 SOL for USDC'],
  ]) {
    const figures = [];
    for (let i = 0; i < 12; i++) {
      const before = await node.stats();
      const started = performance.now();
      const response = await api(parley.base, 'POST', '/v1/messages', { sessionId: session.sessionId, message });
      const ms = performance.now() - started;
      const body = await response.json();
      if (response.status !== 200 || !body.transaction) throw new Error(`${what}: ${response.status} ${JSON.stringify(body)}`);
      // The first message of a kind reads what later ones find cached (mint facts).
      const after = await node.stats();
      if (i > 1) figures.push({ calls: after.calls - before.calls, waves: after.waves - before.waves, ms });
    }
    const median = (key) => percentile(figures.map((figure) => figure[key]).sort((a, b) => a - b), 50);
    rows[what] = { ...rows[what], calls: median('calls'), waves: median('waves'), [latencyMs]: Math.round(median('ms')) };
  }
  await parley.stop();
  await node.close();
}

/**
 * The node's side, in worker threads of this file: the embedded ledger served alone with the
 * wallet funded (`ledger`), and a slow proxy to it (`proxy`) in a thread of its own, so that
 * its timers and its count of arrivals are not held up by the ledger's work. Each answers
 * requests by id: `stats`, `close`.
 */
async function nodeWorker() {
  const { role } = workerData;
  let answer;
  if (role === 'ledger') {
    const { LocalLedger } = dist('chain/local-ledger');
    const { TokenRegistry } = dist('tokens/token-registry');
    const tokens = TokenRegistry.bundled();
    const ledger = new LocalLedger('mainnet', tokens.all('mainnet'));
    for (const [symbol, amount] of [['SOL', 10n ** 15n], ['USDC', 10n ** 12n]]) ledger.airdrop(WALLET, tokens.resolve(symbol, 'mainnet'), amount);
    parentPort.postMessage({ id: 0, url: await ledger.serve(), pool: Array.from(ledger.pool.secretKey) });
    answer = async (op) => op === 'close' && (await ledger.stop());
  } else {
    const proxy = await slowNode(workerData.target, workerData.options);
    parentPort.postMessage({ id: 0, url: proxy.url });
    answer = async (op) => (op === 'stats' ? proxy.stats : op === 'down' || op === 'up' ? proxy.down(op === 'down') : await proxy.close());
  }
  parentPort.on('message', async ({ id, op }) => parentPort.postMessage({ id, result: await answer(op) }));
}

/** A worker thread of this file in `role` (nodeWorker): what it said when ready, `ask(op)` → its answer, and `close()`. */
async function roleWorker(role, data = {}) {
  const worker = new Worker(__filename, { workerData: { role, ...data } });
  const waiting = new Map();
  let nextId = 1;
  worker.on('message', (message) => {
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  const ask = (op) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, (message) => resolve(message.result));
      worker.postMessage({ id, op });
    });
  const ready = await new Promise((resolve) => waiting.set(0, resolve));
  return {
    ready,
    ask,
    async close() {
      await ask('close');
      await worker.terminate();
    },
  };
}

/** The node in worker threads: its pool's keypair, and `proxy(options)` → { url, stats(), close() }. */
async function startRemoteNode() {
  const { Keypair } = require('@solana/web3.js');
  const ledger = await roleWorker('ledger');
  return {
    pool: Keypair.fromSecretKey(Uint8Array.from(ledger.ready.pool)),
    async proxy(options) {
      const proxy = await roleWorker('proxy', { target: ledger.ready.url, options });
      return { url: proxy.ready.url, stats: () => proxy.ask('stats'), down: (value) => proxy.ask(value ? 'down' : 'up'), close: () => proxy.close() };
    },
    stop: () => ledger.close(),
  };
}

async function remote() {
  const node = await startRemoteNode();
  console.log(`\n## A remote node, ${LATENCY_MS} ms away (${machine()})\n`);
  console.log(`| message | JSON-RPC calls | sequential round trips | p50 ms, node ${LATENCY_MS} ms away | p50 ms, no delay |`);
  console.log('|---|---|---|---|---|');
  const rows = {};
  for (const latencyMs of [LATENCY_MS, 0]) await messageCosts(node, latencyMs, rows);
  for (const [what, row] of Object.entries(rows)) console.log(`| ${what} | ${row.calls} | ${row.waves} | ${row[LATENCY_MS]} | ${row[0]} |`);

  console.log(`\n## The node limited to ${NODE_RPS} calls/s (429 above), SOLANA_RPC_RPS=${CLIENT_RPS}, 16 clients sending transfers for 15 s\n`);
  const limited = await node.proxy({ limit: NODE_RPS });
  const gated = await inProcessParley(limited.url, node, { SOLANA_RPC_RPS: String(CLIENT_RPS) });
  const statuses = {};
  const until = Date.now() + 15_000;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      const { sessionId } = await (await api(gated.base, 'POST', '/v1/sessions', { walletAddress: WALLET })).json();
      while (Date.now() < until) {
        const response = await api(gated.base, 'POST', '/v1/messages', { sessionId, message: `send 0.001 SOL to ${RECIPIENT}` });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    }),
  );
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  const stats = await limited.stats();
  console.log(`429s from the node: ${stats.refused}; calls it served: ${stats.calls} (${(stats.calls / 15).toFixed(1)}/s)`);
  console.log(`statuses to users: ${JSON.stringify(statuses)}; 500s: ${statuses[500] ?? 0}; 200: ${((100 * (statuses[200] ?? 0)) / total).toFixed(1)} %`);
  await gated.stop();
  await limited.close();

  console.log(`\n## The node out of reach for ${NODE_OUTAGE_S} s (every connection dropped), 4 clients sending transfers\n`);
  const flaky = await node.proxy({ latencyMs: 0 });
  const served = await inProcessParley(flaky.url, node);
  const during = {};
  let downAt = Infinity;
  let upAt = Infinity;
  let firstOkAfter = null;
  let running = true;
  const clients = Array.from({ length: 4 }, async () => {
    const { sessionId } = await (await api(served.base, 'POST', '/v1/sessions', { walletAddress: WALLET })).json();
    while (running) {
      const sent = performance.now();
      const response = await api(served.base, 'POST', '/v1/messages', { sessionId, message: `send 0.001 SOL to ${RECIPIENT}` });
      await response.arrayBuffer();
      if (sent >= downAt && sent < upAt) {
        const key = `${response.status}${response.headers.get('retry-after') ? ' with Retry-After' : ''}`;
        during[key] = (during[key] ?? 0) + 1;
      }
      if (sent >= upAt && response.status === 200 && firstOkAfter === null) firstOkAfter = performance.now() - upAt;
    }
  });
  await sleep(2000);
  await flaky.down(true);
  downAt = performance.now();
  await sleep(NODE_OUTAGE_S * 1000);
  await flaky.down(false);
  upAt = performance.now();
  await sleep(3000);
  running = false;
  await Promise.all(clients);
  console.log(`during the outage: ${JSON.stringify(during)}; back: first 200 ${firstOkAfter === null ? 'not within 3 s' : `${Math.round(firstOkAfter)} ms`} after the node returned`);
  await served.stop();
  await flaky.close();
  await node.stop();
}

async function outages() {
  // The tests' own servers (test/support/processes.ts): initdb and postgres, redis-server, on free ports.
  require('./ts-register');
  const { ownPostgres, ownRedis } = require('../test/support/processes.ts');
  const servers = {};
  let parley;
  try {
    servers.PostgreSQL = await ownPostgres();
    servers.Redis = await ownRedis();
    parley = await startParley({ databaseUrl: servers.PostgreSQL.url, redisUrl: servers.Redis.url });
    await measureOutages(parley, servers);
  } finally {
    await parley?.stop();
    for (const server of Object.values(servers)) await server.remove();
  }
}

/** Each dependency of `servers` (OwnServer) killed in turn while 8 clients send price reads and stored turns: a row each. */
async function measureOutages(parley, servers) {
  console.log(`\n## Outages: 8 clients (4 price reads, 4 stored turns), each dependency killed for ${OUTAGE_S} s (${machine()})\n`);
  console.log('| fault | requests during the outage | statuses | % 200 | recovery (first 200 after restart) | acknowledged turns lost |');
  console.log('|---|---|---|---|---|---|');
  for (const name of ['Redis', 'PostgreSQL']) {
    const acknowledged = [];
    const sessions = await Promise.all([0, 1, 2, 3].map(async () => (await (await api(parley.base, 'POST', '/v1/sessions', { walletAddress: WALLET })).json()).sessionId));
    let phase = 'before';
    const statuses = {};
    const firstOkAfter = {};
    let restartedAt = 0;
    let stop = false;
    const record = (kind, status) => {
      if (phase === 'down') statuses[`${kind} ${status}`] = (statuses[`${kind} ${status}`] ?? 0) + 1;
      if (phase === 'after' && status === 200 && firstOkAfter[kind] === undefined) firstOkAfter[kind] = performance.now() - restartedAt;
    };
    let n = 0;
    const clients = [
      ...[0, 1, 2, 3].map(async () => {
        while (!stop) {
          const response = await api(parley.base, 'GET', '/v1/prices/SOL').catch(() => null);
          await response?.arrayBuffer();
          record('price', response?.status ?? 'refused');
        }
      }),
      ...sessions.map(async (sessionId) => {
        while (!stop) {
          const message = `what can you do? #${n++}`;
          const response = await api(parley.base, 'POST', '/v1/messages', { sessionId, message }).catch(() => null);
          await response?.arrayBuffer();
          if (response?.status === 200) acknowledged.push({ sessionId, message });
          record('turn', response?.status ?? 'refused');
        }
      }),
    ];
    await sleep(2000);
    await servers[name].stop();
    phase = 'down';
    await sleep(OUTAGE_S * 1000);
    phase = 'after';
    restartedAt = performance.now();
    await servers[name].start();
    // Redis: back on it (parley_dependency_up), not only answering (it answered throughout).
    let backOnRedis = null;
    while (name === 'Redis' && performance.now() - restartedAt < 10_000) {
      const metrics = await (await fetch(`${parley.base}/metrics`)).text();
      if (/^parley_dependency_up\{dependency="redis"\} 1$/m.test(metrics)) {
        backOnRedis = performance.now() - restartedAt;
        break;
      }
      await sleep(20);
    }
    await sleep(5000);
    stop = true;
    await Promise.all(clients);
    let lost = 0;
    for (const sessionId of sessions) {
      const stored = new Set();
      for (let cursor; ; ) {
        const page = await (await api(parley.base, 'GET', `/v1/messages?sessionId=${sessionId}&limit=100${cursor ? `&cursor=${cursor}` : ''}`)).json();
        for (const message of page.messages) stored.add(message.content);
        cursor = page.pagination.nextCursor;
        if (!cursor) break;
      }
      lost += acknowledged.filter((turn) => turn.sessionId === sessionId && !stored.has(turn.message)).length;
    }
    const total = Object.values(statuses).reduce((a, b) => a + b, 0);
    const ok = Object.entries(statuses).reduce((sum, [key, count]) => sum + (key.endsWith(' 200') ? count : 0), 0);
    const recovery = [
      ...Object.entries(firstOkAfter).map(([kind, ms]) => `${kind} ${Math.round(ms)} ms`),
      ...(name === 'Redis' ? [`back on Redis ${backOnRedis === null ? 'not within 10 s' : `${Math.round(backOnRedis)} ms`}`] : []),
    ].join(', ');
    console.log(`| ${name} down | ${total} | ${JSON.stringify(statuses)} | ${((100 * ok) / total).toFixed(1)} | ${recovery} | ${lost} of ${acknowledged.length} |`);
  }
}

(async () => {
  if (!isMainThread) return nodeWorker();
  if (PART === 'all' || PART === 'remote') await remote();
  if (PART === 'all' || PART === 'outages') await outages();
  process.exit(0);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
