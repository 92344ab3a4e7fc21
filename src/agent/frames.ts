import { clip } from '../shared/text';
import type { AmountSpec, Draft, ParseResult, Slot, TokenRef } from './command';
import { format, isZero } from './decimal';
import type { Marker, VerbRole } from './lexicon';
import { CONFIDENCE, CONTESTED_NAMES, DANGER, LURES, PRICE_MARKERS, PROGRAM_IDS, RULE_WORDS, SENTENCE_ENDS } from './lexicon';
import { editDistance, resolveToken, type Item, type Vocabulary } from './tokenize';

/**
 * Slot filling: the tagged items of one command in, a swap or a transfer out, or the one
 * thing missing or wrong. The verb decides which side its object is on ("sell X" pays X,
 * "buy X" receives X) and the prepositions mark the other side ("for", "into" → what is
 * received; "with", "using" → what is paid). Every item must land in a slot: a word left
 * over could change the meaning, so the command is refused rather than guessed.
 */

export type AmountItem = Extract<Item, { kind: 'number' | 'money' | 'share' | 'percent' }>;

/** A run of items under one marker: "for 100 USDC", the verb's object, the part after an arrow. */
export interface Phrase {
  /** `restate`: after a comma or a dash, an amount said again ("swap USDC to SOL, 10 USDC"). A phrase opened by `denominated` is `out`. */
  marker: Exclude<Marker, 'denominated'> | 'object' | 'arrow' | 'restate';
  /** The word of the marker ("for", "into"). */
  word?: string;
  amounts: AmountItem[];
  tokens: Array<{ token: TokenRef; fuzzy: boolean }>;
  addresses: Item[];
  words: Item[];
  joined: boolean;
  /** An amount came after the phrase's first token ("buy JUP 20 USDC"): it is the next token's. */
  amountAfterToken?: boolean;
  /** …and after its second too ("/swap SOL USDC 0.05"). */
  amountAfterTokens?: boolean;
  /** A sentence ended after the phrase's first token ("Buy 10 JUP. Some BONK for me."). */
  broken?: boolean;
  /** Opened by a `denominated` marker ("in euros"). */
  denominated?: boolean;
}

export const isAmount = (item: Item): item is AmountItem => item.kind === 'number' || item.kind === 'money' || item.kind === 'share' || item.kind === 'percent';

/** Cuts the items after the verb into phrases, one per marker. */
export function phrases(items: Item[], firstMarker: Phrase['marker'] = 'object'): Phrase[] {
  const out: Phrase[] = [];
  let current = newPhrase(firstMarker);
  const start = (marker: Phrase['marker'], word?: string) => {
    out.push(current);
    current = { ...newPhrase(marker), ...(word && { word }) };
  };
  for (let k = 0; k < items.length; k++) {
    const item = items[k];
    switch (item.kind) {
      case 'marker':
        // "$25 of SOL", "half of my USDC", "$25 worth of SOL", "pay <address> $15 worth of USDC": the token of the amount before.
        if (
          (item.marker === 'of' || item.marker === 'worth' || item.marker === 'denominated') &&
          current.amounts.length > 0 &&
          current.tokens.length === 0 &&
          (current.addresses.length === 0 || (items[k - 1] !== undefined && isAmount(items[k - 1])))
        ) {
          break;
        }
        // "swap SOL worth $5 to USDC": a token worth a dollar value is that value of the token.
        if (item.marker === 'worth' && current.amounts.length === 0 && current.tokens.length === 1 && items[k + 1]?.kind === 'money' && items[k + 2]?.kind !== 'token' && !(items[k + 2]?.kind === 'marker' && ['of', 'worth'].includes((items[k + 2] as Extract<Item, { kind: 'marker' }>).marker))) {
          current.amounts.push(items[k + 1] as AmountItem);
          k++;
          break;
        }
        // "buy JUP worth 100 USDC" is "buy 100 USDC worth of JUP": the amount and its token come first.
        if (item.marker === 'worth' && current.amounts.length === 0 && current.tokens.length === 1 && items[k + 1] && isAmount(items[k + 1]) && items[k + 2]?.kind === 'token') {
          const worthOf = current.tokens;
          const { token, fuzzy } = items[k + 2] as Extract<Item, { kind: 'token' }>;
          current.amounts.push(items[k + 1] as AmountItem);
          current.tokens = [{ token, fuzzy }];
          k += 2;
          start('worth');
          current.tokens = worthOf;
          break;
        }
        if (item.marker === 'of' && current.amounts.length === 0) break;
        // "100 USDC of DRIFT": the amount's worth of another token.
        if (item.marker === 'of' && current.tokens.length > 0) {
          start('worth');
          break;
        }
        // "use 2 SOL to buy BONK": "to" and the second verb mark what is received.
        if (item.marker === 'to' && items[k + 1]?.kind === 'verb') {
          k++;
          start('out');
          break;
        }
        start(item.marker === 'denominated' ? 'out' : item.marker, item.text.toLowerCase());
        if (item.marker === 'denominated') current.denominated = true;
        break;
      case 'arrow':
        start('arrow');
        break;
      case 'joiner':
        current.joined = true;
        break;
      case 'punct':
        if ([',', ';', ':', '-', '(', '|'].includes(item.text)) start('restate');
        else if (SENTENCE_ENDS.has(item.text) && current.tokens.length > 0) current.broken = true;
        break;
      case 'token':
        current.tokens.push({ token: item.token, fuzzy: item.fuzzy });
        break;
      case 'address':
      case 'bad-address':
        current.addresses.push(item);
        break;
      case 'word':
        current.words.push(item);
        break;
      case 'verb':
        // "sell 1,200 JUP and receive USDC": the second verb opens what is received.
        if (item.role === 'get' && current.marker === 'object' && current.tokens.length > 0) start('out');
        // "on getting WIF": a purchase verb right after the marker of what is received says it again.
        else if (item.role === 'get' && current.marker === 'out' && current.tokens.length + current.amounts.length === 0) break;
        else current.words.push(item);
        break;
      default:
        // "for USDC 2": an amount after the token of a later phrase restates the amount paid.
        if (isAmount(item) && current.marker !== 'object' && current.marker !== 'restate' && current.tokens.length > 0 && current.amounts.length === 0) start('restate');
        if (isAmount(item)) {
          if (current.tokens.length > 0) current.amountAfterToken = true;
          if (current.tokens.length > 1) current.amountAfterTokens = true;
          current.amounts.push(item);
        }
    }
  }
  out.push(current);
  return out.filter((phrase) => phrase.marker === 'object' || phrase.amounts.length + phrase.tokens.length + phrase.addresses.length + phrase.words.length > 0);
}

