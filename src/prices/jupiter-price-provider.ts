import type { Clock } from '../shared/clock';
import { jupiterFetch, jupiterUnavailable, type JupiterEndpoint } from '../shared/jupiter-http';
import type { Token, TokenRegistry } from '../tokens/token-registry';
import type { MarketData, PriceProvider } from './price-provider';

const unreachable = (cause: unknown) => jupiterUnavailable('price service', cause);

/** Price API v3 (https://dev.jup.ag/api-reference/price/v3/price): figures by mint. */
type PriceV3Response = Record<string, { usdPrice: number; priceChange24h?: number | null } | null>;

/** Tokens API v2 search (https://dev.jup.ag/guides/how-to-get-token-information): an array of tokens. */
type TokensV2Response = Array<{
  id: string;
  mcap?: number | null;
  stats24h?: { buyVolume?: number | null; sellVolume?: number | null } | null;
}>;

export interface JupiterOptions extends JupiterEndpoint {
  clock: Clock;
  /** How long figures are fresh (default 30 s). */
  freshMs?: number;
  /** How long stale figures may still be served while a refresh runs or the API is down (default 10 min). */
  staleMs?: number;
}

interface Entry {
  data: MarketData;
  fetchedAt: number;
}

/**
 * Live prices from Jupiter: Price API v3 for price and 24 h change, Tokens API v2 for volume
 * and market cap, both asked for all missing mints at once. Cached per mint: fresh figures
 * are served as they are; stale ones are served at once and refreshed in the background;
 * concurrent requests for a mint share one upstream call. With the API down, stale figures
 * are served until they are too old, then 503 `service_unavailable`. Devnet tokens are
 * priced as their mainnet namesake. One instance lives as long as the service.
 */
export class JupiterPriceProvider implements PriceProvider {
  private readonly cache = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<MarketData | undefined>>();

  constructor(
    private readonly registry: TokenRegistry,
    private readonly options: JupiterOptions,
  ) {}

  async quote(tokens: readonly Token[]): Promise<Map<string, MarketData>> {
    const now = this.options.clock.now().getTime();
    const fresh = this.options.freshMs ?? 30_000;
    const stale = this.options.staleMs ?? 600_000;
    const out = new Map<string, MarketData>();
    const missing: string[] = [];
    const waits: Array<Promise<void>> = [];
    for (const token of tokens) {
      const mint = this.mainnetMint(token);
      const entry = this.cache.get(mint);
      const age = entry ? now - entry.fetchedAt : Infinity;
      if (entry && age < stale) out.set(token.mint, entry.data);
      if (age < fresh) continue;
      const pending = this.inflight.get(mint);
      if (pending) {
        if (!entry || age >= stale) {
          waits.push(
            pending.then(
              (data) => void (data && out.set(token.mint, data)),
              (error: unknown) => {
                throw unreachable(error);
              },
            ),
          );
        }
      } else {
        missing.push(mint);
      }
    }
    if (missing.length) {
      const batch = this.fetch([...new Set(missing)]);
      for (const mint of new Set(missing)) {
        const one = batch.then((found) => found.get(mint));
        this.inflight.set(mint, one);
        void one.finally(() => this.inflight.delete(mint)).catch(() => undefined);
      }
      const needed = tokens.filter((token) => missing.includes(this.mainnetMint(token)) && !out.has(token.mint));
      if (needed.length) {
        try {
          const found = await batch;
          for (const token of needed) {
            const data = found.get(this.mainnetMint(token));
            if (data) out.set(token.mint, data);
          }
        } catch (error) {
          throw unreachable(error);
        }
      } else {
        batch.catch(() => undefined); // a background refresh; stale figures were served
      }
    }
    await Promise.all(waits);
    return out;
  }

  private mainnetMint(token: Token): string {
    if (token.network === 'mainnet') return token.mint;
    return this.registry.resolve(token.symbol, 'mainnet')?.mint ?? token.mint;
  }

  private async fetch(mints: string[]): Promise<Map<string, MarketData>> {
    const ids = mints.join(',');
    const [prices, tokens] = await Promise.all([
      this.get<PriceV3Response>(`/price/v3?ids=${ids}`),
      this.get<TokensV2Response>(`/tokens/v2/search?query=${ids}`),
    ]);
    const info = new Map(tokens.map((token) => [token.id, token]));
    const fetchedAt = this.options.clock.now();
    const found = new Map<string, MarketData>();
    for (const mint of mints) {
      const price = prices[mint];
      if (!price || typeof price.usdPrice !== 'number') continue;
      const stats = info.get(mint);
      const volume = (stats?.stats24h?.buyVolume ?? 0) + (stats?.stats24h?.sellVolume ?? 0);
      const data: MarketData = {
        price: price.usdPrice,
        change24h: price.priceChange24h ?? null,
        volume24h: stats?.stats24h ? volume : null,
        marketCap: stats?.mcap ?? null,
        lastUpdated: fetchedAt,
      };
      this.cache.set(mint, { data, fetchedAt: fetchedAt.getTime() });
      found.set(mint, data);
    }
    return found;
  }

  private async get<T>(path: string): Promise<T> {
    const response = await jupiterFetch(this.options, path, undefined, 5000);
    if (!response.ok) throw new Error(`Jupiter answered ${response.status} to ${path.split('?')[0]}`);
    return (await response.json()) as T;
  }
}
