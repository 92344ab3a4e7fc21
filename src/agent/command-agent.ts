import { AmountError, formatUnits, toBaseUnits, usdCents } from '../shared/amounts';
import { QuoteError, usdToBaseUnits } from '../quotes/estimate-quoter';
import type { Quote } from '../quotes/quote-provider';
import { SOL_MINT } from '../tokens/token-registry';
import type { Agent, AgentContext, AgentOutcome } from './agent';
import type { Intent, TransactionDetails } from './intent';
import type { AmountSpec, Pending, QueryCommand, SwapCommand, TokenRef, TransferCommand } from './command';
import { MIN_CONFIDENCE, parseCommand } from './parser';

/** Lamports kept back when a share of the SOL balance is spent, to pay fees and rent. */
export const SOL_FEE_RESERVE = 10_000_000n;

export interface MarketToken {
  mint: string;
  symbol: string;
  decimals: number;
}

export interface MarketHolding extends MarketToken {
  amount: bigint;
  price: number | null;
}

/**
 * What the agent may ask of the outside world, for the session's wallet and network. The
 * messages feature implements it over the registry, prices, the chain and the builders.
 */
export interface AgentMarket {
  lookup(text: string): TokenRef | undefined;
  symbols: readonly string[];
  /** Token names and aliases in lower case, for typos of them. */
  names: readonly string[];
  /** Decimals read from the mint account; null when there is no such mint. */
  token(ref: TokenRef): Promise<MarketToken | null>;
  holdings(): Promise<MarketHolding[]>;
  price(mint: string): Promise<{ price: number; change24h: number | null } | null>;
  buildTransfer(mint: string, amount: bigint, recipient: string): Promise<{ serializedTransaction: string; lastValidBlockHeight: number }>;
  /** A swap quote from the configured provider (with the swap transaction where it builds one). */
  quote(input: MarketToken, output: MarketToken, amount: bigint, swapMode: 'ExactIn' | 'ExactOut', slippageBps: number): Promise<Quote>;
}

export const HELP_REPLY =
  'I can swap tokens ("swap 1.5 SOL for USDC", "buy 100 USDC with SOL"), send tokens ("send 20 USDC to <address>"), ' +
  'and answer questions ("how much BONK do I have", "price of JUP", "what\'s my portfolio worth"). I never sign: you review and sign in your wallet.';

/** Raised inside the agent for a command it understood but cannot carry out; becomes a 422. */
class Refusal extends Error {}

/**
 * The conversational agent: parses the message (parser.ts), fills what the text leaves to live
 * data (shares of a balance, USD amounts), quotes swaps with the offline estimator, builds
 * transfers, and answers queries from live balances and prices. Deterministic; never signs.
 */
export class CommandAgent implements Agent {
  async respond(text: string, context: AgentContext): Promise<AgentOutcome> {
    const { market } = context;
    const previous = [...context.recentIntents].reverse().find((intent) => intent.command && intent.action !== 'query')?.command as
      | SwapCommand
      | TransferCommand
      | undefined;
    const last = context.recentIntents.at(-1);
    const previousQuery = last?.action === 'query' ? (last.command as QueryCommand | undefined) : undefined;
    const parsed = parseCommand(text, {
      lookup: market.lookup,
      symbols: market.symbols,
      names: market.names,
      previous,
      previousQuery,
      pending: context.pending ?? undefined,
    });
    if (!parsed.ok) {
      return { ok: false, reason: parsed.reason, ...(parsed.suggestions && { suggestions: parsed.suggestions }), ...(parsed.pending && { pending: parsed.pending, ask: parsed.ask }) };
    }
    if (parsed.confidence < MIN_CONFIDENCE) {
      return { ok: false, reason: `I am not sure enough of what you mean (confidence ${parsed.confidence}). Please say it more plainly.` };
    }
    const { command, confidence } = parsed;
    try {
      switch (command.action) {
        case 'cancel':
          return { ok: true, intent: { action: 'query', subject: 'help', confidence }, reply: cancelled(context.pending) };
        case 'query':
          return { ok: true, intent: intentOf(command, confidence), reply: await this.answer(command, market) };
        case 'transfer':
          return await this.transfer(command, confidence, market);
        case 'swap':
          return await this.swap(command, confidence, market, command.slippageBps ?? context.slippageBps);
      }
    } catch (error) {
      if (error instanceof Refusal || error instanceof QuoteError) return { ok: false, reason: error.message };
      throw error;
    }
  }