function newPhrase(marker: Phrase['marker']): Phrase {
  return { marker, amounts: [], tokens: [], addresses: [], words: [], joined: false };
}

export interface Reading {
  /** The confidence of the reading so far (verb and amount words). */
  factor: number;
  slippageBps?: number;
  /** The verb opens the message ("/swap 0.05 SOL USDC"), so a bare pair of tokens reads as paid, then received. */
  verbFirst?: boolean;
  /** The verb sells (VERB_TRAITS): "sell 2 SOL worth of WIF" pays WIF and receives 2 SOL. */
  sells?: boolean;
  /** Without a verb, "2 SOL worth of WIF" buys WIF with 2 SOL. */
  worthBuys?: boolean;
  /** The verb is said as a noun ("do a swap for 0.5 SOL"): "for" then names what is paid. */
  asNoun?: boolean;
}

/** "Buy 10 JUP. Some BONK for me.": a token that may pay for the purchase or be bought too. */
const paidOrBought = (symbol: string) =>
  refuse('unclear', `I could not tell whether ${symbol} pays for this purchase or is bought too. If it pays, say the purchase "with ${symbol}"; to buy it too, ask for it on its own.`);

/** A purchase of a bare pair that bots read either way round: which token pays, with the two ways to say it. */
const whichPays = (one: string, other: string) => refuse('unclear', `I could not tell which token pays: say "${one}" or "${other}".`);

