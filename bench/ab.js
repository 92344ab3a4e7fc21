// `npm run bench:ab -- DIR_A DIR_B`: two builds of Parley (two checkouts, each built with
// `npm run build`) side by side on the embedded defaults, each funded as `bench/http.js` funds
// its wallet, measured on the routes users take in alternating rounds (A then B, then B then
// A, …), so the host's drift and other work weigh on both alike. Per route it prints each
// round's server CPU per request and req/s of both builds, then the median of the paired
// ratios (B ÷ A, same round) with their range: the range is the noise. `DIR_A DIR_A` (the same
// build twice) measures the noise alone.
//
//   ROUTES    which routes, comma-separated (default: swap,transfer,portfolio,price)
//   ROUNDS    rounds per route (6)
//   SECONDS   seconds measured per route, build and round, after 1 s of warm-up (4)
const path = require('node:path');
const autocannon = require('autocannon');
const { ADMIN_KEY, cpuSeconds, machine, median, startParley } = require('./support');

const CONNECTIONS = 20;
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const SECONDS = Number(process.env.SECONDS ?? 4);
const WALLET = 'Be3v757KGbR1cgdXgKtSVb3iqAwWE6AvX9LmZUJy3ZV';
const RECIPIENT = 'CZG4s9heKdUxqkuRw2Q1uLTTmmE5LidnT2BPZFD6HHez';
const FUNDS = { SOL: '1000000', USDC: '10000000', USDT: '1000000', JUP: '1000000', BONK: '1000000000', WIF: '1000000' };
const headers = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' };

/** The routes, by the name ROUTES gives them: the request each sends, given a funded Parley and its session. */
const ROUTES = {
  swap: (base, sessionId) => message(base, sessionId, 'swap 0.01 SOL for USDC'),
  transfer: (base, sessionId) => message(base, sessionId, `send 0.001 SOL to ${RECIPIENT}`),
  portfolio: (base) => ({ url: `${base}/v1/portfolio?walletAddress=${WALLET}`, headers }),
  price: (base, sessionId) => message(base, sessionId, 'price of SOL'),
};

const message = (base, sessionId, text) => ({ url: `${base}/v1/messages`, method: 'POST', headers, body: JSON.stringify({ sessionId, message: text }) });

const load = (options, duration) =>
  new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, duration, ...options }, (error, result) => (error ? reject(error) : resolve(result))));

/** A started Parley from checkout `dir`, funded, with a session: its targets by route name. */
async function start(dir) {
  const parley = await startParley({ root: path.resolve(dir) });
  const post = (route, body) => fetch(`${parley.base}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
  for (const [token, amount] of Object.entries(FUNDS)) {
    const funded = await post('/v1/dev/airdrop', { walletAddress: WALLET, token, amount });
    if (!funded.ok) throw new Error(`airdrop of ${token}: ${funded.status} ${await funded.text()}`);
  }
  const { sessionId } = await (await post('/v1/sessions', { walletAddress: WALLET })).json();
  const targets = Object.fromEntries(Object.entries(ROUTES).map(([name, target]) => [name, target(parley.base, sessionId)]));
  return { parley, targets };
}

/** One measurement: req/s and the server's CPU per request (µs), after a second of warm-up; throws on a failed request. */
async function measure(server, route) {
  const target = server.targets[route];
  const first = await fetch(target.url, target);
  if (!first.ok) throw new Error(`${route}: ${first.status} ${(await first.text()).slice(0, 300)}`);
  await load(target, 1);
  const before = cpuSeconds(server.parley.child.pid);
  const result = await load(target, SECONDS);
  const after = cpuSeconds(server.parley.child.pid);
  if (result.non2xx + result.errors > 0) throw new Error(`${route}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, cpu: (1e6 * (after - before)) / result.requests.total };
}

const percent = (ratio) => `${ratio >= 1 ? '+' : ''}${(100 * (ratio - 1)).toFixed(1)}%`;

(async () => {
  const [dirA, dirB] = process.argv.slice(2);
  if (!dirA || !dirB) throw new Error('usage: npm run bench:ab -- DIR_A DIR_B');
  const routes = (process.env.ROUTES ?? Object.keys(ROUTES).join(',')).split(',');
  for (const route of routes) if (!ROUTES[route]) throw new Error(`unknown route ${route}: one of ${Object.keys(ROUTES).join(', ')}`);
  console.log(`${machine()}\nA: ${dirA}\nB: ${dirB}\n${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per route and build, alternating\n`);
  const servers = {};
  try {
    servers.A = await start(dirA);
    servers.B = await start(dirB);
    for (const route of routes) {
      const ratios = [];
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 ? ['B', 'A'] : ['A', 'B'];
        const figures = {};
        for (const build of order) figures[build] = await measure(servers[build], route);
        ratios.push({ cpu: figures.B.cpu / figures.A.cpu, rps: figures.B.rps / figures.A.rps });
        console.log(
          `${route} round ${round + 1}: A ${figures.A.rps.toFixed(0)} req/s ${figures.A.cpu.toFixed(0)} µs, B ${figures.B.rps.toFixed(0)} req/s ${figures.B.cpu.toFixed(0)} µs`,
        );
      }
      const summary = (key) => {
        const values = ratios.map((ratio) => ratio[key]);
        return `${percent(median(values))} (rounds ${percent(Math.min(...values))} to ${percent(Math.max(...values))})`;
      };
      console.log(`${route}: B against A, CPU per request ${summary('cpu')}, req/s ${summary('rps')}\n`);
    }
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.parley.stop()));
  }
  console.log(machine());
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
