import type { TransactionPreview } from '../chain/transaction-preview';
import type { Route } from '../quotes/quote-provider';

/** What the agent understood from one message. Stored with the user message. */
export type IntentAction = 'swap' | 'transfer' | 'query';
export type QuerySubject = 'balance' | 'portfolio' | 'price' | 'help';

export interface Intent {
  action: IntentAction;
  /** How sure the agent is, in [0, 1] (see the agent's scoring). */
  confidence: number;
  /** For queries: what is asked about. */
  subject?: QuerySubject;
  /** For queries about one token: its symbol or mint. */
  token?: string;
  /** For a price asked of several tokens at once: their symbols, in the order said. */
  tokens?: string[];
  /** The whole parsed command, kept with the message so that follow-ups can refer to it. */
  command?: unknown;
}

/** A base-unit amount: a JSON integer where exact (up to 2^53 − 1), else an integer string. */
export type IntegerAmount = number | string;

export interface SwapParameters {
  inputToken: string;
  outputToken: string;
  /** Of the input token for ExactIn, of the output token for ExactOut. */
  amount: IntegerAmount;
  slippageBps: number;
  swapMode: 'ExactIn' | 'ExactOut';
}

export interface TransferParameters {
  token: string;
  amount: IntegerAmount;
  recipient: string;
}

/** An amount of a token in base units (integer string) and in whole tokens (exact decimal text). */
export interface TokenAmount {
  mint: string;
  symbol: string;
  decimals: number;
  amount: string;
  uiAmount: string;
}

/** The structured fields behind `summary`: what to confirm before signing. */
export interface Confirmation {
  action: 'swap' | 'transfer';
  /** What the wallet spends. */
  input: TokenAmount;
  /** Swaps: the output expected; transfers: what the recipient receives (less any transfer fee). */
  output: TokenAmount;
  /** Swaps quoted ExactIn: the least output accepted after slippage. */
  minimumOutput?: TokenAmount;
  /** Swaps quoted ExactOut: the most input spent after slippage. */
  maximumInput?: TokenAmount;
  slippageBps?: number;
  /** Percent. */
  priceImpact?: number;
  /** Swaps: `local-pool`, `estimate` or `jupiter`. */
  source?: string;
  recipient?: string;
  /** Network fee in lamports; absent for a quote-only swap. */
  feeLamports?: string;
  wallet: string;
  network: 'mainnet' | 'devnet';
  /** The network in words ("Solana mainnet (Parley's embedded ledger)"). */
  networkName: string;
}

/** A transaction the agent built for the wallet to sign. Never signed by Parley. */
export interface TransactionDetails {
  /** The stored record (GET /v1/transactions/{id}, submission). */
  transactionId?: string;
  type: 'swap' | 'transfer';
  parameters: SwapParameters | TransferParameters;
  route?: Route;
  /** Base64 of the unsigned transaction, where one was built. */
  serializedTransaction?: string;
  lastValidBlockHeight?: number;
  /** The wallet's balance changes, from simulating the transaction (absent for a quote-only swap). */
  preview?: TransactionPreview;
  /** One line to confirm before signing. */
  summary?: string;
  /** The fields the summary is made of. */
  confirmation?: Confirmation;
  /** ISO time after which the client should refresh instead of signing. */
  expiresAt?: string;
  /** Jupiter's order id: the signed transaction is landed through its /execute. Kept with the record, not shown. */
  jupiterRequestId?: string;
  /** The transaction's reference key (base58): stored on its record (`Transaction.reference`). */
  reference?: string;
}
