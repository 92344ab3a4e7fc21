import type { TransactionPreview } from '../chain/transaction-preview';
import type { Route } from '../quotes/quote-provider';
import type { Quote } from '../quotes/quote-provider';
import type { Slot, TokenRef } from './command';
import type { StoredPending } from './state';
import type { Intent, TransactionDetails } from './intent';

/** What the agent knows of the conversation besides the text itself. */
export interface AgentContext {
  walletAddress: string;
  network: 'mainnet' | 'devnet';
  /** The session's earlier intents, newest last, for follow-ups ("make it 2"). */
  recentIntents: Intent[];
  /** The request's slippage tolerance in basis points, unless the text says otherwise. */
  slippageBps: number;
  /** The command the session's last clarifying question waits on, or the message that held this one, if any, as stored (state.ts reads it). */
  pending?: unknown;
  /** Balances, prices, token facts and transaction builders for this wallet and network. */
  market: AgentMarket;
}

export type AgentOutcome =
  | {
      ok: true;
      intent: Intent;
      reply: string;
      transaction?: TransactionDetails;
      /** USD value of what the transaction spends, at build time, in cents; null without a price. */
      valueCents?: bigint | null;
      /** A hold on the session's next command that this answer leaves in place ("don't run the next one", then a question). */
      pending?: StoredPending;
    }
  | {
      ok: false;
      reason: string;
      suggestions?: string[];
      /** A clarifying question: the slot it asks for and the command kept until the next message, versioned. */
      ask?: Slot;
      pending?: StoredPending;
    };

/**
 * The conversational agent: a message and its context in, an intent and a reply out, or a
 * reason it could not act. The messages feature depends on this interface only.
 */
export interface Agent {
  respond(text: string, context: AgentContext): Promise<AgentOutcome>;
  /** The transaction of `details` built again from its parameters (fresh quote and blockhash). */
  rebuild(details: TransactionDetails, market: AgentMarket): Promise<AgentOutcome>;
}

export interface MarketToken {
  mint: string;
  symbol: string;
  decimals: number;
}

export interface MarketHolding extends MarketToken {
  amount: bigint;
  price: number | null;
}

/** A transaction built for the wallet, simulated, with the time after which it should be refreshed. */
export interface BuiltTransaction {
  serializedTransaction: string;
  lastValidBlockHeight: number;
  preview: TransactionPreview;
  /** ISO time. */
  expiresAt: string;
  /** Jupiter's order id, when Jupiter lands it (POST /swap/v2/execute). */
  jupiterRequestId?: string;
  /** The reference key (base58) in a transaction of Parley's making; none in Jupiter's, which Parley cannot change. */
  reference?: string;
}

/**
 * What the agent may ask of the outside world, for the session's wallet and network. The
 * messages feature implements it over the registry, prices, the chain and the builders.
 * Builders simulate what they build and throw SimulationRefusal for a transaction that would fail.
 */
export interface AgentMarket {
  lookup(text: string): TokenRef | undefined;
  symbols: readonly string[];
  /** Token names and aliases in lower case, for typos of them. */
  names: readonly string[];
  /** Whether an address is a listed token's mint on any network. */
  isMint(address: string): boolean;
  /** A listed token's name by its mint ("Jito Staked SOL"). */
  nameOf(mint: string): string | undefined;
  /** The wallet and the chain, as the summary names them ("mainnet (Parley's embedded ledger)"). */
  wallet: string;
  network: 'mainnet' | 'devnet';
  networkName: string;
  /** Decimals read from the mint account; null when there is no such mint. */
  token(ref: TokenRef): Promise<MarketToken | null>;
  /** Every token the wallet holds, valued (the portfolio). */
  holdings(): Promise<MarketHolding[]>;
  /** What the wallet holds of one token, in base units, as the portfolio sums it (SOL with wrapped SOL). */
  balance(mint: string): Promise<bigint>;
  price(mint: string): Promise<{ price: number; change24h: number | null } | null>;
  buildTransfer(mint: string, amount: bigint, recipient: string): Promise<BuiltTransaction>;
  /** A swap quote from the configured provider (with the swap transaction where it builds one). */
  quote(input: MarketToken, output: MarketToken, amount: bigint, swapMode: 'ExactIn' | 'ExactOut', slippageBps: number): Promise<Quote>;
  /**
   * The transaction that settles a quote, simulated: the provider's own (Jupiter), or the
   * embedded ledger's local pool's for an offline estimate (the route's source becomes
   * `local-pool`); null where there is none (an estimate against a configured RPC node).
   */
  settleSwap(input: MarketToken, output: MarketToken, quote: Quote): Promise<{ route: Route; built: BuiltTransaction | null }>;
}
