import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { SLOT_MS } from '../../src/chain/local-ledger';
import { bearer, startTestApp, type TestApp } from '../support/app';

let app: TestApp;
let key: string;
const owner = Keypair.generate();
let sessionId: string;

beforeAll(async () => {
  app = await startTestApp();
  key = await app.createKey(['write:sessions', 'write:messages', 'read:messages', 'read:portfolio']);
  await app.fund(owner.publicKey.toBase58(), { SOL: '5', USDC: '100' });
  sessionId = (await app.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress: owner.publicKey.toBase58() })).body.sessionId;
});
afterAll(() => app.close());

const say = async (message: string) => {
  const response = await app.http.post('/v1/messages').set('Authorization', bearer(key)).send({ sessionId, message });
  expect(response.status).toBe(200);
  return response.body.transaction as { transactionId: string; serializedTransaction: string };
};
const signed = (serialized: string, signer = owner) => {
  const tx = Transaction.from(Buffer.from(serialized, 'base64'));
  tx.partialSign(signer);
  return tx.serialize().toString('base64');
};
const submit = (id: string, signedTransaction: unknown) =>
  app.http.post(`/v1/transactions/${id}/submit`).set('Authorization', bearer(key)).send({ signedTransaction });
const get = (id: string) => app.http.get(`/v1/transactions/${id}`).set('Authorization', bearer(key));
const usdcOf = async (wallet: string) =>
  (await app.http.get(`/v1/portfolio?walletAddress=${wallet}`).set('Authorization', bearer(key))).body.tokens.find((t: any) => t.symbol === 'USDC')?.amount ?? '0';

describe('a built transfer', () => {
  it('is stored as built, with amounts and its USD value at build time', async () => {
    const recipient = Keypair.generate().publicKey.toBase58();
    const built = await say(`send 12.5 USDC to ${recipient}`);
    expect(built.transactionId).toMatch(/^tx_[0-9A-Za-z]{16}$/);
    const record = (await get(built.transactionId)).body;
    expect(record).toMatchObject({
      transactionId: built.transactionId,
      type: 'transfer',
      status: 'built',
      network: 'mainnet',
      inputMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      inAmount: '12500000',
      recipient,
      usdValue: 12.5,
      signature: null,
    });
  });

  it('signed by the wallet: submitted, confirmed, and the balances moved', async () => {
    const recipient = Keypair.generate().publicKey.toBase58();
    const built = await say(`send 20 USDC to ${recipient}`);
    const response = await submit(built.transactionId, signed(built.serializedTransaction));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'confirmed', signature: expect.any(String), error: null });
    expect(await usdcOf(recipient)).toBe('20000000');
    expect((await get(built.transactionId)).body.status).toBe('confirmed');
    // A retry of the same submission answers the record and sends nothing more.
    const retry = await submit(built.transactionId, signed(built.serializedTransaction));
    expect(retry.body).toMatchObject({ status: 'confirmed', signature: response.body.signature });
    expect(await usdcOf(recipient)).toBe('20000000');
  });

  it('submitted 8 times at once: sent once, no client told failed, the record confirmed, the balance moved once', async () => {
    for (let trial = 0; trial < 3; trial++) {
      const recipient = Keypair.generate().publicKey.toBase58();
      const built = await say(`send 3 USDC to ${recipient}`);
      const wire = signed(built.serializedTransaction);
      const responses = await Promise.all(Array.from({ length: 8 }, () => submit(built.transactionId, wire)));
      expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(responses.filter((r) => !['submitted', 'confirmed'].includes(r.body.status)).map((r) => r.body)).toEqual([]);
      expect(new Set(responses.map((r) => r.body.signature)).size).toBe(1);
      expect((await get(built.transactionId)).body).toMatchObject({ status: 'confirmed', error: null });
      expect(await usdcOf(recipient)).toBe('3000000');
    }
  });

  it('tampered (another recipient), unsigned or signed by someone else → 400, nothing sent', async () => {
    const recipient = Keypair.generate().publicKey.toBase58();
    const built = await say(`send 5 USDC to ${recipient}`);
    const tampered = Transaction.from(Buffer.from(built.serializedTransaction, 'base64'));
    const thief = Keypair.generate().publicKey;
    tampered.instructions[tampered.instructions.length - 1].keys[2].pubkey = new PublicKey(thief);
    tampered.sign(owner);
    const cases = [
      tampered.serialize().toString('base64'),
      built.serializedTransaction,
      (() => {
        const tx = Transaction.from(Buffer.from(built.serializedTransaction, 'base64'));
        tx.addSignature(owner.publicKey, Buffer.alloc(64, 7));
        return tx.serialize({ verifySignatures: false }).toString('base64');
      })(),
      'not base64 !!',
      Buffer.from('garbage').toString('base64'),
      42,
    ];
    for (const bad of cases) {
      const response = await submit(built.transactionId, bad);
      expect({ bad: String(bad).slice(0, 20), status: response.status, field: response.body.error?.field }).toEqual({
        bad: String(bad).slice(0, 20),
        status: 400,
        field: 'signedTransaction',
      });
    }
    expect((await get(built.transactionId)).body.status).toBe('built');
    expect(await usdcOf(recipient)).toBe('0');
    expect(await usdcOf(thief.toBase58())).toBe('0');
  });

  it('with its blockhash expired → 409 transaction_expired (refresh it), the record expired, and nothing sent', async () => {
    const recipient = Keypair.generate().publicKey.toBase58();
    const built = await say(`send 1 USDC to ${recipient}`);
    app.clock.advance(200 * SLOT_MS);
    const response = await submit(built.transactionId, signed(built.serializedTransaction));
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'transaction_expired', message: expect.stringMatching(/refresh/) });
    expect((await get(built.transactionId)).body).toMatchObject({ status: 'expired', signature: null, error: expect.stringMatching(/expired/) });
    expect(await usdcOf(recipient)).toBe('0');
  });

  it('that fails on chain → failed, with the program error', async () => {
    const recipient = Keypair.generate().publicKey.toBase58();
    const first = await say(`send 45 USDC to ${recipient}`);
    const second = await say(`send 46 USDC to ${recipient}`);
    const balance = BigInt(await usdcOf(owner.publicKey.toBase58()));
    expect(balance).toBeGreaterThanOrEqual(46_000_000n);
    expect(balance).toBeLessThan(91_000_000n);
    expect((await submit(first.transactionId, signed(first.serializedTransaction))).body.status).toBe('confirmed');
    const failed = await submit(second.transactionId, signed(second.serializedTransaction));
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ status: 'failed', error: expect.any(String) });
  });
});

