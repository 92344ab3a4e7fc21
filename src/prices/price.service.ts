import DataLoader from 'dataloader';
import { DomainError, invalidField } from '../shared/errors';
import type { Token, TokenRegistry } from '../tokens/token-registry';
import type { MarketData, PriceProvider } from './price-provider';

export interface TokenPrice extends MarketData {
  mint: string;
  symbol: string;
}

export const MAX_PRICE_TOKENS = 100;

/** A per-request loader: every token priced while answering one request costs one provider call. */
export type PriceLoader = DataLoader<Token, MarketData | undefined, string>;

export function createPriceLoader(provider: PriceProvider): PriceLoader {
  return new DataLoader<Token, MarketData | undefined, string>(
    async (tokens) => {
      const quotes = await provider.quote(tokens);
      return tokens.map((token) => quotes.get(token.mint));
    },
    { cacheKeyFn: (token) => `${token.network}:${token.mint}` },
  );
}

/** Looks tokens up by mint or symbol and prices them through the request's loader. */
export class PriceService {
  constructor(
    private readonly registry: TokenRegistry,
    private readonly loader: PriceLoader,
  ) {}

  async price(text: string): Promise<TokenPrice> {
    const token = this.token(text);
    const data = await this.loader.load(token);
    if (!data) throw new DomainError('token_not_found', `No price for "${token.symbol}" (${token.mint})`, { details: { token: text } });
    return { mint: token.mint, symbol: token.symbol, ...data };
  }

  async prices(texts: string[]): Promise<TokenPrice[]> {
    if (texts.length === 0 || texts.length > MAX_PRICE_TOKENS) {
      throw invalidField('tokens', `tokens must list 1 to ${MAX_PRICE_TOKENS} tokens, got ${texts.length}`);
    }
    return Promise.all(texts.map((text) => this.price(text)));
  }

  /** A registry token by mint, symbol ($ allowed, any case) or name; mainnet first, then devnet. */
  token(text: string): Token {
    const token = this.registry.resolve(text, 'mainnet') ?? this.registry.resolve(text, 'devnet');
    if (!token) throw new DomainError('token_not_found', `Unknown or unsupported token "${text.slice(0, 64)}"`, { details: { token: text.slice(0, 64) } });
    return token;
  }
}
