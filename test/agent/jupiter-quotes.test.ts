import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { startFakeJupiter, type FakeJupiter } from '../support/fake-jupiter';

let jupiter: FakeJupiter;
let app: TestApp;
let key: string;
let sessionId: string;
const owner = Keypair.generate();
const pool = Keypair.generate().publicKey;

beforeAll(async () => {
  jupiter = await startFakeJupiter();
  app = await startTestApp({ env: { QUOTE_PROVIDER: 'jupiter', JUPITER_API_URL: jupiter.url } });
  key = await app.createKey(['write:sessions', 'write:messages', 'read:messages']);
  await app.fund(owner.publicKey.toBase58(), { SOL: 5 });
  sessionId = (await app.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress: owner.publicKey.toBase58() })).body.sessionId;
});
afterAll(async () => {
  await app.close();
  await jupiter.close();
});

/** A real v0 transaction on the app's ledger, standing in for the swap Jupiter would build. */
async function swapStandIn(): Promise<{ swapTransaction: string; lastValidBlockHeight: number }> {
  const { blockhash, lastValidBlockHeight } = await app.service.deps.chains.mainnet.latestBlockhash();
  const message = new TransactionMessage({
    payerKey: owner.publicKey,
    recentBlockhash: blockhash,
    instructions: [SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: pool, lamports: 1_000_000_000 })],
  }).compileToV0Message();
  return { swapTransaction: Buffer.from(new VersionedTransaction(message).serialize()).toString('base64'), lastValidBlockHeight };
}

const say = (message: string) => app.http.post('/v1/messages').set('Authorization', bearer(key)).send({ sessionId, message });

describe('QUOTE_PROVIDER=jupiter', () => {
  it('quotes through the Swap API and returns its swap transaction, which the wallet signs and Parley submits', async () => {
    jupiter.swap = { outAmount: '131250000', priceImpactPct: '0.0012' };
    jupiter.swapTransaction = await swapStandIn();
    const response = await say('swap 1 SOL for USDC with 1% slippage');
    expect(response.status).toBe(200);
    const { transaction } = response.body;
    expect(jupiter.calls.quote.at(-1)!.toString()).toBe(
      'inputMint=So11111111111111111111111111111111111111112&outputMint=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v&amount=1000000000&slippageBps=100&swapMode=ExactIn',
    );
    expect(jupiter.calls.swap.at(-1)).toMatchObject({ userPublicKey: owner.publicKey.toBase58(), quoteResponse: { outAmount: '131250000' } });
    expect(transaction.route).toMatchObject({
      inAmount: '1000000000',
      outAmount: '131250000',
      otherAmountThreshold: '129937500',
      priceImpact: 0.12,
      slippageBps: 100,
      source: 'jupiter',
      routePlan: [expect.objectContaining({ percent: 100 })],
    });
    expect(transaction.serializedTransaction).toBe(jupiter.swapTransaction.swapTransaction);
    expect(transaction.lastValidBlockHeight).toBe(jupiter.swapTransaction.lastValidBlockHeight);
    expect(response.body.response).toMatch(/^Swap 1 SOL for about 131\.25 USDC/);

    const tx = VersionedTransaction.deserialize(Buffer.from(transaction.serializedTransaction, 'base64'));
    tx.sign([owner]);
    const submitted = await app.http
      .post(`/v1/transactions/${transaction.transactionId}/submit`)
      .set('Authorization', bearer(key))
      .send({ signedTransaction: Buffer.from(tx.serialize()).toString('base64') });
    expect(submitted.body).toMatchObject({ type: 'swap', status: 'confirmed' });
    expect(await app.service.deps.chains.mainnet.solBalance(new PublicKey(pool).toBase58())).toBe(1_000_000_000n);
  });

  it('a swap Jupiter has no route for → 422 with its reason', async () => {
    jupiter.swap = null;
    const response = await say('swap 1 SOL for USDC');
    expect(response.status).toBe(422);
    expect(response.body.error.details.reason).toMatch(/Could not find any route/);
  });

  it('Jupiter down → 503 service_unavailable, nothing stored', async () => {
    jupiter.down = true;
    try {
      const before = (await app.http.get(`/v1/sessions/${sessionId}`).set('Authorization', bearer(key))).body.messageCount;
      const response = await say('swap 1 SOL for USDC');
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('service_unavailable');
      expect((await app.http.get(`/v1/sessions/${sessionId}`).set('Authorization', bearer(key))).body.messageCount).toBe(before);
    } finally {
      jupiter.down = false;
    }
  });
});
