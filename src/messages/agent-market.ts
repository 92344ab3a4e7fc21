import type { AgentMarket, MarketHolding, MarketToken } from '../agent/command-agent';
import type { TokenRef } from '../agent/parser';
import type { ChainGateway } from '../chain/chain-gateway';
import { buildTransfer } from '../chain/transaction-builder';
import type { Quote, QuoteProvider } from '../quotes/quote-provider';
import type { PortfolioService } from '../portfolio/portfolio.service';
import type { PriceLoader } from '../prices/price.service';
import type { Network, TokenRegistry } from '../tokens/token-registry';

/**
 * The agent's view of one wallet on one network, for one request: registry look-ups, token
 * facts read from the mint on chain, holdings and prices through the request's loaders (so a
 * message that needs them twice reads them once), and the transfer builder.
 */
export class WalletMarket implements AgentMarket {
  readonly symbols: readonly string[];
  readonly names: readonly string[];

  constructor(
    private readonly registry: TokenRegistry,
    private readonly network: Network,
    private readonly chain: ChainGateway,
    private readonly portfolio: PortfolioService,
    private readonly prices: PriceLoader,
    private readonly quotes: QuoteProvider,
    private readonly wallet: string,
  ) {
    this.symbols = registry.all(network).map((token) => token.symbol);
    this.names = registry.names(network);
  }

  lookup = (text: string): TokenRef | undefined => {
    const token = this.registry.resolve(text, this.network);
    return token && { symbol: token.symbol, mint: token.mint, decimals: token.decimals };
  };

  async token(ref: TokenRef): Promise<MarketToken | null> {
    const mint = await this.chain.mint(ref.mint);
    return mint && { mint: ref.mint, symbol: ref.symbol, decimals: mint.decimals };
  }

  async holdings(): Promise<MarketHolding[]> {
    const { tokens } = await this.portfolio.portfolio(this.wallet);
    return tokens.map((holding) => ({
      mint: holding.mint,
      symbol: holding.symbol,
      decimals: holding.decimals,
      amount: BigInt(holding.amount),
      price: holding.price,
    }));
  }

  async price(mint: string): Promise<{ price: number; change24h: number | null } | null> {
    const token = this.registry.mint(mint, this.network);
    const data = token ? await this.prices.load(token) : undefined;
    return data ? { price: data.price, change24h: data.change24h } : null;
  }

  async quote(input: MarketToken, output: MarketToken, amount: bigint, swapMode: 'ExactIn' | 'ExactOut', slippageBps: number): Promise<Quote> {
    const [inPrice, outPrice] = await Promise.all([this.price(input.mint), this.price(output.mint)]);
    return this.quotes.quote({
      input: { ...input, price: inPrice?.price ?? null },
      output: { ...output, price: outPrice?.price ?? null },
      amount,
      swapMode,
      slippageBps,
      wallet: this.wallet,
    });
  }

  async buildTransfer(mint: string, amount: bigint, recipient: string) {
    const built = await buildTransfer(this.chain, { from: this.wallet, to: recipient, mint, amount }, await this.chain.mint(mint));
    return { serializedTransaction: built.serializedTransaction, lastValidBlockHeight: built.lastValidBlockHeight };
  }
}
