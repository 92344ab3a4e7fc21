import { SimulationRefusal, type TransactionPreview } from '../chain/transaction-preview';
import { AmountError, formatUnits, toBaseUnits, usdCents } from '../shared/amounts';
import { awaitedLater } from '../shared/awaited-later';
import { usdToBaseUnits } from '../quotes/estimate-quoter';
import { QuoteError, type Route } from '../quotes/quote-provider';
import { SOL_MINT } from '../tokens/token-registry';
import type { Agent, AgentContext, AgentMarket, AgentOutcome, MarketHolding, MarketToken } from './agent';
import type { Confirmation, Intent, SwapParameters, TokenAmount, TransactionDetails, TransferParameters } from './intent';
import type { AmountSpec, Command, Pending, QueryCommand, SwapCommand, TokenRef, TransferCommand } from './command';
import { MIN_CONFIDENCE, parseCommand } from './parser';
import { readCommand, readPending, storeCommand, storePending } from './state';

/** Lamports kept back when a share of the SOL balance is spent, to pay fees and rent. */
export const SOL_FEE_RESERVE = 10_000_000n;

export const HELP_REPLY =
  'I can swap tokens ("swap 1.5 SOL for USDC", "buy 100 USDC with SOL"), send tokens ("send 20 USDC to <address>"), ' +
  'and answer questions ("how much BONK do I have", "price of JUP", "what\'s my portfolio worth"). I never sign: you review and sign in your wallet.';