  private async answer(command: QueryCommand, market: AgentMarket): Promise<string> {
    if (command.subject === 'help') return HELP_REPLY;
    if (command.subject === 'price') {
      const quote = await market.price(command.token!.mint);
      if (!quote) return `I have no price for ${command.token!.symbol} right now.`;
      const change = quote.change24h === null ? '' : ` (${quote.change24h >= 0 ? '+' : ''}${quote.change24h.toFixed(2)}% in 24 h)`;
      return `${command.token!.symbol} is ${usd(quote.price)}${change}.`;
    }
    const holdings = await market.holdings();
    if (command.subject === 'balance' && command.token) {
      const held = holdings.find((holding) => holding.mint === command.token!.mint);
      if (!held) return `You hold no ${command.token.symbol}.`;
      return `You hold ${formatUnits(held.amount, held.decimals)} ${held.symbol}${worth(held)}.`;
    }
    if (holdings.length === 0) return 'Your wallet holds no tokens yet.';
    const total = holdings.reduce((sum, h) => sum + (h.price === null ? 0n : usdCents(h.amount, h.decimals, h.price)), 0n);
    const listed = holdings
      .slice(0, 6)
      .map((h) => `${formatUnits(h.amount, h.decimals)} ${h.symbol}`)
      .join(', ');
    const more = holdings.length > 6 ? ` and ${holdings.length - 6} more` : '';
    return `You hold ${listed}${more}, worth ${usd(Number(total) / 100)}.`;
  }

  private async transfer(command: TransferCommand, confidence: number, market: AgentMarket): Promise<AgentOutcome> {
    const token = await this.token(command.token, market);
    const amount = await this.baseUnits(command.amount, token, market);
    await this.ensureBalance(token, amount, market);
    const built = await market.buildTransfer(token.mint, amount, command.recipient);
    const transaction: TransactionDetails = {
      type: 'transfer',
      parameters: { token: token.mint, amount: integer(amount), recipient: command.recipient },
      ...built,
    };
    const reply = `Send ${formatUnits(amount, token.decimals)} ${token.symbol} to ${short(command.recipient)}. Review and sign in your wallet.`;
    const price = await market.price(token.mint);
    const valueCents = price ? usdCents(amount, token.decimals, price.price) : null;
    return { ok: true, intent: intentOf(command, confidence), reply, transaction, valueCents };
  }

  private async swap(command: SwapCommand, confidence: number, market: AgentMarket, slippageBps: number): Promise<AgentOutcome> {
    const [input, output] = await Promise.all([this.token(command.input, market), this.token(command.output, market)]);
    const amountToken = command.swapMode === 'ExactOut' ? output : input;
    const amount = await this.baseUnits(command.amount, amountToken, market);
    const { route, serializedTransaction, lastValidBlockHeight } = await market.quote(input, output, amount, command.swapMode, slippageBps);
    // `amount` is in the input's base units (spec): for exact-out, the most that will be spent.
    const spent = BigInt(command.swapMode === 'ExactOut' ? route.otherAmountThreshold : route.inAmount);
    await this.ensureBalance(input, spent, market);
    const transaction: TransactionDetails = {
      type: 'swap',
      parameters: { inputToken: input.mint, outputToken: output.mint, amount: integer(spent), slippageBps, swapMode: command.swapMode },
      route: { ...route },
      ...(serializedTransaction && { serializedTransaction, lastValidBlockHeight }),
    };
    const inText = formatUnits(BigInt(route.inAmount), input.decimals);
    const outText = roundedUnits(BigInt(route.outAmount), output.decimals);
    const reply =
      command.swapMode === 'ExactIn'
        ? `Swap ${inText} ${input.symbol} for about ${outText} ${output.symbol} (price impact ${route.priceImpact}%, max slippage ${slippageBps / 100}%). Review and sign in your wallet.`
        : `Buy ${formatUnits(BigInt(route.outAmount), output.decimals)} ${output.symbol} for about ${roundedUnits(BigInt(route.inAmount), input.decimals)} ${input.symbol} (price impact ${route.priceImpact}%, max slippage ${slippageBps / 100}%). Review and sign in your wallet.`;
    const inPrice = await market.price(input.mint);
    const valueCents = inPrice ? usdCents(BigInt(route.inAmount), input.decimals, inPrice.price) : null;
    return { ok: true, intent: intentOf(command, confidence), reply, transaction, valueCents };
  }