/** A swap from the phrases after a verb of the given role (an arrow reads as `pay`). */
export function swapFrame(given: Phrase[], role: VerbRole, vocabulary: Vocabulary, reading: Reading): ParseResult {
  // "/swap 0.05 SOL USDC": a bare pair of tokens after the verb is what is paid, then what is
  // received (for a purchase, received then paid); "buy JUP 20 USDC": an amount between them is the second's.
  const [only] = given;
  const pair = given.length === 1 && only.tokens.length === 2 && !only.joined && only.tokens[0].token.mint !== only.tokens[1].token.mint && role !== 'send';
  // "/swap SOL USDC 0.05": after both tokens, the amount is what is paid, as such bots read it.
  const between = pair && only.amountAfterToken === true && only.amounts.length === 1 && (role === 'get' || !only.amountAfterTokens);
  // "Buy 10 JUP. Some BONK for me.": a token of its own sentence after a purchase may pay for it or be bought too.
  if (pair && only.broken && role === 'get') return paidOrBought(only.tokens[1].token.symbol);
  if (pair && role === 'get' && only.amounts.length === 1) {
    const [first, second] = only.tokens.map((item) => item.token.symbol);
    const amount = only.amounts[0].text;
    // "/buy SOL USDC 0.5": bots read a purchase sized after a bare pair either way (one pays SOL, another pays USDC for SOL).
    if (between && only.amountAfterTokens) return whichPays(`buy ${first} with ${amount} ${second}`, `swap ${amount} ${first} for ${second}`);
    // "buy 0.1 SOL WIF": a purchase sized before a bare pair buys WIF with 0.1 SOL as trading bots read it, or 0.1 SOL with WIF.
    if (!between && !only.amountAfterToken) return whichPays(`buy ${second} with ${amount} ${first}`, `buy ${amount} ${first} with ${second}`);
  }
  if (between && !only.amountAfterTokens) {
    const [first, second] = only.tokens.map((item) => item.token.symbol);
    const n = only.amounts[0].text.replace(/\s+/g, '');
    // "sell wif 50 usdc", "dump bonk 1m usdc": bots read "sell WIF 50" as 50 WIF sold, so the amount between may be of either.
    if (role !== 'get') return refuse('unclear', `I could not tell which token ${n} is of: say "swap ${n} ${first} for ${second}" or "swap ${first} for ${n} ${second}".`);
    // "buy wif 4 usdc": texting's "for" ("buy wif for usdc", no amount) or the 4 USDC paid ("buy JUP 20 USDC" pays 20 USDC).
    if (only.amounts[0].kind === 'number' && RULE_WORDS.textedMarkers.has(n)) {
      return refuse('unclear', `I could not tell whether "${n}" is an amount or stands for "to" or "for". Say the amount with its side, for example "buy ${first} with ${n} ${second}".`);
    }
  }
  // "/swap SOL, USDC 0.5", "/buy SOL, USDC 0.5": the pair with a comma, sized last, reads either way as it does without one.
  const [head, sized] = given;
  if (given.length === 2 && head.marker === 'object' && head.tokens.length === 1 && head.amounts.length === 0 && sized.marker === 'restate' && sized.tokens.length === 1 && sized.amounts.length === 1 && sized.amountAfterToken && sized.words.length === 0) {
    const [first, second] = [head, sized].map((part) => part.tokens[0].token.symbol);
    const amount = sized.amounts[0].text;
    return role === 'get' ? whichPays(`buy ${first} with ${amount} ${second}`, `buy ${amount} ${first} with ${second}`) : refuse('unclear', `I could not tell which token ${amount} is of: say "swap ${amount} ${first} for ${second}" or "swap ${first} for ${amount} ${second}".`);
  }
  const parts = forBeforeInput(
    pair && (reading.verbFirst || between)
      ? [{ ...only, tokens: [only.tokens[0]], ...(between && { amounts: [] }) }, { ...newPhrase('out'), tokens: [only.tokens[1]], ...(between && { amounts: only.amounts }) }]
      : given,
    role,
    reading.asNoun === true,
  );
  const direction = worthDirection(parts, role, reading);
  if (typeof direction !== 'string') return direction;
  const worth = direction !== 'none';
  const sold = direction === 'sold';
  const paid: Phrase[] = [];
  const received: Phrase[] = [];
  for (const part of parts) {
    switch (part.marker) {
      case 'object':
        (sold || (role === 'get' && !worth) ? received : paid).push(part);
        break;
      case 'in':
        paid.push(part);
        break;
      case 'out':
        // "buy 100 BONK for 2 USDC": after a purchase, "for" names the price; "into" or "towards" never does.
        if (role === 'get' && part.word !== undefined && !PRICE_MARKERS.has(part.word)) {
          return refuse('unclear', `I could not tell what "${part.word} ${describe(part)}" means in a purchase. Say for example "buy 100 BONK with USDC" or "swap 5 USDT for BONK".`);
        }
        (role === 'get' ? paid : received).push(part);
        break;
      case 'worth':
        (sold ? paid : received).push(part);
        break;
      case 'to':
      case 'arrow':
        if (role === 'get' && part.marker === 'to') return refuse('unclear', `I could not tell what "to ${describe(part)}" means in a purchase. Say for example "buy 100 BONK with USDC".`);
        received.push(part);
        break;
      case 'of':
        return refuse('unclear', `I could not tell what "of ${describe(part)}" refers to. Say for example "swap 1 SOL for USDC".`);
      case 'restate':
        break;
    }
  }
  // An amount said again after a comma belongs to the side of its token, or to what is paid.
  for (const part of parts.filter((p) => p.marker === 'restate')) {
    const mints = (of: Phrase[]) => new Set(of.flatMap((p) => p.tokens.map((t) => t.token.mint)));
    const token = part.tokens[0]?.token.mint;
    // "swap max usdt to usdc, whole bag", "sell all my bonk for sol, all of it": the share paid, said again, is one amount.
    const again = !token && part.words.length === 0 && part.amounts.length === 1 && paid.some((p) => p.amounts.some((amount) => sameShare(amount, part.amounts[0])));
    if (again) continue;
    // "buy a little RENDER, 20 dollars' worth, with USDC": a dollar value said again in a purchase is what it receives.
    const valueBought = !token && role === 'get' && part.amounts.length > 0 && part.amounts.every((amount) => amount.kind === 'money');
    if (valueBought || (token && mints(received).has(token) && !mints(paid).has(token))) received.push({ ...part, tokens: [] });
    else if (!token || mints(paid).has(token)) paid.push({ ...part, tokens: [] });
    else if (mints(paid).size === 0) {
      // "buy 10 JUP, some BONK for me": a token alone after a purchase may pay for it or be a second purchase.
      if (role === 'get' && part.amounts.length === 0 && received.some((p) => p.tokens.length > 0)) {
        return paidOrBought(part.tokens[0].token.symbol);
      }
      paid.push(part);
    } else received.push(part);
  }
  const sideOf = (of: Phrase[]) => ({
    tokens: of.flatMap((part) => [...part.tokens, ...part.addresses.filter((a) => a.kind === 'address').map((a) => ({ token: mintRef(a.text, vocabulary), fuzzy: false }))]),
    amounts: of.flatMap((part) => part.amounts),
    words: of.flatMap((part) => part.words),
    badAddresses: of.flatMap((part) => part.addresses.filter((a) => a.kind === 'bad-address')),
  });
  const input = sideOf(paid);
  const output = sideOf(received);
  const program = [...input.tokens, ...output.tokens].find(({ token }) => PROGRAM_IDS.has(token.mint));
  if (program) return refuse('unknown-token', `${short(program.token.mint)} is a program, not a token. Name the token by its symbol or its mint address.`);
  for (const bad of [...input.badAddresses, ...output.badAddresses]) {
    return refuse('unclear', `"${clip(bad.text, 16)}" is not a full Solana address. Name the token by its symbol or its whole mint address.`);
  }
  if (distinct(output.tokens).length > 1) {
    return refuse('two-outputs', `That swaps into ${list(distinct(output.tokens))} at once. I swap into one token per message: send them one at a time.`);
  }
  if (distinct(input.tokens).length > 1) {
    return refuse('two-actions', `That pays with ${list(distinct(input.tokens))} at once. I swap one token per message: send them one at a time.`);
  }
  const amounts = [...input.amounts.map((a) => ['input', a] as const), ...output.amounts.map((a) => ['output', a] as const)];
  // A lone unknown word where a token belongs is an unknown token, asked again; any other is an unexplained word.
  for (const [side, slot] of [[input, 'input'], [output, 'output']] as const) {
    if (side.tokens.length === 0 && side.words.length === 1 && side.words[0].kind === 'word') {
      const other = slot === 'input' ? output : input;
      if (other.tokens.length > 1 || other.words.length > 0) return unknownToken(side.words[0].text, vocabulary);
      const draft: Draft = { action: 'swap', ...(other.tokens[0] && { [slot === 'input' ? 'output' : 'input']: other.tokens[0].token }), ...(reading.slippageBps !== undefined && { slippageBps: reading.slippageBps }) };
      const amount = amounts.length === 1 ? amountSpec(amounts[0][1]) : undefined;
      if (amount && !('rule' in amount)) Object.assign(draft, { amount: amount.spec, amountOf: amounts[0][0] });
      const among = claimantsOf(side.words[0].text, vocabulary);
      return { ...unknownToken(side.words[0].text, vocabulary), ask: slot, pending: { ask: slot, draft, ...(among && { among }) } };
    }
  }
  const unexplained = [...input.words, ...output.words];
  if (unexplained.length > 0) return unclearWords(unexplained);
  if (amounts.length > 1) return refuse('unclear', 'Give one amount, on one side only: what you pay ("swap 2 SOL for USDC") or what you receive ("buy 100 USDC with SOL").');
  const draft: Draft = {
    action: 'swap',
    input: input.tokens[0]?.token,
    output: output.tokens[0]?.token,
    ...(reading.slippageBps !== undefined && { slippageBps: reading.slippageBps }),
    ...(role === 'get' && { purchase: true }),
  };
  let factor = reading.factor;
  for (const { fuzzy } of [...input.tokens, ...output.tokens]) if (fuzzy) factor *= CONFIDENCE.fuzzyToken;
  if (amounts.length === 1) {
    const [amountOf, item] = amounts[0];
    const amount = amountSpec(item);
    if ('rule' in amount) return amount;
    draft.amount = amount.spec;
    draft.amountOf = amountOf;
    factor *= amount.factor;
  }
  return finishSwap(draft, factor);
}

