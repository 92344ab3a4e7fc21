import type { QuerySubject } from './intent';

/** What the parser produces and what the agent carries out. Pure data. */

export interface TokenRef {
  symbol: string;
  mint: string;
  /** The registry's decimals, where the token is listed (the agent still reads them from the mint). */
  decimals?: number;
}

/** How much: an exact decimal, a share of the live balance, or a USD value. */
export type AmountSpec =
  | { kind: 'exact'; value: string }
  | { kind: 'fraction'; numerator: number; denominator: number }
  | { kind: 'usd'; value: string };

export type SwapCommand = {
  action: 'swap';
  input: TokenRef;
  output: TokenRef;
  amount: AmountSpec;
  /** ExactOut when the amount names the output ("buy 100 USDC with SOL"). */
  swapMode: 'ExactIn' | 'ExactOut';
  slippageBps?: number;
};
export type TransferCommand = { action: 'transfer'; token: TokenRef; amount: AmountSpec; recipient: string };
/** `tokens`: a price asked of several tokens at once ("price of SOL, JUP and BONK"), in the order said; `token` is then absent. */
export type QueryCommand = { action: 'query'; subject: QuerySubject; token?: TokenRef; tokens?: TokenRef[] };
/** "cancel", "never mind": drops the session's pending command, if any. */
export type CancelCommand = { action: 'cancel' };

export type Command = SwapCommand | TransferCommand | QueryCommand | CancelCommand;

/** A swap or transfer with slots still empty: what a clarifying question keeps. */
export type Draft =
  | {
      action: 'swap';
      input?: TokenRef;
      output?: TokenRef;
      amount?: AmountSpec;
      amountOf?: 'input' | 'output';
      slippageBps?: number;
      /** Said as a purchase ("buy BONK with USDC"): a dollar value given for its amount is the value received, as in "buy $20 of BONK". */
      purchase?: boolean;
    }
  | { action: 'transfer'; token?: TokenRef; amount?: AmountSpec; recipient?: string };

/** The slot a clarifying question asks for. */
export type Slot = 'input' | 'output' | 'amount' | 'recipient' | 'token';

/** A command waiting for one slot; the session keeps it until the next message. */
export interface Pending {
  ask: Slot;
  draft: Draft;
  /** Asked which of the tokens a name several mints claim ("staked sol"), those offered, by symbol: an answer may pick one by its name ("the jito one"). */
  among?: string[];
}

/** Why a message gives no transaction (the corpus labels use the same names). */
export type RefusalRule =
  | 'negated'
  | 'question'
  | 'hypothetical'
  | 'other-chain'
  | 'time-or-condition'
  | 'two-actions'
  | 'two-outputs'
  | 'missing'
  | 'unknown-token'
  | 'bad-recipient'
  | 'same-token'
  | 'bad-amount'
  | 'unsupported'
  | 'unclear';

export type ParseResult =
  | {
      ok: true;
      command: Command;
      confidence: number;
      followUp: boolean;
      /** Words ignored because they change nothing built ("good evening", "on a DEX"), for the reply to name. */
      ignored?: string[];
      /** A correction the message made of itself ("I mean WIF"), for the reply to name. */
      corrected?: string;
      /** A hold still waiting on a command (a question answered while one is held). */
      hold?: Hold;
    }
  | {
      ok: false;
      rule: RefusalRule;
      reason: string;
      suggestions?: string[];
      ask?: Slot;
      pending?: Pending;
      /** A message that holds the next command ("don't run the next one"), for the session to keep. */
      hold?: Hold;
    };

/**
 * A message that held the sender's next command ("don't run the next one, just explain it"), quoted, and the swap or
 * transfer last refused under it (`said`: its words as written, spaces folded, as parseCommand compares them): the hold
 * lasts until one is said twice in a row.
 */
export interface Hold {
  quote: string;
  said?: string;
}
