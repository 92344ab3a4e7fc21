import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMintInstruction,
  createInitializeTransferFeeConfigInstruction,
  createMintToInstruction,
  ExtensionType,
  getAssociatedTokenAddressSync,
  getMintLen,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { SLOT_MS } from '../../src/chain/local-ledger';
import { bearer, startTestApp, type TestApp } from '../support/app';

/**
 * Every swap and transfer the agent builds carries a preview from simulating it; signed by a
 * real wallet keypair and submitted through the API, it lands and the portfolio moves exactly
 * as the preview said, to the base unit. Swaps on the embedded ledger are settled by its
 * local pool (route source `local-pool`).
 */
let app: TestApp;
let key: string;

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';

beforeAll(async () => {
  app = await startTestApp();
  key = await app.createKey(['write:sessions', 'write:messages', 'read:messages', 'read:portfolio']);
});
afterAll(() => app.close());

interface Preview {
  simulated: boolean;
  balanceChanges: Array<{ mint: string; symbol: string; decimals: number; before: string; after: string; change: string }>;
  feeLamports: string;
  computeUnits: number;
  transferFees: Array<{ mint: string; symbol: string; decimals: number; amount: string; payee: string }>;
  warnings: string[];
}

async function walletWith(amounts: Record<string, string>) {
  const owner = Keypair.generate();
  await app.fund(owner.publicKey.toBase58(), amounts);
  const session = await app.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress: owner.publicKey.toBase58() });
  return { owner, sessionId: session.body.sessionId as string };
}

const say = (sessionId: string, message: string) => app.http.post('/v1/messages').set('Authorization', bearer(key)).send({ sessionId, message });

async function balances(wallet: string): Promise<Map<string, bigint>> {
  const response = await app.http.get('/v1/portfolio').query({ walletAddress: wallet }).set('Authorization', bearer(key));
  expect(response.status).toBe(200);
  return new Map(response.body.tokens.map((token: { mint: string; amount: string }) => [token.mint, BigInt(token.amount)]));
}

/** The wallet signs last: the pool's signature (on swaps) is kept. */
function signed(serialized: string, owner: Keypair): string {
  const tx = Transaction.from(Buffer.from(serialized, 'base64'));
  tx.partialSign(owner);
  return tx.serialize().toString('base64');
}