/**
 * The direction rule of "A worth of B" (a phrase marked `worth` after an amount of a token A):
 * after a verb that sells, B is paid and the amount sizes what is received ("sell 2 SOL worth
 * of WIF" sells WIF for 2 SOL); after a purchase or without a verb, A is paid for B ("buy 2 SOL
 * worth of WIF"). After any other verb ("swap 2 SOL worth of WIF") either reading is possible,
 * and a swap read backwards is a wrong transaction, so it is refused; so is a sale sized in one
 * token and paid in a third ("sell 2 SOL worth of WIF for USDC").
 */
function worthDirection(parts: Phrase[], role: VerbRole, reading: Reading): 'none' | 'bought' | 'sold' | Extract<ParseResult, { ok: false }> {
  const worth = parts.find((part) => part.marker === 'worth');
  if (!worth) return 'none';
  if (role === 'get' || reading.worthBuys) return 'bought';
  const [object] = parts;
  const sized = object?.marker === 'object' ? `${describe(object)} worth of ${describe(worth)}` : `worth of ${describe(worth)}`;
  if (!reading.sells) {
    return refuse('unclear', `"${sized}" could mean paying with either token. Say "swap 2 SOL for WIF" to pay SOL, or "sell 2 SOL worth of WIF" to pay WIF.`);
  }
  // "sell 10 USDC worth of JTO for USDC" says the token twice; "… for USDT" sizes in one token and sells for another.
  const sizing = object?.marker === 'object' && object.tokens.length === 1 ? object.tokens[0].token.mint : undefined;
  if (parts.some((part) => ['out', 'to', 'arrow'].includes(part.marker) && part.tokens.some(({ token }) => token.mint !== sizing))) {
    return refuse('unclear', `"${sized}" is sized in one token and sold for another. Say how much to sell, for example "sell 100 WIF for USDC".`);
  }
  return 'sold';
}

