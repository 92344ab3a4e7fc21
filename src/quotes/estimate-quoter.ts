import { decimalText } from '../shared/amounts';
import { QuoteError, type Quote, type QuoteProvider, type QuoteRequest, type Route } from './quote-provider';

/**
 * The offline quote source (QUOTE_PROVIDER=estimate): a constant-product pool (x·y = k)
 * between the two tokens, priced at their current prices, with a virtual depth per token and
 * a swap fee. It estimates what an aggregator would give; `route.source` says "estimate".
 *
 * Virtual depth (USD on each side of the pool, the smaller of the two tokens' depths):
 * stablecoins $50M, SOL $100M, liquid staking tokens $20M, JUP/JTO/PYTH/RAY/WIF/BONK/JLP
 * $10M, every other token $2M. Fee: 25 bps of the input.
 */
export const ESTIMATE_FEE_BPS = 25n;

const DEPTH_USD: Record<string, bigint> = {
  USDC: 50_000_000n,
  USDT: 50_000_000n,
  PYUSD: 50_000_000n,
  SOL: 100_000_000n,
  mSOL: 20_000_000n,
  JitoSOL: 20_000_000n,
  bSOL: 20_000_000n,
  JupSOL: 20_000_000n,
  INF: 20_000_000n,
  JUP: 10_000_000n,
  JTO: 10_000_000n,
  PYTH: 10_000_000n,
  RAY: 10_000_000n,
  WIF: 10_000_000n,
  BONK: 10_000_000n,
  JLP: 10_000_000n,
};
const DEFAULT_DEPTH_USD = 2_000_000n;
const PRICE_SCALE = 10n ** 12n;

export interface QuoteSide {
  mint: string;
  symbol: string;
  decimals: number;
  /** USD per whole token. */
  price: number;
}


/** The offline provider over `estimateQuote`. */
export class EstimateQuoteProvider implements QuoteProvider {
  async quote({ input, output, amount, swapMode, slippageBps }: QuoteRequest): Promise<Quote> {
    if (input.price === null || output.price === null) {
      throw new QuoteError(`I have no price for ${input.price === null ? input.symbol : output.symbol}, so I cannot estimate this swap.`);
    }
    return { route: estimateQuote({ ...input, price: input.price }, { ...output, price: output.price }, amount, swapMode, slippageBps) };
  }
}

/** Quotes `amount` base units (of the input for ExactIn, of the output for ExactOut). */
export function estimateQuote(input: QuoteSide, output: QuoteSide, amount: bigint, swapMode: 'ExactIn' | 'ExactOut', slippageBps: number): Route {
  const depth = min(DEPTH_USD[input.symbol] ?? DEFAULT_DEPTH_USD, DEPTH_USD[output.symbol] ?? DEFAULT_DEPTH_USD);
  const x = reserve(depth, input);
  const y = reserve(depth, output);
  const keep = 10_000n - ESTIMATE_FEE_BPS;
  let inAmount: bigint;
  let outAmount: bigint;
  if (swapMode === 'ExactIn') {
    inAmount = amount;
    const afterFee = (amount * keep) / 10_000n;
    outAmount = (y * afterFee) / (x + afterFee);
  } else {
    outAmount = amount;
    if (amount >= y) throw new QuoteError(`Not enough liquidity to receive that much ${output.symbol}`);
    const afterFee = ceilDiv(x * amount, y - amount);
    inAmount = ceilDiv(afterFee * 10_000n, keep);
  }
  if (outAmount <= 0n) throw new QuoteError(`That is too little ${input.symbol} to receive any ${output.symbol}`);
  const effective = (inAmount * keep) / 10_000n;
  const priceImpact = Number((effective * 1_000_000n) / (x + effective)) / 10_000;
  const slip = BigInt(slippageBps);
  const otherAmountThreshold = swapMode === 'ExactIn' ? (outAmount * (10_000n - slip)) / 10_000n : ceilDiv(inAmount * (10_000n + slip), 10_000n);
  const feeAmount = inAmount - (inAmount * keep) / 10_000n;
  return {
    inAmount: inAmount.toString(),
    outAmount: outAmount.toString(),
    priceImpact,
    slippageBps,
    otherAmountThreshold: otherAmountThreshold.toString(),
    swapMode,
    routePlan: [
      {
        swapInfo: {
          ammKey: 'estimate',
          label: 'Parley estimate (constant product)',
          inputMint: input.mint,
          outputMint: output.mint,
          inAmount: inAmount.toString(),
          outAmount: outAmount.toString(),
          feeAmount: feeAmount.toString(),
          feeMint: input.mint,
        },
        percent: 100,
      },
    ],
    source: 'estimate',
  };
}

/** Base units of `side` worth `usd` dollars at its price: usd × 10^decimals / price. */
function reserve(usd: bigint, side: QuoteSide): bigint {
  const price = scaledPrice(side.price);
  if (price <= 0n) throw new QuoteError(`No usable price for ${side.symbol}`);
  return (usd * 10n ** BigInt(side.decimals) * PRICE_SCALE) / price;
}

/** A price as an integer of 10^-12 dollars, from its exact decimal digits. */
export function scaledPrice(price: number): bigint {
  const [whole, fraction = ''] = decimalText(price).split('.');
  return BigInt(whole) * PRICE_SCALE + BigInt(fraction.padEnd(12, '0').slice(0, 12));
}

/** Base units worth `usd` (decimal text) at `price`: floor(usd × 10^decimals / price). */
export function usdToBaseUnits(usd: string, price: number, decimals: number): bigint {
  const [whole, fraction = ''] = usd.split('.');
  const usdScaled = BigInt(whole) * PRICE_SCALE + BigInt(fraction.padEnd(12, '0').slice(0, 12));
  const scaled = scaledPrice(price);
  if (scaled <= 0n) throw new QuoteError('No usable price');
  return (usdScaled * 10n ** BigInt(decimals)) / scaled;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
