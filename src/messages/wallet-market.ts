import type { Keypair } from '@solana/web3.js';
import type { AgentMarket, BuiltTransaction, MarketHolding, MarketToken } from '../agent/agent';
import type { TokenRef } from '../agent/parser';
import type { ChainGateway, MintInfo } from '../chain/chain-gateway';
import { associatedAccount } from '../chain/associated-account';
import { buildPoolSwap } from '../chain/pool-swap';
import { buildTransfer } from '../chain/transaction-builder';
import { describePreview, simulateEffect, SimulationRefusal, watchedAccounts, type Effect, type PreviewRequest, type PreviewToken } from '../chain/transaction-preview';
import type { Route } from '../quotes/quote-provider';
import type { Quote, QuoteProvider } from '../quotes/quote-provider';
import { awaitedLater } from '../shared/awaited-later';
import type { Clock } from '../shared/clock';
import type { PortfolioService } from '../portfolio/portfolio.service';
import type { PriceLoader } from '../prices/price.service';
import { SOL_MINT, type Network, type TokenRegistry } from '../tokens/token-registry';

/**
 * How long a built transaction is worth signing: a blockhash lasts 150 blocks, about 60 s at
 * 400 ms a block (https://solana.com/docs/core/transactions#recent-blockhash), and a quote is
 * not worth more. `expiresAt` = build time + this.
 */
export const TRANSACTION_LIFETIME_MS = 60_000;

/** Owners of accounts that are never a transfer's recipient, and what such an account is. */
const RECIPIENT_TRAPS: Record<string, string> = {
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'a token mint or token account',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'a token mint or token account',
  BPFLoaderUpgradeab1e11111111111111111111111: 'a program',
  BPFLoader2111111111111111111111111111111111: 'a program',
  BPFLoader1111111111111111111111111111111111: 'a program',
  NativeLoader1111111111111111111111111111111: 'a program',
};

/** Where the embedded ledger's local pool settles a swap, beside the wallet's network. */
export interface LocalSettlement {
  /** The pool's keypair, held by the embedded ledger. */
  pool: Keypair;
}

/**
 * The agent's view of one wallet on one network, for one request: registry look-ups, token
 * facts read from the mint on chain, holdings and prices through the request's loaders (so a
 * message that needs them twice reads them once), and the transaction builders, each of whose
 * transactions is simulated into a preview before the agent offers it.
 */
export class WalletMarket implements AgentMarket {
  readonly symbols: readonly string[];
  readonly names: readonly string[];
  readonly networkName: string;
  /** Balances read in this request, by mint: the balance check and the preview read each once. */
  private readonly balances = new Map<string, Promise<bigint>>();

  constructor(
    private readonly registry: TokenRegistry,
    readonly network: Network,
    private readonly chain: ChainGateway,
    private readonly portfolio: PortfolioService,
    private readonly prices: PriceLoader,
    private readonly quotes: QuoteProvider,
    readonly wallet: string,
    private readonly clock: Clock,
    /** Present where the network is the embedded ledger. */
    private readonly local?: LocalSettlement,
  ) {
    this.symbols = registry.symbols(network);
    this.names = registry.names(network);
    this.networkName = `Solana ${network}${local ? " (Parley's embedded ledger)" : ''}`;
  }

  isMint = (address: string): boolean => this.registry.isMint(address);

  nameOf = (mint: string): string | undefined => this.registry.mint(mint, this.network)?.name;

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

