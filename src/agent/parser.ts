import { isSolanaAddress } from '../shared/solana-address';
import { clip } from '../shared/text';
import type { QuerySubject } from './intent';

/**
 * The command parser: plain text in, a structured command out, or a reason a person
 * understands. Pure and synchronous: no I/O, no clock. Tokens are resolved through the
 * `lookup` it is given (the registry); amounts stay decimal text until the agent converts
 * them with the mint's decimals.
 *
 * Confidence starts at 1 and is multiplied down for every guess (see CONFIDENCE): a fuzzy
 * token, a defaulted token, a number word, a follow-up. Commands under MIN_CONFIDENCE are
 * refused rather than guessed.
 */

export interface TokenRef {
  symbol: string;
  mint: string;
}

/** How much: an exact decimal, a share of the live balance, or a USD value. */
export type AmountSpec =
  | { kind: 'exact'; value: string }
  | { kind: 'fraction'; numerator: number; denominator: number }
  | { kind: 'usd'; value: string };

export type Command =
  | {
      action: 'swap';
      input: TokenRef;
      output: TokenRef;
      amount: AmountSpec;
      /** ExactOut when the amount names the output ("buy 100 USDC with SOL"). */
      swapMode: 'ExactIn' | 'ExactOut';
      slippageBps?: number;
    }
  | { action: 'transfer'; token: TokenRef; amount: AmountSpec; recipient: string }
  | { action: 'query'; subject: QuerySubject; token?: TokenRef };

export type ParseResult =
  | { ok: true; command: Command; confidence: number; followUp: boolean }
  | { ok: false; reason: string; suggestions?: string[] };

export interface ParseContext {
  /** A registry token by symbol, name or mint; undefined when unknown. */
  lookup(text: string): TokenRef | undefined;
  /** Every symbol of the registry, for fuzzy matching and suggestions. */
  symbols: readonly string[];
  /** The session's previous command, for follow-ups. */
  previous?: Command;
}

/** The context with the addresses of the message, which the text refers to as @0, @1, … */
type Local = ParseContext & { addresses: string[] };

export const MIN_CONFIDENCE = 0.6;

/** Factors by which confidence drops, one per guess. */
export const CONFIDENCE = {
  fuzzyToken: 0.85,
  defaultedToken: 0.8,
  numberWord: 0.97,
  relativeAmount: 0.95,
  usdAmount: 0.95,
  slangVerb: 0.95,
  followUp: 0.85,
  implicitQuery: 0.9,
} as const;

const SUPPORTED = 'I can swap tokens, send tokens to a Solana address, and tell you balances, prices and your portfolio.';

const UNSUPPORTED: Array<[RegExp, string]> = [
  [/\bbridg(e|ing)\b/, 'bridging to other chains'],
  [/\b(un)?stak(e|ing)\b/, 'staking'],
  [/\b(lend|borrow|loan)\b/, 'lending and borrowing'],
  [/\bnfts?\b/, 'NFTs'],
  [/\blimit orders?\b|\bwhen .* (hits|reaches|drops to)\b/, 'limit orders'],
  [/\b(leverage|short|long|perps?|futures)\b/, 'leveraged trading'],
  [/\b(dca|recurring)\b/, 'recurring orders'],
];

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18,
  nineteen: 19, twenty: 20,
};

const SWAP_VERBS = /^(swap|trade|convert|exchange|flip|change)\b/;
const SLANG_SWAP = /^(ape into|ape|get me|grab me|grab|get)\b/;
const TRANSFER_VERBS = /^(send|transfer|pay|give|tip)\b/;
const GREETING = /^(hi|hello|hey|yo|gm|good (morning|afternoon|evening)|howdy|sup|thanks|thank you|ty)\b/;
const COMMAND_WORDS = /\b(swap|trade|convert|exchange|buy|sell|send|transfer|pay|give|tip|price|balance|portfolio|how much|how many)\b/;
const POLITE = /^(please |pls |can you |could you |would you |i want to |i'd like to |i would like to |let's |lets |hey |yo |now )+/;