describe('errors', () => {
  it('0.0001 SOL to a new address → 422 naming the recipient\'s rent-exempt minimum, not the sender\'s balance', async () => {
    const recipient = Keypair.generate().publicKey.toBase58();
    const response = await app.http.post('/v1/messages').set('Authorization', bearer(key)).send({ sessionId, message: `send 0.0001 SOL to ${recipient}` });
    expect(response.status).toBe(422);
    const { reason } = response.body.error.details;
    expect(reason).toMatch(new RegExp(`${recipient} is a new account`));
    expect(reason).toMatch(/rent-exempt minimum: 0\.00089088 SOL \(890,880 lamports\)/);
    expect(reason).not.toMatch(/in the wallet/);
    const enough = await say(`send 0.00089088 SOL to ${recipient}`);
    expect((await submit(enough.transactionId, signed(enough.serializedTransaction))).body.status).toBe('confirmed');
  });

  it('an unknown or foreign transaction → 404 transaction_not_found', async () => {
    expect((await get('tx_0000000000000000')).body.error.code).toBe('transaction_not_found');
    const swap = await say('swap 0.1 SOL for USDC');
    expect((await get(swap.transactionId)).body).toMatchObject({ type: 'swap', status: 'built', outAmount: expect.stringMatching(/^\d+$/) });
    const response = await submit(swap.transactionId, 'AAAA');
    expect(response.status).toBe(400);
    expect(response.body.error.field).toBe('signedTransaction');
    const other = await app.createAccount('pro');
    const foreign = await app.http.get(`/v1/transactions/${swap.transactionId}`).set('Authorization', bearer(other.key));
    expect(foreign.status).toBe(404);
  });
});