/** When the question a session waits on was stored in a shape this parser cannot read safely. */
const STALE_QUESTION =
  'I had asked you something, but that question was kept by an earlier version of Parley and I cannot read it safely, so I dropped it. Please say the whole command again, for example "swap 1 SOL for USDC".';

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
    // State stored by another version of the parser is read only where it checks (state.ts), and
    // only as far back as the latest swap or transfer, or a cancel, after which nothing is referred to.
    const { recentIntents } = context;
    let last: Command | undefined;
    let previous: SwapCommand | TransferCommand | undefined;
    for (let k = recentIntents.length - 1; k >= 0 && !previous; k--) {
      const command = readCommand(recentIntents[k].command);
      if (k === recentIntents.length - 1) last = command;
      if (command?.action === 'cancel') break;
      if (command?.action === 'swap' || command?.action === 'transfer') previous = command;
    }
    const previousQuery = last?.action === 'query' ? last : undefined;
    const { pending, held, dropped } = readPending(context.pending);
    const parsed = parseCommand(text, { lookup: market.lookup, symbols: market.symbols, names: market.names, isMint: market.isMint, nameOf: market.nameOf, previous, previousQuery, pending, held });
    if (dropped && !(parsed.ok && (parsed.command.action === 'swap' || parsed.command.action === 'transfer') && !parsed.followUp)) {
      return { ok: false, reason: STALE_QUESTION };
    }
    if (!parsed.ok) {
      return {
        ok: false,
        reason: parsed.reason,
        ...(parsed.suggestions && { suggestions: parsed.suggestions }),
        ...((parsed.pending || parsed.hold) && { pending: storePending(parsed.pending, parsed.hold) }),
        ...(parsed.pending && { ask: parsed.ask }),
      };
    }
    if (parsed.confidence < MIN_CONFIDENCE) {
      return { ok: false, reason: `I am not sure enough of what you mean (confidence ${parsed.confidence}). Please say it more plainly.`, ...(parsed.hold && { pending: storePending(undefined, parsed.hold) }) };
    }
    const { command, confidence } = parsed;
    try {
      switch (command.action) {
        case 'cancel':
          return { ok: true, intent: { action: 'query', subject: 'help', confidence, command: storeCommand(command) }, reply: cancelled(pending, previous) };
        case 'query':
          return noting(parsed, { ok: true, intent: intentOf(command, confidence), reply: await this.answer(command, market), ...(parsed.hold && { pending: storePending(undefined, parsed.hold) }) });
        case 'transfer':
          return noting(parsed, await this.transfer(command, confidence, market));
        case 'swap':
          return noting(parsed, await this.swap(command, confidence, market, command.slippageBps ?? context.slippageBps));
      }
    } catch (error) {
      if (error instanceof Refusal || error instanceof QuoteError || error instanceof SimulationRefusal) return { ok: false, reason: error.message };
      throw error;
    }
  }

  /**
   * Builds the transaction of `details` again, with a fresh quote and blockhash, from its
   * parameters alone (POST /v1/transactions/{id}/refresh). The balance is checked and the
   * transaction simulated again; a refusal is a 422 reason as for a new command.
   */
  async rebuild(details: TransactionDetails, market: AgentMarket): Promise<AgentOutcome> {
    const intent: Intent = { action: details.type, confidence: 1 };
    const ref = (mint: string): TokenRef => market.lookup(mint) ?? { symbol: mint, mint };
    try {
      if (details.type === 'transfer') {
        const p = details.parameters as TransferParameters;
        const token = await this.token(ref(p.token), market);
        return await this.assembleTransfer(token, BigInt(p.amount), p.recipient, intent, market);
      }
      const p = details.parameters as SwapParameters;
      const [input, output] = await Promise.all([this.token(ref(p.inputToken), market), this.token(ref(p.outputToken), market)]);
      // `amount` is in the input's units (the most spent, for exact-out); an exact-out swap is asked again for its output.
      const amount = p.swapMode === 'ExactOut' ? BigInt((details.route as Route).outAmount) : BigInt(p.amount);
      return await this.assembleSwap(input, output, amount, p.swapMode, p.slippageBps, intent, market);
    } catch (error) {
      if (error instanceof Refusal || error instanceof QuoteError || error instanceof SimulationRefusal) return { ok: false, reason: error.message };
      throw error;
    }
  }

  private async answer(command: QueryCommand, market: AgentMarket): Promise<string> {
    if (command.subject === 'help') return HELP_REPLY;
    if (command.subject === 'price') {
      // One price, or several asked at once ("price of SOL, JUP and BONK"): one line each, fetched together.
      const lines = await Promise.all((command.tokens ?? [command.token!]).map((token) => priceLine(token, market)));
      return lines.join(' ');
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
    return this.assembleTransfer(token, amount, command.recipient, intentOf(command, confidence), market);
  }

  private async assembleTransfer(token: MarketToken, amount: bigint, recipient: string, intent: Intent, market: AgentMarket): Promise<AgentOutcome> {
    // The balance check and the build (its simulation) read the chain in one round trip; a
    // balance too low is refused in its own words, before anything the build found.
    const checked = awaitedLater(this.ensureBalance(token, amount, market));
    const building = awaitedLater(market.buildTransfer(token.mint, amount, recipient));
    await checked;
    const built = await building;
    const amountText = `${formatUnits(amount, token.decimals)} ${token.symbol}`;
    const withheld = built.preview.transferFees.filter((fee) => fee.mint === token.mint).reduce((sum, fee) => sum + BigInt(fee.amount), 0n);
    const confirmation: Confirmation = {
      action: 'transfer',
      input: tokenAmount(token, amount),
      output: tokenAmount(token, amount - withheld),
      recipient,
      feeLamports: built.preview.feeLamports,
      ...where(market),
    };
    const transaction: TransactionDetails = {
      type: 'transfer',
      parameters: { token: token.mint, amount: integer(amount), recipient },
      ...built,
      summary: `Send ${amountText} (${amount} base units) to ${recipient}${feeText(built.preview)} · wallet ${market.wallet} · ${market.networkName}.`,
      confirmation,
    };
    const reply = `Send ${amountText} to ${short(recipient)}. Review and sign in your wallet.`;
    const price = await market.price(token.mint);
    const valueCents = price ? usdCents(amount, token.decimals, price.price) : null;
    return { ok: true, intent, reply, transaction, valueCents };
  }

  private async swap(command: SwapCommand, confidence: number, market: AgentMarket, slippageBps: number): Promise<AgentOutcome> {
    const [input, output] = await Promise.all([this.token(command.input, market), this.token(command.output, market)]);
    const amountToken = command.swapMode === 'ExactOut' ? output : input;
    const amount = await this.baseUnits(command.amount, amountToken, market);
    return this.assembleSwap(input, output, amount, command.swapMode, slippageBps, intentOf(command, confidence), market);
  }

  private async assembleSwap(
    input: MarketToken,
    output: MarketToken,
    amount: bigint,
    swapMode: 'ExactIn' | 'ExactOut',
    slippageBps: number,
    intent: Intent,
    market: AgentMarket,
  ): Promise<AgentOutcome> {
    // The balance is read while the quote is asked; the balance check and the settlement (its
    // simulation) then read the chain in one round trip, and a balance too low is refused in its
    // own words, before anything the settlement found.
    awaitedLater(market.balance(input.mint));
    const quote = await market.quote(input, output, amount, swapMode, slippageBps);
    // For exact-out the wallet must hold the most the swap may spend.
    const checked = awaitedLater(this.ensureBalance(input, BigInt(quote.route.swapMode === 'ExactOut' ? quote.route.otherAmountThreshold : quote.route.inAmount), market));
    const settling = awaitedLater(market.settleSwap(input, output, quote));
    await checked;
    const { route, built } = await settling;
    const inAmount = BigInt(route.inAmount);
    const outAmount = BigInt(route.outAmount);
    const threshold = BigInt(route.otherAmountThreshold);
    // The route's own mode: Jupiter answers an exact-out command with an ExactIn route (its least output).
    const bound =
      route.swapMode === 'ExactIn'
        ? `at least ${formatUnits(threshold, output.decimals)} ${output.symbol}`
        : `at most ${formatUnits(threshold, input.decimals)} ${input.symbol}`;
    const summary =
      (swapMode === 'ExactIn'
        ? `Swap ${formatUnits(inAmount, input.decimals)} ${input.symbol} (${inAmount} base units) for about ${formatUnits(outAmount, output.decimals)} ${output.symbol} (${outAmount} base units)`
        : `Buy ${formatUnits(amount, output.decimals)} ${output.symbol} (${amount} base units) for about ${formatUnits(inAmount, input.decimals)} ${input.symbol} (${inAmount} base units)` +
          (outAmount !== amount ? `, about ${formatUnits(outAmount, output.decimals)} ${output.symbol} expected` : '')) +
      `, ${bound} with ${slippageBps / 100}% slippage · price impact ${route.priceImpact}%${built ? feeText(built.preview) : ''} · ` +
      `via ${SOURCE_NAMES[route.source]} · wallet ${market.wallet} · ${market.networkName}.`;
    const confirmation: Confirmation = {
      action: 'swap',
      input: tokenAmount(input, inAmount),
      output: tokenAmount(output, outAmount),
      ...(route.swapMode === 'ExactIn' ? { minimumOutput: tokenAmount(output, threshold) } : { maximumInput: tokenAmount(input, threshold) }),
      slippageBps,
      priceImpact: route.priceImpact,
      source: route.source,
      ...(built && { feeLamports: built.preview.feeLamports }),
      ...where(market),
    };
    const transaction: TransactionDetails = {
      type: 'swap',
      parameters: { inputToken: input.mint, outputToken: output.mint, amount: integer(route.swapMode === 'ExactOut' ? threshold : inAmount), slippageBps, swapMode },
      route: { ...route },
      ...(built ?? {}),
      summary,
      confirmation,
    };
    const inText = formatUnits(inAmount, input.decimals);
    const outText = roundedUnits(outAmount, output.decimals);
    const sign = built ? 'Review and sign in your wallet.' : 'This is a quote only: there is no transaction to sign on this network.';
    const reply =
      swapMode === 'ExactIn'
        ? `Swap ${inText} ${input.symbol} for about ${outText} ${output.symbol} (price impact ${route.priceImpact}%, max slippage ${slippageBps / 100}%). ${sign}`
        : `Buy ${formatUnits(amount, output.decimals)} ${output.symbol} for about ${roundedUnits(inAmount, input.decimals)} ${input.symbol} (price impact ${route.priceImpact}%, max slippage ${slippageBps / 100}%). ${sign}`;
    const inPrice = await market.price(input.mint);
    const valueCents = inPrice ? usdCents(inAmount, input.decimals, inPrice.price) : null;
    return { ok: true, intent, reply, transaction, valueCents };
  }

  private async token(ref: TokenRef, market: AgentMarket): Promise<MarketToken> {
    const token = await market.token(ref);
    // "swap 2 sol to <wallet>": an address taken as the token it names may be a wallet the message meant to pay.
    if (!token) throw new Refusal(`There is no token mint at ${ref.mint} on this network. If it is a wallet, say "send" to pay it, for example "send 1 SOL to ${ref.mint}".`);
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
      const held = await market.balance(token.mint);
      const spendable = token.mint === SOL_MINT ? held - SOL_FEE_RESERVE : held;
      if (spendable <= 0n) throw new Refusal(`You have no ${token.symbol} to spend${token.mint === SOL_MINT ? ' beyond the 0.01 SOL kept for fees' : ''}.`);
      amount = (spendable * BigInt(spec.numerator)) / BigInt(spec.denominator);
    }
    if (amount <= 0n) throw new Refusal(`That is less than the smallest unit of ${token.symbol}.`);
    return amount;
  }

  private async ensureBalance(token: MarketToken, amount: bigint, market: AgentMarket): Promise<void> {
    const held = await market.balance(token.mint);
    if (amount > held) {
      throw new Refusal(
        `That needs ${formatUnits(amount, token.decimals)} ${token.symbol} but the wallet holds ${formatUnits(held, token.decimals)} ${token.symbol}.`,
      );
    }
  }
}