interface Scan {
  amount?: AmountSpec;
  token?: TokenRef;
  fuzzy: boolean;
  numberWord: boolean;
  unknownWord?: string;
  rest: string;
}

/** Parses one message. */
export function parseCommand(raw: string, ctx: ParseContext): ParseResult {
  const addresses = [...raw.matchAll(/\b[1-9A-HJ-NP-Za-km-z]{25,50}\b/g)].map((m) => m[0]);
  const evm = /\b0x[0-9a-fA-F]{6,}\b/.exec(raw)?.[0];
  const spoken = raw
    .replace(/\b[1-9A-HJ-NP-Za-km-z]{25,50}\b/g, (m) => ` @${addresses.indexOf(m)} `)
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[!?.]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (GREETING.test(spoken) && !/\d|@/.test(spoken) && !COMMAND_WORDS.test(spoken)) {
    return { ok: true, command: { action: 'query', subject: 'help' }, confidence: 0.95, followUp: false };
  }
  let text = spoken.replace(POLITE, '');
  if (!text) return fail(`Say what you would like to do. ${SUPPORTED}`);

  for (const [pattern, what] of UNSUPPORTED) {
    if (pattern.test(text)) return fail(`I can't help with ${what} yet. ${SUPPORTED}`);
  }

  const slippage = extractSlippage(text);
  if (slippage && 'error' in slippage) return fail(slippage.error);
  if (slippage) text = slippage.rest;

  ctx = { ...ctx, addresses } as Local;
  const followUp = parseFollowUp(text, ctx, addresses);
  if (followUp) return followUp;

  const query = parseQuery(text, ctx);
  if (query) return query;

  if (TRANSFER_VERBS.test(text)) return parseTransfer(text, ctx, addresses, evm);
  if (SWAP_VERBS.test(text) || SLANG_SWAP.test(text) || /^(buy|sell)\b/.test(text)) {
    return parseSwap(text, ctx, slippage?.bps);
  }
  if (/\bto @\d\b/.test(text) || evm) return parseTransfer(`send ${text}`, ctx, addresses, evm, CONFIDENCE.slangVerb);
  if (/\b(for|into|to)\b/.test(text) && /\d/.test(text)) return fail(`Do you want to swap or to send? Start with "swap" or "send". ${SUPPORTED}`);
  return fail(`I could not find a command in "${clip(raw.trim(), 80)}". ${SUPPORTED}`);
}

function fail(reason: string, suggestions?: string[]): ParseResult {
  return { ok: false, reason, ...(suggestions?.length ? { suggestions } : {}) };
}

function extractSlippage(text: string): { bps: number; rest: string } | { error: string } | undefined {
  const patterns = [
    /(?:,?\s*(?:with|at|and)\s+)?(?:a\s+)?(?:max(?:imum)?\s+)?slippage(?:\s+(?:of|at|to|=))?\s*(-?\d+(?:\.\d+)?)\s*(%|bps|basis points?)/,
    /(?:,?\s*(?:with|at|and)\s+)?(?:a\s+)?(?:max(?:imum)?\s+)?(-?\d+(?:\.\d+)?)\s*(%|bps|basis points?)\s+(?:max\s+)?slippage/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const value = Number(match[1]);
    if (value < 0) return { error: `Slippage cannot be negative (got ${match[1]}${match[2] === '%' ? '%' : ' bps'}): say for example "with 1% slippage".` };
    const bps = match[2] === '%' ? Math.round(value * 100) : value;
    if (!Number.isInteger(bps) || bps < 0 || bps > 5000) {
      return { error: `Slippage must be from 0 to 50% (0 to 5000 bps), got ${match[1]}${match[2] === '%' ? '%' : ' bps'}.` };
    }
    return { bps, rest: text.replace(match[0], ' ').replace(/\s+/g, ' ').trim() };
  }
  return undefined;
}