  private async token(ref: TokenRef, market: AgentMarket): Promise<MarketToken> {
    const token = await market.token(ref);
    if (!token) throw new Refusal(`There is no token mint at ${ref.mint} on this network.`);
    return token;
  }

  /** The base units an amount stands for, with the mint's decimals, in integer arithmetic. */
  private async baseUnits(spec: AmountSpec, token: MarketToken, market: AgentMarket): Promise<bigint> {
    let amount: bigint;
    if (spec.kind === 'exact') {
      try {
        amount = toBaseUnits(spec.value, token.decimals);
      } catch (error) {
        throw new Refusal(`${token.symbol} has ${token.decimals} decimal places: ${(error as AmountError).message}.`);
      }
    } else if (spec.kind === 'usd') {
      const price = await market.price(token.mint);
      if (!price) throw new Refusal(`I have no price for ${token.symbol}, so I cannot turn $${spec.value} into ${token.symbol}.`);
      amount = usdToBaseUnits(spec.value, price.price, token.decimals);
    } else {
      const held = (await market.holdings()).find((holding) => holding.mint === token.mint)?.amount ?? 0n;
      const spendable = token.mint === SOL_MINT ? held - SOL_FEE_RESERVE : held;
      if (spendable <= 0n) throw new Refusal(`You have no ${token.symbol} to spend${token.mint === SOL_MINT ? ' beyond the 0.01 SOL kept for fees' : ''}.`);
      amount = (spendable * BigInt(spec.numerator)) / BigInt(spec.denominator);
    }
    if (amount <= 0n) throw new Refusal(`That is less than the smallest unit of ${token.symbol}.`);
    return amount;
  }

  private async ensureBalance(token: MarketToken, amount: bigint, market: AgentMarket): Promise<void> {
    const held = (await market.holdings()).find((holding) => holding.mint === token.mint)?.amount ?? 0n;
    if (amount > held) {
      throw new Refusal(
        `That needs ${formatUnits(amount, token.decimals)} ${token.symbol} but the wallet holds ${formatUnits(held, token.decimals)} ${token.symbol}.`,
      );
    }
  }
}

function cancelled(pending: Pending | null | undefined): string {
  if (!pending) return 'There is nothing to cancel. ' + HELP_REPLY;
  return `OK, I dropped the ${pending.draft.action === 'swap' ? 'swap' : 'transfer'}: nothing will be built.`;
}

function intentOf(command: SwapCommand | TransferCommand | QueryCommand, confidence: number): Intent {
  const base: Intent = { action: command.action, confidence, command };
  if (command.action === 'query') return { ...base, subject: command.subject, ...(command.token && { token: command.token.symbol }) };
  return base;
}

/** A base-unit amount as a JSON integer where exact, else as an integer string. */
function integer(amount: bigint): number | string {
  return amount <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(amount) : amount.toString();
}

// Built once: `toLocaleString` builds a formatter on every call (~100 µs each).
const DOLLARS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

function usd(value: number): string {
  if (value !== 0 && Math.abs(value) < 0.01) return `$${value.toPrecision(4)}`;
  return `$${(value < 1 ? CENTS : DOLLARS).format(value)}`;
}

function worth(holding: MarketHolding): string {
  return holding.price === null ? '' : `, worth ${usd(Number(usdCents(holding.amount, holding.decimals, holding.price)) / 100)}`;
}

/** An estimate shown to at most 6 significant decimals. */
function roundedUnits(amount: bigint, decimals: number): string {
  const text = formatUnits(amount, decimals);
  const [whole, fraction = ''] = text.split('.');
  const kept = fraction.slice(0, Math.max(2, 6 - whole.length)).replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : whole;
}

function short(address: string): string {
  return `${address.slice(0, 4)}…${address.slice(-4)}`;
}