function tokenAmount(token: MarketToken, amount: bigint): TokenAmount {
  return { mint: token.mint, symbol: token.symbol, decimals: token.decimals, amount: amount.toString(), uiAmount: formatUnits(amount, token.decimals) };
}

const where = (market: AgentMarket) => ({ wallet: market.wallet, network: market.network, networkName: market.networkName });

const SOURCE_NAMES: Record<Route['source'], string> = {
  estimate: "Parley's offline estimate",
  'local-pool': "the embedded ledger's local pool (not a market)",
  jupiter: 'Jupiter',
};

/** " · network fee 0.0000053 SOL", and any Token-2022 transfer fee, from a preview. */
function feeText(preview: TransactionPreview): string {
  const withheld = (preview.transferFees ?? []).map(
    (fee) => ` · transfer fee ${formatUnits(BigInt(fee.amount), fee.decimals)} ${fee.symbol} withheld from what ${fee.payee} receive${fee.payee === 'you' ? '' : 's'}`,
  );
  return `${withheld.join('')} · network fee ${formatUnits(BigInt(preview.feeLamports), 9)} SOL`;
}

/**
 * The reply names the correction it took ("I mean WIF") and the words it ignored ("good evening",
 * "on a DEX"): the user sees what was read and what was not.
 */
function noting({ ignored, corrected }: { ignored?: string[]; corrected?: string }, outcome: AgentOutcome): AgentOutcome {
  if (!outcome.ok) return outcome;
  let reply = outcome.reply;
  if (corrected) reply += ` I took "${corrected}" as your correction of what came before it.`;
  if (ignored?.length) reply += ` I ignored ${ignored.map((text) => `"${text}"`).join(', ')}: ${ignored.length === 1 ? 'it changes' : 'they change'} nothing I build.`;
  return { ...outcome, reply };
}