function parseQuery(text: string, ctx: ParseContext): ParseResult | undefined {
  const q = (subject: QuerySubject, token?: TokenRef, confidence = 0.97): ParseResult => ({
    ok: true,
    command: { action: 'query', subject, ...(token && { token }) },
    confidence,
    followUp: false,
  });
  if (/^(help|commands|menu)$|what can you do|how does (this|it) work|what do you (do|support)|what can i (do|say|ask)/.test(text)) return q('help');
  const balanceMatch =
    /^how (?:much|many) (.+?) (?:do i have|have i got|do i own|is in my wallet|in my wallet)$/.exec(text) ??
    /^(?:what(?:'s| is) )?my (.+?) balance$/.exec(text) ??
    /^(?:check |show )?(?:my )?balance (?:of|for|in) (.+)$/.exec(text);
  if (balanceMatch) {
    const token = resolveToken(balanceMatch[1].trim(), ctx);
    if (token.token) return q('balance', token.token, token.fuzzy ? CONFIDENCE.fuzzyToken : 0.97);
    return fail(unknownTokenReason(balanceMatch[1].trim(), ctx), suggest(balanceMatch[1].trim(), ctx));
  }
  if (/\b(portfolio|holdings|net worth|my tokens|my assets|my wallet|my bag|what do i (hold|have|own)|all my balances|everything i (hold|have))\b/.test(text) && !/\b(swap|send|sell|buy|transfer)\b/.test(text)) {
    return q('portfolio');
  }
  const priceMatch =
    /^(?:what(?:'s| is) the )?price (?:of|for) (.+)$/.exec(text) ??
    /^(?:what(?:'s| is) )?(.+?) price(?: now| today)?$/.exec(text) ??
    /^(?:what(?:'s| is) |how much is )(.+?) (?:trading at|worth|going for|at)(?: now| today)?$/.exec(text) ??
    /^how much (?:is|does) (?:one |1 |a )?(.+?)(?: cost| go for)?$/.exec(text);
  if (priceMatch && !/\b(i|my|me)\b/.test(priceMatch[1])) {
    const token = resolveToken(priceMatch[1].trim(), ctx);
    if (token.token) return q('price', token.token, token.fuzzy ? CONFIDENCE.fuzzyToken : 0.97);
    return fail(unknownTokenReason(priceMatch[1].trim(), ctx), suggest(priceMatch[1].trim(), ctx));
  }
  if (/^(?:what(?:'s| is) )?(?:my )?balances?$|^how much (?:do i have|money do i have)$|^(?:check|show) (?:my )?balances?$/.test(text)) return q('balance');
  return undefined;
}

function parseTransfer(text: string, ctx: ParseContext, addresses: string[], evm: string | undefined, factor = 1): ParseResult {
  const slang = /^(tip|give)\b/.test(text) ? CONFIDENCE.slangVerb : 1;
  const body = text.replace(TRANSFER_VERBS, '').trim();
  if (evm) return fail(`"${clip(evm, 12)}…" is an Ethereum-style address. Solana addresses are base58, 32 to 44 characters.`);
  const slots = [...body.matchAll(/@(\d+)/g)].map((m) => addresses[Number(m[1])]);
  if (slots.length === 0) {
    if (/…|\.\.\./.test(text)) return fail('The recipient address is shortened ("…"). Paste the full Solana address.');
    return fail('Who should receive it? Add "to <Solana address>".');
  }
  const recipientSlot = [...body.matchAll(/@(\d+)/g)].at(-1)![1];
  const recipient = addresses[Number(recipientSlot)];
  if (/…|\.\.\./.test(body)) return fail('The recipient address is shortened ("…"). Paste the full Solana address.');
  if (!isSolanaAddress(recipient)) {
    return fail(`"${clip(recipient, 12)}…" is not a valid Solana address: it must be base58 that decodes to 32 bytes.`);
  }
  const withoutRecipient = body.replace(/\bover\b/g, ' ').replace(new RegExp(`(?:\\b(?:to|for)\\s+)?@${recipientSlot}\\b`), ' ').replace(/\s+/g, ' ').trim();
  const scan = scanAmountAndToken(withoutRecipient, ctx);
  if ('reason' in scan) return fail(scan.reason, scan.suggestions);
  if (!scan.amount) return fail('How much should I send? For example "send 20 USDC to <address>".');
  if (!scan.token) return fail(`Which token should I send? ${scan.unknownWord ? unknownTokenReason(scan.unknownWord, ctx) : ''}`.trim());
  return {
    ok: true,
    command: { action: 'transfer', token: scan.token, amount: scan.amount, recipient },
    confidence: round(slang * factor * scanFactor(scan)),
    followUp: false,
  };
}

function parseSwap(text: string, ctx: ParseContext, slippageBps: number | undefined): ParseResult {
  let factor = SLANG_SWAP.test(text) || /^flip\b/.test(text) ? CONFIDENCE.slangVerb : 1;
  const verb = /^(buy|sell)\b/.exec(text)?.[1] ?? (SLANG_SWAP.test(text) && !/^ape\b(?! into)/.test(text) ? 'buy' : 'swap');
  const body = text.replace(SWAP_VERBS, '').replace(SLANG_SWAP, '').replace(/^(buy|sell)\b/, '').trim();
  // "A for B", "A to B", "A into B", "B with A", "B using A".
  const split = /^(.*?)\s+(for|to|into|in exchange for|with|using)\s+(.*)$/.exec(body);
  let left: Scan;
  let right: Scan | undefined;
  let joiner: string | undefined;
  const scanOrFail = (part: string) => scanAmountAndToken(part, ctx);
  if (split) {
    const l = scanOrFail(split[1]);
    const r = scanOrFail(split[3]);
    if ('reason' in l) return fail(l.reason, l.suggestions);
    if ('reason' in r) return fail(r.reason, r.suggestions);
    [left, right, joiner] = [l, r, split[2]];
  } else {
    const l = scanOrFail(body);
    if ('reason' in l) return fail(l.reason, l.suggestions);
    left = l;
  }
  // Which side is paid and which received.
  let pay: Scan | undefined;
  let receive: Scan | undefined;
  const withForm = joiner === 'with' || joiner === 'using';
  if (verb === 'buy') {
    [receive, pay] = [left, right];
  } else if (withForm) {
    [receive, pay] = [left, right];
  } else {
    [pay, receive] = [left, right];
  }
  if (!receive?.token && !pay?.token) {
    const unknown = left.unknownWord ?? right?.unknownWord;
    return fail(unknown ? unknownTokenReason(unknown, ctx) : 'Which tokens should I swap? For example "swap 1 SOL for USDC".', unknown ? suggest(unknown, ctx) : undefined);
  }
  for (const side of [pay, receive]) {
    if (side && !side.token && side.unknownWord) return fail(unknownTokenReason(side.unknownWord, ctx), suggest(side.unknownWord, ctx));
  }
  const usdc = ctx.lookup('USDC');
  const sol = ctx.lookup('SOL');
  let input = pay?.token;
  let output = receive?.token;
  if (!input) {
    input = output?.mint === usdc?.mint ? sol : usdc;
    factor *= CONFIDENCE.defaultedToken;
  }
  if (!output) {
    output = input?.mint === usdc?.mint ? sol : usdc;
    factor *= CONFIDENCE.defaultedToken;
  }
  if (!input || !output) return fail('Which tokens should I swap? For example "swap 1 SOL for USDC".');
  if (input.mint === output.mint) return fail(`Both sides are ${input.symbol}: choose two different tokens.`);
  const exactOut = !!receive?.amount && receive.amount.kind !== 'fraction';
  const amountSide = exactOut ? receive! : pay;
  if (!amountSide?.amount) {
    if (receive?.amount) return fail(`I can't take a share of a balance you don't have yet. Say how much ${input.symbol} to spend.`);
    return fail(`How much ${input.symbol} should I swap? For example "swap 1 ${input.symbol} for ${output.symbol}".`);
  }
  if (pay?.amount && receive?.amount) return fail('Give an amount on one side only: what you pay or what you receive.');
  return {
    ok: true,
    command: {
      action: 'swap',
      input,
      output,
      amount: amountSide.amount,
      swapMode: exactOut ? 'ExactOut' : 'ExactIn',
      ...(slippageBps !== undefined && { slippageBps }),
    },
    confidence: round(factor * scanFactor(pay) * scanFactor(receive)),
    followUp: false,
  };
}

function parseFollowUp(text: string, ctx: ParseContext, addresses: string[]): ParseResult | undefined {
  const looksLike =
    /^(make it|change it to|actually|instead)\b|^same\b|^(do (that|it) again|again|repeat( that)?|one more time)$|^and \S+ more\b/.test(text);
  if (!looksLike) return undefined;
  const previous = ctx.previous;
  if (!previous || previous.action === 'query') {
    return fail('There is no earlier swap or transfer in this session to refer to. Say the whole command, for example "swap 1 SOL for USDC".');
  }
  const done = (command: Command): ParseResult => ({ ok: true, command, confidence: round(CONFIDENCE.followUp), followUp: true });
  if (/^(do (that|it) again|again|repeat( that)?|one more time)$/.test(text)) return done(previous);

  const more = /^and (\S+) more(?: (?:to the same (?:address|wallet|person)|of (?:it|that|the same)))?$/.exec(text);
  if (more) {
    const amount = parseAmount(more[1]);
    if (!amount) return fail(`"${more[1]}" is not an amount I understand.`);
    return done({ ...previous, amount: amount.spec } as Command);
  }
  const makeIt = /^(?:make it|change it to|actually|instead)\s+(.+)$/.exec(text);
  if (makeIt) {
    const scan = scanAmountAndToken(makeIt[1], ctx);
    if ('reason' in scan) return fail(scan.reason, scan.suggestions);
    if (!scan.amount && !scan.token) return fail(`What should I change? For example "make it 2".`);
    const command = { ...previous, ...(scan.amount && { amount: scan.amount }) } as Command;
    if (scan.token && command.action === 'swap') command.output = scan.token;
    if (scan.token && command.action === 'transfer') command.token = scan.token;
    return done(command);
  }
  const same = /^same(?: thing| again)?(?: but)?(?: (to|for|into|with|in) (.+))?$/.exec(text);
  if (same) {
    if (!same[2]) return done(previous);
    const target = same[2].trim();
    const recipient = /@(\d+)/.exec(target);
    if (recipient) {
      const address = addresses[Number(recipient[1])];
      if (previous.action !== 'transfer') return fail('The earlier command was a swap, not a transfer: say where to send what.');
      if (!isSolanaAddress(address)) return fail(`"${clip(address, 12)}…" is not a valid Solana address.`);
      return done({ ...previous, recipient: address });
    }
    const token = resolveToken(target, ctx);
    if (!token.token) return fail(unknownTokenReason(target, ctx), suggest(target, ctx));
    if (previous.action === 'swap') {
      if (same[1] === 'with') return done({ ...previous, input: token.token });
      if (token.token.mint === previous.input.mint) return fail(`Both sides would be ${token.token.symbol}: choose another token.`);
      return done({ ...previous, output: token.token });
    }
    return done({ ...previous, token: token.token });
  }
  return undefined;
}

/** The amount and the token of a phrase such as "1.5 sol", "$20 of bonk", "half my usdc", "all of it". */
function scanAmountAndToken(phrase: string, ctx: ParseContext): Scan | { reason: string; suggestions?: string[] } {
  let rest = ` ${phrase.replace(/\bworth of\b|\bworth\b/g, ' ').replace(/\s+/g, ' ').trim()} `;
  let amount: AmountSpec | undefined;
  let numberWord = false;
  const usd =
    /\s\$\s?(\d[\d,]*(?:\.\d+)?)\s?([kmb])?\s(?:of\s)?/.exec(rest) ?? /\s(\d[\d,]*(?:\.\d+)?)\s?([kmb])?\s(?:usd|dollars?|bucks)\s(?!coin)(?:of\s)?/.exec(rest);
  if (usd) {
    const value = scaled(usd[1], usd[2]);
    if (!value) return { reason: `"${usd[0].trim()}" is not an amount I understand.` };
    amount = { kind: 'usd', value };
    rest = rest.replace(usd[0], ' ');
  } else {
    const halfA = /\shalf an?\s/.exec(rest);
    const fraction = halfA
      ? null
      : /\s(all|max|everything|entire|whole)(?: of)?(?: my| the)?(?: balance)?(?: of)?\s/.exec(rest) ??
        (/\s(half|a half|a quarter|quarter|a third|third|one third|one quarter|one half)(?: of)?(?: my| the)?(?: balance)?(?: of)?\s/.exec(rest));
    if (fraction) {
      const word = fraction[1];
      const [numerator, denominator] = /quarter/.test(word) ? [1, 4] : /third/.test(word) ? [1, 3] : /half/.test(word) ? [1, 2] : [1, 1];
      amount = { kind: 'fraction', numerator, denominator };
      rest = rest.replace(fraction[0], ' ');
    } else {
      const negative = /\s-\s?\d/.test(rest);
      if (negative) return { reason: 'The amount must be above zero.' };
      const numeric = /\s(\d[\d,]*(?:\.\d+)?|\.\d+)\s?([kmb])?(?=\s)/.exec(rest);
      const word = new RegExp(`\\s(${Object.keys(NUMBER_WORDS).join('|')})\\s`).exec(rest);
      if (halfA) {
        amount = { kind: 'exact', value: '0.5' };
        numberWord = true;
        rest = rest.replace(halfA[0], ' ');
      } else if (numeric) {
        const value = scaled(numeric[1].startsWith('.') ? `0${numeric[1]}` : numeric[1], numeric[2]);
        if (!value) return { reason: `"${numeric[0].trim()}" is not an amount I understand.` };
        amount = { kind: 'exact', value };
        rest = rest.replace(numeric[0], ' ');
      } else if (word) {
        amount = { kind: 'exact', value: String(NUMBER_WORDS[word[1]]) };
        numberWord = word[1] !== 'a' && word[1] !== 'an';
        rest = rest.replace(word[0], ' ');
      }
    }
  }
  if (amount?.kind === 'exact' && /^0+(\.0+)?$/.test(amount.value)) return { reason: 'The amount must be above zero.' };
  if (/(^|\s)\d/.test(rest.replace(/@\d+/g, ' '))) return { reason: 'Give one amount and one token per side, for example "swap 1 SOL for USDC".' };
  const named = resolveToken(rest.replace(/\b(my|of|the|some|please|now)\b/g, ' ').replace(/\s+/g, ' ').trim(), ctx);
  if (named.token) return { amount, token: named.token, fuzzy: named.fuzzy, numberWord, rest };
  const words = rest
    .replace(/\b(my|of|the|some|it|tokens?|coins?|please|now|worth|balance|me)\b/g, ' ')
    .replace(/[,;]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words) return { amount, fuzzy: false, numberWord, rest };
  const resolved = resolveToken(words, ctx);
  if (resolved.token) return { amount, token: resolved.token, fuzzy: resolved.fuzzy, numberWord, rest };
  // The phrase may hold the token among other words ("bonk tokens right away").
  for (const candidate of words.split(' ')) {
    const one = resolveToken(candidate, ctx);
    if (one.token) return { amount, token: one.token, fuzzy: one.fuzzy, numberWord, rest };
  }
  return { amount, fuzzy: false, numberWord, unknownWord: words.split(' ')[0], rest };
}

function scanFactor(scan: Scan | undefined): number {
  if (!scan) return 1;
  let factor = 1;
  if (scan.fuzzy) factor *= CONFIDENCE.fuzzyToken;
  if (scan.numberWord) factor *= CONFIDENCE.numberWord;
  if (scan.amount?.kind === 'fraction') factor *= CONFIDENCE.relativeAmount;
  if (scan.amount?.kind === 'usd') factor *= CONFIDENCE.usdAmount;
  return factor;
}

/** "1,000.5" with "k" → "1000500". Null when the digits are malformed. */
function scaled(digits: string, suffix?: string): string | null {
  if (!/^\d{1,3}(,\d{3})*(\.\d+)?$|^\d+(\.\d+)?$/.test(digits)) return null;
  const plain = digits.replace(/,/g, '');
  const shift = suffix === 'k' ? 3 : suffix === 'm' ? 6 : suffix === 'b' ? 9 : 0;
  const [whole, fraction = ''] = plain.split('.');
  const padded = fraction.padEnd(shift, '0');
  const newWhole = (whole + padded.slice(0, shift)).replace(/^0+(?=\d)/, '');
  const newFraction = padded.slice(shift).replace(/0+$/, '');
  return newFraction ? `${newWhole}.${newFraction}` : newWhole;
}

function parseAmount(text: string): { spec: AmountSpec } | undefined {
  const match = /^(\d[\d,]*(?:\.\d+)?)([kmb])?$/.exec(text);
  if (match) {
    const value = scaled(match[1], match[2]);
    return value ? { spec: { kind: 'exact', value } } : undefined;
  }
  if (NUMBER_WORDS[text]) return { spec: { kind: 'exact', value: String(NUMBER_WORDS[text]) } };
  return undefined;
}

/** A token by symbol, $symbol, name or mint placeholder; one edit away from a symbol of 4+ letters counts, fuzzily. */
function resolveToken(text: string, ctx: ParseContext): { token?: TokenRef; fuzzy: boolean } {
  const cleaned = text.replace(/^\$/, '').trim();
  const slot = /^@(\d+)$/.exec(cleaned);
  if (slot) {
    const mint = (ctx as Local).addresses?.[Number(slot[1])];
    // A mint outside the registry is kept exactly as given, never "corrected" into a look-alike.
    if (mint && isSolanaAddress(mint)) return { token: ctx.lookup(mint) ?? { symbol: `${mint.slice(0, 4)}…${mint.slice(-4)}`, mint }, fuzzy: false };
    return { fuzzy: false };
  }
  const exact = ctx.lookup(cleaned);
  if (exact) return { token: exact, fuzzy: false };
  if (cleaned.length >= 4 && /^[a-z0-9]+$/.test(cleaned)) {
    const near = ctx.symbols.filter((symbol) => symbol.length >= 4 && editDistance(symbol.toLowerCase(), cleaned) === 1);
    if (near.length === 1) return { token: ctx.lookup(near[0]), fuzzy: true };
  }
  return { fuzzy: false };
}

function unknownTokenReason(word: string, ctx: ParseContext): string {
  const suggestions = suggest(word, ctx);
  return `I don't know the token "${clip(word, 40)}".${suggestions.length ? ` Did you mean ${suggestions.join(' or ')}?` : ''} Use a listed symbol or the token's mint address.`;
}

function suggest(word: string, ctx: ParseContext): string[] {
  const target = word.replace(/^\$/, '').toLowerCase();
  return ctx.symbols
    .map((symbol) => ({ symbol, distance: editDistance(symbol.toLowerCase(), target) }))
    .filter(({ distance }) => distance <= 2)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 3)
    .map(({ symbol }) => symbol);
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
