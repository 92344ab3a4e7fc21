import type { SignatureStatus } from '@solana/web3.js';
import { Keypair } from '@solana/web3.js';
import type { ChainGateway } from '../../src/chain/chain-gateway';
import { transactionTopic } from '../../src/live/live-events';
import { randomBase62 } from '../../src/shared/ids';
import { createLogger } from '../../src/shared/logger';
import type { Network } from '../../src/tokens/token-registry';
import { TransactionRecord } from '../../src/transactions/transaction-record.entity';
import { TransactionTracker } from '../../src/transactions/transaction-tracker';
import { bearer, freshDatabase, startTestApp, type TestApp } from '../support/app';
import { until } from '../support/ws';

/**
 * The tracker follows a submitted transaction to a final status by itself, with bounded looks
 * and back-off, publishing each change; a restarted service resumes the unfinished ones. The
 * embedded ledger confirms at once, so a scripted chain stands in where a slow one is needed.
 */
let app: TestApp;
let key: string;
const owner = Keypair.generate();

beforeAll(async () => {
  app = await startTestApp();
  key = await app.createKey(['write:sessions', 'write:messages', 'read:messages']);
  await app.fund(owner.publicKey.toBase58(), { SOL: '5', USDC: '100' });
});
afterAll(() => app.close());

/** A built transfer whose record is then marked submitted (as if sent to a slow chain). */
async function submittedRecord(lastValidBlockHeight = 1_000_000): Promise<string> {
  const sessionId = (await app.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress: owner.publicKey.toBase58() })).body.sessionId;
  const sent = await app.http.post('/v1/messages').set('Authorization', bearer(key)).send({ sessionId, message: `send 1 USDC to ${Keypair.generate().publicKey.toBase58()}` });
  const id = sent.body.transaction.transactionId as string;
  await app.service.database.orm.em
    .fork()
    .nativeUpdate(TransactionRecord, { id }, { status: 'submitted', signature: randomBase62(64), submittedAt: new Date(), lastValidBlockHeight });
  return id;
}

/** A chain whose signature status is null for the first `pending` looks, then `final`. */
function scriptedChain(pending: number, final: SignatureStatus | null, blockHeight = 10) {
  let looks = 0;
  const gateway = {
    signatureStatus: async () => (++looks > pending ? final : null),
    blockHeight: async () => blockHeight,
  } as unknown as ChainGateway;
  return { chains: { mainnet: gateway, devnet: gateway } as Record<Network, ChainGateway>, looks: () => looks };
}

function heard(id: string): string[] {
  const statuses: string[] = [];
  void app.service.deps.events.listen(transactionTopic(id), (event) => statuses.push((event as any).transaction.status));
  return statuses;
}

const silent = createLogger('silent');

it('follows a submitted transaction until the chain confirms it, and publishes the change once', async () => {
  const id = await submittedRecord();
  const statuses = heard(id);
  const chain = scriptedChain(3, { slot: 1, confirmations: 1, err: null, confirmationStatus: 'confirmed' });
  const tracker = new TransactionTracker(app.service.database.orm, app.clock, chain.chains, app.service.deps.events, silent, [10, 20, 40, 80, 160]);
  tracker.follow(id);
  tracker.follow(id); // followed once, however often asked
  await until(() => statuses.length === 1, 5_000, 'the confirmation');
  expect(statuses).toEqual(['confirmed']);
  expect(chain.looks()).toBe(4);
  expect(tracker.size).toBe(0);
  const record = (await app.http.get(`/v1/transactions/${id}`).set('Authorization', bearer(key))).body;
  expect(record).toMatchObject({ status: 'confirmed', error: null, settledAt: expect.any(String) });
  await tracker.stop();
});

it('a failed transaction becomes failed with the chain error', async () => {
  const id = await submittedRecord();
  const chain = scriptedChain(1, { slot: 1, confirmations: 1, err: { InstructionError: [0, 'Custom'] }, confirmationStatus: 'confirmed' });
  const tracker = new TransactionTracker(app.service.database.orm, app.clock, chain.chains, app.service.deps.events, silent, [10, 20, 40]);
  tracker.follow(id);
  await until(() => tracker.size === 0, 5_000, 'the tracker to finish');
  const record = (await app.http.get(`/v1/transactions/${id}`).set('Authorization', bearer(key))).body;
  expect(record).toMatchObject({ status: 'failed', error: '{"InstructionError":[0,"Custom"]}' });
  await tracker.stop();
});