describe('reference keys', () => {
  it('two identical commands build different transactions, each with its reference; both land, the wallet moves twice', async () => {
    for (const command of ['send 1 USDC to RECIPIENT', 'swap 0.01 SOL for USDC']) {
      const recipient = Keypair.generate().publicKey.toBase58();
      const usdcBefore = BigInt(await usdcOf(owner.publicKey.toBase58()));
      const first = await say(command.replace('RECIPIENT', recipient));
      const second = await say(command.replace('RECIPIENT', recipient));
      expect(second.serializedTransaction).not.toBe(first.serializedTransaction);
      const records = [(await get(first.transactionId)).body, (await get(second.transactionId)).body];
      const references = records.map((record) => record.reference as string);
      expect(references[0]).not.toBe(references[1]);
      for (const [i, built] of [first, second].entries()) {
        const tx = Transaction.from(Buffer.from(built.serializedTransaction, 'base64'));
        const accounts = tx.instructions.flatMap((instruction) => instruction.keys).filter((meta) => meta.pubkey.toBase58() === references[i]);
        expect(accounts).toEqual([{ pubkey: new PublicKey(references[i]), isSigner: false, isWritable: false }]);
      }
      const sent = [await submit(first.transactionId, signed(first.serializedTransaction)), await submit(second.transactionId, signed(second.serializedTransaction))];
      expect(sent.map((response) => response.body.status)).toEqual(['confirmed', 'confirmed']);
      expect(sent[0].body.signature).not.toBe(sent[1].body.signature);
      const usdcAfter = BigInt(await usdcOf(owner.publicKey.toBase58()));
      if (command.startsWith('send')) {
        expect(await usdcOf(recipient)).toBe('2000000');
        expect(usdcBefore - usdcAfter).toBe(2_000_000n);
      } else {
        expect(usdcAfter - usdcBefore).toBe(2n * BigInt((records[0] as { outAmount: string }).outAmount));
      }
    }
  });
});

describe('time on the embedded ledger', () => {
  const blockhashOf = (serialized: string) => Transaction.from(Buffer.from(serialized, 'base64')).recentBlockhash;
  const solOf = async (wallet: string) =>
    (await app.http.get(`/v1/portfolio?walletAddress=${wallet}`).set('Authorization', bearer(key))).body.tokens.find((t: any) => t.symbol === 'SOL')?.amount;

  it('moves on with the clock, a block a slot: 30 s later a new blockhash valid 75 blocks further; the earlier one still lands within its 150 blocks', async () => {
    const first = (await say(`send 1 USDC to ${Keypair.generate().publicKey.toBase58()}`)) as any;
    app.clock.advance(75 * SLOT_MS);
    const second = (await say(`send 1 USDC to ${Keypair.generate().publicKey.toBase58()}`)) as any;
    expect(second.lastValidBlockHeight - first.lastValidBlockHeight).toBe(75);
    expect(blockhashOf(second.serializedTransaction)).not.toBe(blockhashOf(first.serializedTransaction));
    for (const built of [first, second]) {
      expect((await submit(built.transactionId, signed(built.serializedTransaction))).body).toMatchObject({ status: 'confirmed', error: null });
    }
  });

  it('refuses a submit at its expiresAt, and a swap 7 minutes after it: 409 transaction_expired, the record expired, nothing sent', async () => {
    for (const lateMs of [0, 7 * 60_000]) {
      const swap = (await say('swap 0.1 SOL for USDC')) as any;
      const usdcBefore = await usdcOf(owner.publicKey.toBase58());
      const solBefore = await solOf(owner.publicKey.toBase58());
      app.clock.advance(new Date(swap.expiresAt).getTime() - app.clock.now().getTime() + lateMs);
      const response = await submit(swap.transactionId, signed(swap.serializedTransaction));
      expect({ lateMs, status: response.status, code: response.body.error?.code }).toEqual({ lateMs, status: 409, code: 'transaction_expired' });
      expect(response.body.error.details).toMatchObject({ status: 'expired', refresh: `/v1/transactions/${swap.transactionId}/refresh` });
      expect((await get(swap.transactionId)).body).toMatchObject({ status: 'expired', signature: null });
      expect([await usdcOf(owner.publicKey.toBase58()), await solOf(owner.publicKey.toBase58())]).toEqual([usdcBefore, solBefore]);
    }
  });

  it('a transaction whose blockhash is past its 150 blocks is refused by the ledger itself, as a cluster refuses it', async () => {
    const built = await say(`send 1 USDC to ${Keypair.generate().publicKey.toBase58()}`);
    app.clock.advance(151 * SLOT_MS);
    const ledger = app.service.deps.ledgers.mainnet!;
    const [answer] = ledger.answer([{ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [signed(built.serializedTransaction), { encoding: 'base64' }] }]);
    expect(answer).toMatchObject({ error: { code: -32002, data: { err: 'BlockhashNotFound' } } });
  });
});

