import { DomainError } from '../shared/errors';
import { jupiterFetch, type JupiterEndpoint } from '../shared/jupiter-http';
import { QuoteError, type Route, type SwapInfo } from './estimate-quoter';
import type { Quote, QuoteProvider, QuoteRequest } from './quote-provider';

/** Swap API quote (https://dev.jup.ag/docs/api/swap-api/quote). */
interface JupiterQuote {
  inputMint: string;
  inAmount: string;
  outputMint: string;
  outAmount: string;
  otherAmountThreshold: string;
  swapMode: 'ExactIn' | 'ExactOut';
  slippageBps: number;
  /** A fraction as text: "0.0012" is 0.12%. */
  priceImpactPct: string;
  routePlan: Array<{ swapInfo: SwapInfo; percent: number }>;
}

/** Swap API swap (https://dev.jup.ag/docs/api/swap-api/swap). */
interface JupiterSwap {
  swapTransaction: string;
  lastValidBlockHeight: number;
}

/**
 * Live quotes from Jupiter's Swap API (QUOTE_PROVIDER=jupiter): GET /swap/v1/quote for the
 * route, then POST /swap/v1/swap for the unsigned swap transaction built for the wallet.
 * "No route" answers become 422 with Jupiter's reason; an unreachable API 503.
 */
export class JupiterQuoteProvider implements QuoteProvider {
  constructor(private readonly options: JupiterEndpoint) {}

  async quote(request: QuoteRequest): Promise<Quote> {
    const params = new URLSearchParams({
      inputMint: request.input.mint,
      outputMint: request.output.mint,
      amount: request.amount.toString(),
      slippageBps: String(request.slippageBps),
      swapMode: request.swapMode,
    });
    const quote = await this.call<JupiterQuote>(`/swap/v1/quote?${params}`);
    const swap = await this.call<JupiterSwap>('/swap/v1/swap', {
      quoteResponse: quote,
      userPublicKey: request.wallet,
      wrapAndUnwrapSol: true,
      dynamicComputeUnitLimit: true,
    });
    const route: Route = {
      inAmount: quote.inAmount,
      outAmount: quote.outAmount,
      priceImpact: Number(quote.priceImpactPct) * 100,
      slippageBps: quote.slippageBps,
      otherAmountThreshold: quote.otherAmountThreshold,
      swapMode: quote.swapMode,
      routePlan: quote.routePlan,
      source: 'jupiter',
    };
    return { route, serializedTransaction: swap.swapTransaction, lastValidBlockHeight: swap.lastValidBlockHeight };
  }

  private async call<T>(path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await jupiterFetch(this.options, path, body);
    } catch (error) {
      throw new DomainError('service_unavailable', 'The quote service (Jupiter) is unreachable', { cause: error });
    }
    if (response.status >= 500 || response.status === 429) {
      throw new DomainError('service_unavailable', `The quote service (Jupiter) answered ${response.status}`);
    }
    const payload = (await response.json().catch(() => ({}))) as T & { error?: string };
    if (!response.ok) throw new QuoteError(`Jupiter could not quote this swap: ${payload.error ?? `status ${response.status}`}`);
    return payload;
  }
}