  balance(mint: string): Promise<bigint> {
    let read = this.balances.get(mint);
    if (!read) {
      read = this.chain.balance(this.wallet, mint);
      this.balances.set(mint, read);
    }
    return read;
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

  async buildTransfer(mint: string, amount: bigint, recipient: string): Promise<BuiltTransaction> {
    // The mint was read by the agent's balance check.
    const info = await this.chain.mint(mint);
    const tokens = this.previewTokens([{ mint, info }]);
    const creates = tokens.map((token) => ({
      address: associatedAccount(token.mint, recipient, token.program).toBase58(),
      label: `the recipient's ${token.symbol} token account`,
    }));
    // The recipient and the balances the preview starts from are read in the round trip of the
    // simulation (the accounts read together go as one call), and the recipient's refusal comes
    // first: the simulation's would only say less.
    const target = this.chain.accounts([recipient]);
    const holdings = awaitedLater(this.previewHoldings(tokens));
    const building = awaitedLater(buildTransfer(this.chain, { from: this.wallet, to: recipient, mint, amount }, info, { tokens, watch: watchedAccounts({ wallet: this.wallet, tokens, creates }) }));
    const [account] = await target;
    // A mint, a token account or a program cannot use what is sent to it: the funds would be lost.
    const kind = account && RECIPIENT_TRAPS[account.owner];
    if (kind) throw new SimulationRefusal(`${recipient.slice(0, 4)}…${recipient.slice(-4)} is ${kind}, not a wallet: tokens sent there are lost. Paste the recipient's wallet address.`, { err: null, logs: [] });
    const [built, held] = await Promise.all([building, holdings]);
    const request = { wallet: this.wallet, tokens, creates, holdings: held, transferFees: built.transferFees };
    return { ...this.finish(built.serializedTransaction, built.lastValidBlockHeight, request, built.effect), reference: built.reference };
  }

  async settleSwap(input: MarketToken, output: MarketToken, quote: Quote): Promise<{ route: Route; built: BuiltTransaction | null }> {
    const [inInfo, outInfo] = await Promise.all([this.chain.mint(input.mint), this.chain.mint(output.mint)]);
    const tokens = this.previewTokens([
      { mint: input.mint, info: inInfo },
      { mint: output.mint, info: outInfo },
    ]);
    // Where a transaction is offered, its preview's balances are read in its simulation's round trip.
    if (quote.serializedTransaction) {
      const request = { wallet: this.wallet, tokens };
      // Jupiter's order names its transaction's last valid block height where it knows it; else it is the current one's.
      const [lastValid, effect, held] = await Promise.all([
        quote.lastValidBlockHeight ?? this.chain.latestBlockhash().then((latest) => latest.lastValidBlockHeight),
        simulateEffect(this.chain, Buffer.from(quote.serializedTransaction, 'base64'), request),
        this.previewHoldings(tokens),
      ]);
      const built = this.finish(quote.serializedTransaction, lastValid, { ...request, holdings: held }, effect);
      return { route: quote.route, built: { ...built, ...(quote.requestId && { jupiterRequestId: quote.requestId }) } };
    }
    if (!this.local) return { route: quote.route, built: null };
    const pool = this.local.pool.publicKey.toBase58();
    const route: Route = {
      ...quote.route,
      source: 'local-pool',
      routePlan: quote.route.routePlan.map((step) => ({ ...step, swapInfo: { ...step.swapInfo, ammKey: pool, label: "Parley local pool (embedded ledger)" } })),
    };
    const warnings = [
      "Settled by the embedded ledger's local pool at Parley's offline estimate: a counterparty for trying swaps, not a market.",
    ];
    const [built, held] = await Promise.all([
      buildPoolSwap(this.chain, this.local.pool, {
        wallet: this.wallet,
        input: { mint: input.mint, info: inInfo },
        output: { mint: output.mint, info: outInfo },
        inAmount: BigInt(route.inAmount),
        outAmount: BigInt(route.outAmount),
        tokens,
        watch: watchedAccounts({ wallet: this.wallet, tokens }),
      }),
      this.previewHoldings(tokens),
    ]);
    const request = { wallet: this.wallet, tokens, holdings: held, warnings, transferFees: built.transferFees };
    return { route, built: { ...this.finish(built.serializedTransaction, built.lastValidBlockHeight, request, built.effect), reference: built.reference } };
  }

  /** What a preview of a transaction moving `tokens` starts from: the wallet's balances of SOL and of each. */
  private async previewHoldings(tokens: PreviewToken[]): Promise<Map<string, bigint>> {
    const mints = [SOL_MINT, ...tokens.map((token) => token.mint)];
    return new Map(await Promise.all(mints.map(async (mint) => [mint, await this.balance(mint)] as const)));
  }

  /** The transaction with its preview, stamped with when it should be refreshed. */
  private finish(serializedTransaction: string, lastValidBlockHeight: number, request: PreviewRequest, effect: Effect): BuiltTransaction {
    const expiresAt = new Date(this.clock.now().getTime() + TRANSACTION_LIFETIME_MS).toISOString();
    return { serializedTransaction, lastValidBlockHeight, preview: describePreview(request, effect), expiresAt };
  }

  /** The preview's view of tokens other than SOL: symbol from the registry (else the mint), program and decimals from the chain. */
  private previewTokens(mints: Array<{ mint: string; info: MintInfo | null }>): PreviewToken[] {
    return mints
      .filter(({ info }) => info !== null)
      .map(({ mint, info }) => ({ mint, symbol: this.registry.mint(mint, this.network)?.symbol ?? mint, decimals: info!.decimals, program: info!.program }));
  }
}