/**
 * "execute a swap for 0.2 SOL to USDC": "for" opens the command with what is paid when the verb
 * has no object and a later "to", "into" or arrow names what is received, or when the verb is
 * said as a noun and no other token is named ("do a swap for 0.5 SOL": what to receive is then asked).
 */
function forBeforeInput(parts: Phrase[], role: VerbRole, asNoun: boolean): Phrase[] {
  const [object, first, ...rest] = parts;
  if (role !== 'pay' || !object || object.marker !== 'object' || object.tokens.length + object.amounts.length + object.addresses.length + object.words.length > 0) return parts;
  if (!first || first.word !== 'for' || first.tokens.length !== 1 || first.amounts.length !== 1) return parts;
  const alone = rest.every((part) => part.tokens.length === 0);
  if (!(asNoun && alone) && !rest.some((part) => (part.marker === 'to' || part.marker === 'arrow' || (part.marker === 'out' && part.word !== 'for')) && part.tokens.length > 0)) return parts;
  return [object, { ...first, marker: 'in' }, ...rest];
}

/** A transfer from the phrases after a send verb. */
export function transferFrame(parts: Phrase[], vocabulary: Vocabulary, reading: Reading): ParseResult {
  const recipients: Item[] = [];
  const tokens: Array<{ token: TokenRef; fuzzy: boolean }> = [];
  const amounts: AmountItem[] = [];
  const words: Item[] = [];
  let factor = reading.factor;
  for (const part of parts) {
    // "pay 45 USDC to <address> for the concert tickets": what a payment is for changes nothing built; "on completion",
    // "on payday", "on my signal" say when, and stay words to explain.
    // "… in euros" says what the amount is in, no purpose.
    // ("… for the recovery fee" is what fake support asks for, "… for the presale" a lure: DANGER and LURES are never read past.)
    const purpose = !part.denominated && (part.word === undefined || !RULE_WORDS.whenMarkers.has(part.word.toLowerCase())) && !part.words.some((item) => isScamWord(item.text));
    if (part.marker === 'out' && purpose && part.tokens.length + part.amounts.length + part.addresses.length === 0 && parts.some((p) => p.addresses.length > 0)) {
      factor *= CONFIDENCE.answer;
      continue;
    }
    if (part.marker === 'out' || part.marker === 'in' || part.marker === 'arrow' || part.marker === 'worth') {
      if (part.tokens.length > 0) return refuse('unclear', `A transfer sends one token to an address; "${markerWord(part.marker)} ${describe(part)}" does not fit. To swap, say "swap"; to send, say "send 20 USDC to <address>".`);
    }
    // An address right after an amount, with another address to receive it, is the token's mint ("send 5 <mint> to <wallet>").
    const addresses = [...part.addresses];
    const recipientElsewhere = addresses.length > 1 || parts.some((p) => p !== part && p.addresses.length > 0);
    if (part.marker === 'object' && part.amounts.length > 0 && part.tokens.length === 0 && addresses[0]?.kind === 'address' && recipientElsewhere) {
      tokens.push({ token: mintRef(addresses.shift()!.text, vocabulary), fuzzy: false });
    }
    recipients.push(...addresses);
    tokens.push(...part.tokens);
    amounts.push(...part.amounts);
    words.push(...part.words);
  }
  const distinctRecipients = [...new Set(recipients.map((r) => r.text))];
  if (distinctRecipients.length > 1) return refuse('two-actions', 'That sends to more than one address. I send to one address per message: send them one at a time.');
  if (distinct(tokens).length > 1) return refuse('two-actions', `That sends ${list(distinct(tokens))} at once. I send one token per message: send them one at a time.`);
  if (amounts.length > 1) return refuse('two-actions', 'That names more than one amount. I send one amount of one token per message.');
  const amount = amounts.length === 1 ? amountSpec(amounts[0]) : undefined;
  if (amount && 'rule' in amount) return amount;
  const draft: Draft = { action: 'transfer', token: tokens[0]?.token, ...(amount && { amount: amount.spec }) };
  const recipient = recipients[0];
  if (recipient) {
    const problem = recipientProblem(recipient, vocabulary);
    if (problem) return { ...refuse('bad-recipient', problem, { ask: 'recipient' }), pending: { ask: 'recipient', draft } };
    draft.recipient = recipient.text;
  }
  // "send 5 btc to <address>": the word where the token stands is asked about, the rest kept.
  if (tokens.length === 0 && words.length === 1 && words[0].kind === 'word' && amounts.length > 0) return { ...unknownToken(words[0].text, vocabulary), ask: 'token', pending: { ask: 'token', draft } };
  if (words.length > 0) {
    if (recipient) return unclearWords(words);
    // "send 5 SOL to bob": a name is not an address; ask for one and keep the rest.
    return { ...refuse('missing', `${quoteWords(words)} is not a Solana address. Paste the recipient's full address, for example "send 20 USDC to <address>".`, { ask: 'recipient' }), pending: { ask: 'recipient', draft } };
  }
  return finishTransfer(draft, factor * (tokens[0]?.fuzzy ? CONFIDENCE.fuzzyToken : 1) * (amount?.factor ?? 1));
}

