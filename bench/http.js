// `npm run bench`: requests per second and latency of Parley's routes as users take them, with
// autocannon, against a bare express hello-world on the same machine as the baseline (measured
// before and after Parley's targets). Each server runs in a process of its own; 50 connections,
// 2 s of warm-up then 10 s per target. Writes bench/RESULTS.md. Last, for reference and outside
// the ratios' baseline: the hello-world on Parley's own HTTP server (see `createHttpServer`).
// The wallet is funded with six tokens, so swaps and transfers read balances, quote, build and
// simulate real transactions; messages go to one session and, spread, to 1,000 sessions.
// Targets (issue 22), as ratios to the baseline: swap ≥ 25% with p99 < 50 ms, transfers ≥ 20%
// with p99 < 60 ms, portfolio ≥ 40% with p99 < 40 ms; the bench prints which hold.
const { fork, spawn } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');
const { freshServerDatabase } = require('./server-database');

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ADMIN_KEY = `parley_live_${'B'.repeat(32)}`;
// A wallet and a recipient that are neither mints nor programs (the faucet refuses those).
const WALLET = 'Be3v757KGbR1cgdXgKtSVb3iqAwWE6AvX9LmZUJy3ZV';
const RECIPIENT = 'CZG4s9heKdUxqkuRw2Q1uLTTmmE5LidnT2BPZFD6HHez';
/** Per route: the least share of the baseline and the highest p99 (ms) issue 22 asks for. */
const TARGETS = {
  'POST /v1/messages (swap)': { share: 25, p99: 50 },
  'POST /v1/messages (swap, 1,000 sessions)': { share: 25, p99: 50 },
  'POST /v1/messages (SOL transfer)': { share: 20, p99: 60 },
  'POST /v1/messages (USDC transfer)': { share: 20, p99: 60 },
  'GET /v1/portfolio (6 tokens)': { share: 40, p99: 40 },
};

const load = (options) =>
  new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (error, result) => (error ? reject(error) : resolve(result))));

/** CPU seconds (user + system) a process has used, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * One target under load, after 2 s of warm-up (JIT, caches), with the server's CPU per
 * request: on a shared machine req/s moves with whatever else runs, CPU per request less.
 */
async function run(pid, options) {
  await expectSuccess(options);
  await load({ ...options, duration: 2 });
  const before = cpuSeconds(pid);
  const result = await load(options);
  const after = cpuSeconds(pid);
  result.cpuMicrosPerRequest = before === null || after === null ? null : Math.round((1e6 * (after - before)) / result.requests.total);
  return result;
}

/**
 * One request of the target must succeed before it is measured: a 2xx whose JSON body holds
 * no GraphQL `errors` (GraphQL answers many failures with 200, which autocannon counts as success).
 */
async function expectSuccess({ url, method = 'GET', headers, body }) {
  const response = await fetch(url, { method, headers, body });
  const payload = await response.json();
  if (!response.ok || payload.errors) throw new Error(`${method} ${url} does not succeed: ${response.status} ${JSON.stringify(payload).slice(0, 300)}`);
}

/** The nested query must return `sessions` sessions of `messages` messages each, or it measures less than it says. */
async function expectPages({ url, method, headers, body }, sessions, messages) {
  const edges = (await (await fetch(url, { method, headers, body })).json()).data.sessions.edges;
  if (edges.length !== sessions || edges.some((edge) => edge.node.messages.edges.length !== messages)) {
    throw new Error(`the nested query returned ${edges.length} sessions of ${edges.map((edge) => edge.node.messages.edges.length)} messages`);
  }
}

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** The hello-world (bench/baseline-server.js) on `port`, once it answers; `env` added to its own. */
async function startHelloWorld(port, env = {}) {
  const child = fork(path.join(__dirname, 'baseline-server.js'), { env: { ...process.env, NODE_ENV: 'production', PORT: String(port), ...env } });
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url);
  return { child, url };
}

