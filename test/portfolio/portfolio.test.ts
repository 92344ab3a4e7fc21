import { ACCOUNT_SIZE, AccountLayout, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, PublicKey } from '@solana/web3.js';
import { LocalLedger } from '../../src/chain/local-ledger';
import { TokenRegistry, type Token } from '../../src/tokens/token-registry';
import { bearer, startTestApp, type TestApp } from '../support/app';

let app: TestApp;
let reader: string;
let testAdmin: string;
beforeAll(async () => {
  app = await startTestApp();
  reader = await app.createKey(['read:portfolio', 'write:sessions', 'read:prices']);
  testAdmin = await app.createKey(['admin'], { environment: 'test' });
});
afterAll(() => app.close());

const wallet = () => Keypair.generate().publicKey.toBase58();
const airdrop = (body: object, key = app.adminKey) => app.http.post('/v1/dev/airdrop').set('Authorization', bearer(key)).send(body);
const portfolio = (walletAddress: string, key = reader) =>
  app.http.get(`/v1/portfolio?walletAddress=${encodeURIComponent(walletAddress)}`).set('Authorization', bearer(key));

/** USD cents of a decimal balance at a price, computed apart from the service: exact decimal strings, half up. */
function cents(balance: string, price: number): bigint {
  const [pw, pf = ''] = String(price).split('.');
  const [bw, bf = ''] = balance.split('.');
  const product = BigInt(bw + bf) * BigInt(pw + pf) * 100n;
  const scale = 10n ** BigInt(bf.length + pf.length);
  return (product + scale / 2n) / scale;
}

describe('GET /v1/portfolio on the embedded ledger', () => {
  it('lists SOL and every token held, valued to the cent and sorted by value', async () => {
    const owner = wallet();
    for (const [token, amount] of [['SOL', '2.5'], ['USDC', '100.5'], ['BONK', 1000000], ['PYUSD', '7.25'], ['jup', '0.000001']] as const) {
      const response = await airdrop({ walletAddress: owner, token, amount });
      expect(response.status).toBe(200);
    }
    const prices = Object.fromEntries(
      await Promise.all(
        ['SOL', 'USDC', 'BONK', 'PYUSD', 'JUP'].map(async (symbol) => [symbol, (await app.http.get(`/v1/prices/${symbol}`).set('Authorization', bearer(reader))).body.price]),
      ),
    );
    const response = await portfolio(owner);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.walletAddress).toBe(owner);
    const expected: Record<string, string> = { SOL: '2.5', USDC: '100.5', BONK: '1000000', PYUSD: '7.25', JUP: '0.000001' };
    expect(body.tokens.map((t: any) => t.symbol).sort()).toEqual(Object.keys(expected).sort());
    let total = 0n;
    for (const holding of body.tokens) {
      const value = cents(expected[holding.symbol], prices[holding.symbol]);
      total += value;
      expect({ symbol: holding.symbol, balance: holding.balance, price: holding.price, usdValue: holding.usdValue }).toEqual({
        symbol: holding.symbol,
        balance: Number(expected[holding.symbol]),
        price: prices[holding.symbol],
        usdValue: Number(value) / 100,
      });
    }
    expect(body.totalValue).toBe(Number(total) / 100);
    const values = body.tokens.map((t: any) => t.usdValue);
    expect(values).toEqual([...values].sort((a: number, b: number) => b - a));
    const usdc = body.tokens.find((t: any) => t.symbol === 'USDC');
    expect(usdc).toMatchObject({ mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', decimals: 6, amount: '100500000' });
  });

  it('leaves empty balances out, sums several accounts of a mint, and names unknown mints UNKNOWN', async () => {
    const owner = wallet();
    const ledger = app.service.deps.ledgers.mainnet!;
    const registry = TokenRegistry.bundled();
    const wif = registry.resolve('WIF', 'mainnet')!;
    ledger.airdrop(owner, registry.resolve('JUP', 'mainnet')!, 0n);
    ledger.airdrop(owner, wif, 5_000_000n);
    // A second WIF account of the owner, beside the associated one.
    const extra = Buffer.alloc(ACCOUNT_SIZE);
    AccountLayout.encode(
      { mint: new PublicKey(wif.mint), owner: new PublicKey(owner), amount: 2_500_000n, delegateOption: 0, delegate: PublicKey.default, state: 1, isNativeOption: 0, isNative: 0n, delegatedAmount: 0n, closeAuthorityOption: 0, closeAuthority: PublicKey.default },
      extra,
    );
    ledger.put(Keypair.generate().publicKey.toBase58(), extra, TOKEN_PROGRAM_ID);
    const stranger: Token = { symbol: 'X', name: 'not listed', mint: Keypair.generate().publicKey.toBase58(), decimals: 4, network: 'mainnet', program: 'token' };
    ledger.addMint(stranger);
    ledger.airdrop(owner, stranger, 123_4567n);
    const body = (await portfolio(owner)).body;
    expect(body.tokens).toEqual([
      expect.objectContaining({ symbol: 'WIF', balance: 7.5, amount: '7500000' }),
      { mint: stranger.mint, symbol: 'UNKNOWN', balance: 123.4567, amount: '1234567', decimals: 4, price: null, usdValue: null },
    ]);
    expect(body.totalValue).toBe(body.tokens[0].usdValue);
  });

  it.each([['', 'missing'], ['0x52908400098527886E0F7030069857D2E4169EE7', 'EVM'], ['abc', 'short']])(
    'walletAddress=%s (%s) → 400 naming walletAddress',
    async (address) => {
      const response = await portfolio(address);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'validation_error', field: 'walletAddress' });
    },
  );

  it('without the parameter → 400 naming walletAddress; without read:portfolio → 403', async () => {
    const missing = await app.http.get('/v1/portfolio').set('Authorization', bearer(reader));
    expect(missing.body.error).toMatchObject({ code: 'validation_error', field: 'walletAddress' });
    const other = await app.createKey(['read:prices']);
    expect((await portfolio(wallet(), other)).status).toBe(403);
  });

  it('GraphQL portfolio and Session.portfolio agree with REST', async () => {
    const owner = wallet();
    await airdrop({ walletAddress: owner, token: 'SOL', amount: 1 });
    await app.http.post('/v1/sessions').set('Authorization', bearer(reader)).send({ walletAddress: owner });
    const rest = (await portfolio(owner)).body;
    const gql = await app.http
      .post('/graphql')
      .set('Authorization', bearer(reader))
      .send({
        query: `query($w: String!) { portfolio(walletAddress: $w) { walletAddress totalValue tokens { mint symbol balance amount decimals usdValue price } }
                 sessions(first: 1) { edges { node { walletAddress portfolio { totalValue } } } } }`,
        variables: { w: owner },
      });
    expect(gql.body.data.portfolio).toEqual({ walletAddress: rest.walletAddress, totalValue: rest.totalValue, tokens: rest.tokens });
    expect(gql.body.data.sessions.edges[0].node.portfolio.totalValue).toBe(rest.totalValue);
  });
});

