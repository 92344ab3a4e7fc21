import { Keypair, Transaction } from '@solana/web3.js';
import { bearer, startTestApp, type TestApp } from '../support/app';

let app: TestApp;
let key: string;
const owner = Keypair.generate();
const recipient = Keypair.generate().publicKey.toBase58();
let sessionId: string;

beforeAll(async () => {
  app = await startTestApp();
  key = await app.createKey(['write:sessions', 'write:messages', 'read:messages', 'read:portfolio']);
  await app.fund(owner.publicKey.toBase58(), { SOL: '10', USDC: '500' });
  sessionId = (await app.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress: owner.publicKey.toBase58() })).body.sessionId;
});
afterAll(() => app.close());

const say = (message: string, extra: object = {}) =>
  app.http.post('/v1/messages').set('Authorization', bearer(key)).send({ sessionId, message, ...extra });
const solPrice = async () => (await app.http.get('/v1/prices/SOL').set('Authorization', bearer(app.adminKey))).body.price as number;

describe('swaps', () => {
  it('"swap 1.5 SOL for USDC" quotes an exact-in swap at the estimate, settled by the local pool', async () => {
    const response = await say('swap 1.5 SOL for USDC');
    expect(response.status).toBe(200);
    const { intent, transaction, response: reply } = response.body;
    expect(intent).toMatchObject({ action: 'swap' });
    expect(intent.confidence).toBeGreaterThanOrEqual(0.9);
    expect(transaction.type).toBe('swap');
    expect(transaction.parameters).toEqual({
      inputToken: 'So11111111111111111111111111111111111111112',
      outputToken: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      amount: 1_500_000_000,
      slippageBps: 50,
      swapMode: 'ExactIn',
    });
    const route = transaction.route;
    expect(route).toMatchObject({ inAmount: '1500000000', slippageBps: 50, source: 'local-pool', swapMode: 'ExactIn' });
    // 1.5 SOL at the SOL/USDC price, less the 0.25% fee and a tiny price impact, in USDC base units.
    const usdcPrice = (await app.http.get('/v1/prices/USDC').set('Authorization', bearer(app.adminKey))).body.price;
    const ideal = ((1.5 * (await solPrice())) / usdcPrice) * 1e6;
    expect(Number(route.outAmount)).toBeLessThan(ideal * 0.9975);
    expect(Number(route.outAmount)).toBeGreaterThan(ideal * 0.997);
    expect(BigInt(route.otherAmountThreshold)).toBe((BigInt(route.outAmount) * 9950n) / 10000n);
    expect(route.priceImpact).toBeGreaterThan(0);
    expect(route.priceImpact).toBeLessThan(0.01);
    expect(reply).toMatch(/^Swap 1\.5 SOL for about [\d.]+ USDC \(price impact [\d.]+%, max slippage 0\.5%\)\. Review and sign in your wallet\.$/);
  });

  it('"buy 100 USDC with SOL" is exact-out: amount is the most SOL spent, in lamports; a slippage phrase overrides the request', async () => {
    const response = await say('buy 100 USDC with SOL with 1% slippage', { slippage: 30 });
    const { parameters, route } = response.body.transaction;
    expect(parameters).toMatchObject({ swapMode: 'ExactOut', slippageBps: 100 });
    expect(route).toMatchObject({ swapMode: 'ExactOut', outAmount: '100000000' });
    expect(String(parameters.amount)).toBe(route.otherAmountThreshold);
    expect(BigInt(route.otherAmountThreshold)).toBe((BigInt(route.inAmount) * 10_100n + 9_999n) / 10_000n);
  });

  it('follow-ups use the session history: "make it 2", "same but to BONK"', async () => {
    await say('swap 1 SOL for USDC');
    const bigger = await say('make it 2');
    expect(bigger.body.transaction.parameters).toMatchObject({ amount: 2_000_000_000, outputToken: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' });
    expect(bigger.body.intent.confidence).toBeLessThan(0.9);
    const bonk = await say('same but to BONK');
    expect(bonk.body.transaction.parameters).toMatchObject({ amount: 2_000_000_000, outputToken: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' });
  });

  it('follow-ups see the last five turns of a session, however long its history', async () => {
    const fresh = (await app.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress: owner.publicKey.toBase58() })).body.sessionId;
    const tell = (message: string) => app.http.post('/v1/messages').set('Authorization', bearer(key)).send({ sessionId: fresh, message });
    for (let i = 0; i < 20; i++) expect((await tell('price of SOL')).status).toBe(200);
    expect((await tell('swap 1 SOL for USDC')).status).toBe(200);
    for (let i = 0; i < 4; i++) await tell('price of SOL');
    const followed = await tell('make it 3');
    expect(followed.status).toBe(200);
    expect(followed.body.transaction.parameters).toMatchObject({ amount: 3_000_000_000 });
    for (let i = 0; i < 5; i++) await tell('price of SOL');
    const forgotten = await tell('make it 4');
    expect(forgotten.status).toBe(422);
  });

  it('"swap all my SOL" keeps the fee reserve; "$20 of SOL" converts through the price', async () => {
    const all = await say('swap all my SOL for USDC');
    expect(all.body.transaction.parameters.amount).toBe(10_000_000_000 - 10_000_000);
    const usd = await say('swap $20 of SOL for USDC');
    const expected = Math.floor((20 / (await solPrice())) * 1e9);
    expect(Math.abs(usd.body.transaction.parameters.amount - expected)).toBeLessThanOrEqual(1);
  });

  it.each([
    ['swap 11 SOL for USDC', /holds 10 SOL/],
    ['swap 1 SOL for SOL', /Both sides/],
    ['swap 1 SOL for BONXQ', /don't know the token/],
    ['swap 1.0000000001 SOL for USDC', /9 decimal places/],
    ['swap SOL for USDC', /How much/],
    ['bridge 1 SOL to ethereum', /can't help with bridging/],
    ['stake 5 SOL', /staking/],
    [`swap 2 SOL to ${recipient}`, new RegExp(`no token mint at ${recipient} on this network\\. If it is a wallet, say "send"`)],
  ])('%s → 422 with a reason', async (message, reason) => {
    const response = await say(message);
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('parsing_error');
    expect(response.body.error.details.reason).toMatch(reason);
  });

  it('an unknown token near a known one comes with suggestions', async () => {
    const response = await say('swap 1 SOL for BONXQ');
    expect(response.body.error.details.suggestions).toContain('BONK');
  });
});

describe('transfers', () => {
  it('"send 20 USDC to <address>" builds a transaction the wallet signs as it is, and it executes', async () => {
    const response = await say(`send 20 USDC to ${recipient}`);
    expect(response.status).toBe(200);
    const { transaction } = response.body;
    expect(transaction).toMatchObject({
      type: 'transfer',
      parameters: { token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', amount: 20_000_000, recipient },
      lastValidBlockHeight: expect.any(Number),
    });
    expect(response.body.response).toBe(`Send 20 USDC to ${recipient.slice(0, 4)}…${recipient.slice(-4)}. Review and sign in your wallet.`);
    const tx = Transaction.from(Buffer.from(transaction.serializedTransaction, 'base64'));
    expect(tx.feePayer?.toBase58()).toBe(owner.publicKey.toBase58());
    tx.sign(owner);
    await app.service.deps.chains.mainnet.send(tx.serialize());
    const held = await app.http.get(`/v1/portfolio?walletAddress=${recipient}`).set('Authorization', bearer(key));
    expect(held.body.tokens).toEqual([expect.objectContaining({ symbol: 'USDC', amount: '20000000' })]);
  });

  it.each([
    [`send 1000 USDC to ${recipient}`, /holds/],
    ['send 5 USDC to 0x52908400098527886E0F7030069857D2E4169EE7', /Ethereum/],
    ['send 5 USDC to 7xKX…gAsU', /shortened/],
    ['send 5 USDC', /Who should receive/],
    [`send 0 USDC to ${recipient}`, /above zero/],
  ])('%s → 422', async (message, reason) => {
    const response = await say(message);
    expect(response.status).toBe(422);
    expect(response.body.error.details.reason).toMatch(reason);
  });
});

describe('queries are answered from live data and never carry a transaction', () => {
  it.each([
    ['how much USDC do I have', 'balance', /^You hold [\d.]+ USDC, worth \$[\d,.]+\.$/],
    ["what's my portfolio worth", 'portfolio', /^You hold .*SOL.*USDC.*, worth \$[\d,.]+\.$/],
    ['price of JUP', 'price', /^JUP is \$[\d.]+ \([+-][\d.]+% in 24 h\)\.$/],
    ['what can you do', 'help', /swap/],
  ])('%s', async (message, subject, reply) => {
    const response = await say(message);
    expect(response.status).toBe(200);
    expect(response.body.intent).toMatchObject({ action: 'query', subject });
    expect(response.body.transaction).toBeUndefined();
    expect(response.body.response).toMatch(reply);
  });

  it('a price asked of several tokens at once answers each, in the order asked', async () => {
    const response = await say('price of SOL, JUP and BONK');
    expect(response.status).toBe(200);
    expect(response.body.intent).toMatchObject({ action: 'query', subject: 'price', tokens: ['SOL', 'JUP', 'BONK'] });
    expect(response.body.intent.token).toBeUndefined();
    expect(response.body.transaction).toBeUndefined();
    expect(response.body.response).toMatch(/^SOL is \$[\d,.]+ \([+-][\d.]+% in 24 h\)\. JUP is \$[\d.]+ .*\. BONK is \$[\d.]+ .*\.$/);
  });
});

describe('test keys', () => {
  it('build on devnet: the devnet USDC mint, a devnet blockhash, devnet balances', async () => {
    const testKey = await app.createKey(['admin'], { environment: 'test' });
    const devWallet = Keypair.generate();
    await app.fund(devWallet.publicKey.toBase58(), { SOL: 1, USDC: 10 }, testKey);
    const session = (await app.http.post('/v1/sessions').set('Authorization', bearer(testKey)).send({ walletAddress: devWallet.publicKey.toBase58() })).body.sessionId;
    const response = await app.http.post('/v1/messages').set('Authorization', bearer(testKey)).send({ sessionId: session, message: `send 4 USDC to ${recipient}` });
    expect(response.status).toBe(200);
    expect(response.body.transaction.parameters.token).toBe('4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU');
    const tx = Transaction.from(Buffer.from(response.body.transaction.serializedTransaction, 'base64'));
    tx.sign(devWallet);
    await app.service.deps.chains.devnet.send(tx.serialize());
    const devnet = await app.service.deps.chains.devnet.tokenAccounts(recipient);
    expect(devnet).toEqual([expect.objectContaining({ mint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU', amount: 4_000_000n })]);
    // The same wallet has nothing on mainnet, so a live key is refused for lack of funds.
    const live = await app.http.post('/v1/sessions').set('Authorization', bearer(key)).send({ walletAddress: devWallet.publicKey.toBase58() });
    const refused = await app.http.post('/v1/messages').set('Authorization', bearer(key)).send({ sessionId: live.body.sessionId, message: `send 4 USDC to ${recipient}` });
    expect(refused.status).toBe(422);
  });
});

describe('transactions per day', () => {
  it('counts messages that build a transaction against the tier, then answers 429 and stores nothing', async () => {
    const limited = await startTestApp({ env: { TIER_LIMITS: '{"free":{"transactionsPerDay":2}}' } });
    try {
      const { key: admin } = await limited.createAccount('free');
      await limited.fund(owner.publicKey.toBase58(), { SOL: 5 });
      const session = (await limited.http.post('/v1/sessions').set('Authorization', bearer(admin)).send({ walletAddress: owner.publicKey.toBase58() })).body.sessionId;
      const send = (message: string) => limited.http.post('/v1/messages').set('Authorization', bearer(admin)).send({ sessionId: session, message });
      expect((await send('swap 1 SOL for USDC')).status).toBe(200);
      expect((await send('price of SOL')).status).toBe(200);
      expect((await send('swap 1 SOL for JUP')).status).toBe(200);
      const refused = await send('swap 1 SOL for BONK');
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('transaction_limit_exceeded');
      expect(refused.headers['retry-after']).toBeDefined();
      const usage = await limited.http.get('/v1/analytics/usage').set('Authorization', bearer(admin));
      expect(usage.body.usage.transactionsToday).toBe(2);
      const count = (await limited.http.get(`/v1/sessions/${session}`).set('Authorization', bearer(admin))).body.messageCount;
      expect(count).toBe(6);
    } finally {
      await limited.close();
    }
  });
});
