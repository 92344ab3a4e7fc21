import { AccountLayout, ACCOUNT_SIZE, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { ChainGateway } from '../../src/chain/chain-gateway';
import { LocalLedger } from '../../src/chain/local-ledger';
import { buildTransfer } from '../../src/chain/transaction-builder';
import { SOL_MINT, TokenRegistry } from '../../src/tokens/token-registry';

const registry = TokenRegistry.bundled();
const USDC = registry.resolve('USDC', 'mainnet')!;
const PYUSD = registry.resolve('PYUSD', 'mainnet')!;
const BONK = registry.resolve('BONK', 'mainnet')!;
const SOL = registry.resolve('SOL', 'mainnet')!;

let ledger: LocalLedger;
let chain: ChainGateway;
beforeAll(async () => {
  ledger = new LocalLedger('mainnet', registry.all('mainnet'));
  chain = new ChainGateway('mainnet', await ledger.serve());
});
afterAll(() => ledger.stop());

async function signAndSend(serialized: string, signer: Keypair): Promise<string> {
  const tx = Transaction.from(Buffer.from(serialized, 'base64'));
  tx.sign(signer);
  return chain.send(tx.serialize());
}

const balanceOf = async (owner: string, mint: string) =>
  (await chain.tokenAccounts(owner)).filter((h) => h.mint === mint).reduce((sum, h) => sum + h.amount, 0n);

describe('the embedded ledger over JSON-RPC', () => {
  it('holds every registry mint at its real address, decimals and program', async () => {
    for (const token of registry.all('mainnet')) {
      expect({ symbol: token.symbol, info: await chain.mint(token.mint) }).toEqual({
        symbol: token.symbol,
        info: { decimals: token.decimals, program: token.program },
      });
    }
    expect(await chain.mint(Keypair.generate().publicKey.toBase58())).toBeNull();
  });

  it('funds wallets from the faucet: SOL as lamports, tokens in an account the wallet paid nothing for', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    ledger.airdrop(wallet, SOL, 2_500_000_000n);
    ledger.airdrop(wallet, USDC, 100_000_000n);
    ledger.airdrop(wallet, USDC, 5_500_000n);
    ledger.airdrop(wallet, PYUSD, 7_000_000n);
    expect(await chain.solBalance(wallet)).toBe(2_500_000_000n);
    const holdings = await chain.tokenAccounts(wallet);
    expect(holdings.map(({ mint, amount, decimals, program }) => ({ mint, amount, decimals, program })).sort((a, b) => a.mint.localeCompare(b.mint))).toEqual(
      [
        { mint: USDC.mint, amount: 105_500_000n, decimals: 6, program: 'token' },
        { mint: PYUSD.mint, amount: 7_000_000n, decimals: 6, program: 'token-2022' },
      ].sort((a, b) => a.mint.localeCompare(b.mint)),
    );
  });
});

describe('one token\'s balance', () => {
  it('sums every account of the mint, not only the associated one; SOL counts wrapped SOL; none is 0', async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    ledger.airdrop(owner, USDC, 3_000_000n);
    const tokenAccount = (mint: string, amount: bigint) => {
      const data = Buffer.alloc(ACCOUNT_SIZE);
      AccountLayout.encode(
        { mint: new PublicKey(mint), owner: new PublicKey(owner), amount, delegateOption: 0, delegate: PublicKey.default, state: 1, isNativeOption: 0, isNative: 0n, delegatedAmount: 0n, closeAuthorityOption: 0, closeAuthority: PublicKey.default },
        data,
      );
      ledger.put(Keypair.generate().publicKey.toBase58(), data, TOKEN_PROGRAM_ID);
    };
    tokenAccount(USDC.mint, 250_000n);
    tokenAccount(SOL_MINT, 400_000_000n);
    ledger.airdrop(owner, SOL, 2_000_000_000n);
    expect(await chain.balance(owner, USDC.mint)).toBe(3_250_000n);
    expect(await chain.balance(owner, SOL_MINT)).toBe(2_400_000_000n);
    expect(await chain.balance(owner, BONK.mint)).toBe(0n);
  });
});

