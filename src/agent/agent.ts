import type { Pending, Slot } from './command';
import type { AgentMarket } from './command-agent';
import type { Intent, TransactionDetails } from './intent';

/** What the agent knows of the conversation besides the text itself. */
export interface AgentContext {
  walletAddress: string;
  network: 'mainnet' | 'devnet';
  /** The session's earlier intents, newest last, for follow-ups ("make it 2"). */
  recentIntents: Intent[];
  /** The request's slippage tolerance in basis points, unless the text says otherwise. */
  slippageBps: number;
  /** The command the session's last clarifying question waits on, if any. */
  pending?: Pending | null;
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
    }
  | {
      ok: false;
      reason: string;
      suggestions?: string[];
      /** A clarifying question: the slot it asks for and the command kept until the next message. */
      ask?: Slot;
      pending?: Pending;
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