/** A swap whose slots may still be empty: the command, or a question for the first empty slot. */
export function finishSwap(draft: Extract<Draft, { action: 'swap' }>, factor: number): ParseResult {
  const { input, output, amount, amountOf } = draft;
  // An answer or a follow-up can name a token by address too ("swap 2 SOL" → "<program id>").
  const program = [input, output].find((token) => token && PROGRAM_IDS.has(token.mint));
  if (program) return refuse('unknown-token', `${short(program.mint)} is a program, not a token. Name the token by its symbol or its mint address.`);
  if (input && output && input.mint === output.mint) {
    return refuse('same-token', `Both sides are ${input.symbol}: choose two different tokens, for example "swap 1 SOL for USDC".`);
  }
  const what = amount && amountOf ? describeAmount(amount, amountOf === 'input' ? input : output) : undefined;
  if (!input && !output) return { ...refuse('missing', 'Which tokens should I swap, and how much? Say for example "1 SOL for USDC".'), pending: { ask: 'input', draft } };
  if (!output) return ask('output', draft, `Which token should I swap ${what ?? `your ${input!.symbol}`} for? Say for example "${input!.symbol === 'USDC' ? 'SOL' : 'USDC'}".`);
  if (!input) return ask('input', draft, `Which token should I pay with for ${what ?? output.symbol}? Say for example "with USDC".`);
  if (!amount) return ask('amount', draft, `How much ${input.symbol} should I swap for ${output.symbol}? Say for example "0.5 ${input.symbol}".`);
  const precision = tooPrecise(amount, amountOf === 'output' ? output : input);
  if (precision) return precision;
  if (amountOf === 'output' && amount.kind === 'fraction') {
    return refuse('bad-amount', `I can't take a share of ${output.symbol} you don't hold yet. Say how much ${input.symbol} to spend, for example "swap half my ${input.symbol} for ${output.symbol}".`);
  }
  return {
    ok: true,
    command: {
      action: 'swap',
      input,
      output,
      amount,
      swapMode: amountOf === 'output' ? 'ExactOut' : 'ExactIn',
      ...(draft.slippageBps !== undefined && { slippageBps: draft.slippageBps }),
    },
    confidence: round(factor),
    followUp: false,
  };
}