describe('transaction builders, executed on the ledger', () => {
  it('a SOL transfer moves exactly the amount; the sender also pays the fee', async () => {
    const sender = Keypair.generate();
    const recipient = Keypair.generate().publicKey.toBase58();
    ledger.airdrop(sender.publicKey.toBase58(), SOL, 3_000_000_000n);
    const built = await buildTransfer(chain, { from: sender.publicKey.toBase58(), to: recipient, mint: SOL_MINT, amount: 1_234_567_890n }, null);
    expect(built.lastValidBlockHeight).toBeGreaterThan(await chain.blockHeight());
    const signature = await signAndSend(built.serializedTransaction, sender);
    expect((await chain.signatureStatus(signature))?.err).toBeNull();
    expect(await chain.solBalance(recipient)).toBe(1_234_567_890n);
    const fee = 3_000_000_000n - 1_234_567_890n - (await chain.solBalance(sender.publicKey.toBase58()));
    expect(fee).toBeGreaterThan(0n);
    expect(fee).toBeLessThan(100_000n);
  });

  it.each([
    ['an SPL token (USDC)', USDC, 20_000_000n],
    ['a Token-2022 token (PYUSD)', PYUSD, 1_500_000n],
    ['a 5-decimal token (BONK)', BONK, 12_345_678_90000n],
  ])('%s: the recipient without an account gets one, and balances move exactly', async (_name, token, amount) => {
    const sender = Keypair.generate();
    const recipient = Keypair.generate().publicKey.toBase58();
    ledger.airdrop(sender.publicKey.toBase58(), SOL, 1_000_000_000n);
    ledger.airdrop(sender.publicKey.toBase58(), token, amount * 2n);
    expect(await chain.tokenAccounts(recipient)).toEqual([]);
    const built = await buildTransfer(
      chain,
      { from: sender.publicKey.toBase58(), to: recipient, mint: token.mint, amount },
      await chain.mint(token.mint),
    );
    await signAndSend(built.serializedTransaction, sender);
    expect(await balanceOf(recipient, token.mint)).toBe(amount);
    expect(await balanceOf(sender.publicKey.toBase58(), token.mint)).toBe(amount);
    const [account] = await chain.tokenAccounts(recipient);
    expect(account.program).toBe(token.program);

    // Sending again to an existing account works too (idempotent account creation). The amount
    // differs: an identical transaction under the same blockhash would be the same transaction.
    const again = await buildTransfer(chain, { from: sender.publicKey.toBase58(), to: recipient, mint: token.mint, amount: amount - 1n }, await chain.mint(token.mint));
    await signAndSend(again.serializedTransaction, sender);
    expect(await balanceOf(recipient, token.mint)).toBe(amount * 2n - 1n);
    expect(await balanceOf(sender.publicKey.toBase58(), token.mint)).toBe(1n);
  });

  it('50 transfers in a row all execute', async () => {
    const sender = Keypair.generate();
    const recipient = Keypair.generate().publicKey.toBase58();
    ledger.airdrop(sender.publicKey.toBase58(), SOL, 1_000_000_000n);
    ledger.airdrop(sender.publicKey.toBase58(), USDC, 51_000_000n);
    for (let i = 0; i < 50; i++) {
      const built = await buildTransfer(chain, { from: sender.publicKey.toBase58(), to: recipient, mint: USDC.mint, amount: 1_000_000n + BigInt(i) }, await chain.mint(USDC.mint));
      await signAndSend(built.serializedTransaction, sender);
    }
    expect(await balanceOf(recipient, USDC.mint)).toBe(50_000_000n + 1225n);
  });

  it('refuses a transaction signed by someone else, and moves nothing', async () => {
    const sender = Keypair.generate();
    const intruder = Keypair.generate();
    const recipient = Keypair.generate().publicKey.toBase58();
    ledger.airdrop(sender.publicKey.toBase58(), SOL, 1_000_000_000n);
    const built = await buildTransfer(chain, { from: sender.publicKey.toBase58(), to: recipient, mint: SOL_MINT, amount: 5_000_000n }, null);
    const tx = Transaction.from(Buffer.from(built.serializedTransaction, 'base64'));
    tx.signatures[0].signature = intruder.secretKey.subarray(0, 64) as Buffer;
    await expect(chain.send(tx.serialize({ verifySignatures: false }))).rejects.toThrow();
    expect(await chain.solBalance(recipient)).toBe(0n);
  });
});

