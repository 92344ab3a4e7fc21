export interface QuoteRequest {
  input: { mint: string; symbol: string; decimals: number; price: number | null };
  output: { mint: string; symbol: string; decimals: number; price: number | null };
  /** Base units: of the input for ExactIn, of the output for ExactOut. */
  amount: bigint;
  swapMode: 'ExactIn' | 'ExactOut';
  slippageBps: number;
  /** The wallet that will sign; Jupiter builds the swap transaction for it. */
  wallet: string;
}

export interface Quote {
  route: Route;
  /** The unsigned swap transaction (base64), when the provider builds one. */
  serializedTransaction?: string;
  lastValidBlockHeight?: number;
  /** Jupiter's order id (Swap API v2), for its /execute. */
  requestId?: string;
}

/**
 * Where swap quotes come from (QUOTE_PROVIDER): `estimate`, offline; `jupiter`, the live
 * aggregator, which also builds the swap transaction. A quote that cannot be had for this
 * swap throws QuoteError (422); an unreachable provider 503 `service_unavailable`.
 */
export interface QuoteProvider {
  quote(request: QuoteRequest): Promise<Quote>;
  /**
   * Lands a wallet-signed transaction of this provider's (one with a `requestId`) the provider's
   * own way: Jupiter's POST /swap/v2/execute. Absent for providers whose transactions go to the RPC node.
   */
  execute?(signedTransaction: string, requestId: string): Promise<Execution>;
}

/** What the provider says became of a transaction it was given to land. */
export interface Execution {
  status: 'Success' | 'Failed';
  signature: string | null;
  error: string | null;
}

export interface Route {
  inAmount: string;
  outAmount: string;
  /** Percent. */
  priceImpact: number;
  slippageBps: number;
  /** ExactIn: the least output accepted; ExactOut: the most input spent. */
  otherAmountThreshold: string;
  swapMode: 'ExactIn' | 'ExactOut';
  routePlan: Array<{ swapInfo: SwapInfo; percent: number }>;
  /**
   * `estimate`: quoted offline, no transaction; `local-pool`: quoted offline and settled by the
   * embedded ledger's local pool; `jupiter`: Jupiter's quote and transaction.
   */
  source: 'estimate' | 'local-pool' | 'jupiter';
}

/** One hop of a route (Jupiter's `swapInfo` fields). */
export interface SwapInfo {
  ammKey: string;
  label?: string;
  inputMint: string;
  outputMint: string;
  inAmount: string;
  outAmount: string;
  feeAmount?: string;
  feeMint?: string;
}

/** A quote that cannot be had for this swap (no price, no route): a 422 with its message. */
export class QuoteError extends Error {}
