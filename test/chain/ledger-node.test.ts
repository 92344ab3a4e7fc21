import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { serveLedgerNode, type LedgerNode } from '../../src/chain/ledger-node';
import { TokenRegistry } from '../../src/tokens/token-registry';
import { bearer, startTestApp, type TestApp } from '../support/app';

/**
 * `npm run ledger`: the embedded ledger alone as a JSON-RPC node, as wallet tooling (web3.js's
 * Connection) and the service (SOLANA_RPC_URL) use it.
 */
const tokens = TokenRegistry.bundled();
let node: LedgerNode;
let app: TestApp | undefined;

beforeAll(async () => {
  node = await serveLedgerNode(tokens, { network: 'mainnet', port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await node.close();
});

const rpc = async (method: string, params: unknown[]) =>
  (await (await fetch(node.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result?: any; error?: { code: number; message: string } };

it('answers getHealth, and requestAirdrop with a signature that confirms', async () => {
  const connection = new Connection(node.url, 'confirmed');
  expect(await rpc('getHealth', [])).toEqual({ jsonrpc: '2.0', id: 1, result: 'ok' });
  const wallet = Keypair.generate().publicKey;
  const signature = await connection.requestAirdrop(wallet, 2 * LAMPORTS_PER_SOL);
  const [status] = (await connection.getSignatureStatuses([signature])).value;
  expect(status).toMatchObject({ err: null, confirmationStatus: expect.stringMatching(/confirmed|finalized/) });
  expect(await connection.getBalance(wallet)).toBe(2 * LAMPORTS_PER_SOL);
});

it('gives registry tokens through parley_faucet, at their real mints; refuses an unknown token', async () => {
  const connection = new Connection(node.url, 'confirmed');
  const wallet = Keypair.generate().publicKey;
  const usdc = tokens.resolve('USDC', 'mainnet')!;
  const given = await rpc('parley_faucet', [wallet.toBase58(), 'USDC', '12.5']);
  expect(given.result).toMatchObject({ mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', baseUnits: '12500000' });
  const { value } = await connection.getParsedTokenAccountsByOwner(wallet, { mint: new PublicKey(usdc.mint) });
  expect(value[0].account.data.parsed.info.tokenAmount.uiAmountString).toBe('12.5');
  expect((await rpc('parley_faucet', [wallet.toBase58(), 'NOPE', '1'])).error).toMatchObject({ code: -32602, message: expect.stringContaining('Unknown token') });
});

it('serves the service as its SOLANA_RPC_URL: a portfolio read from it', async () => {
  app = await startTestApp({ env: { SOLANA_RPC_URL: node.url } });
  const wallet = Keypair.generate().publicKey.toBase58();
  await rpc('parley_faucet', [wallet, 'JUP', '3']);
  const portfolio = await app.http.get(`/v1/portfolio?walletAddress=${wallet}`).set('Authorization', bearer(app.adminKey));
  expect(portfolio.status).toBe(200);
  expect(portfolio.body.tokens).toEqual(expect.arrayContaining([expect.objectContaining({ symbol: 'JUP', amount: '3000000' })]));
  expect((await app.http.get('/health/ready')).body.checks).toMatchObject({ database: 'up', chain: 'up' });
});