describe('refresh racing submit', () => {
  it('the loser gets its documented 409 with the status as it stands, never 200 replaced with nothing sent', async () => {
    const refresh = (id: string) => app.http.post(`/v1/transactions/${id}/refresh`).set('Authorization', bearer(key));
    // Submit starts later and later: at first it usually wins, then refresh does (both were seen in one run).
    for (const delayMs of [0, 0, 2, 5, 10, 15, 20, 30, 45, 60]) {
      const recipient = Keypair.generate().publicKey.toBase58();
      const built = await say(`send 1 USDC to ${recipient}`);
      const wire = signed(built.serializedTransaction);
      const [refreshed, submitted] = await Promise.all([
        refresh(built.transactionId),
        new Promise((resolve) => setTimeout(resolve, delayMs)).then(() => submit(built.transactionId, wire)),
      ]);
      const received = await usdcOf(recipient);
      if (refreshed.status === 200) {
        expect({ status: submitted.status, error: submitted.body.error }).toMatchObject({
          status: 409,
          error: { code: 'transaction_expired', details: { status: 'replaced', replacedBy: refreshed.body.transactionId } },
        });
        expect(received).toBe('0');
      } else {
        expect(submitted.status).toBe(200);
        expect(['submitted', 'confirmed']).toContain(submitted.body.status);
        expect({ status: refreshed.status, error: refreshed.body.error }).toMatchObject({
          status: 409,
          error: { code: 'transaction_not_refreshable', message: expect.not.stringMatching(/is built/), details: { status: expect.stringMatching(/^(submitted|confirmed)$/) } },
        });
        expect(received).toBe('1000000');
      }
    }
  });
});

describe('environments', () => {
  it('a test key cannot read, submit or refresh a mainnet transaction: 403 forbidden, nothing sent', async () => {
    const testKey = await app.createKey(['admin'], { environment: 'test' });
    const recipient = Keypair.generate().publicKey.toBase58();
    const built = await say(`send 2 USDC to ${recipient}`);
    const asTest = (request: ReturnType<typeof app.http.get>) => request.set('Authorization', bearer(testKey));
    for (const response of [
      await asTest(app.http.get(`/v1/transactions/${built.transactionId}`)),
      await asTest(app.http.post(`/v1/transactions/${built.transactionId}/submit`)).send({ signedTransaction: signed(built.serializedTransaction) }),
      await asTest(app.http.post(`/v1/transactions/${built.transactionId}/refresh`)),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.error).toMatchObject({ code: 'forbidden', details: { requiredEnvironment: 'live' } });
    }
    expect((await get(built.transactionId)).body).toMatchObject({ status: 'built', signature: null });
    expect(await usdcOf(recipient)).toBe('0');
  });

  it('a live key cannot submit a devnet transaction, which its test key can', async () => {
    const testKey = await app.createKey(['admin'], { environment: 'test' });
    const wallet = Keypair.generate();
    await app.fund(wallet.publicKey.toBase58(), { SOL: '1', USDC: '10' }, testKey);
    const session = (await app.http.post('/v1/sessions').set('Authorization', bearer(testKey)).send({ walletAddress: wallet.publicKey.toBase58() })).body.sessionId;
    const message = await app.http
      .post('/v1/messages')
      .set('Authorization', bearer(testKey))
      .send({ sessionId: session, message: `send 1 USDC to ${Keypair.generate().publicKey.toBase58()}` });
    const built = message.body.transaction as { transactionId: string; serializedTransaction: string };
    const wire = signed(built.serializedTransaction, wallet);
    const refused = await submit(built.transactionId, wire);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'forbidden', details: { requiredEnvironment: 'test' } });
    const sent = await app.http.post(`/v1/transactions/${built.transactionId}/submit`).set('Authorization', bearer(testKey)).send({ signedTransaction: wire });
    expect(sent.body).toMatchObject({ status: 'confirmed', network: 'devnet' });
  });
});
