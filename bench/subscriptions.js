// `npm run bench:subscriptions`: the latency from sendMessage to a messageAdded subscriber
// receiving the agent's reply. Parley runs as `npm start` runs it (NODE_ENV=production) in a
// process of its own; this process holds 100 WebSocket connections (graphql-transport-ws), each
// subscribed to messageAdded of one session, and sends 1,000 messages one after another with the
// sendMessage mutation over HTTP. For each message and each subscriber it records the time from
// just before the request to the arrival of the reply. Runs on DATABASE_URL's server (a fresh
// database) with REDIS_URL's Redis when set (events through Redis pub/sub), else embedded and
// in-process. Figures in bench/README.md.
const { performance } = require('node:perf_hooks');
const WebSocket = require('ws');
const { ADMIN_KEY, machine, percentile, startParley } = require('./support');

const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 100);
const MESSAGES = Number(process.env.MESSAGES ?? 1000);
const WARM_UP = 50;
const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
// Parley's address, once it is started.
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

/** A subscriber: one connection, one messageAdded subscription; calls `onReply(messageId)` per agent reply. */
function subscriber(sessionId, onReply) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    socket.on('error', reject);
    socket.on('close', (code, reason) => reject(new Error(`closed ${code} ${reason}`)));
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${ADMIN_KEY}` } })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'connection_ack') {
        socket.send(
          JSON.stringify({
            id: '1',
            type: 'subscribe',
            payload: { query: 'subscription ($id: ID!) { messageAdded(sessionId: $id) { messageId role content } }', variables: { id: sessionId } },
          }),
        );
        resolve(socket);
      } else if (message.type === 'next') {
        const added = message.payload.data?.messageAdded;
        if (added?.role === 'agent') onReply(added.messageId);
      } else if (message.type === 'ping') {
        socket.send(JSON.stringify({ type: 'pong' }));
      }
    });
  });
}

const ms = (value) => value.toFixed(2);

(async () => {
  const parley = await startParley({
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    env: { WS_CONNECTIONS_PER_KEY: String(SUBSCRIBERS + 10) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  base = parley.base;
  const sockets = [];
  try {
    const { createSession } = await graphql('mutation ($input: CreateSessionInput!) { createSession(input: $input) { sessionId } }', {
      input: { walletAddress: WALLET },
    });
    const sessionId = createSession.sessionId;

    // Arrival times of each reply, by message id, one entry per subscriber.
    const arrivals = new Map();
    const waiting = new Map();
    const onReply = (messageId) => {
      const at = performance.now();
      const times = arrivals.get(messageId) ?? [];
      times.push(at);
      arrivals.set(messageId, times);
      if (times.length === SUBSCRIBERS) waiting.get(messageId)?.();
    };
    for (let i = 0; i < SUBSCRIBERS; i++) sockets.push(await subscriber(sessionId, onReply));
    // Subscribing has no acknowledgement of its own: a first message received by all says they listen.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const deliveries = [];
    const lastOfEach = [];
    const responses = [];
    for (let i = 0; i < WARM_UP + MESSAGES; i++) {
      const started = performance.now();
      const sent = await graphql('mutation ($input: SendMessageInput!) { sendMessage(input: $input) { messageId } }', {
        input: { sessionId, message: 'what is the price of SOL?' },
      });
      const answered = performance.now();
      const { messageId } = sent.sendMessage;
      if ((arrivals.get(messageId)?.length ?? 0) < SUBSCRIBERS) {
        await new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`message ${i}: ${arrivals.get(messageId)?.length ?? 0} of ${SUBSCRIBERS} subscribers heard it within 10 s`)), 10_000);
          waiting.set(messageId, () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      if (i < WARM_UP) continue;
      const times = arrivals.get(messageId).map((at) => at - started);
      deliveries.push(...times);
      lastOfEach.push(Math.max(...times));
      responses.push(answered - started);
      arrivals.delete(messageId);
      waiting.delete(messageId);
    }
    for (const list of [deliveries, lastOfEach, responses]) list.sort((a, b) => a - b);
    const line = (name, list) => `| ${name} | ${list.length.toLocaleString('en')} | ${ms(percentile(list, 50))} | ${ms(percentile(list, 99))} | ${ms(list.at(-1))} |`;
    const setup = `${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, events ${process.env.REDIS_URL ? 'through Redis' : 'in-process'}`;
    process.stdout.write(
      `\nsendMessage → messageAdded, ${MESSAGES.toLocaleString('en')} messages one after another, ${SUBSCRIBERS} subscribers (${setup}; ${machine()})\n\n` +
        '| measured from just before the request | samples | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|\n' +
        `${line('reply received, each subscriber', deliveries)}\n${line('reply received by all subscribers', lastOfEach)}\n${line('sendMessage answered (HTTP)', responses)}\n`,
    );
  } finally {
    for (const socket of sockets) socket.removeAllListeners('close').close();
    await parley.stop();
  }
})().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
