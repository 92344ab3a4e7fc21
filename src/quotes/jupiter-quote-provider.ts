import { unavailable } from '../shared/errors';
import { jupiterFetch, jupiterUnavailable, type JupiterEndpoint } from '../shared/jupiter-http';
import { scaledPrice } from './estimate-quoter';
import { QuoteError, type Route, type SwapInfo } from './quote-provider';
import type { Execution, Quote, QuoteProvider, QuoteRequest } from './quote-provider';

/**
 * Swap API v2 order (https://dev.jup.ag/docs/swap/order-and-execute, GET /swap/v2/order): the
 * quote and, for a `taker`, the unsigned transaction to sign. ExactIn only. When no
 * transaction can be built for the taker, `transaction` is null and `errorMessage` says why.
 */
interface JupiterOrder {
  inputMint: string;
  outputMint: string;
  inAmount: string;
  outAmount: string;
  otherAmountThreshold: string;
  swapMode: 'ExactIn';
  slippageBps: number;
  /** A fraction as text: "0.0012" is 0.12%. */
  priceImpactPct?: string;
  /** Percent, where given. */
  priceImpact?: number;
  routePlan: Array<{ swapInfo: SwapInfo; percent: number; bps?: number }>;
  transaction: string | null;
  requestId: string;
  lastValidBlockHeight?: number | string;
  errorCode?: number;
  errorMessage?: string;
  error?: string;
}

/** How much more input than the price says an exact-out order asks for, before slippage (1%). */
const EXACT_OUT_MARGIN_BPS = 100n;


/**
 * Live quotes and swap transactions from Jupiter's Swap API v2 (QUOTE_PROVIDER=jupiter):
 * `GET /swap/v2/order` with the session's wallet as `taker` answers the route and the
 * transaction to sign. The API key (JUPITER_API_KEY, required) goes in `x-api-key`.
 *
 * v2 quotes ExactIn only. An exact-out command ("buy 100 USDC with SOL") is asked as ExactIn
 * with an input sized from the two prices so that even the least output after slippage covers
 * the amount wanted, then re-checked: when Jupiter's least output (`otherAmountThreshold`)
 * falls short, the input is scaled up by the shortfall and asked once more, and a second
 * shortfall is a 422. The route answered is Jupiter's (swapMode ExactIn, its least output).
 *
 * The wallet-signed transaction is landed through `POST /swap/v2/execute` with the order's
 * `requestId` (see `execute`), as Jupiter asks of /order transactions.
 *
 * "No route" answers become 422 with Jupiter's reason; an unreachable API, 429 or 5xx, 503.
 */
export class JupiterQuoteProvider implements QuoteProvider {
  constructor(private readonly options: JupiterEndpoint) {}

  async quote(request: QuoteRequest): Promise<Quote> {
    if (request.swapMode === 'ExactIn') return this.quoteOf(await this.order(request, request.amount));
    const wanted = request.amount;
    let input = this.inputFor(request, wanted);
    let order = await this.order(request, input);
    if (BigInt(order.otherAmountThreshold) < wanted) {
      input = (input * wanted) / BigInt(order.otherAmountThreshold || '1') + 1n;
      input += (input * 20n) / 10_000n;
      order = await this.order(request, input);
    }
    if (BigInt(order.otherAmountThreshold) < wanted) {
      throw new QuoteError(
        `Jupiter quotes ExactIn only, and no input it quoted was sure to give ${request.amount} base units of ${request.output.symbol} after slippage; try a swap from an exact input amount.`,
      );
    }
    return this.quoteOf(order);
  }

  /**
   * Lands a signed order through POST /swap/v2/execute (https://dev.jup.ag/docs/swap/order-and-execute):
   * Jupiter adds what it still has to (an RFQ maker's signature), sends and confirms it, and
   * answers `status` Success or Failed with the signature and its error.
   */
  async execute(signedTransaction: string, requestId: string): Promise<Execution> {
    const result = await this.call<{ status: 'Success' | 'Failed'; signature?: string; code?: number; error?: string }>('/swap/v2/execute', {
      signedTransaction,
      requestId,
    });
    return {
      status: result.status === 'Success' ? 'Success' : 'Failed',
      signature: result.signature ?? null,
      error: result.status === 'Success' ? null : (result.error ?? `Jupiter could not land it (code ${result.code ?? 'unknown'})`),
    };
  }

  /** Input base units that should yield `wanted` output base units after slippage, from the two prices. */
  private inputFor(request: QuoteRequest, wanted: bigint): bigint {
    const { input, output } = request;
    if (input.price === null || output.price === null) {
      throw new QuoteError(`I have no price for ${input.price === null ? input.symbol : output.symbol}, so I cannot size an exact-output swap on Jupiter.`);
    }
    const inPrice = scaledPrice(input.price);
    if (inPrice <= 0n) throw new QuoteError(`No usable price for ${input.symbol}`);
    const value = (wanted * scaledPrice(output.price) * 10n ** BigInt(input.decimals)) / (inPrice * 10n ** BigInt(output.decimals));
    const cushion = 10_000n + BigInt(request.slippageBps) + EXACT_OUT_MARGIN_BPS;
    return (value * cushion) / 10_000n + 1n;
  }

  private async order(request: QuoteRequest, amount: bigint): Promise<JupiterOrder> {
    const params = new URLSearchParams({
      inputMint: request.input.mint,
      outputMint: request.output.mint,
      amount: amount.toString(),
      taker: request.wallet,
      slippageBps: String(request.slippageBps),
    });
    const order = await this.call<JupiterOrder>(`/swap/v2/order?${params}`);
    if (!order.transaction) {
      throw new QuoteError(`Jupiter could not build this swap: ${order.errorMessage ?? order.error ?? 'no transaction in its answer'}`);
    }
    return order;
  }

  private quoteOf(order: JupiterOrder): Quote {
    const route: Route = {
      inAmount: order.inAmount,
      outAmount: order.outAmount,
      priceImpact: order.priceImpactPct !== undefined ? Number(order.priceImpactPct) * 100 : (order.priceImpact ?? 0),
      slippageBps: order.slippageBps,
      otherAmountThreshold: order.otherAmountThreshold,
      swapMode: 'ExactIn',
      routePlan: order.routePlan.map(({ swapInfo, percent }) => ({ swapInfo, percent })),
      source: 'jupiter',
    };
    const lastValidBlockHeight = order.lastValidBlockHeight === undefined ? undefined : Number(order.lastValidBlockHeight);
    return { route, serializedTransaction: order.transaction!, lastValidBlockHeight, requestId: order.requestId };
  }

  private async call<T>(path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await jupiterFetch(this.options, path, body);
    } catch (error) {
      throw jupiterUnavailable('quote service', error);
    }
    if (response.status === 401 || response.status === 403) {
      throw unavailable(`The quote service (Jupiter) answered ${response.status}`);
    }
    const payload = (await response.json().catch(() => ({}))) as T & { error?: string; errorMessage?: string };
    if (!response.ok) {
      throw new QuoteError(`Jupiter could not quote this swap: ${payload.errorMessage ?? payload.error ?? `status ${response.status}`}`);
    }
    return payload;
  }
}


