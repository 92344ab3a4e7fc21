import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { ConfigError, loadConfig } from '../../src/app/config';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { startFakeJupiter, type FakeJupiter } from '../support/fake-jupiter';

/**
 * QUOTE_PROVIDER=jupiter against a local stand-in of Swap API v2 (`GET /swap/v2/order`, answers
 * shaped as https://dev.jup.ag/docs/swap/order-and-execute documents them). The stand-in's
 * transaction is a real v0 transaction on the app's embedded ledger, partially signed by a
 * market maker, so the preview, the wallet's signature and the submission are all real.
 */
let jupiter: FakeJupiter;
let app: TestApp;
let key: string;
let sessionId: string;
let solPrice: number;
const owner = Keypair.generate();
const maker = Keypair.generate();
const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

beforeAll(async () => {
  jupiter = await startFakeJupiter();
  app = await startTestApp({ env: { QUOTE_PROVIDER: 'jupiter', JUPITER_API_URL: jupiter.url, JUPITER_API_KEY: 'test-jupiter-key' } });
  key = await app.createKey(['write:sessions', 'write:messages', 'read:messages', 'read:portfolio', 'read:prices']);
  await app.fund(owner.publicKey.toBase58(), { SOL: 5 });
  await app.fund(maker.publicKey.toBase58(), { SOL: 1, USDC: 100_000 });
  sessionId = (await app.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress: owner.publicKey.toBase58() })).body.sessionId;
  solPrice = (await app.http.get('/v1/prices/SOL').set('Authorization', bearer(key))).body.price;
  jupiter.orderTransaction = makerFills;
  // Jupiter lands the order: it adds the maker's signature, then sends it.
  jupiter.execute = async (signedTransaction) => {
    const tx = VersionedTransaction.deserialize(Buffer.from(signedTransaction, 'base64'));
    tx.sign([maker]);
    return { signature: await app.service.deps.chains.mainnet.send(tx.serialize()) };
  };
});
afterAll(async () => {
  await app.close();
  await jupiter.close();
});

/** SOL → USDC, filled by an RFQ maker: the taker's lamports to the maker, the maker's USDC to the taker. v0; the maker signs at /execute. */
async function makerFills(params: URLSearchParams, outAmount: bigint) {
  const { blockhash, lastValidBlockHeight } = await app.service.deps.chains.mainnet.latestBlockhash();
  const taker = new PublicKey(params.get('taker')!);
  const usdc = new PublicKey(USDC);
  const makerAta = getAssociatedTokenAddressSync(usdc, maker.publicKey);
  const takerAta = getAssociatedTokenAddressSync(usdc, taker);
  const message = new TransactionMessage({
    payerKey: taker,
    recentBlockhash: blockhash,
    instructions: [
      SystemProgram.transfer({ fromPubkey: taker, toPubkey: maker.publicKey, lamports: BigInt(params.get('amount')!) }),
      createAssociatedTokenAccountIdempotentInstruction(taker, takerAta, taker, usdc),
      createTransferCheckedInstruction(makerAta, usdc, takerAta, maker.publicKey, outAmount, 6),
    ],
  }).compileToV0Message();
  return { transaction: Buffer.from(new VersionedTransaction(message).serialize()).toString('base64'), lastValidBlockHeight };
}

/** USDC base units for `lamports` at the app's SOL price, less `worseBps`. */
const atPrice = (worseBps: number) => (lamports: bigint) =>
  (((lamports * BigInt(Math.round(solPrice * 1e6))) / 1_000_000_000n) * BigInt(10_000 - worseBps)) / 10_000n;

const say = (message: string) => app.http.post('/v1/messages').set('Authorization', bearer(key)).send({ sessionId, message });

async function usdcHeld(): Promise<bigint> {
  const response = await app.http.get('/v1/portfolio').query({ walletAddress: owner.publicKey.toBase58() }).set('Authorization', bearer(key));
  return BigInt(response.body.tokens.find((token: { mint: string }) => token.mint === USDC)?.amount ?? '0');
}

async function signAndSubmit(transaction: { transactionId: string; serializedTransaction: string }) {
  const tx = VersionedTransaction.deserialize(Buffer.from(transaction.serializedTransaction, 'base64'));
  tx.sign([owner]);
  return app.http
    .post(`/v1/transactions/${transaction.transactionId}/submit`)
    .set('Authorization', bearer(key))
    .send({ signedTransaction: Buffer.from(tx.serialize()).toString('base64') });
}

