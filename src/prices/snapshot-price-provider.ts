import type { Token } from '../tokens/token-registry';
import type { MarketData, PriceProvider } from './price-provider';
import snapshot from './price-snapshot.json';

/**
 * The offline default: the bundled table in price-snapshot.json, dated by the snapshot
 * itself. Tokens are matched by symbol, so a devnet token is priced as its mainnet namesake.
 */
export class SnapshotPriceProvider implements PriceProvider {
  private readonly lastUpdated = new Date(snapshot.snapshotDate);

  async quote(tokens: readonly Token[]): Promise<Map<string, MarketData>> {
    const table = snapshot.prices as Record<string, Omit<MarketData, 'lastUpdated'>>;
    const out = new Map<string, MarketData>();
    for (const token of tokens) {
      const row = table[token.symbol];
      if (row) out.set(token.mint, { ...row, lastUpdated: this.lastUpdated });
    }
    return out;
  }
}
