import DataLoader from 'dataloader';
import type { ChainGateway } from '../chain/chain-gateway';
import type { PriceLoader } from '../prices/price.service';
import { formatUnits, usdCents } from '../shared/amounts';
import { requireSolanaAddress } from '../shared/solana-address';
import { SOL_MINT, type Network, type TokenRegistry } from '../tokens/token-registry';

/** Placeholder symbol of a mint that is not in the registry (its mint is given beside it). */
export const UNKNOWN_SYMBOL = 'UNKNOWN';

export interface Holding {
  mint: string;
  symbol: string;
  /** Whole tokens, from the integer base units and the mint's decimals. */
  balance: number;
  /** Base units, as an integer string. */
  amount: string;
  decimals: number;
  /** USD per token; null when no price is known. */
  price: number | null;
  /** balance × price to the cent; null when no price is known. */
  usdValue: number | null;
}

export interface Portfolio {
  walletAddress: string;
  network: Network;
  totalValue: number;
  tokens: Holding[];
  lastUpdated: Date;
}

/**
 * A wallet's holdings read from its cluster: SOL plus every token account of both token
 * programs, summed per mint (wrapped SOL counts as SOL), empty ones left out, valued through
 * the request's price loader and sorted by value, largest first. Built per request.
 */
export class PortfolioService {
  readonly loader: DataLoader<string, Portfolio>;

  constructor(
    private readonly registry: TokenRegistry,
    private readonly chain: ChainGateway,
    private readonly prices: PriceLoader,
    private readonly clock: { now(): Date },
  ) {
    // Sessions of one wallet, listed together, read the chain once.
    this.loader = new DataLoader((wallets) => Promise.all(wallets.map((wallet) => this.read(wallet))));
  }

  portfolio(walletAddress: string): Promise<Portfolio> {
    requireSolanaAddress(walletAddress, 'walletAddress');
    return this.loader.load(walletAddress);
  }

  private async read(walletAddress: string): Promise<Portfolio> {
    const network = this.chain.network;
    const [lamports, accounts] = await Promise.all([this.chain.solBalance(walletAddress), this.chain.tokenAccounts(walletAddress)]);
    const amounts = new Map<string, { amount: bigint; decimals: number }>([[SOL_MINT, { amount: lamports, decimals: 9 }]]);
    for (const account of accounts) {
      const held = amounts.get(account.mint);
      amounts.set(account.mint, { amount: (held?.amount ?? 0n) + account.amount, decimals: account.decimals });
    }
    const held = [...amounts]
      .filter(([, { amount }]) => amount > 0n)
      .map(([mint, balance]) => ({ mint, ...balance, token: this.registry.mint(mint, network) }));
    const known = held.flatMap(({ token }) => (token ? [token] : []));
    const quotes = await this.prices.loadMany(known);
    const priceOf = new Map(known.map((token, i) => [token.mint, quotes[i] instanceof Error ? undefined : quotes[i]?.price]));

    let totalCents = 0n;
    const tokens = held.map(({ mint, amount, decimals, token }): Holding & { cents: bigint | null } => {
      const price = priceOf.get(mint) ?? null;
      const cents = price === null ? null : usdCents(amount, decimals, price);
      if (cents !== null) totalCents += cents;
      return {
        mint,
        symbol: token?.symbol ?? UNKNOWN_SYMBOL,
        balance: Number(formatUnits(amount, decimals)),
        amount: amount.toString(),
        decimals,
        price,
        usdValue: cents === null ? null : Number(cents) / 100,
        cents,
      };
    });
    tokens.sort(byValueThenSymbol);
    return {
      walletAddress,
      network,
      totalValue: Number(totalCents) / 100,
      tokens: tokens.map(({ cents: _cents, ...holding }) => holding),
      lastUpdated: this.clock.now(),
    };
  }
}

/** Largest value first, holdings without a price last, ties by symbol. */
function byValueThenSymbol(a: { cents: bigint | null; symbol: string }, b: { cents: bigint | null; symbol: string }): number {
  const [left, right] = [a.cents ?? -1n, b.cents ?? -1n];
  if (left !== right) return right > left ? 1 : -1;
  return a.symbol.localeCompare(b.symbol);
}