(async () => {
  const rows = [];
  const record = (name, result) => {
    const errors = result.non2xx + result.errors + result.timeouts;
    const cpu = result.cpuMicrosPerRequest;
    rows.push({ name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpu, errors });
    console.log(
      `${name.padEnd(40)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  ` +
        `server CPU ${cpu ?? '?'} µs/request  non-2xx/errors ${errors}`,
    );
  };

  // Both servers run as deployed (the Dockerfile sets NODE_ENV=production).
  // The baseline is measured before and after Parley's targets, and the ratios are to the mean of
  // the two: this machine's speed drifts by several percent over a run.
  const baseline = await startHelloWorld(39301);
  const measureBaseline = async (when) => record(`baseline: express hello-world (${when})`, await run(baseline.child.pid, { url: baseline.url }));
  await measureBaseline('before');

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  // On a PostgreSQL server, a fresh database of the run's own.
  const server = process.env.DATABASE_URL ? await freshServerDatabase(process.env.DATABASE_URL) : null;
  // Parley runs as `npm start` runs it (its node flags included), without npm in between.
  const [, ...startArgs] = require('../package.json').scripts.start.split(' ');
  const parley = spawn(process.execPath, startArgs, {
    cwd: path.join(__dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '39302',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: server?.url ?? '',
      LOG_LEVEL: 'warn',
      PARLEY_ADMIN_KEY: ADMIN_KEY,
      TIER_LIMITS: '{"enterprise":{"requestsPerMinute":100000000,"transactionsPerDay":null}}',
    },
    stdio: 'ignore',
  });
  try {
    const base = 'http://127.0.0.1:39302';
    await waitFor(`${base}/ready`);
    const headers = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' };
    const post = (route, body) => fetch(`${base}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const createSession = async () => (await (await post('/v1/sessions', { walletAddress: WALLET })).json()).sessionId;
    for (const [token, amount] of Object.entries({ SOL: '1000000', USDC: '10000000', USDT: '1000000', JUP: '1000000', BONK: '1000000000', WIF: '1000000' })) {
      const funded = await post('/v1/dev/airdrop', { walletAddress: WALLET, token, amount });
      if (!funded.ok) throw new Error(`airdrop of ${token}: ${funded.status} ${await funded.text()}`);
    }
    // 1,000 sessions for the spread messages, made first: the nested queries read the newest.
    const many = [];
    for (let i = 0; i < 1000; i++) many.push(await createSession());
    const sessionId = await createSession();
    // The nested queries read full pages: 19 more sessions, each with 3 exchanges (6 messages).
    for (let i = 0; i < 19; i++) {
      const other = await createSession();
      for (let j = 0; j < 3; j++) await post('/v1/messages', { sessionId: other, message: 'price of SOL' });
    }
    const message = (text) => ({ url: `${base}/v1/messages`, method: 'POST', headers, body: JSON.stringify({ sessionId, message: text }) });
    record('GET /v1/prices/SOL', await run(parley.pid, { url: `${base}/v1/prices/SOL`, headers }));
    record('GET /v1/sessions/{id}', await run(parley.pid, { url: `${base}/v1/sessions/${sessionId}`, headers }));
    record('GET /v1/portfolio (6 tokens)', await run(parley.pid, { url: `${base}/v1/portfolio?walletAddress=${WALLET}`, headers }));
    record('POST /v1/messages ("price of SOL")', await run(parley.pid, message('price of SOL')));
    record('POST /v1/messages ("what is my balance")', await run(parley.pid, message('what is my balance')));
    record('POST /v1/messages (swap)', await run(parley.pid, message('swap 0.01 SOL for USDC')));
    record('POST /v1/messages (SOL transfer)', await run(parley.pid, message(`send 0.001 SOL to ${RECIPIENT}`)));
    record('POST /v1/messages (USDC transfer)', await run(parley.pid, message(`send 0.01 USDC to ${RECIPIENT}`)));
    let next = 0;
    record(
      'POST /v1/messages (swap, 1,000 sessions)',
      await run(parley.pid, {
        ...message('swap 0.01 SOL for USDC'),
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ sessionId: many[next++ % many.length], message: 'swap 0.01 SOL for USDC' }) }),
      }),
    );
    for (const sessions of [5, 20]) {
      const query = `{ sessions(first: ${sessions}) { edges { node { sessionId messageCount messages(first: 5) { edges { node { content intent { action } } } } } } } }`;
      const target = { url: `${base}/graphql`, method: 'POST', headers, body: JSON.stringify({ query }) };
      await expectPages(target, sessions, 5);
      record(`POST /graphql (${sessions} sessions × 5 messages)`, await run(parley.pid, target));
    }
  } finally {
    parley.kill('SIGTERM');
    await new Promise((resolve) => parley.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    await server?.drop();
  }
  await measureBaseline('after');
  baseline.child.kill('SIGTERM');
  // Not part of the baseline: the same hello-world on Parley's HTTP server, for reference.
  const reference = await startHelloWorld(39303, { PARLEY_SERVER: '1' });
  record("reference: the hello-world on Parley's HTTP server", await run(reference.child.pid, { url: reference.url }));
  reference.child.kill('SIGTERM');

  const baselines = rows.filter((row) => row.name.startsWith('baseline'));
  const baselineRps = baselines.reduce((sum, row) => sum + row.rps, 0) / baselines.length;
  const machine = `${os.cpus().length} × ${os.cpus()[0].model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite'}`;
  const table = rows
    .map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${((100 * r.rps) / baselineRps).toFixed(1)}% | ${r.cpu ?? '?'} | ${r.errors} |`)
    .join('\n');
  const report = `# Benchmark results\n\nMachine: ${machine}. autocannon, ${CONNECTIONS} connections, ${DURATION} s per target, server and load generator on the same machine. "of baseline" is of the mean of the two baseline runs; the reference row is the same hello-world on Parley's HTTP server (\`createHttpServer\`), not part of that baseline.\n\n| target | req/s | p50 ms | p99 ms | of baseline | server CPU µs/request | non-2xx/errors |\n|---|---|---|---|---|---|---|\n${table}\n`;
  writeFileSync(path.join(__dirname, 'RESULTS.md'), report);
  console.log(
    `\n${rows
      .map((r) => {
        const share = (100 * r.rps) / baselineRps;
        const target = TARGETS[r.name];
        const verdict = target ? (share >= target.share && r.p99 < target.p99 ? '  target met' : `  target missed (≥ ${target.share}%, p99 < ${target.p99} ms)`) : '';
        return `${r.name}: ${share.toFixed(1)}% of baseline, p99 ${r.p99} ms${verdict}`;
      })
      .join('\n')}`,
  );
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