function cancelled(pending: Pending | undefined, previous: SwapCommand | TransferCommand | undefined): string {
  if (!pending && previous) return `OK, I set the ${previous.action} aside: nothing is sent unless your wallet signs it, and "again" or "make it 2" no longer refer to it.`;
  if (!pending) return 'There is nothing to cancel. ' + HELP_REPLY;
  return `OK, I dropped the ${pending.draft.action === 'swap' ? 'swap' : 'transfer'}: nothing will be built.`;
}

async function priceLine(token: TokenRef, market: AgentMarket): Promise<string> {
  const quote = await market.price(token.mint);
  if (!quote) return `I have no price for ${token.symbol} right now.`;
  const change = quote.change24h === null ? '' : ` (${quote.change24h >= 0 ? '+' : ''}${quote.change24h.toFixed(2)}% in 24 h)`;
  return `${token.symbol} is ${usd(quote.price)}${change}.`;
}

function intentOf(command: SwapCommand | TransferCommand | QueryCommand, confidence: number): Intent {
  const base: Intent = { action: command.action, confidence, command: storeCommand(command) };
  if (command.action !== 'query') return base;
  return { ...base, subject: command.subject, ...(command.token && { token: command.token.symbol }), ...(command.tokens && { tokens: command.tokens.map((token) => token.symbol) }) };
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
