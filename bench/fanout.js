// `node bench/fanout.js [checkout]`: issue 34's fan-out attack (item 9) on the build in
// `checkout` (or BUILD_DIR; this one by default), so builds before and after the fix run the
// same attack. Parley runs as `npm start` runs it on a fresh embedded database, the admin
// account's rate limit out of the way. The admin key creates two read-only keys, which open
// every WebSocket connection they may and try to hold 2,000 messageAdded subscriptions on one
// session; it then measures one sendMessage over HTTP (median of 20 one after another) and the
// worst GET /health, polled every 50 ms, during 15 concurrent turns and until their events
// stop arriving. Figures in bench/README.md.
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { clearInterval, setInterval } = require('node:timers');
const WebSocket = require('ws');
const { ADMIN_KEY, cpuSeconds, median, startParley } = require('./support');

const CHECKOUT = path.resolve(process.argv[2] ?? process.env.BUILD_DIR ?? path.join(__dirname, '..'));
const KEYS = 2;
// More than WS_CONNECTIONS_PER_KEY's default of 50, to find the cap rather than assume it.
const CONNECTIONS_PER_KEY = 60;
const SUBSCRIPTIONS = 2000;
const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const MESSAGE = 'price of SOL';
let base;

async function graphql(query, variables) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

const sendMessage = (sessionId) =>
  graphql('mutation ($input: SendMessageInput!) { sendMessage(input: $input) { messageId } }', { input: { sessionId, message: MESSAGE } });

async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * A connection for `key`: resolves with its socket once acknowledged, or null when refused.
 * `tally` counts its subscriptions' refusals, the subscriptions that received an event, and events.
 */
function connect(key, tally) {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    socket.on('error', () => resolve(null));
    socket.on('close', () => resolve(null));
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'connection_ack') resolve(socket);
      else if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      else if (message.type === 'error' || (message.type === 'next' && message.payload.errors)) tally.refused.add(message.id);
      else if (message.type === 'next') {
        tally.heard.add(message.id);
        tally.events++;
      }
    });
  });
}

/** Waits until `count()` has not moved for 2 s (at most 60 s). */
async function settled(count) {
  for (let last = -1, quietSince = Date.now(), started = Date.now(); Date.now() - quietSince < 2000 && Date.now() - started < 60_000; ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (count() !== last) [last, quietSince] = [count(), Date.now()];
  }
}

(async () => {
  const commit = execFileSync('git', ['-C', CHECKOUT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const loadBefore = load();
  const parley = await startParley({
    root: CHECKOUT,
    env: { TIER_LIMITS: '{"enterprise":{"requestsPerMinute":1000000}}', WS_SUBSCRIPTIONS_PER_CONNECTION: '100' },
  });
  base = parley.base;
  const sockets = [];
  try {
    const { createSession } = await graphql('mutation ($input: CreateSessionInput!) { createSession(input: $input) { sessionId } }', {
      input: { walletAddress: WALLET },
    });
    const sessionId = createSession.sessionId;
    const tally = { refused: new Set(), heard: new Set(), events: 0 };
    let refusedConnections = 0;
    for (let k = 0; k < KEYS; k++) {
      const { createApiKey } = await graphql('mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { key } }', {
        input: { name: `fan-out ${k}`, scopes: ['read:messages'] },
      });
      const opened = await Promise.all(Array.from({ length: CONNECTIONS_PER_KEY }, () => connect(createApiKey.key, tally)));
      sockets.push(...opened.filter(Boolean));
      refusedConnections += opened.filter((socket) => !socket).length;
    }
    const query = 'subscription ($id: ID!) { messageAdded(sessionId: $id) { messageId role content } }';
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      sockets[i % sockets.length].send(JSON.stringify({ id: String(i), type: 'subscribe', payload: { query, variables: { id: sessionId } } }));
    }
    // A subscription is held once it hears a turn; on a loaded host admitting them takes seconds.
    for (let before = -1; tally.heard.size > before && tally.heard.size + tally.refused.size < SUBSCRIPTIONS; ) {
      before = tally.heard.size;
      await sendMessage(sessionId);
      await settled(() => tally.heard.size + tally.refused.size);
    }
    const [held, refused] = [tally.heard.size, tally.refused.size];

    const sends = [];
    for (let i = 0; i < 20; i++) sends.push(await timed(() => sendMessage(sessionId)));

    // CPU of the server and of this process (the subscribers' end) while the turns run.
    const cpuAtStart = [cpuSeconds(parley.child.pid), process.cpuUsage()];
    const health = [];
    const polls = [];
    let failedPolls = 0;
    const poll = () => timed(() => fetch(`${base}/health`).then((r) => r.arrayBuffer())).then((ms) => health.push(ms), () => failedPolls++);
    const poller = setInterval(() => polls.push(poll()), 50);
    const turns = await timed(() => Promise.all(Array.from({ length: 15 }, () => sendMessage(sessionId))));
    // The turns' events may still be on their way to the subscribers.
    await settled(() => tally.events);
    clearInterval(poller);
    await Promise.all(polls);
    const serverCpu = cpuSeconds(parley.child.pid) - cpuAtStart[0];
    const { user, system } = process.cpuUsage(cpuAtStart[1]);

    const ms = (value) => `${Math.round(value).toLocaleString('en')} ms`;
    process.stdout.write(
      '| build | connections | subscriptions held | refused | sendMessage, median of 20 | 15 concurrent turns | worst GET /health | CPU s, server / bench | load average |\n' +
        `| ${commit} | ${sockets.length} (${refusedConnections} refused) | ${held} | ${refused} | ` +
        `${ms(median(sends))} | ${ms(turns)} | ${ms(Math.max(...health))} (${health.length} polls, ${failedPolls} failed) | ${serverCpu.toFixed(1)} / ${((user + system) / 1e6).toFixed(1)} | ${loadBefore} → ${load()} |\n`,
    );
  } finally {
    for (const socket of sockets) socket.removeAllListeners('close').close();
    await parley.stop();
  }
})().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