export function finishTransfer(draft: Extract<Draft, { action: 'transfer' }>, factor: number): ParseResult {
  const { token, amount, recipient } = draft;
  if (!token && !amount && !recipient) return { ...refuse('missing', 'What should I send, and to whom? Say for example "20 USDC to <address>".'), pending: { ask: 'token', draft } };
  if (!token) return ask('token', draft, `Which token should I send${amount ? ` (${describeAmount(amount)})` : ''}? Say for example "USDC".`);
  if (!amount) return ask('amount', draft, `How much ${token.symbol} should I send? Say for example "5 ${token.symbol}".`);
  const precision = tooPrecise(amount, token);
  if (precision) return precision;
  if (!recipient) return ask('recipient', draft, `Who should receive ${describeAmount(amount, token)}? Paste their Solana address.`);
  return { ok: true, command: { action: 'transfer', token, amount, recipient }, confidence: round(factor), followUp: false };
}

/** An exact amount with more decimal places than the token has ("0.0000000001 SOL"): no base unit says it. */
function tooPrecise(amount: AmountSpec, token: TokenRef): Extract<ParseResult, { ok: false }> | undefined {
  if (amount.kind !== 'exact' || token.decimals === undefined) return undefined;
  const places = amount.value.split('.')[1]?.length ?? 0;
  if (places <= token.decimals) return undefined;
  return refuse('bad-amount', `${token.symbol} has ${token.decimals} decimal places and ${amount.value} has ${places}: the smallest amount is ${format({ units: 1n, scale: token.decimals })} ${token.symbol}.`);
}

/** The amount an item stands for, with the confidence it costs; zero, negative or malformed amounts are refused. */
export function amountSpec(item: AmountItem): { spec: AmountSpec; factor: number } | Extract<ParseResult, { ok: false }> {
  switch (item.kind) {
    case 'share':
      return { spec: { kind: 'fraction', numerator: item.numerator, denominator: item.denominator }, factor: CONFIDENCE.share };
    case 'percent': {
      if (item.negative || isZero(item.value)) return refuse('bad-amount', `"${item.text}" is not a share I can spend: give a percentage above 0, up to 100%.`);
      const denominator = 10n ** BigInt(item.value.scale) * 100n;
      if (item.value.units > denominator) return refuse('bad-amount', `"${item.text}" is more than all of it: give a percentage up to 100%.`);
      const divisor = gcd(item.value.units, denominator);
      return { spec: { kind: 'fraction', numerator: Number(item.value.units / divisor), denominator: Number(denominator / divisor) }, factor: CONFIDENCE.share };
    }
    case 'money':
      if (isZero(item.value)) return refuse('bad-amount', 'The amount must be above zero.');
      return { spec: { kind: 'usd', value: format(item.value) }, factor: CONFIDENCE.usd };
    case 'number':
      if (item.malformed) return refuse('bad-amount', `"${item.text}" is not an amount I can read safely: write it like 1.5 or 1,000 (a point for decimals, a comma for thousands).`);
      if (item.negative) return refuse('bad-amount', `The amount must be above zero, got "-${item.text}".`);
      if (isZero(item.value)) return refuse('bad-amount', 'The amount must be above zero.');
      return { spec: { kind: 'exact', value: format(item.value) }, factor: item.words ? CONFIDENCE.numberWords : 1 };
  }
}

/** Why an address cannot receive a transfer, or undefined when it can. */
export function recipientProblem(item: Item, vocabulary: Vocabulary): string | undefined {
  if (item.kind === 'bad-address') {
    if (item.why === 'evm') return `"${clip(item.text, 12)}…" is an Ethereum-style address. I send on Solana only: paste a Solana address (base58, 32 to 44 characters).`;
    if (item.why === 'shortened') return `The address "${clip(item.text, 16)}" is shortened. Paste the recipient's full Solana address.`;
    return `"${clip(item.text, 16)}…" is not a valid Solana address: it must be base58 that decodes to 32 bytes. Check it and paste it again.`;
  }
  if (item.kind !== 'address') return undefined;
  if (PROGRAM_IDS.has(item.text)) return `${short(item.text)} is a program, not a wallet: tokens sent there are lost. Paste the recipient's wallet address.`;
  const mint = vocabulary.lookup(item.text);
  if (mint) return `${short(item.text)} is the ${mint.symbol} token mint, not a wallet: tokens sent there are lost. Paste the recipient's wallet address.`;
  if (vocabulary.isMint?.(item.text)) return `${short(item.text)} is a token mint, not a wallet: tokens sent there are lost. Paste the recipient's wallet address.`;
  return undefined;
}

