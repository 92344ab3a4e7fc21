import registry from './tokens.json';

export type Network = 'mainnet' | 'devnet';
export type TokenProgram = 'token' | 'token-2022';

export interface Token {
  symbol: string;
  name: string;
  mint: string;
  decimals: number;
  network: Network;
  /** The SPL program that owns the mint: Token or Token-2022. */
  program: TokenProgram;
}

/** Wrapped SOL and native SOL share this mint (Solana's convention for SOL in token APIs). */
export const SOL_MINT = 'So11111111111111111111111111111111111111112';

// Names people use for tokens beyond the registry's own names.
const ALIASES: Record<string, string> = {
  wsol: 'SOL', solana: 'SOL', 'wrapped sol': 'SOL', 'usd coin': 'USDC', tether: 'USDT', wormhole: 'W',
  'jito sol': 'JitoSOL', 'marinade sol': 'mSOL', 'blaze sol': 'bSOL',
  // As dictation spells them ("swap 1 sol to USD C").
  'usd c': 'USDC', 'usd t': 'USDT', 'u s d c': 'USDC', 'u s d t': 'USDT',
};

/**
 * The verified tokens Parley knows (src/tokens/tokens.json, from Jupiter's validated list).
 * Symbols collide on Solana, so a symbol or name resolves only against this list; a mint
 * resolves to its token here or to nothing. Immutable; one instance serves the whole service.
 */
export class TokenRegistry {
  /** Per network (a map each, so a lookup, run for most words of every message, builds no key string). */
  private readonly byMint = { mainnet: new Map<string, Token>(), devnet: new Map<string, Token>() };
  private readonly byWord = { mainnet: new Map<string, Token>(), devnet: new Map<string, Token>() };
  private readonly words = new Map<Network, { symbols: readonly string[]; names: readonly string[] }>();

  constructor(readonly tokens: readonly Token[]) {
    for (const token of tokens) {
      this.byMint[token.network].set(token.mint, token);
      this.byWord[token.network].set(token.symbol.toLowerCase(), token);
      // "Marinade staked SOL (mSOL)" is also said without its symbol in brackets ("Ether (Portal)" is not: "ether" names several mints).
      for (const name of new Set([token.name, token.name.replace(new RegExp(`\\s*\\(${token.symbol}\\)$`, 'i'), '')])) {
        if (!this.byWord[token.network].has(name.toLowerCase())) this.byWord[token.network].set(name.toLowerCase(), token);
      }
    }
    for (const [alias, symbol] of Object.entries(ALIASES)) {
      for (const network of ['mainnet', 'devnet'] as const) {
        const token = this.byWord[network].get(symbol.toLowerCase());
        if (token) this.byWord[network].set(alias, token);
      }
    }
  }

  static bundled(): TokenRegistry {
    const rows = (['mainnet', 'devnet'] as const).flatMap((network) =>
      registry[network].map((row) => ({ ...row, network, program: row.program as TokenProgram })),
    );
    return new TokenRegistry(rows);
  }

  all(network: Network): Token[] {
    return this.tokens.filter((token) => token.network === network);
  }

  /** The symbols of a network's tokens, as listed ("SOL", "mSOL"); the same array on every call. */
  symbols(network: Network): readonly string[] {
    return this.wordsOf(network).symbols;
  }

  /** The names and aliases people type for tokens ("solana", "usd coin", "dogwifhat"), in lower case; the same array on every call. */
  names(network: Network): readonly string[] {
    return this.wordsOf(network).names;
  }

  /** A network's symbols and names, listed once: every message's agent reads them. */
  private wordsOf(network: Network): { symbols: readonly string[]; names: readonly string[] } {
    let words = this.words.get(network);
    if (!words) {
      const symbols = this.all(network).map((token) => token.symbol);
      const lower = new Set(symbols.map((symbol) => symbol.toLowerCase()));
      const names = [...this.byWord[network].keys()].filter((name) => !lower.has(name));
      this.words.set(network, (words = { symbols, names }));
    }
    return words;
  }

  /** Whether an address is a listed mint on either network. */
  isMint(address: string): boolean {
    return this.byMint.mainnet.has(address) || this.byMint.devnet.has(address);
  }

  mint(mint: string, network: Network): Token | undefined {
    return this.byMint[network].get(mint);
  }

  /** By symbol in any case (`$` prefix allowed), by name, or by mint. */
  resolve(text: string, network: Network): Token | undefined {
    const trimmed = text.trim();
    const word = trimmed.replace(/^\$/, '').toLowerCase();
    return this.byMint[network].get(trimmed) ?? this.byWord[network].get(word);
  }
}