it('one that never lands expires once the chain passes its last valid block height', async () => {
  const id = await submittedRecord(5);
  const chain = scriptedChain(Infinity, null, 6);
  const tracker = new TransactionTracker(app.service.database.orm, app.clock, chain.chains, app.service.deps.events, silent, [10, 20]);
  tracker.follow(id);
  await until(() => tracker.size === 0, 5_000, 'the tracker to finish');
  expect((await app.http.get(`/v1/transactions/${id}`).set('Authorization', bearer(key))).body.status).toBe('expired');
  await tracker.stop();
});

it('looks a bounded number of times, then stops (a GET looks again)', async () => {
  const id = await submittedRecord();
  const chain = scriptedChain(Infinity, null);
  const tracker = new TransactionTracker(app.service.database.orm, app.clock, chain.chains, app.service.deps.events, silent, [10, 10, 10]);
  tracker.follow(id);
  await until(() => tracker.size === 0, 5_000, 'the tracker to give up');
  expect(chain.looks()).toBe(3);
  const record = await app.service.database.orm.em.fork().findOneOrFail(TransactionRecord, { id });
  expect(record.status).toBe('submitted');
  await tracker.stop();
});

it('a chain error on a look is retried on the next', async () => {
  const id = await submittedRecord();
  let looks = 0;
  const gateway = {
    signatureStatus: async () => {
      if (++looks < 3) throw new Error('RPC unreachable');
      return { slot: 1, confirmations: 1, err: null, confirmationStatus: 'finalized' };
    },
    blockHeight: async () => 1,
  } as unknown as ChainGateway;
  const tracker = new TransactionTracker(app.service.database.orm, app.clock, { mainnet: gateway, devnet: gateway }, app.service.deps.events, silent, [10, 10, 10, 10]);
  tracker.follow(id);
  await until(() => tracker.size === 0, 5_000, 'the tracker to finish');
  expect(looks).toBe(3);
  expect((await app.http.get(`/v1/transactions/${id}`).set('Authorization', bearer(key))).body.status).toBe('confirmed');
  await tracker.stop();
});

it('a restarted service resumes the transactions left submitted', async () => {
  const database = await freshDatabase();
  const adminKey = `parley_live_${randomBase62(32)}`;
  const first = await startTestApp({ database, env: { PARLEY_ADMIN_KEY: adminKey } });
  let id: string;
  try {
    await first.fund(owner.publicKey.toBase58(), { SOL: '1', USDC: '10' });
    const sessionId = (await first.http.post('/v1/sessions').set('Authorization', bearer(adminKey)).send({ walletAddress: owner.publicKey.toBase58() })).body.sessionId;
    const sent = await first.http.post('/v1/messages').set('Authorization', bearer(adminKey)).send({ sessionId, message: `send 1 USDC to ${Keypair.generate().publicKey.toBase58()}` });
    id = sent.body.transaction.transactionId;
    // Left submitted by a run that stopped before it saw the outcome; its blockhash long gone.
    await first.service.database.orm.em.fork().nativeUpdate(TransactionRecord, { id }, { status: 'submitted', signature: randomBase62(64), lastValidBlockHeight: -1 });
  } finally {
    await first.close();
  }
  const second = await startTestApp({ database, env: { PARLEY_ADMIN_KEY: adminKey } });
  try {
    // Read from the database, not through GET (which would look at the chain itself).
    await until(
      async () => (await second.service.database.orm.em.fork().findOneOrFail(TransactionRecord, { id })).status !== 'submitted',
      10_000,
      'the resumed transaction to settle',
    );
    expect((await second.http.get(`/v1/transactions/${id}`).set('Authorization', bearer(adminKey))).body).toMatchObject({ status: 'expired', error: 'Not confirmed before its blockhash expired' });
    expect(second.logs.some((line) => line.msg === 'resumed tracking submitted transactions' && line.transactions === 1)).toBe(true);
  } finally {
    await second.close();
    await database.drop();
  }
});