/** The tokens a name several mints claim stands for ("staked sol": mSOL, JitoSOL, …), by symbol; undefined for any other word. */
const claimantsOf = (word: string, vocabulary: Vocabulary) => CONTESTED_NAMES[word.toLowerCase()]?.filter((symbol) => vocabulary.lookup(symbol));

export function unknownToken(word: string, vocabulary: Vocabulary): Extract<ParseResult, { ok: false }> {
  const claimants = claimantsOf(word, vocabulary);
  if (claimants) {
    return refuse(
      'unknown-token',
      `Several tokens on Solana are called "${clip(word, 40)}", so I won't pick one. Say which: ${claimants.join(', ')}, or paste the token's mint address.`,
      { suggestions: claimants },
    );
  }
  const suggestions = suggest(word, vocabulary);
  return refuse(
    'unknown-token',
    `I don't know the token "${clip(word, 40)}".${suggestions.length ? ` Did you mean ${suggestions.join(' or ')}?` : ''} Use a listed symbol (SOL, USDC, JUP…) or the token's mint address.`,
    suggestions.length ? { suggestions } : {},
  );
}

/** A word of fraud, fake support or danger (DANGER), or a lure of a scam's script (LURES): never read past. */
export const isScamWord = (text: string) => DANGER.has(text.toLowerCase()) || LURES.has(text.toLowerCase());

function unclearWords(words: Item[]): Extract<ParseResult, { ok: false }> {
  // ("… for the recovery fee", "…, it's for the giveaway": a word of a scam's script is named as such.)
  const warning = words.find((item) => isScamWord(item.text));
  if (warning) {
    return refuse('unclear', `"${clip(warning.text, 30)}" makes me stop: it sounds like a scam's script or someone pressing you. I only build a payment you ask for plainly, for example "send 20 USDC to <address>".`);
  }
  return refuse('unclear', `I don't know what ${quoteWords(words)} means in this command, and it could change what I build. Say it plainly, for example "swap 1 SOL for USDC" or "send 20 USDC to <address>".`);
}

export function refuse(rule: Extract<ParseResult, { ok: false }>['rule'], reason: string, extra: { suggestions?: string[]; ask?: Slot } = {}): Extract<ParseResult, { ok: false }> {
  return { ok: false, rule, reason, ...extra };
}

function ask(slot: Slot, draft: Draft, reason: string): Extract<ParseResult, { ok: false }> {
  return { ok: false, rule: 'missing', reason, ask: slot, pending: { ask: slot, draft } };
}

function suggest(word: string, vocabulary: Vocabulary): string[] {
  const target = word.replace(/^\$/, '').toLowerCase();
  const near = resolveToken(target, vocabulary, true);
  if (near) return [near.token.symbol];
  return vocabulary.symbols.filter((symbol) => symbol.length >= 3 && editDistance(symbol.toLowerCase(), target) <= 2).slice(0, 3);
}

export function mintRef(address: string, vocabulary: Vocabulary): TokenRef {
  return vocabulary.lookup(address) ?? { symbol: short(address), mint: address };
}

function describeAmount(amount: AmountSpec, token?: TokenRef): string {
  const symbol = token ? ` ${token.symbol}` : '';
  if (amount.kind === 'exact') return `${amount.value}${symbol}`;
  if (amount.kind === 'usd') return `$${amount.value}${token ? ` of ${token.symbol}` : ''}`;
  const share = amount.numerator === amount.denominator ? 'all' : `${amount.numerator}/${amount.denominator}`;
  return `${share} of your${symbol || ' balance'}`;
}

function describe(part: Phrase): string {
  return [...part.amounts.map((a) => a.text), ...part.tokens.map((t) => t.token.symbol), ...part.words.map((w) => w.text)].join(' ');
}

function markerWord(marker: Phrase['marker']): string {
  return marker === 'in' ? 'with' : marker === 'worth' ? 'worth of' : marker === 'arrow' ? '→' : 'for';
}

function quoteWords(words: Item[]): string {
  return words.map((w) => `"${clip(w.text, 30)}"`).join(', ');
}

function distinct(tokens: Array<{ token: TokenRef }>): TokenRef[] {
  return [...new Map(tokens.map(({ token }) => [token.mint, token])).values()];
}

function list(tokens: TokenRef[]): string {
  return tokens.map((t) => t.symbol).join(' and ');
}

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b);
}

export function short(address: string): string {
  return `${address.slice(0, 4)}…${address.slice(-4)}`;
}

export function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Two shares of the balance that are one ("all", "max", "the whole bag"). */
function sameShare(one: Item, other: Item): boolean {
  return one.kind === 'share' && other.kind === 'share' && one.numerator * other.denominator === other.numerator * one.denominator;
}
