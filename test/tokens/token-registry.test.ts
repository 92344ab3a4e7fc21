import { SOL_MINT, TokenRegistry } from '../../src/tokens/token-registry';

const registry = TokenRegistry.bundled();

describe('TokenRegistry', () => {
  it.each([
    ['SOL', 'SOL'],
    ['sol', 'SOL'],
    ['$SOL', 'SOL'],
    ['wSOL', 'SOL'],
    ['solana', 'SOL'],
    ['usd coin', 'USDC'],
    ['$bonk', 'BONK'],
    ['dogwifhat', 'WIF'],
    ['JITOSOL', 'JitoSOL'],
    ['DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', 'BONK'],
  ])('resolves %s to %s on mainnet', (text, symbol) => {
    expect(registry.resolve(text, 'mainnet')?.symbol).toBe(symbol);
  });

  it('keeps the verified decimals and marks the Token-2022 mint', () => {
    expect(registry.resolve('USDC', 'mainnet')).toMatchObject({ mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', decimals: 6, program: 'token' });
    expect(registry.resolve('BONK', 'mainnet')?.decimals).toBe(5);
    expect(registry.resolve('SOL', 'mainnet')).toMatchObject({ mint: SOL_MINT, decimals: 9 });
    expect(registry.resolve('PYUSD', 'mainnet')?.program).toBe('token-2022');
  });

  it('has a devnet USDC of its own and no devnet BONK', () => {
    expect(registry.resolve('USDC', 'devnet')?.mint).toBe('4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU');
    expect(registry.resolve('BONK', 'devnet')).toBeUndefined();
  });

  it('never resolves look-alikes or unknown mints', () => {
    expect(registry.resolve('BONKK', 'mainnet')).toBeUndefined();
    expect(registry.resolve('DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB264', 'mainnet')).toBeUndefined();
  });

  it('has one token per symbol per network, whatever the case', () => {
    for (const network of ['mainnet', 'devnet'] as const) {
      const symbols = registry.all(network).map((token) => token.symbol.toLowerCase());
      expect(new Set(symbols).size).toBe(symbols.length);
    }
  });
});
