import { Keypair } from '@solana/web3.js';
import { bearer, startTestApp, type TestApp } from '../support/app';

/**
 * The dev faucet of the embedded ledger sets balances directly: no faucet account to drain,
 * no wrap past u64, and only wallets can be funded. Each refusal is a 400 naming its field.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const airdrop = (walletAddress: string, token: string, amount: string) =>
  app.http.post('/v1/dev/airdrop').set('Authorization', bearer(app.adminKey)).send({ walletAddress, token, amount });
const holding = async (walletAddress: string, symbol: string) =>
  (await app.http.get('/v1/portfolio').query({ walletAddress }).set('Authorization', bearer(app.adminKey))).body.tokens.find(
    (token: { symbol: string }) => token.symbol === symbol,
  );

describe('POST /v1/dev/airdrop', () => {
  it.each([
    ['SOL', 'a billion SOL, far above the million a faucet account held'],
    ['JTO', 'a token of 9 decimals'],
  ])('gives %s up to what a u64 holds (%s), then refuses with 400 naming amount, never wrapping', async (symbol) => {
    const wallet = Keypair.generate().publicKey.toBase58();
    for (let i = 0; i < 18; i++) expect((await airdrop(wallet, symbol, '1000000000')).status).toBe(200);
    const over = await airdrop(wallet, symbol, '1000000000');
    expect([over.status, over.body.error.code, over.body.error.field]).toEqual([400, 'validation_error', 'amount']);
    expect((await holding(wallet, symbol)).amount).toBe((18n * 10n ** 18n).toString());
  });

  it.each([
    ['the System Program', '11111111111111111111111111111111'],
    ['the Token program', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'],
    ['a mint', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
  ])('refuses %s as the wallet with 400 naming walletAddress', async (_name, walletAddress) => {
    for (const token of ['SOL', 'USDC']) {
      const response = await airdrop(walletAddress, token, '1');
      expect([response.status, response.body.error.code, response.body.error.field]).toEqual([400, 'validation_error', 'walletAddress']);
    }
  });
});
