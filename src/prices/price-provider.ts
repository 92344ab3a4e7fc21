import type { Token } from '../tokens/token-registry';

/** Market figures of one token in USD. Null where the source has no figure. */
export interface MarketData {
  price: number;
  change24h: number | null;
  volume24h: number | null;
  marketCap: number | null;
  lastUpdated: Date;
}

/**
 * A source of prices. `quote` takes many tokens in one call (one upstream request) and
 * returns figures by mint for those it can price; a token it cannot price is absent.
 * It throws 503 `service_unavailable` when the source cannot be reached.
 */
export interface PriceProvider {
  quote(tokens: readonly Token[]): Promise<Map<string, MarketData>>;
}