describe('simulation', () => {
  it('runs a signed transfer without moving anything; a transfer that would fail is refused when built, in words', async () => {
    const sender = Keypair.generate();
    const recipient = Keypair.generate().publicKey.toBase58();
    ledger.airdrop(sender.publicKey.toBase58(), SOL, 1_000_000_000n);
    ledger.airdrop(sender.publicKey.toBase58(), USDC, 5_000_000n);
    const sign = (serialized: string) => {
      const tx = Transaction.from(Buffer.from(serialized, 'base64'));
      tx.sign(sender);
      return tx.serialize();
    };
    const fits = await buildTransfer(chain, { from: sender.publicKey.toBase58(), to: recipient, mint: USDC.mint, amount: 5_000_000n }, await chain.mint(USDC.mint));
    const ok = await chain.simulate(sign(fits.serializedTransaction));
    expect(ok.err).toBeNull();
    expect(ok.logs.join('\n')).toMatch(/TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke \[1\][\s\S]*TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success$/);
    expect(ok.unitsConsumed).toBeGreaterThan(0);
    expect(await balanceOf(recipient, USDC.mint)).toBe(0n);

    const tooMuch = buildTransfer(chain, { from: sender.publicKey.toBase58(), to: recipient, mint: USDC.mint, amount: 6_000_000n }, await chain.mint(USDC.mint), {
      tokens: [{ mint: USDC.mint, symbol: 'USDC', decimals: 6, program: 'token' }],
    });
    await expect(tooMuch).rejects.toMatchObject({
      reason: 'Insufficient funds: the wallet holds less USDC than this transaction moves.',
      simulation: { err: { InstructionError: [3, { Custom: 1 }] } },
    });
    expect(await balanceOf(sender.publicKey.toBase58(), USDC.mint)).toBe(5_000_000n);
  });
});

describe('the effect a builder reports (one simulation, the fee corrected)', () => {
  it('is what the signed transaction then does: the fee payer loses exactly the reported fee and amount', async () => {
    const sender = Keypair.generate();
    const from = sender.publicKey.toBase58();
    ledger.airdrop(from, SOL, 2_000_000_000n);
    const built = await buildTransfer(chain, { from, to: Keypair.generate().publicKey.toBase58(), mint: SOL_MINT, amount: 700_000_000n }, null);
    const [before] = built.effect.before;
    const [predicted] = built.effect.simulation.accounts;
    await signAndSend(built.serializedTransaction, sender);
    const after = await chain.solBalance(from);
    expect(after).toBe(predicted!.lamports);
    expect(before!.lamports - after).toBe(700_000_000n + built.effect.feeLamports);
    expect(built.effect.feeLamports).toBeGreaterThan(5000n);
  });

  it('refuses, in words, a transfer whose priority fee the wallet cannot pay, though the same transfer without it fits', async () => {
    const sender = Keypair.generate();
    const from = sender.publicKey.toBase58();
    ledger.airdrop(from, SOL, 1_000_000_000n);
    // All but the base fee: a transaction without a priority fee would empty the wallet exactly.
    const allButBaseFee = buildTransfer(chain, { from, to: Keypair.generate().publicKey.toBase58(), mint: SOL_MINT, amount: 1_000_000_000n - 5000n }, null);
    await expect(allButBaseFee).rejects.toMatchObject({ reason: expect.stringMatching(/^Insufficient funds/) });
    expect(await chain.solBalance(from)).toBe(1_000_000_000n);
  });
});

describe('an unreachable node', () => {
  it('is 503 service_unavailable after retries', async () => {
    const dead = new ChainGateway('mainnet', 'http://127.0.0.1:59999', { attempts: 2, timeoutMs: 500 });
    await expect(dead.solBalance(Keypair.generate().publicKey.toBase58())).rejects.toMatchObject({ code: 'service_unavailable', status: 503 });
  });
});