describe('test keys reach devnet only', () => {
  it('a test key funds and reads the devnet ledger; live keys do not see it', async () => {
    const owner = wallet();
    const funded = await airdrop({ walletAddress: owner, token: 'USDC', amount: '5' }, testAdmin);
    expect(funded.body).toMatchObject({ network: 'devnet', mint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU', baseUnits: '5000000' });
    const devnet = (await portfolio(owner, testAdmin)).body;
    expect(devnet.tokens).toEqual([expect.objectContaining({ symbol: 'USDC', mint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU', balance: 5 })]);
    expect((await portfolio(owner)).body.tokens).toEqual([]);
    const bonk = await airdrop({ walletAddress: owner, token: 'BONK', amount: 1 }, testAdmin);
    expect(bonk.status).toBe(404);
    expect(bonk.body.error.code).toBe('token_not_found');
  });
});

describe('POST /v1/dev/airdrop', () => {
  it.each([
    [{ token: 'SOL', amount: '0' }, 'amount'],
    [{ token: 'USDC', amount: '1.0000001' }, 'amount'],
    [{ token: 'SOL', amount: -1 }, 'amount'],
    [{ token: 'SOL', amount: '1e3' }, 'amount'],
    [{ token: 'SOL', amount: '2000000000' }, 'amount'],
  ])('%j → 400 naming %s', async (body, field) => {
    const response = await airdrop({ walletAddress: wallet(), ...body });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'validation_error', field });
  });

  it('refuses unknown tokens, bad wallets and non-admin keys', async () => {
    expect((await airdrop({ walletAddress: wallet(), token: 'NOPE', amount: 1 })).body.error.code).toBe('token_not_found');
    expect((await airdrop({ walletAddress: '0xabc', token: 'SOL', amount: 1 })).body.error).toMatchObject({ field: 'walletAddress' });
    expect((await airdrop({ walletAddress: wallet(), token: 'SOL', amount: 1 }, reader)).status).toBe(403);
  });

  it('is absent when the network has a configured RPC node, which the gateway then reads', async () => {
    const external = new LocalLedger('mainnet', TokenRegistry.bundled().all('mainnet'));
    const url = await external.serve();
    const configured = await startTestApp({ env: { SOLANA_RPC_URL: url } });
    try {
      const owner = wallet();
      external.airdrop(owner, TokenRegistry.bundled().resolve('SOL', 'mainnet')!, 3_000_000_000n);
      const response = await configured.http.post('/v1/dev/airdrop').set('Authorization', bearer(configured.adminKey)).send({ walletAddress: owner, token: 'SOL', amount: 1 });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
      const read = await configured.http.get(`/v1/portfolio?walletAddress=${owner}`).set('Authorization', bearer(configured.adminKey));
      expect(read.body.tokens).toEqual([expect.objectContaining({ symbol: 'SOL', balance: 3 })]);
    } finally {
      await configured.close();
      await external.stop();
    }
  });

  it('answers 503 when the configured RPC node is down', async () => {
    const configured = await startTestApp({ env: { SOLANA_RPC_URL: 'http://127.0.0.1:59998' } });
    try {
      const response = await configured.http.get(`/v1/portfolio?walletAddress=${wallet()}`).set('Authorization', bearer(configured.adminKey));
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('service_unavailable');
    } finally {
      await configured.close();
    }
  });
});
