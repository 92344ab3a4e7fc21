import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Keypair, Transaction } from '@solana/web3.js';
import { Redis } from 'ioredis';
import { randomBase62 } from '../../src/shared/ids';
import { freshDatabase, type TestDatabase } from '../support/app';
import { WsTestClient, until } from '../support/ws';

/**
 * Two service processes on one PostgreSQL and one Redis (CI's second run sets DATABASE_URL and
 * REDIS_URL): a subscriber on one node hears what is sent through the other. Each node is
 * `node dist/src/app/main.js`, as `npm start` runs it. Skipped without both servers.
 */
const root = path.join(__dirname, '..', '..');
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const sharedIt = shared ? it : it.skip;
if (!shared) console.warn('DATABASE_URL and REDIS_URL are not both set: the two-node subscription test is skipped');

interface Node {
  process: ChildProcess;
  url: string;
  output: () => string;
}

const adminKey = `parley_live_${randomBase62(32)}`;
let database: TestDatabase | undefined;
const nodes: Node[] = [];
let redis: Redis | undefined;

async function startNode(env: Record<string, string>): Promise<Node> {
  const child = spawn(process.execPath, [path.join(root, 'dist/src/app/main.js')], {
    cwd: root,
    env: { PATH: process.env.PATH!, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', PARLEY_ADMIN_KEY: adminKey, REDIS_URL: process.env.REDIS_URL! },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`node did not start within 60 s:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const port = /"port":(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(Number(port));
      }
    });
    child.once('exit', (code) => reject(new Error(`node exited with ${code}:\n${output}`)));
  });
  const node = { process: child, url: `http://127.0.0.1:${port}`, output: () => output };
  nodes.push(node);
  return node;
}

beforeAll(async () => {
  if (!shared) return;
  execFileSync('node', [path.join(root, 'scripts/ensure-build.js')], { stdio: 'ignore' });
  database = await freshDatabase();
  // One after the other: the first migrates the new database.
  await startNode(database.env);
  await startNode(database.env);
  redis = new Redis(process.env.REDIS_URL!);
}, 180_000);

afterAll(async () => {
  for (const node of nodes) {
    node.process.kill('SIGTERM');
    await new Promise((resolve) => (node.process.exitCode === null ? node.process.once('exit', resolve) : resolve(null)));
  }
  redis?.disconnect();
  await database?.drop();
}, 60_000);

async function call(node: Node, method: string, url: string, body?: unknown) {
  const response = await fetch(`${node.url}${url}`, {
    method,
    headers: { Authorization: `Bearer ${adminKey}`, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Subscribers of a topic across every node, as Redis counts them. */
const subscribers = async (topic: string) => ((await redis!.pubsub('NUMSUB', `parley:live:${topic}`)) as [string, number])[1];

sharedIt('a subscriber on one node hears the messages sent through the other, once each, in order', async () => {
  const [a, b] = nodes;
  const wallet = Keypair.generate();
  const session = await call(b, 'POST', '/v1/sessions', { walletAddress: wallet.publicKey.toBase58() });
  expect(session.status).toBe(200);
  const client = await WsTestClient.connect(a.url, adminKey);
  try {
    const subscription = client.subscribe('subscription ($id: ID!) { messageAdded(sessionId: $id) { messageId role content } }', { id: session.body.sessionId });
    await until(async () => (await subscribers(`session:${session.body.sessionId}`)) === 1, 5_000, 'the subscription on node A');
    const sent = await call(b, 'POST', '/v1/messages', { sessionId: session.body.sessionId, message: 'what is the price of SOL?' });
    expect(sent.status).toBe(200);
    const received = [await subscription.receive(), await subscription.receive()].map((m) => m.payload.data.messageAdded);
    expect(received).toEqual([
      { messageId: expect.stringMatching(/^msg_/), role: 'user', content: 'what is the price of SOL?' },
      { messageId: sent.body.messageId, role: 'agent', content: sent.body.response },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(subscription.pending()).toEqual([]);
  } finally {
    client.close();
  }
});

sharedIt('a transaction submitted through one node: the subscriber on the other hears built, submitted, confirmed', async () => {
  const [a, b] = nodes;
  const wallet = Keypair.generate();
  // Each node has its own embedded ledger: the transaction is built, signed and sent on B's.
  expect((await call(b, 'POST', '/v1/dev/airdrop', { walletAddress: wallet.publicKey.toBase58(), token: 'SOL', amount: '2' })).status).toBe(200);
  const session = await call(b, 'POST', '/v1/sessions', { walletAddress: wallet.publicKey.toBase58() });
  const built = await call(b, 'POST', '/v1/messages', { sessionId: session.body.sessionId, message: `send 0.5 SOL to ${Keypair.generate().publicKey.toBase58()}` });
  expect(built.status).toBe(200);
  const { transactionId, serializedTransaction } = built.body.transaction;
  const client = await WsTestClient.connect(a.url, adminKey);
  try {
    const subscription = client.subscribe('subscription ($id: ID!) { transactionUpdated(transactionId: $id) { status } }', { id: transactionId });
    expect((await subscription.receive()).payload.data.transactionUpdated.status).toBe('built');
    const tx = Transaction.from(Buffer.from(serializedTransaction, 'base64'));
    tx.sign(wallet);
    const submitted = await call(b, 'POST', `/v1/transactions/${transactionId}/submit`, { signedTransaction: tx.serialize().toString('base64') });
    expect(submitted.status).toBe(200);
    const statuses: string[] = [];
    for (let message = await subscription.receive(); message.type === 'next'; message = await subscription.receive()) {
      statuses.push(message.payload.data.transactionUpdated.status);
    }
    expect(statuses).toEqual(['submitted', 'confirmed']);
  } finally {
    client.close();
  }
});
