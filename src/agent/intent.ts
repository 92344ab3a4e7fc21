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
  /** The whole parsed command, kept with the message so that follow-ups can refer to it. */
  command?: unknown;
}

/** A transaction the agent built for the wallet to sign. Never signed by Parley. */
export interface TransactionDetails {
  /** The stored record (GET /v1/transactions/{id}, submission). */
  transactionId?: string;
  type: 'swap' | 'transfer';
  parameters: Record<string, unknown>;
  route?: Record<string, unknown>;
  /** Base64 of the unsigned transaction, where one was built. */
  serializedTransaction?: string;
  lastValidBlockHeight?: number;
}
