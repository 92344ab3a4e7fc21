import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Keypair, Transaction } from '@solana/web3.js';
import { buildSchema, parse, validate } from 'graphql';
import { sessionTopic } from '../../src/live/live-events';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { until, WsTestClient } from '../support/ws';

/**
 * GraphQL subscriptions over WebSocket (graphql-transport-ws at /graphql): authentication in
 * connection_init, scopes and account scoping as for queries, messageAdded and
 * transactionUpdated, and the limits on connections and subscriptions.
 */
let app: TestApp;
let key: string;
const owner = Keypair.generate();
let sessionId: string;
const open: WsTestClient[] = [];

beforeAll(async () => {
  app = await startTestApp({ env: { WS_CONNECTIONS_PER_KEY: '3', WS_SUBSCRIPTIONS_PER_CONNECTION: '2' } });
  key = await app.createKey(['write:sessions', 'write:messages', 'read:messages', 'read:portfolio']);
  await app.fund(owner.publicKey.toBase58(), { SOL: '5', USDC: '100' });
  sessionId = await newSession(key);
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(() => app.close());

async function newSession(asKey: string, wallet = owner.publicKey.toBase58()): Promise<string> {
  const response = await app.http.post('/v1/sessions').set('Authorization', bearer(asKey)).send({ walletAddress: wallet });
  expect(response.status).toBe(200);
  return response.body.sessionId;
}

async function connect(asKey = key): Promise<WsTestClient> {
  const client = await WsTestClient.connect(app.url, asKey);
  open.push(client);
  return client;
}

const say = async (message: string, session = sessionId) => {
  const response = await app.http.post('/v1/messages').set('Authorization', bearer(key)).send({ sessionId: session, message });
  expect(response.status).toBe(200);
  return response.body;
};

const MESSAGE_ADDED = `subscription ($sessionId: ID!) { messageAdded(sessionId: $sessionId) { messageId role content timestamp intent { action } transaction { transactionId type } } }`;
const TRANSACTION_UPDATED = `subscription ($id: ID!) { transactionUpdated(transactionId: $id) { transactionId status signature error } }`;

/** Waits until the server listens on the topic (subscribing has no acknowledgement of its own in the protocol). */
const listening = (topic: string, count = 1) => until(() => app.service.deps.events.listeners(topic) >= count, 5_000, `${count} listener(s) of ${topic}`);

describe('connection_init', () => {
  it.each([
    ['no payload', {}],
    ['no authorization', { foo: 'bar' }],
    ['not Bearer', { authorization: 'Basic abc' }],
    ['a malformed key', { authorization: 'Bearer nope' }],
    ['an unknown key', { authorization: `Bearer parley_live_${'a'.repeat(32)}` }],
    ['a non-string authorization', { authorization: 42 }],
  ])('with %s closes the socket with 4403', async (_name, payload) => {
    const client = await WsTestClient.open(app.url, payload);
    expect((await client.closed).code).toBe(4403);
  });

  it('with a revoked key closes with 4403', async () => {
    const revokedKey = await app.createKey(['read:messages']);
    const keys = (await app.http.get('/v1/keys').set('Authorization', bearer(app.adminKey))).body.keys as Array<{ keyId: string; name: string }>;
    const keyId = keys.find((k) => k.name === 'test key read:messages')!.keyId;
    expect((await app.http.delete(`/v1/keys/${keyId}`).set('Authorization', bearer(app.adminKey))).status).toBe(200);
    const client = await WsTestClient.open(app.url, { authorization: `Bearer ${revokedKey}` });
    expect((await client.closed).code).toBe(4403);
  });

  it('never sent: closed with 4408 after 3 s', async () => {
    const client = await WsTestClient.open(app.url);
    expect((await client.closed).code).toBe(4408);
  });

  it('with a valid key is acknowledged', async () => {
    const client = await connect();
    expect(await client.acked).toEqual({ type: 'connection_ack' });
  });

  it('a WebSocket on another path is refused with a JSON 404', async () => {
    const WebSocket = (await import('ws')).default;
    const socket = new WebSocket(`${app.url.replace('http', 'ws')}/v1/sessions`, 'graphql-transport-ws');
    const status = await new Promise<number>((resolve) => socket.on('unexpected-response', (_req, res) => resolve(res.statusCode!)));
    expect(status).toBe(404);
  });
});

describe('messageAdded', () => {
  it('pushes the user message then the reply, once each, in order', async () => {
    const client = await connect();
    const subscription = client.subscribe(MESSAGE_ADDED, { sessionId });
    await listening(sessionTopic(sessionId));
    const sent = await say('what is the price of SOL?');
    const first = await subscription.receive();
    const second = await subscription.receive();
    expect(first).toMatchObject({ type: 'next', payload: { data: { messageAdded: { role: 'user', content: 'what is the price of SOL?', intent: { action: 'query' } } } } });
    expect(second).toMatchObject({ type: 'next', payload: { data: { messageAdded: { messageId: sent.messageId, role: 'agent', content: sent.response, intent: null } } } });
    await say('what is my portfolio worth?');
    const more = [await subscription.receive(), await subscription.receive()].map((m) => m.payload.data.messageAdded.role);
    expect(more).toEqual(['user', 'agent']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(subscription.pending()).toEqual([]);
    // Its history agrees: the same four messages, in the same order.
    const history = await app.http.get(`/v1/messages?sessionId=${sessionId}`).set('Authorization', bearer(key));
    expect(history.body.messages.slice(-2).map((m: any) => m.role)).toEqual(['user', 'agent']);
  });

  it('pushes a reply that built a transaction with its transaction', async () => {
    const client = await connect();
    const session = await newSession(key);
    const subscription = client.subscribe(MESSAGE_ADDED, { sessionId: session });
    await listening(sessionTopic(session));
    const sent = await say(`send 1 USDC to ${Keypair.generate().publicKey.toBase58()}`, session);
    await subscription.receive();
    const reply = await subscription.receive();
    expect(reply.payload.data.messageAdded.transaction).toEqual({ transactionId: sent.transaction.transactionId, type: 'transfer' });
  });

  it("another account's session is session_not_found, as for a query; no event reaches it", async () => {
    const other = await app.createAccount('pro');
    const client = await connect(other.key);
    const subscription = client.subscribe(MESSAGE_ADDED, { sessionId });
    const refused = await subscription.receive();
    expect(refused).toMatchObject({ type: 'next', payload: { errors: [{ extensions: { code: 'session_not_found' } }] } });
    expect(await subscription.receive()).toEqual({ id: subscription.id, type: 'complete' });
    expect(app.service.deps.events.listeners(sessionTopic(sessionId))).toBe(0);
  });

  it('an unknown session is session_not_found', async () => {
    const client = await connect();
    const refused = await client.subscribe(MESSAGE_ADDED, { sessionId: 'session_nope' }).receive();
    expect(refused.payload.errors[0].extensions.code).toBe('session_not_found');
  });

  it('a key without read:messages is forbidden', async () => {
    const writer = await app.createKey(['write:messages']);
    const client = await connect(writer);
    const refused = await client.subscribe(MESSAGE_ADDED, { sessionId }).receive();
    expect(refused.payload.errors[0].extensions).toEqual({ code: 'forbidden', details: { requiredScope: 'read:messages' } });
  });

  it('complete from the client stops listening', async () => {
    const client = await connect();
    const session = await newSession(key);
    const subscription = client.subscribe(MESSAGE_ADDED, { sessionId: session });
    await listening(sessionTopic(session));
    subscription.complete();
    await until(() => app.service.deps.events.listeners(sessionTopic(session)) === 0, 5_000, 'the listener to stop');
  });

  it('a closed socket stops listening', async () => {
    const client = await connect();
    const session = await newSession(key);
    client.subscribe(MESSAGE_ADDED, { sessionId: session });
    await listening(sessionTopic(session));
    client.close();
    await until(() => app.service.deps.events.listeners(sessionTopic(session)) === 0, 5_000, 'the listener to stop');
  });
});

describe('transactionUpdated', () => {
  const signed = (serialized: string) => {
    const tx = Transaction.from(Buffer.from(serialized, 'base64'));
    tx.sign(owner);
    return tx.serialize().toString('base64');
  };

  it('sends the status as it stands, then each change until confirmed, then completes', async () => {
    const { transaction } = await say(`send 2 USDC to ${Keypair.generate().publicKey.toBase58()}`);
    const client = await connect();
    const subscription = client.subscribe(TRANSACTION_UPDATED, { id: transaction.transactionId });
    const first = await subscription.receive();
    expect(first.payload.data.transactionUpdated).toMatchObject({ transactionId: transaction.transactionId, status: 'built', signature: null });
    const submitted = await app.http
      .post(`/v1/transactions/${transaction.transactionId}/submit`)
      .set('Authorization', bearer(key))
      .send({ signedTransaction: signed(transaction.serializedTransaction) });
    expect(submitted.status).toBe(200);
    const statuses: string[] = [];
    for (;;) {
      const message = await subscription.receive();
      if (message.type === 'complete') break;
      statuses.push(message.payload.data.transactionUpdated.status);
    }
    expect(statuses).toEqual(['submitted', 'confirmed']);
  });

  it('of a transaction already final: its status, then complete', async () => {
    const { transaction } = await say(`send 1 USDC to ${Keypair.generate().publicKey.toBase58()}`);
    await app.http
      .post(`/v1/transactions/${transaction.transactionId}/submit`)
      .set('Authorization', bearer(key))
      .send({ signedTransaction: signed(transaction.serializedTransaction) });
    const client = await connect();
    const subscription = client.subscribe(TRANSACTION_UPDATED, { id: transaction.transactionId });
    expect((await subscription.receive()).payload.data.transactionUpdated.status).toBe('confirmed');
    expect((await subscription.receive()).type).toBe('complete');
  });

  it("another account's transaction is transaction_not_found", async () => {
    const { transaction } = await say(`send 1 USDC to ${Keypair.generate().publicKey.toBase58()}`);
    const other = await app.createAccount('pro');
    const client = await connect(other.key);
    const refused = await client.subscribe(TRANSACTION_UPDATED, { id: transaction.transactionId }).receive();
    expect(refused.payload.errors[0].extensions.code).toBe('transaction_not_found');
  });

  it("a test key cannot follow a mainnet transaction: forbidden", async () => {
    const { transaction } = await say(`send 1 USDC to ${Keypair.generate().publicKey.toBase58()}`);
    const client = await connect(await app.createKey(['read:messages'], { environment: 'test' }));
    const refused = await client.subscribe(TRANSACTION_UPDATED, { id: transaction.transactionId }).receive();
    expect(refused.payload.errors[0].extensions).toMatchObject({ code: 'forbidden', details: { requiredEnvironment: 'live' } });
  });
});

describe('documents', () => {
  it('a query over WebSocket is refused: queries and mutations go by HTTP', async () => {
    const client = await connect();
    const refused = await client.subscribe('{ usage { tier } }').receive();
    expect(refused).toMatchObject({ type: 'error', payload: [{ extensions: { code: 'validation_error' } }] });
    expect(refused.payload[0].message).toMatch(/POST \/graphql/);
  });

  it('a document that does not parse or validate is a validation_error; the connection stays', async () => {
    const client = await connect();
    expect((await client.subscribe('subscription {').receive()).payload[0].extensions.code).toBe('validation_error');
    expect((await client.subscribe('subscription { nope }').receive()).payload[0].extensions.code).toBe('validation_error');
    expect((await client.subscribe(MESSAGE_ADDED, { sessionId: { id: 5 } }).receive()).payload.errors[0].extensions.code).toBe('validation_error');
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it('a message that is not JSON closes with 4400', async () => {
    const client = await connect();
    client.socket.send('{nope');
    expect((await client.closed).code).toBe(4400);
  });
});

describe('limits', () => {
  it('a key may hold WS_CONNECTIONS_PER_KEY connections; the next closes with 4429 until one closes', async () => {
    const limited = await app.createKey(['read:messages']);
    const clients = [await connect(limited), await connect(limited), await connect(limited)];
    const refused = await WsTestClient.open(app.url, { authorization: `Bearer ${limited}` });
    expect(await refused.closed).toEqual({ code: 4429, reason: 'Too many connections for this API key: at most 3 at once' });
    clients[0].close();
    await clients[0].closed;
    await until(async () => {
      const retry = await WsTestClient.open(app.url, { authorization: `Bearer ${limited}` });
      open.push(retry);
      return Promise.race([retry.acked.then(() => true), retry.closed.then(() => false)]);
    });
  });

  it('connections opened at once with one key: exactly WS_CONNECTIONS_PER_KEY are admitted', async () => {
    const limited = await app.createKey(['read:messages']);
    const clients = await Promise.all(Array.from({ length: 8 }, () => WsTestClient.open(app.url, { authorization: `Bearer ${limited}` })));
    open.push(...clients);
    const outcomes = await Promise.all(clients.map((client) => Promise.race([client.acked.then(() => 'ack'), client.closed.then((c) => String(c.code))])));
    expect(outcomes.sort()).toEqual(['4429', '4429', '4429', '4429', '4429', 'ack', 'ack', 'ack']);
  });

  it('a connection may hold WS_SUBSCRIPTIONS_PER_CONNECTION subscriptions; the next is rate_limit_exceeded', async () => {
    const client = await connect();
    const sessions = [await newSession(key), await newSession(key), await newSession(key)];
    client.subscribe(MESSAGE_ADDED, { sessionId: sessions[0] });
    client.subscribe(MESSAGE_ADDED, { sessionId: sessions[1] });
    await listening(sessionTopic(sessions[1]));
    const third = await client.subscribe(MESSAGE_ADDED, { sessionId: sessions[2] }).receive();
    expect(third).toMatchObject({ type: 'error', payload: [{ message: 'Too many subscriptions on this connection: at most 2 at once', extensions: { code: 'rate_limit_exceeded' } }] });
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });
});

describe('the README', () => {
  it('subscribes with documents that validate against the schema', () => {
    const readme = readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
    const documents = [...readme.matchAll(/query: '(subscription [^']+)'/g)].map((match) => match[1]);
    expect(documents).toHaveLength(2);
    const schema = buildSchema(readFileSync(path.join(__dirname, '..', '..', 'schema', 'schema.graphql'), 'utf8'));
    for (const document of documents) expect(validate(schema, parse(document))).toEqual([]);
  });
});

describe('stopping the service', () => {
  it('closes every socket with 1001 (their subscriptions complete) and refuses new ones, then stops', async () => {
    const stopping = await startTestApp();
    const client = await WsTestClient.connect(stopping.url, stopping.adminKey);
    const session = (await stopping.http.post('/v1/sessions').set('Authorization', bearer(stopping.adminKey)).send({ walletAddress: owner.publicKey.toBase58() })).body.sessionId;
    client.subscribe(MESSAGE_ADDED, { sessionId: session });
    await until(() => stopping.service.deps.events.listeners(sessionTopic(session)) === 1);
    const stopped = stopping.close();
    expect(await client.closed).toEqual({ code: 1001, reason: 'Going away' });
    await stopped;
    expect(stopping.service.deps.events.listeners(sessionTopic(session))).toBe(0);
  });
});