describe('QUOTE_PROVIDER=jupiter (Swap API v2)', () => {
  it('orders with the wallet as taker and the API key; returns its transaction with a preview; the wallet signs, Jupiter lands it (/execute), balances move as previewed', async () => {
    jupiter.swap = { outAmount: atPrice(10), priceImpactPct: '0.0012' };
    const before = await usdcHeld();
    const response = await say('swap 1 SOL for USDC with 1% slippage');
    expect(response.status).toBe(200);
    const { transaction } = response.body;
    expect(jupiter.calls.order.at(-1)!.toString()).toBe(
      `inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&taker=${owner.publicKey.toBase58()}&slippageBps=100`,
    );
    const outAmount = atPrice(10)(1_000_000_000n).toString();
    expect(transaction.route).toMatchObject({
      inAmount: '1000000000',
      outAmount,
      otherAmountThreshold: ((BigInt(outAmount) * 9900n) / 10000n).toString(),
      priceImpact: 0.12,
      slippageBps: 100,
      swapMode: 'ExactIn',
      source: 'jupiter',
      routePlan: [expect.objectContaining({ percent: 100, swapInfo: expect.objectContaining({ label: 'Meteora DLMM' }) })],
    });
    expect(transaction.preview.simulated).toBe(true);
    expect(transaction.preview.balanceChanges).toContainEqual(expect.objectContaining({ mint: USDC, change: outAmount }));
    expect(transaction.summary).toMatch(/via Jupiter/);
    expect(response.body.response).toMatch(/^Swap 1 SOL for about [\d.]+ USDC/);

    const submitted = await signAndSubmit(transaction);
    expect(submitted.body).toMatchObject({ type: 'swap', status: 'confirmed', signature: expect.any(String) });
    expect(jupiter.calls.execute.at(-1)).toEqual({ signedTransaction: expect.any(String), requestId: expect.stringMatching(/^0196/) });
    expect((await usdcHeld()) - before).toBe(BigInt(outAmount));
  });

  it('exact-out is asked as ExactIn sized from the prices, and re-asked larger when the least output falls short', async () => {
    jupiter.swap = { outAmount: atPrice(0), priceImpactPct: '0.001' };
    const calls = jupiter.calls.order.length;
    const fair = await say('buy 100 USDC with SOL');
    expect(fair.status).toBe(200);
    expect(jupiter.calls.order.length - calls).toBe(1);
    // amount is in the input's units: what the ExactIn order spends to cover 100 USDC.
    expect(fair.body.transaction.parameters).toMatchObject({ swapMode: 'ExactOut' });
    expect(String(fair.body.transaction.parameters.amount)).toBe(fair.body.transaction.route.inAmount);
    expect(fair.body.transaction.route.swapMode).toBe('ExactIn');
    expect(BigInt(fair.body.transaction.route.otherAmountThreshold)).toBeGreaterThanOrEqual(100_000_000n);
    expect(fair.body.transaction.summary).toMatch(/^Buy 100 USDC .* at least [\d.]+ USDC/);

    jupiter.swap = { outAmount: atPrice(300), priceImpactPct: '0.001' };
    const second = jupiter.calls.order.length;
    const worse = await say('buy 100 USDC with SOL');
    expect(worse.status).toBe(200);
    expect(jupiter.calls.order.length - second).toBe(2);
    const [first, again] = jupiter.calls.order.slice(second).map((q) => BigInt(q.get('amount')!));
    expect(again).toBeGreaterThan(first);
    expect(BigInt(worse.body.transaction.route.otherAmountThreshold)).toBeGreaterThanOrEqual(100_000_000n);
    const landed = await signAndSubmit(worse.body.transaction);
    expect(landed.body.status).toBe('confirmed');

    jupiter.swap = { outAmount: () => 1_000n, priceImpactPct: '0.5' };
    const never = await say('buy 100 USDC with SOL');
    expect(never.status).toBe(422);
    expect(never.body.error.details.reason).toMatch(/ExactIn only/);
  });

  it('an order without a transaction for the taker → 422 with its errorMessage; no route → 422 with its reason', async () => {
    jupiter.swap = { outAmount: atPrice(10), priceImpactPct: '0.0012' };
    jupiter.orderTransaction = null;
    try {
      const refused = await say('swap 1 SOL for USDC');
      expect([refused.status, refused.body.error.details.reason]).toEqual([422, 'Jupiter could not build this swap: Insufficient funds']);
    } finally {
      jupiter.orderTransaction = makerFills;
    }
    jupiter.swap = null;
    const response = await say('swap 1 SOL for USDC');
    expect(response.status).toBe(422);
    expect(response.body.error.details.reason).toMatch(/Failed to get quotes/);
  });

  it('an order Jupiter fails to land → failed with its error; unsigned by the wallet → 400, nothing sent to /execute', async () => {
    jupiter.swap = { outAmount: atPrice(10), priceImpactPct: '0.0012' };
    const built = (await say('swap 0.5 SOL for USDC')).body.transaction;
    const calls = jupiter.calls.execute.length;
    const unsigned = await app.http
      .post(`/v1/transactions/${built.transactionId}/submit`)
      .set('Authorization', bearer(key))
      .send({ signedTransaction: built.serializedTransaction });
    expect([unsigned.status, unsigned.body.error.field]).toEqual([400, 'signedTransaction']);
    expect(jupiter.calls.execute.length).toBe(calls);
    const executor = jupiter.execute;
    jupiter.execute = null;
    try {
      const failed = await signAndSubmit(built);
      expect(failed.body).toMatchObject({ status: 'failed', error: 'no executor' });
    } finally {
      jupiter.execute = executor;
    }
  });

  it('Jupiter down → 503 service_unavailable, nothing stored', async () => {
    jupiter.swap = { outAmount: atPrice(10), priceImpactPct: '0.0012' };
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

  it('selected without JUPITER_API_KEY, the service does not start: the error names the variable', () => {
    for (const env of [{ QUOTE_PROVIDER: 'jupiter' }, { PRICE_PROVIDER: 'jupiter' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/JUPITER_API_KEY: required with (QUOTE|PRICE)_PROVIDER=jupiter/);
    }
    expect(loadConfig({ QUOTE_PROVIDER: 'jupiter', JUPITER_API_KEY: 'k' }).JUPITER_API_URL).toBe('https://api.jup.ag');
  });
});