/** Builds, checks the preview against the portfolio before, signs, submits, and checks the portfolio after. */
async function landsAsPreviewed(owner: Keypair, sessionId: string, message: string) {
  const wallet = owner.publicKey.toBase58();
  const before = await balances(wallet);
  const response = await say(sessionId, message);
  if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}\n${app.rawLogs.filter((line) => line.includes('"level":50')).slice(-1)[0]}`);
  const transaction = response.body.transaction;
  const preview: Preview = transaction.preview;
  expect(preview.simulated).toBe(true);
  expect(BigInt(preview.feeLamports)).toBeGreaterThanOrEqual(5000n);
  expect(preview.computeUnits).toBeGreaterThan(0);
  expect(typeof transaction.summary).toBe('string');
  expect(Date.parse(transaction.expiresAt)).toBeGreaterThan(app.clock.now().getTime());
  for (const change of preview.balanceChanges) {
    expect({ mint: change.mint, before: change.before }).toEqual({ mint: change.mint, before: (before.get(change.mint) ?? 0n).toString() });
    expect(BigInt(change.after) - BigInt(change.before)).toBe(BigInt(change.change));
  }
  const submitted = await app.http
    .post(`/v1/transactions/${transaction.transactionId}/submit`)
    .set('Authorization', bearer(key))
    .send({ signedTransaction: signed(transaction.serializedTransaction, owner) });
  expect({ status: submitted.status, state: submitted.body.status, error: submitted.body.error }).toEqual({ status: 200, state: 'confirmed', error: null });
  const after = await balances(wallet);
  const mints = new Set([...before.keys(), ...after.keys()]);
  const moved = [...mints].map((mint) => ({ mint, change: ((after.get(mint) ?? 0n) - (before.get(mint) ?? 0n)).toString() })).filter(({ change }) => change !== '0');
  const previewed = preview.balanceChanges.map(({ mint, change }) => ({ mint, change }));
  const byMint = (a: { mint: string }, b: { mint: string }) => a.mint.localeCompare(b.mint);
  expect(moved.sort(byMint)).toEqual(previewed.sort(byMint));
  return { transaction, preview, changeOf: (mint: string) => BigInt(preview.balanceChanges.find((c) => c.mint === mint)?.change ?? '0') };
}

describe('swaps settled by the local pool', () => {
  it('SOL → USDC (ExactIn): the wallet gets the quoted output; SOL falls by the amount, the fee and the new account rent', async () => {
    const { owner, sessionId } = await walletWith({ SOL: '10' });
    const { transaction, preview, changeOf } = await landsAsPreviewed(owner, sessionId, 'swap 1.5 SOL for USDC');
    expect(transaction.route).toMatchObject({ source: 'local-pool', swapMode: 'ExactIn', inAmount: '1500000000' });
    expect(changeOf(USDC)).toBe(BigInt(transaction.route.outAmount));
    const rent = 2_039_280n;
    expect(changeOf(SOL)).toBe(-1_500_000_000n - BigInt(preview.feeLamports) - rent);
    expect(preview.warnings.join(' ')).toMatch(/Creates your USDC token account/);
    expect(preview.warnings.join(' ')).toMatch(/local pool/);
    expect(transaction.summary).toMatch(/^Swap 1\.5 SOL \(1500000000 base units\) for about [\d.]+ USDC \(\d+ base units\), at least [\d.]+ USDC with 0\.5% slippage/);
    expect(transaction.summary).toContain(owner.publicKey.toBase58());
    expect(transaction.summary).toMatch(/mainnet/);
    expect(transaction.confirmation).toEqual({
      action: 'swap',
      input: { mint: SOL, symbol: 'SOL', decimals: 9, amount: '1500000000', uiAmount: '1.5' },
      output: expect.objectContaining({ mint: USDC, symbol: 'USDC', decimals: 6, amount: transaction.route.outAmount }),
      minimumOutput: expect.objectContaining({ mint: USDC, amount: transaction.route.otherAmountThreshold }),
      slippageBps: 50,
      priceImpact: transaction.route.priceImpact,
      source: 'local-pool',
      feeLamports: preview.feeLamports,
      wallet: owner.publicKey.toBase58(),
      network: 'mainnet',
      networkName: "Solana mainnet (Parley's embedded ledger)",
    });
  });

  it('USDC → SOL (SPL → native SOL): SOL rises by the output less the fee', async () => {
    const { owner, sessionId } = await walletWith({ SOL: '1', USDC: '500' });
    const { transaction, preview, changeOf } = await landsAsPreviewed(owner, sessionId, 'swap 250 USDC for SOL');
    expect(transaction.route.source).toBe('local-pool');
    expect(changeOf(USDC)).toBe(-250_000_000n);
    expect(changeOf(SOL)).toBe(BigInt(transaction.route.outAmount) - BigInt(preview.feeLamports));
  });

  it('USDC → JUP (SPL → SPL)', async () => {
    const { owner, sessionId } = await walletWith({ SOL: '1', USDC: '500' });
    const { transaction, changeOf } = await landsAsPreviewed(owner, sessionId, 'swap 100 USDC for JUP');
    expect(changeOf(USDC)).toBe(-100_000_000n);
    expect(changeOf(JUP)).toBe(BigInt(transaction.route.outAmount));
  });

  it('exact-out: buy 20 USDC with SOL pays the quoted input for exactly 20 USDC', async () => {
    const { owner, sessionId } = await walletWith({ SOL: '5', USDC: '1' });
    const { transaction, preview, changeOf } = await landsAsPreviewed(owner, sessionId, 'buy 20 USDC with SOL');
    expect(transaction.route).toMatchObject({ swapMode: 'ExactOut', outAmount: '20000000', source: 'local-pool' });
    expect(changeOf(USDC)).toBe(20_000_000n);
    expect(changeOf(SOL)).toBe(-BigInt(transaction.route.inAmount) - BigInt(preview.feeLamports));
    expect(transaction.summary).toMatch(/^Buy 20 USDC .* at most [\d.]+ SOL/);
    expect(transaction.confirmation).toMatchObject({
      input: { symbol: 'SOL', amount: transaction.route.inAmount },
      output: { symbol: 'USDC', amount: '20000000', uiAmount: '20' },
      maximumInput: { symbol: 'SOL', amount: transaction.route.otherAmountThreshold },
    });
    expect(transaction.confirmation.minimumOutput).toBeUndefined();
  });

  it('a swap larger than the wallet holds → 422 parsing_error, and no transaction', async () => {
    const { sessionId } = await walletWith({ SOL: '1' });
    const response = await say(sessionId, 'swap 5 SOL for USDC');
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'parsing_error', details: { reason: expect.stringMatching(/holds 1 SOL/) } });
  });

  it('all of the SOL (nothing left for the fee) → 422 from the simulation, in words', async () => {
    const { sessionId } = await walletWith({ SOL: '1' });
    const response = await say(sessionId, 'swap 1 SOL for USDC');
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('parsing_error');
    expect(response.body.error.details.reason).toMatch(/^Insufficient funds: .*SOL/);
  });
});

describe('transfers', () => {
  it('SOL: the recipient gets the amount; the wallet pays it and the fee', async () => {
    const { owner, sessionId } = await walletWith({ SOL: '3' });
    const recipient = Keypair.generate().publicKey.toBase58();
    const { preview, changeOf } = await landsAsPreviewed(owner, sessionId, `send 1.25 SOL to ${recipient}`);
    expect(changeOf(SOL)).toBe(-1_250_000_000n - BigInt(preview.feeLamports));
    expect((await balances(recipient)).get(SOL)).toBe(1_250_000_000n);
  });

  it("USDC to a wallet without an account: the wallet pays the recipient account's rent, and the preview says so", async () => {
    const { owner, sessionId } = await walletWith({ SOL: '1', USDC: '50' });
    const recipient = Keypair.generate().publicKey.toBase58();
    const { preview, changeOf, transaction } = await landsAsPreviewed(owner, sessionId, `send 12.5 USDC to ${recipient}`);
    expect(changeOf(USDC)).toBe(-12_500_000n);
    expect(changeOf(SOL)).toBe(-BigInt(preview.feeLamports) - 2_039_280n);
    expect(preview.warnings.join(' ')).toMatch(/recipient's USDC token account/);
    expect(transaction.summary).toMatch(/^Send 12\.5 USDC \(12500000 base units\) to /);
    expect((await balances(recipient)).get(USDC)).toBe(12_500_000n);
  });
});

describe('refresh', () => {
  const refresh = (id: string) => app.http.post(`/v1/transactions/${id}/refresh`).set('Authorization', bearer(key));
  const submit = (id: string, signedTransaction: string) =>
    app.http.post(`/v1/transactions/${id}/submit`).set('Authorization', bearer(key)).send({ signedTransaction });

  it('after the blockhash expired: submitting says to refresh (409 transaction_expired); the refreshed one (new id) lands as previewed; the old one is replaced', async () => {
    const { owner, sessionId } = await walletWith({ SOL: '4' });
    const old = (await say(sessionId, 'swap 1 SOL for USDC')).body.transaction;
    app.clock.advance(200 * SLOT_MS);
    const late = await submit(old.transactionId, signed(old.serializedTransaction, owner));
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({
      code: 'transaction_expired',
      message: expect.stringMatching(/refresh/),
      details: { transactionId: old.transactionId, status: 'expired', refresh: `/v1/transactions/${old.transactionId}/refresh` },
    });

    const before = await balances(owner.publicKey.toBase58());
    const response = await refresh(old.transactionId);
    expect(response.status).toBe(200);
    const fresh = response.body;
    expect(fresh.transactionId).toMatch(/^tx_/);
    expect(fresh.transactionId).not.toBe(old.transactionId);
    expect(fresh).toMatchObject({ type: 'swap', parameters: old.parameters, route: { source: 'local-pool', inAmount: '1000000000' } });
    expect(fresh.lastValidBlockHeight).toBeGreaterThan(old.lastValidBlockHeight);
    expect(fresh.serializedTransaction).not.toBe(old.serializedTransaction);
    expect(fresh.summary).toMatch(/^Swap 1 SOL/);
    const replaced = await app.http.get(`/v1/transactions/${old.transactionId}`).set('Authorization', bearer(key));
    expect(replaced.body).toMatchObject({ status: 'replaced', replacedBy: fresh.transactionId });

    const landed = await submit(fresh.transactionId, signed(fresh.serializedTransaction, owner));
    expect(landed.body).toMatchObject({ status: 'confirmed', error: null });
    const after = await balances(owner.publicKey.toBase58());
    for (const change of fresh.preview.balanceChanges) {
      expect((after.get(change.mint) ?? 0n) - (before.get(change.mint) ?? 0n)).toBe(BigInt(change.change));
    }

    const again = await submit(old.transactionId, signed(old.serializedTransaction, owner));
    expect([again.status, again.body.error.code, again.body.error.details.replacedBy]).toEqual([409, 'transaction_expired', fresh.transactionId]);
    const twice = await refresh(old.transactionId);
    expect([twice.status, twice.body.error.code, twice.body.error.details.status]).toEqual([409, 'transaction_not_refreshable', 'replaced']);
    const confirmed = await refresh(fresh.transactionId);
    expect([confirmed.status, confirmed.body.error.code, confirmed.body.error.details.status]).toEqual([409, 'transaction_not_refreshable', 'confirmed']);
    expect((await refresh('tx_0000000000000000')).body.error.code).toBe('transaction_not_found');
  });

  it('over GraphQL (refreshTransaction), for a transfer; a refresh the balance no longer covers is 422', async () => {
    const { owner, sessionId } = await walletWith({ SOL: '1', USDC: '30' });
    const recipient = Keypair.generate().publicKey.toBase58();
    const first = (await say(sessionId, `send 20 USDC to ${recipient}`)).body.transaction;
    const second = (await say(sessionId, `send 20 USDC to ${recipient}`)).body.transaction;
    const graphql = (query: string, variables: Record<string, unknown>) =>
      app.http.post('/graphql').set('Authorization', bearer(key)).send({ query, variables });
    const response = await graphql(
      `mutation ($id: ID!) { refreshTransaction(transactionId: $id) { transactionId type summary expiresAt serializedTransaction
         preview { simulated feeLamports balanceChanges { mint change } } } }`,
      { id: first.transactionId },
    );
    expect(response.body.errors).toBeUndefined();
    const fresh = response.body.data.refreshTransaction;
    expect(fresh).toMatchObject({ type: 'transfer', summary: expect.stringMatching(/^Send 20 USDC/), preview: { simulated: true } });
    expect(fresh.preview.balanceChanges).toContainEqual({ mint: USDC, change: '-20000000' });
    expect((await submit(fresh.transactionId, signed(fresh.serializedTransaction, owner))).body.status).toBe('confirmed');
    const broke = await refresh(second.transactionId);
    expect(broke.status).toBe(422);
    expect(broke.body.error).toMatchObject({ code: 'parsing_error', details: { reason: expect.stringMatching(/holds 10 USDC/) } });
    expect((await app.http.get(`/v1/transactions/${second.transactionId}`).set('Authorization', bearer(key))).body.status).toBe('built');
  });
});

describe('a Token-2022 mint with a transfer fee', () => {
  it('is sent with transferCheckedWithFee; the preview shows the fee, and the recipient gets the amount less it', async () => {
    const { owner, sessionId } = await walletWith({ SOL: '1' });
    const authority = Keypair.generate();
    const mint = Keypair.generate();
    await app.fund(authority.publicKey.toBase58(), { SOL: '1' });
    const chain = app.service.deps.chains.mainnet;
    // 1% fee, at most 5 tokens, on a 6-decimal mint; 1,000 tokens minted to the wallet.
    const space = getMintLen([ExtensionType.TransferFeeConfig]);
    const rent = app.service.deps.ledgers.mainnet!.svm.minimumBalanceForRentExemption(BigInt(space));
    const ata = getAssociatedTokenAddressSync(mint.publicKey, owner.publicKey, false, TOKEN_2022_PROGRAM_ID);
    const setup = new Transaction().add(
      SystemProgram.createAccount({ fromPubkey: authority.publicKey, newAccountPubkey: mint.publicKey, lamports: Number(rent), space, programId: TOKEN_2022_PROGRAM_ID }),
      createInitializeTransferFeeConfigInstruction(mint.publicKey, authority.publicKey, authority.publicKey, 100, 5_000_000n, TOKEN_2022_PROGRAM_ID),
      createInitializeMintInstruction(mint.publicKey, 6, authority.publicKey, null, TOKEN_2022_PROGRAM_ID),
      createAssociatedTokenAccountIdempotentInstruction(authority.publicKey, ata, owner.publicKey, mint.publicKey, TOKEN_2022_PROGRAM_ID),
      createMintToInstruction(mint.publicKey, ata, authority.publicKey, 1_000_000_000n, [], TOKEN_2022_PROGRAM_ID),
    );
    setup.feePayer = authority.publicKey;
    setup.recentBlockhash = (await chain.latestBlockhash()).blockhash;
    setup.sign(authority, mint);
    await chain.send(setup.serialize());

    const recipient = Keypair.generate().publicKey.toBase58();
    const feeMint = mint.publicKey.toBase58();
    const { preview, changeOf, transaction } = await landsAsPreviewed(owner, sessionId, `send 200 ${feeMint} to ${recipient}`);
    expect(changeOf(feeMint)).toBe(-200_000_000n);
    expect(preview.transferFees).toEqual([{ mint: feeMint, symbol: feeMint, decimals: 6, amount: '2000000', payee: 'the recipient' }]);
    expect(preview.warnings.join(' ')).toMatch(/charges a transfer fee: 2 .* withheld by the mint from what the recipient receives/);
    const wire = Transaction.from(Buffer.from(transaction.serializedTransaction, 'base64'));
    const data = wire.instructions.at(-1)!.data;
    expect([data[0], data[1]]).toEqual([26, 1]); // TransferFeeExtension, TransferCheckedWithFee
    expect((await balances(recipient)).get(feeMint)).toBe(198_000_000n);
    expect(transaction.confirmation).toMatchObject({
      action: 'transfer',
      input: { mint: feeMint, amount: '200000000', uiAmount: '200' },
      output: { mint: feeMint, amount: '198000000', uiAmount: '198' },
      recipient,
    });
    expect(transaction.summary).toMatch(/transfer fee 2 \S+ withheld from what the recipient receives/);

    const capped = await landsAsPreviewed(owner, sessionId, `send 700 ${feeMint} to ${recipient}`);
    expect(capped.preview.transferFees[0].amount).toBe('5000000');
    expect((await balances(recipient)).get(feeMint)).toBe(198_000_000n + 695_000_000n);
  });
});

describe('over GraphQL', () => {
  it('sendMessage answers the typed parameters (a union), route, preview, summary, confirmation and expiresAt as REST does', async () => {
    const { sessionId } = await walletWith({ SOL: '3' });
    const query = `mutation ($input: SendMessageInput!) { sendMessage(input: $input) { transaction {
      transactionId type summary expiresAt
      parameters { __typename ... on SwapParameters { inputToken outputToken amount slippageBps swapMode } ... on TransferParameters { token amount recipient } }
      route { inAmount outAmount priceImpact otherAmountThreshold swapMode source routePlan { percent swapInfo { ammKey label inputMint outputMint } } }
      preview { simulated feeLamports computeUnits balanceChanges { mint symbol change } transferFees { amount } warnings }
      confirmation { action input { symbol amount uiAmount } minimumOutput { symbol amount } wallet network }
    } } }`;
    const swap = await app.http
      .post('/graphql')
      .set('Authorization', bearer(key))
      .send({ query, variables: { input: { sessionId, message: 'swap 0.5 SOL for USDC' } } });
    expect(swap.body.errors).toBeUndefined();
    const tx = swap.body.data.sendMessage.transaction;
    expect(tx.parameters).toEqual({ __typename: 'SwapParameters', inputToken: SOL, outputToken: USDC, amount: 500_000_000, slippageBps: 50, swapMode: 'ExactIn' });
    expect(tx.route).toMatchObject({ inAmount: '500000000', swapMode: 'ExactIn', source: 'local-pool', routePlan: [{ percent: 100, swapInfo: { label: expect.stringMatching(/local pool/) } }] });
    expect(tx.preview).toMatchObject({ simulated: true, transferFees: [] });
    expect(tx.preview.balanceChanges.map((c: { symbol: string }) => c.symbol).sort()).toEqual(['SOL', 'USDC']);
    expect(tx.confirmation).toMatchObject({ action: 'swap', input: { symbol: 'SOL', amount: '500000000', uiAmount: '0.5' }, network: 'mainnet' });
    expect(tx.summary).toMatch(/^Swap 0\.5 SOL/);
    expect(Date.parse(tx.expiresAt)).toBeGreaterThan(app.clock.now().getTime());

    const recipient = Keypair.generate().publicKey.toBase58();
    const transfer = await app.http
      .post('/graphql')
      .set('Authorization', bearer(key))
      .send({ query, variables: { input: { sessionId, message: `send 0.25 SOL to ${recipient}` } } });
    expect(transfer.body.data.sendMessage.transaction).toMatchObject({
      type: 'transfer',
      parameters: { __typename: 'TransferParameters', token: SOL, amount: 250_000_000, recipient },
      route: null,
      confirmation: { action: 'transfer', minimumOutput: null },
    });
  });
});
