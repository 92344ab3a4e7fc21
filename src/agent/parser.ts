import { clip } from '../shared/text';
import type { Command, Draft, Hold, ParseResult, Pending, QueryCommand, SwapCommand, TokenRef, TransferCommand } from './command';
import { divide, multiply, decimal, parseDecimal, format } from './decimal';
import {
  amountSpec, finishSwap, finishTransfer, isAmount, isScamWord, mintRef, phrases, recipientProblem, refuse, round, swapFrame, transferFrame, unknownToken, type Phrase,
} from './frames';
import type { QuerySubject } from './intent';
import {
  ACCOUNT_REMARKS, AMBIGUOUS_SYMBOLS, ASIDE_KINDS, CONTESTED_NAMES, CONFIDENCE, TRANSPOSED, DETERMINERS, PARSER_WORDS, POINTERS, QUERY_CONFIDENCE, VERB_TRAITS, ASKING_WORDS, BALANCE_CUES, BALANCE_WORDS, CANCEL_COMPANIONS, CANCEL_WORDS, FIRST_PERSON, FOLLOW_UP_OPENERS, FOLLOW_UP_VERB_OPENERS, GREETINGS,
  FRAMINGS, HELP_PHRASES, HELP_SHAPES, HYPOTHETICALS, INTRODUCING_POINTERS, LABEL_ENDS, UNDONE_LABELS, PRICE_MARKERS, INFO_NOUNS, INJECTIONS, IN_MESSAGE_CORRECTIONS, LEADING_FILLERS, OTHER_SOURCES, PAST_FORMS, PAST_MARKERS, PORTFOLIO_CUES, PRICE_CUES, QUESTION_OPENERS,
  AMBIGUOUS_CHAINS, FILLERS, NOT_PLAIN, NOTE_PEOPLE, OTHER_CHAINS, SCALES, SHARES, UNITS, VERBS, QUESTION_WORDS, REDIRECT_OPENERS, RULE_WORDS, SENTENCE_BREAKS, SENTENCE_ENDS, CLAUSE_ENDS, SHOWN_LABELS, SHOWN_NOT_ASKED, SLIPPAGE, SOFT_WORDS, TRAILING_CHAT, VENUES, RELAYED_LABELS, RELAYED_ASKS, DANGER, NEXT_MESSAGE,
} from './lexicon';
import { compile, longestMatch, type Words } from './patterns';
import { isRentSol, namesSomeoneElse, othersPay, tokenize, type Item, type Vocabulary } from './tokenize';
import type { Marker, VerbRole, VerbTrait } from './lexicon';

/**
 * The command parser: one message in, a command or a refusal a person understands out. Pure
 * and synchronous: no I/O, no clock. The pipeline: `tokenize` tags the words (lexicon.ts),
 * the guards refuse what must never become a transaction (a negation, a question about a
 * command, a hypothetical, another chain, a time or a condition, two actions), then a frame
 * fills the slots of a swap, a transfer or a query (frames.ts). A follow-up ("make it 2")
 * edits the session's previous command; an answer ("USDC") fills the slot a clarifying
 * question left pending.
 */

export type { AmountSpec, Command, Hold, ParseResult, Pending, TokenRef } from './command';

export interface ParseContext extends Vocabulary {
  /** The session's previous swap or transfer, for follow-ups. */
  previous?: SwapCommand | TransferCommand;
  /** The session's last message, when it was a question ("what about USDC?" asks it again of USDC). */
  previousQuery?: QueryCommand;
  /** The command a clarifying question is waiting on. */
  pending?: Pending;
  /** A message of the session's that held its next command ("don't run the next one"). */
  held?: Hold;
}

/** Commands read with less confidence than this are refused rather than guessed. */
export const MIN_CONFIDENCE = 0.6;

const EXAMPLES = 'I can swap ("swap 1 SOL for USDC"), send ("send 20 USDC to <address>") and answer questions ("price of JUP", "what\'s my balance").';

const TRANSPOSED_WORD = new RegExp(`\\b(?:${Object.keys(TRANSPOSED).join('|')})\\b`, 'i');

/** Parses one message; a small word typed with two letters swapped costs its factor once, whatever part of the message is read. */
export function parseCommand(said: string, ctx: ParseContext): ParseResult {
  // "envié" typed as "envie" and a combining accent reads as the one letter it shows (NFC), so its accent says what it says.
  const raw = said.normalize('NFC');
  const parsed = parseMessage(raw, ctx);
  const result = parsed.ok && TRANSPOSED_WORD.test(raw) ? { ...parsed, confidence: parsed.confidence * CONFIDENCE.transposed } : parsed;
  const command = result.ok ? result.command : undefined;
  // "don't run the next one, just explain it" | "send 10 USDC to …": while a message holds the next command, a swap or transfer is
  // read, named and not built, until the same one is said twice in a row (letter for letter: an address's case is part of it);
  // chat and questions between keep the hold, a cancel ends it.
  if (ctx.held && (command?.action === 'swap' || command?.action === 'transfer')) {
    const words = raw.trim().replace(/\s+/g, ' ');
    if (ctx.held.said === words) return result;
    const read = command.action === 'swap' ? `a swap of ${command.input.symbol} for ${command.output.symbol}` : `a transfer of ${command.token.symbol} to ${command.recipient}`;
    const reason = `I read ${read}, and built nothing: you said before that your next message should not be carried out as it stands ("${ctx.held.quote}"). If you do want it now, send it again.`;
    // (An answer to a question keeps the question: said again, it is the answer again.)
    return { ...refuse('unclear', reason), hold: { quote: ctx.held.quote, said: words }, ...(ctx.pending && { pending: ctx.pending }) };
  }
  // (A question of a token's price or balance is answered: "price of the following: SOL, JUP".)
  const answered = command?.action === 'query' && command.subject !== 'help' && (command.token !== undefined || command.tokens !== undefined);
  if (command?.action !== 'swap' && command?.action !== 'transfer' && !answered && saysNextMessage(raw)) {
    const quote = clip(raw.trim(), 60);
    return { ...refuse('unclear', `I will not build your next message as it stands ("${quote}"): I will say what I read in it and build nothing. To have your next message built after all, send it twice.`), hold: { quote } };
  }
  return ctx.held && command?.action !== 'cancel' ? { ...result, hold: { quote: ctx.held.quote } } : result;
}

/** A message that points at the sender's next one (NEXT_MESSAGE). */
function saysNextMessage(raw: string): boolean {
  const lower = raw.toLowerCase();
  const words = (/[^ -~]/.test(lower) ? lower.normalize('NFD').replace(/\p{M}/gu, '') : lower).split(/[^\p{L}\p{N}']+/u);
  return words.some((word, k) => NEXT_MESSAGE_BY_FIRST.get(word)?.some((phrase) => phraseAt(words, phrase, k)));
}

/** NEXT_MESSAGE's phrases by their first word: a message is looked up word by word, not phrase by phrase. */
const NEXT_MESSAGE_BY_FIRST = new Map<string, string[][]>();
for (const phrase of NEXT_MESSAGE) NEXT_MESSAGE_BY_FIRST.set(phrase[0], [...(NEXT_MESSAGE_BY_FIRST.get(phrase[0]) ?? []), phrase]);

/** A message, or the part of one a rule reads alone (the command before a correction, the sentence among context). */
function parseMessage(raw: string, ctx: ParseContext): ParseResult {
  const tagged = tokenize(raw, ctx);
  const result = doubtedAnswer(tagged, ctx) ?? withAmountCorrected(raw, tagged, ctx) ?? withCorrectionWithin(raw, tagged, ctx) ?? withCorrection(raw, tagged, ctx) ?? amongContext(raw, tagged, ctx) ?? parseTagged(raw, tagged, ctx);
  // "I'm still deciding. Swap …", "…. Let me think about it.", "Just looking for now.": wherever it is said, a transaction is not decided on yet.
  const transaction = result.ok && (result.command.action === 'swap' || result.command.action === 'transfer');
  if (transaction && splitAfter(tagged, CLAUSE_ENDS).some((clause) => undecided(spoken(clause)))) return refuse('unclear', 'That says you have not decided yet. When you have, say the command alone, for example "swap 1 SOL for USDC".');
  // "Swap 1 SOL for USDC. Do it again.", "…, do the same then", "…. Repeat it.": a sentence or clause of its own that repeats the command
  // asks for it twice. (Beside one that names what to do: "Ok. Do it again." is the follow-up.)
  const sentences = splitAfter(tagged, CLAUSE_ENDS);
  const naming = (sentence: Item[]) => sentence.some((item) => item.kind === 'verb' || item.kind === 'token' || item.kind === 'address' || isAmount(item));
  if (transaction && sentences.some((sentence) => repeatsIt(sentence) && sentences.some((other) => other !== sentence && naming(other)))) return refuse('two-actions', 'That asks for the command again. I do one swap or one transfer per message: send it once, then again when you want another.');
  return result;
}

/** A sentence that only says to do it again ("Do it again.", "And again.", "Yes, again please."), as a follow-up repeats (`parseFollowUp`). */
function repeatsIt(sentence: Item[]): boolean {
  // ("Hi again." greets, "The network seems congested again." remarks: only soft words, agreement and courtesy are left out.)
  const bare = spoken(sentence).filter((w) => !SOFT_WORDS.includes(w) && !PARSER_WORDS.repeatSoftWords.has(w));
  if (sentence.some((item) => item.kind === 'filler' && item.aside && item.aside !== 'politeness')) return false;
  return PARSER_WORDS.repeats.has(bare.join(' ')) || (bare.length > 1 && bare.every((w) => REPEAT_WORDS.has(w)) && bare.some((w) => PARSER_WORDS.repeatCores.has(w)));
}

/**
 * "bonk, is that good?", "<address>, is that his?": an answer that asks about itself is no answer yet; "bonk? he told me to":
 * nor is one that someone else says. The question stays pending.
 */
function doubtedAnswer(tagged: Item[], ctx: ParseContext): ParseResult | undefined {
  if (!ctx.pending) return undefined;
  const doubts = (clause: Item[]) => opensQuestion(spoken(clause)) || spoken(clause).some((w) => PARSER_WORDS.othersSaid.has(w));
  if (!splitAfter(tagged, CLAUSE_ENDS).slice(1).some(doubts)) return undefined;
  return { ...refuse('question', 'That asks about your answer rather than giving it. When you are sure, say it plainly, for example "USDC" or "to <address>".', { ask: ctx.pending.ask }), pending: ctx.pending };
}

/** The words of a correction's openers ("no", "sorry", "I mean", "make that"), but "or" ("2 or 3 SOL" is no correction). */
const CORRECTION_WORDS = new Set([...PARSER_WORDS.corrections, ...IN_MESSAGE_CORRECTIONS.openers.flat()].filter((w) => w !== 'or'));

/**
 * "send 5, no 6 USDC to <address>", "swap 1 sol, sorry, 1.5 sol for usdc", "sell 40 jto sorry 4 jto for usdc": an
 * amount corrected right where it is said is the command with the second amount, at the confidence of a follow-up.
 * Said with its token, it is corrected only by the same token again after a word that restates
 * (PARSER_WORDS.restates): "120 usdc no. 4417", "100 usdc wait 10m", "3 sol sorry 3 grand" correct nothing.
 */
function withAmountCorrected(raw: string, tagged: Item[], ctx: ParseContext): ParseResult | undefined {
  // Amounts of a token only: a share or a percent ("…, no, 50% more") may be of the balance, of the amount, or slippage.
  const plain = (item: Item | undefined) => item?.kind === 'number' || item?.kind === 'money';
  const mintOf = (item: Item | undefined) => (item?.kind === 'token' ? item.token.mint : undefined);
  for (let first = 0; first < tagged.length; first++) {
    // "… slippage 1, sorry 3": the slippage, or the amount? (`withCorrection` asks.)
    if (!plain(tagged[first]) || slippageValue(tagged, first)) continue;
    // "40 jto sorry 4 jto": the first amount's token, said again after the second.
    const token = mintOf(tagged[first + 1]);
    const second = pastCorrectionWords(tagged, first + (token ? 2 : 1));
    const between = tagged.slice(first + 1, second);
    if (second >= tagged.length || !plain(tagged[second]) || !between.some((item) => CORRECTION_WORDS.has(item.text.toLowerCase()))) continue;
    const last = token ? second + 1 : second;
    // "5, no 6?" asks; "5, sorry, 2 more" adds to the first ("…, half that" is a share, above).
    const relative = PARSER_WORDS.relativeAfter.has(tagged[last + 1]?.text.toLowerCase() ?? '');
    if ([...between, tagged[last + 1]].some((item) => item?.text === '?') || relative) return undefined;
    if (token && (mintOf(tagged[second + 1]) !== token || tagged[second].kind !== 'number' || !between.some((item) => PARSER_WORDS.restates.has(item.text.toLowerCase())))) return undefined;
    const result = parseMessage(raw.slice(0, tagged[first].start) + raw.slice(tagged[second].start), ctx);
    if (!result.ok) return undefined;
    return { ...result, confidence: round(result.confidence * CONFIDENCE.followUp), corrected: raw.slice(tagged[first].start, tagged[second].end) };
  }
  return undefined;
}

/**
 * "Morning! Rent is due soon. Convert 4 SOL to USDC please.", "I sold an NFT last week. Swap 7.5 SOL into mSOL.":
 * a message of several sentences where one holds the request and every other only tells (`tellsOnly`) is that
 * sentence, read alone; each sentence left out costs CONFIDENCE.chat and is named in the reply. Anything else (two
 * requests, a sentence that could change what is built) is read whole, as one message.
 */
function amongContext(raw: string, tagged: Item[], ctx: ParseContext): ParseResult | undefined {
  // "about to pay a few bills, how much usdc do i have?": a question may follow its context after a comma too.
  return readAmong(raw, tagged, ctx, splitAfter(tagged, SENTENCE_ENDS), false) ?? (tagged.at(-1)?.text === '?' ? readAmong(raw, tagged, ctx, splitAfter(tagged, CLAUSE_ENDS), true) : undefined);
}

/**
 * A word of a sentence's own (`words`, without punctuation) that tells rather than sizes: any but a word of quantity, and one of
 * those only before a word it tells of ("I'm a bit nervous."), never before "than", a pointer or what would be sized, nor ending
 * the sentence but after a verb of preference ("It's a bit more.", "… a bit more than that", "It's the whole thing."; "I trust
 * PayPal's name more." tells).
 */
function quantityTold(words: string[], k: number): boolean {
  if (!TRAILING_CHAT.quantities.has(words[k])) return true;
  let next = k + 1;
  while (TRAILING_CHAT.quantities.has(words[next] ?? '') || words[next] === 'a') next++;
  const word = words[next];
  const prefers = words.slice(0, k).some((w) => TRAILING_CHAT.preferring.has(w));
  if (word === undefined) return prefers;
  if (word === 'than') return prefers && !POINTERS.has(words[next + 1] ?? '');
  return !TRAILING_CHAT.sizedNouns.has(word) && !POINTERS.has(word);
}

/** The items in runs, each ending at one of `ends` (or an emoji). */
function splitAfter(tagged: Item[], ends: Set<string>): Item[][] {
  const runs: Item[][] = [[]];
  for (const item of tagged) {
    const last = runs.at(-1)!.at(-1);
    if (last?.kind === 'punct' && (ends.has(last.text) || /\p{Extended_Pictographic}/u.test(last.text)) && item.kind !== 'punct') runs.push([]);
    runs.at(-1)!.push(item);
  }
  return runs;
}

/** `amongContext` over sentences (or, for a question only, over clauses). */
function readAmong(raw: string, tagged: Item[], ctx: ParseContext, sentences: Item[][], questionOnly: boolean): ParseResult | undefined {
  // A sentence of fillers alone ("Good evening!", "Thanks!") is read as the asides it holds, as in a message of one sentence.
  const fillersOnly = (sentence: Item[]) => sentence.every((item) => item.kind === 'punct' || item.kind === 'filler');
  const told = sentences.filter((sentence) => !fillersOnly(sentence));
  if (told.length < 2) return undefined;
  // A command needs every other sentence to only tell; a question ("… . What's the price of PYTH?") builds nothing,
  // so around it a sentence need only ask nothing and name nothing to act on (`mentionsOnly`).
  let requests = questionOnly ? [] : told.filter((sentence) => !tellsOnly(sentence));
  // (Only before a request with its own verb and an amount of its own: "I sent 50 USDC to my mom last week. 10 USDC to <address>."
  // may list the past, and "I bought 40 USDC yesterday. Send all that USDC to …" sizes by it.)
  const sized = (sentence: Item[]) => sentence.some((item) => item.kind === 'verb') && sentence.some((item) => item.kind === 'number' || item.kind === 'money') && !sentence.some((item) => item.kind === 'share' || item.kind === 'percent' || POINTERS.has(item.text.toLowerCase()));
  if (requests.length > 1 && sized(requests.at(-1)!)) requests = requests.filter((sentence) => sentence === requests.at(-1) || !tellsOnly(sentence, undefined, true));
  // "Sending rent to my roommate. 450 USDC to <address>, please.": of two, one that only names the other's action echoes it.
  // (Only where a verb is said under way: reading the other sentence alone costs a parse.)
  if (requests.length === 2 && requests.some((sentence) => sentence.some((item) => item.kind === 'verb' && RULE_WORDS.plans.has(item.text.toLowerCase())))) {
    const echoed = requests.find((sentence, k) => {
      const other = parseMessage(raw.slice(requests[1 - k][0].start, requests[1 - k].at(-1)!.end), ctx);
      return other.ok && (other.command.action === 'swap' || other.command.action === 'transfer') && tellsOnly(sentence, other.command.action);
    });
    if (echoed) requests = requests.filter((sentence) => sentence !== echoed);
  }
  const questions = told.filter((sentence) => !mentionsOnly(sentence));
  const request = requests.length === 1 ? requests[0] : questions.length === 1 ? questions[0] : undefined;
  // "What's the price of SOL, JUP, and BONK?": a clause of nothing but a token is an item of the question's list, not context.
  const listItem = (clause: Item[]) => clause.some((item) => item.kind === 'token') && clause.every((item) => ['token', 'joiner', 'punct'].includes(item.kind));
  if (questionOnly && told.some((clause) => clause !== request && listItem(clause))) return undefined;
  if (!request || messageRefusal(raw, tagged, ctx, spoken(tagged))) return undefined;
  // "My salary comes on the 25th. Send 500 USDC to … then.": a "then" points at the time of a sentence before.
  const timed = sentences.slice(0, sentences.indexOf(request)).some((sentence) => sentence.some((item) => item.kind === 'guard' && item.guard === 'time'));
  if (timed && request.some((item) => PARSER_WORDS.pointingBack.has(item.text.toLowerCase()))) return undefined;
  const said = raw.slice(request[0].start, request.at(-1)!.end);
  // The lexer's rewrites ("w/" → "with") can stretch a span: a sentence is read alone only when it is shorter.
  if (said.length >= raw.trim().length) return undefined;
  const alone = parseMessage(said, ctx);
  // "I keep hearing about JUP. How much of it do I have?": a question that points at the one token the context names is about it.
  const question = withPointedToken(request, tagged);
  const result = alone.ok && alone.command.action === 'query' && !alone.command.token && question !== request ? parseQuery(question, spoken(question), ctx, said) : alone;
  if (!result.ok || (requests.length !== 1 && result.command.action !== 'query')) return undefined;
  // A token the story names that the command does not ("… . He takes USDT.") may be what it should have been.
  const command = result.command;
  const own = new Set(command.action === 'swap' ? [command.input.mint, command.output.mint] : command.action === 'transfer' ? [command.token.mint] : []);
  // "Solana" in a story names the chain ("i love how fast solana is."), not a token to swap, unless someone wants it ("He wants Solana.").
  const wanting = (sentence: Item[]) => spoken(sentence).some((w) => PARSER_WORDS.wishes.has(w) || PARSER_WORDS.wished.has(w) || PARSER_WORDS.tokenPreferences.has(w) || PARSER_WORDS.othersSaid.has(w));
  const chainNamed = (sentence: Item[], item: Item) => item.text.toLowerCase() === 'solana' && !wanting(sentence);
  const foreign = told.some((sentence) => sentence !== request && sentence.some((item) => item.kind === 'token' && !own.has(item.token.mint) && !chainNamed(sentence, item)));
  if (foreign && command.action !== 'query') return undefined;
  const asides = sentences.filter(fillersOnly).flat().filter((item): item is Extract<Item, { kind: 'filler' }> => item.kind === 'filler' && item.aside !== undefined);
  const factor = asides.reduce((product, item) => product * ASIDE_KINDS[item.aside!].factor, CONFIDENCE.chat ** (told.length - 1));
  const named = (of: Item[][]) =>
    of.flatMap((sentence) =>
      fillersOnly(sentence) ? sentence.filter((item) => item.kind === 'filler' && item.aside && ASIDE_KINDS[item.aside].named).map((item) => item.text) : [clip(raw.slice(sentence[0].start, sentence.at(-1)!.end), 60)],
    );
  const at = sentences.indexOf(request);
  const ignored = [...named(sentences.slice(0, at)), ...(result.ignored ?? []), ...named(sentences.slice(at + 1))];
  return { ...result, confidence: round(result.confidence * factor), ...(ignored.length > 0 && { ignored }) };
}

/**
 * A trade of the sender's told as history (`tellsOnly`, before a request): said by "I", "we" or "just", with a verb of the past,
 * dated in the past only ("last month", "two weeks ago"; never "… and 5 SOL tomorrow"), and with no price ("… at $150. Sell 2 SOL
 * at the same price." waits on it). `said` is the sentence without punctuation, `words` its words in lower case.
 */
function tellsHistory(said: Item[], words: string[]): boolean {
  if (!PARSER_WORDS.historySubjects.has(words[0]) || !said.some((item, k) => item.kind === 'verb' && PAST_FORMS.has(words[k]))) return false;
  const datedPast = words.some((w, k) => (PARSER_WORDS.pastTimes.has(w) && (w !== 'ago' || said[k - 1]?.kind === 'guard')) || (w === 'last' && PARSER_WORDS.dayParts.has(words[k + 1] ?? '')));
  const pastTime = (k: number) => words[k - 1] === 'last' || words[k + 1] === 'ago' || PARSER_WORDS.pastTimes.has(words[k]);
  const onlyPast = said.every((item, k) => item.kind !== 'guard' || item.guard !== 'time' || pastTime(k));
  const priced = said.some((item) => item.kind === 'money' || (item.kind === 'guard' && item.guard === 'time' && item.what.toLowerCase().startsWith('at ')));
  return datedPast && onlyPast && !priced;
}

/**
 * A sentence beside a question that asks nothing and names nothing to act on ("I'm not buying yet, just curious.",
 * "I got 800 JTO from different drops."): no question mark, no address, and no verb with a token, an amount or
 * a pointer ("Then sell it.").
 */
function mentionsOnly(sentence: Item[]): boolean {
  if (sentence.at(-1)?.text === '?' || sentence.some((item) => item.kind === 'address' || item.kind === 'bad-address' || item.kind === 'arrow')) return false;
  const acts = sentence.some((item) => item.kind === 'verb');
  // "price of wif? no, I mean popcat": a token said with a correction corrects the question.
  const corrects = sentence.some((item) => item.kind === 'token') && sentence.some((item) => PARSER_WORDS.queryCorrections.has(item.text.toLowerCase()));
  return !corrects && (!acts || !sentence.some((item) => item.kind === 'token' || isAmount(item) || POINTERS.has(item.text.toLowerCase())));
}

/**
 * A sentence that only tells the sender's story ("My cousin is visiting from abroad and wants to try crypto.", "I
 * sold an NFT last week."): four words or more ("Halve it." is short for a change), no question, no address and no
 * amount, no verb of a request (a verb said in the past, after "the" or after another's subject tells), no other
 * chain, and none of the words that could change a command (TRAILING_CHAT.changes), but words of quantity and
 * preference in a statement ("I've heard it is a bit more widely accepted."). A token may be named; `amongContext`
 * keeps only the command's own. What points at the command ("it", "this") makes a time, a feature Parley lacks or
 * a thing done in the past part of it ("It's scheduled for Friday.", "It's a limit order.", "I sent it yesterday.").
 */
function tellsOnly(sentence: Item[], echoing?: 'swap' | 'transfer', beforeRequest = false): boolean {
  if (sentence.at(-1)?.text === '?') return false;
  const said = sentence.filter((item) => item.kind !== 'punct');
  const words = said.map((item) => item.text.toLowerCase());
  // "I bought 10 SOL last month. Now swap 2 SOL …": before the request, a trade of the sender's, dated in the past, is history
  // with its amounts; after the request ("… . I sold 2 SOL yesterday.") it may say the command is done.
  const history = beforeRequest && tellsHistory(said, words);
  // "Halve it.", "To Bob.": a short sentence may be a change of its own; it tells only as a story ("Payday was yesterday.",
  // "She's traveling.", "Don't judge me." are read by the rules below) with no preposition.
  if (words.length < 2 || (words.length < 4 && said.some((item) => item.kind === 'marker'))) return false;
  // "Remind me my balance.": a sentence that opens asking for something asks.
  if (PARSER_WORDS.figureAsks.has(words[0])) return false;
  // Beside a request read alone, its one verb of the request's own action, said as under way ("Sending rent to my
  // roommate."), echoes it; never a verb said as a request ("Use 5x leverage."), nor beside a guard or an "and" ("… to my
  // landlord and roommate.").
  const verbs = said.filter((item) => item.kind === 'verb');
  const underWay = (verb: Item) => verb.kind === 'verb' && RULE_WORDS.plans.has(verb.text.toLowerCase()) && (verb.role === 'send') === (echoing === 'transfer');
  // Said of the sender ("Sending rent …", "I'm sending rent …"), never of someone else ("Someone is sending rent to me.").
  const own = (verb: Item) => said.slice(0, said.findIndex((item) => item === verb)).every((item) => PARSER_WORDS.ownSubjects.has(item.text.toLowerCase())) && !words.some((w) => PARSER_WORDS.toSender.has(w));
  const echo = echoing !== undefined && verbs.length === 1 && underWay(verbs[0]) && own(verbs[0]) && !said.some((item) => item.kind === 'guard' || item.kind === 'joiner') ? verbs[0] : undefined;
  const past = words.some((w) => PAST_MARKERS.has(w) || PAST_FORMS.has(w));
  // ("Rent is due on Friday …", "The fees were brutal …": a subject and a verb of being open a statement too.)
  const subject = (k: number) => (said[k]?.kind === 'word' || said[k]?.kind === 'filler') && !POINTERS.has(words[k]) && !PARSER_WORDS.figureAsks.has(words[k]);
  const beingAt = (k: number) => PARSER_WORDS.being.has(words[k] ?? '');
  const statement = TRAILING_CHAT.subjects.has(words[0]) || (subject(0) && beingAt(1)) || (words[0] === 'the' && subject(1) && beingAt(2));
  const wishing = words.some((w) => PARSER_WORDS.wishes.has(w));
  // "He wanted more.", "She prefers another coin.": a wish told, which a word of change beside it may be about.
  const wishedOf = words.some((w) => PARSER_WORDS.wished.has(w));
  const ahead = words.some((w) => PARSER_WORDS.ahead.has(w));
  // "this morning", "that week": a pointer before a time word points at the time.
  const dated = (k: number) => DETERMINERS.has(words[k]) && PARSER_WORDS.dayParts.has(words[k + 1] ?? '');
  const pointing = words.some((w, k) => (POINTERS.has(w) && !dated(k)) || PARSER_WORDS.pointingAt.has(w));
  const planning = words.some((w, k) => (RULE_WORDS.plans.has(w) && words[k - 1] !== 'of' && said[k] !== echo) || PARSER_WORDS.doing.has(w));
  const named = said.some((item) => item.kind === 'token');
  const before = (k: number) => words[k - 1] ?? '';
  // A verb said as a noun ("the swap", "a bad trade") or by someone else ("she gets", "everyone is aping").
  const telling = (k: number) =>
    DETERMINERS.has(before(k)) ||
    // "It's my first transfer.", "This is my biggest swap ever.": the verb as a noun after a determiner and an adjective of order or size.
    (PARSER_WORDS.nounAdjectives.has(before(k)) && DETERMINERS.has(words[k - 2] ?? '')) || PARSER_WORDS.tellingSubjects.has(before(k)) || PARSER_WORDS.tellingAuxiliaries.has(before(k)) || (past && said[k - 1]?.kind === 'word');
  // A verb of the present, which a time beside it may schedule ("I sold it yesterday." tells; "The swap runs at noon." does not).
  const hasVerb = said.some((item, k) => item.kind === 'verb' && !PAST_FORMS.has(words[k]) && !(past && said[k - 1]?.kind === 'word'));
  // A sentence of the past or of its own subject, pointing at nothing of the command, wishing and planning nothing.
  // ("Sending my mom her first crypto!": the sender's action under way tells as a statement does.)
  const story = (past || statement || echo !== undefined) && !pointing && !wishing && !wishedOf && !ahead && !planning;
  const plain = said.every((item, k) => {
    switch (item.kind) {
      case 'joiner':
      case 'filler':
        return true;
      case 'word':
        return !item.foreign;
      case 'marker':
        // "I'm bullish on JTO.", "I'm nearly out of SOL.": a statement of the sender's state, with no verb, names no side,
        // and holds no time but "after the …" ("I'm in on JTO next week." may say when).
        return said[k + 1]?.kind !== 'token' || past || (statement && !hasVerb && !pointing && !wishing && said.every((other, j) => other.kind !== 'guard' || afterSomething(j)));
      case 'token':
        return !wishing && !PARSER_WORDS.awayFrom.has(before(k));
      case 'verb':
        // "I just sold an NFT." tells; "I sent it yesterday.", "The USDC was sent." say the command is done.
        if (PAST_FORMS.has(words[k])) return !pointing && (!named || history);
        return item === echo || telling(k);
      case 'guard':
        if (item.guard === 'unsupported') return k > 0 && !wishing && !ahead && !pointing;
        if (item.guard === 'negation') return deniesNoAction(item);
        return item.guard === 'time' && storyTime(k);
      case 'number':
        return history && !pointing;
      default:
        return false;
    }
  });
  // "My last swap failed because of slippage.": a failure of an earlier trade, not of this command ("This failed." is).
  const failedBefore = !pointing && words.some((w, k) => PARSER_WORDS.earlierTrade.has(w) && (PARSER_WORDS.actionNouns.has(words[k + 1] ?? '') || said[k + 1]?.kind === 'verb'));
  // Guards answer for themselves above ("after the rally" tells); the words of change are read among the rest, and a story
  // of two or three words tells with none of them ("He has enough.") and names no token ("JUP rugged.").
  const long = words.length >= 4;
  if (!long && said.some((item) => item.kind === 'token')) return false;
  // (A word of danger counts where the lexer read it as a guard too: "… . Customer care say e go unlock my wallet.")
  const changing = words.some(
    (w, k) =>
      DANGER.has(w) ||
      (said[k].kind !== 'guard' &&
      (TRAILING_CHAT.changes.has(w) && !(long && statement && !wishing && !wishedOf && TRAILING_CHAT.told.has(w) && quantityTold(words, k)) && !(long && story && TRAILING_CHAT.toldInStory.has(w) && quantityTold(words, k)) && !TRAILING_CHAT.named.has(w) && !(w === 'wallet' && before(k) === 'my') && !(PARSER_WORDS.reported.has(w) && !pointing) && !(PARSER_WORDS.failures.has(w) && failedBefore)) ||
      (NOT_PLAIN.has(w) && !NOTE_PEOPLE.includes(w)) || PARSER_WORDS.notMine.has(w) || CANCEL_WORDS.has(w) || PARSER_WORDS.corrections.has(w) ||
      QUESTION_WORDS.has(w) || OTHER_CHAINS.has(w) || AMBIGUOUS_CHAINS.has(w) ||
      // "…. see you later, and again next week": a repeat asked for, not told.
      (PARSER_WORDS.repeatCores.has(w) && !past)),
  );
  const duress = drivenByOthers(words);
  // "My partner wants to look at it before anything goes out.": someone's wish to review the command.
  const othersOnIt = pointing && words.some((w) => PARSER_WORDS.wished.has(w) || PARSER_WORDS.othersSaid.has(w)) && words.some((w) => PARSER_WORDS.reviews.has(w));
  return plain && !planning && !changing && !duress && !othersOnIt && !holdsOn(sentence) && !deniesBound(words) && !asksAdvice(words) && !lacksPart(words) && !HYPOTHETICALS.some((phrase) => containsPhrase(words, phrase)) && !opensQuestion(dropLeading(words));

  /**
   * A negation of the story, not of the request ("Not my best decision.", "Not financial advice."): a plain one
   * (`PARSER_WORDS.denials`) with nothing but words of a judgement beside it (`PARSER_WORDS.deniedJudgements`), an
   * allowlist: what a denial may turn away from ("Not my wallet.", "Not at the moment.", "Not the Circle one.") is
   * open-ended, so anything else it is said with still negates.
   */
  function deniesNoAction(negation: Item): boolean {
    if (negation.kind !== 'guard' || !PARSER_WORDS.denials.has(negation.what.toLowerCase())) return false;
    return said.every((item, k) => item === negation || PARSER_WORDS.deniedJudgements.has(words[k]));
  }

  /** "after the rally", "after a decent run", "after reading the news": in a statement, a time told by what came before it. */
  function afterSomething(k: number): boolean {
    // (The gerund only in a story of the past: "I'm in after checking the price." sets a condition.)
    const gerund = past && said[k + 1]?.kind === 'word' && (words[k + 1] ?? '').endsWith('ing') && DETERMINERS.has(words[k + 2] ?? '');
    return words[k] === 'after' && statement && (DETERMINERS.has(words[k + 1] ?? '') || gerund);
  }

  /**
   * A time word that tells when something happened or is, not when to act: in a sentence of the past ("I sold my
   * NFT yesterday."), or in a statement that names no action ("Rent is due next week.", "I'm trying to rebalance after
   * the rally."); never a condition ("if", "unless"), never beside what points at the command ("It's for Friday.",
   * "The swap is for Friday.") or looks ahead ("Friday would be better.").
   */
  function storyTime(k: number): boolean {
    const w = words[k];
    if (PARSER_WORDS.conditions.has(w) || pointing || ahead || hasVerb || words.some((v) => PARSER_WORDS.actionNouns.has(v))) return false;
    // "I want the money sent tomorrow.": a participle before the time says when it is to be done.
    if (words.slice(Math.max(0, k - 3), k).some((v) => PAST_FORMS.has(v)) && !words.some((v) => PAST_MARKERS.has(v))) return false;
    if (RULE_WORDS.timePrepositions.has(w)) return afterSomething(k);
    // "In a couple of hours.": a sentence that opens with the time's own preposition says when, unless it tells the past.
    if (!past && PARSER_WORDS.timeOpeners.has(words[0])) return false;
    return past || (k > 0 && words.length >= 5);
  }
}

/**
 * "swap 2 sol, no wait 3, for usdc", "transfer 12 usdc (I mean 12 pyusd) to <address>", "buy bonk, no wait, wif with 2 sol":
 * a correction set off by punctuation in the middle of the command, with the command going on after it (a marker or an
 * address), puts its amount, its token or both in place of the ones said right before it; a bare number keeps the first
 * one's token. The rest is read as said, at the confidence of a follow-up. ("…, wait 10, to …" may wait ten minutes.)
 */
function withCorrectionWithin(raw: string, tagged: Item[], ctx: ParseContext): ParseResult | undefined {
  const lower = tagged.map((item) => item.text.toLowerCase());
  const opening = (k: number) => tagged[k]?.kind === 'punct' && ENCLOSING.has(tagged[k].text);
  for (let open = 2; open < tagged.length; open++) {
    if (!opening(open) || !saysAt(lower, IN_MESSAGE_CORRECTIONS.openers, open + 1)) continue;
    const from = pastCorrectionWords(tagged, open + 1);
    // (A share or a percent may be of the balance, of the amount or the slippage: "…, actually 3%, for usdc".)
    const amount = tagged[from]?.kind === 'number' || tagged[from]?.kind === 'money' ? tagged[from] : undefined;
    const token = tagged[amount ? from + 1 : from]?.kind === 'token' ? tagged[amount ? from + 1 : from] : undefined;
    const close = from + (amount ? 1 : 0) + (token ? 1 : 0);
    // The command goes on after the closing punctuation, or right after the correction ("…, no wait, wif with 2 sol").
    // ("…, i mean 300 usdc worth, for jup", "…, no wait 0.3 of it, …" size by something else.)
    const goesOn = (k: number) => {
      const item = tagged[k];
      return (item?.kind === 'marker' && item.marker !== 'of' && item.marker !== 'worth') || item?.kind === 'address';
    };
    const rest = opening(close) && goesOn(close + 1) ? tagged[close].end : goesOn(close) ? tagged[close].start : undefined;
    if ((!amount && !token) || rest === undefined) continue;
    if (amount && !token && lower[from - 1] === 'wait' && !tagged.slice(open + 1, from - 1).some((item) => PARSER_WORDS.restates.has(item.text.toLowerCase()))) return undefined;
    // What is corrected: the token said right before, and the amount before that token when the correction has one.
    const before = tagged[open - 1];
    const firstAmount = before?.kind === 'token' ? tagged[open - 2] : before;
    if (token && before?.kind !== 'token') return undefined;
    if (amount && !(firstAmount && isAmount(firstAmount))) return undefined;
    const start = amount ? firstAmount!.start : before!.start;
    const kept = amount && !token && before?.kind === 'token' ? ` ${before.text}` : '';
    const said = `${raw.slice(tagged[from].start, tagged[close - 1].end)}${kept}`;
    const result = parseMessage(`${raw.slice(0, start)}${said} ${raw.slice(rest)}`, ctx);
    if (!result.ok) return undefined;
    return { ...result, confidence: round(result.confidence * CONFIDENCE.followUp), corrected: raw.slice(tagged[open].start, rest).trim() };
  }
  return undefined;
}

/** The first item from k on that is no punctuation, filler or word of a correction's opener ("5, no wait 6": the 6). */
function pastCorrectionWords(tagged: Item[], k: number): number {
  while (k < tagged.length && (tagged[k].kind === 'punct' || tagged[k].kind === 'filler' || CORRECTION_WORDS.has(tagged[k].text.toLowerCase()))) k++;
  return k;
}

/** Punctuation that sets a correction off inside a command. */
const ENCLOSING = new Set([',', '(', ')', '—', '–', '-', ';']);

/**
 * "swap 1 SOL for BONK, I mean WIF", "send 10 USDC to <address> — wait no, 12 USDC", "transfer
 * 10 JUP to <address>, correction: <address>": a command corrected in the same message is the
 * command, edited by the correction read as its follow-up (IN_MESSAGE_CORRECTIONS). A correction
 * that is no follow-up of it ("…, no, don't") leaves the message to be read whole.
 */
function withCorrection(raw: string, tagged: Item[], ctx: ParseContext): ParseResult | undefined {
  const verb = tagged.findIndex((item) => item.kind === 'verb');
  if (verb < 0) return undefined;
  const lower = tagged.map((item) => item.text.toLowerCase());
  // An opener after punctuation, with at most hesitation between ("… hmm no, to <address>").
  const hesitates = (item: Item | undefined) => item?.kind === 'filler' && !item.aside;
  const afterBreak = (k: number) => {
    let before = k - 1;
    while (before > verb && hesitates(tagged[before])) before--;
    // ("send 3 usdc to <address> no, …": an address right before ends what it was said with.)
    return tagged[before]?.kind === 'punct' || tagged[k - 1]?.kind === 'address';
  };
  const pause = (k: number) => IN_MESSAGE_CORRECTIONS.pauses.includes(lower[k]);
  // "…, not bonk, wif", "…, wif not bonk", "…, wif, not bonk": a token put in place of one turned from, ending the message.
  const ends = (k: number) => tagged.slice(k).every((item) => item.kind === 'punct' && item.text !== '?');
  const not = (item: Item) => item.kind === 'guard' && item.text.toLowerCase() === 'not';
  const turned = (k: number): [Extract<Item, { kind: 'token' }>, Extract<Item, { kind: 'token' }>] | undefined => {
    if (tagged[k].kind !== 'token' && !not(tagged[k])) return undefined;
    const plain = tagged.slice(k).filter((item) => item.kind !== 'punct');
    if (plain.length !== 3 || !ends(tagged.indexOf(plain[2]) + 1)) return undefined;
    const [a, b, c] = plain;
    if (not(a) && b.kind === 'token' && c.kind === 'token' && tagged[tagged.indexOf(b) + 1]?.kind === 'punct') return [b, c];
    if (a.kind === 'token' && not(b) && c.kind === 'token') return [c, a];
    return undefined;
  };
  // "…, 4 instead", "…, 4 usdc actually": a clause of an amount (with its token) and a word that puts it in place of the first, ending the message.
  const amountEnd = (k: number) => (tagged[k + 1]?.kind === 'token' ? k + 1 : k);
  const restated = (k: number) => {
    const end = amountEnd(k) + 1;
    return isAmount(tagged[k]) && IN_MESSAGE_CORRECTIONS.replacingLast.has(lower[end] ?? '') && ends(end + 1);
  };
  const at = tagged.findIndex((_, k) => k > verb && (saysAt(lower, IN_MESSAGE_CORRECTIONS.unbroken, k) || (afterBreak(k) && (saysAt(lower, IN_MESSAGE_CORRECTIONS.openers, k) || pause(k) || restated(k) || turned(k) !== undefined))));
  // "…, no more than 1% slippage": a bound, not a correction.
  if (at < 0 || saysAt(lower, IN_MESSAGE_CORRECTIONS.bounds, at)) return undefined;
  const isCommand = (result: ParseResult): result is Extract<ParseResult, { ok: true }> & { command: SwapCommand | TransferCommand } =>
    result.ok && (result.command.action === 'swap' || result.command.action === 'transfer');
  const head = parseMessage(raw.slice(0, tagged[at].start), { ...ctx, pending: undefined });
  if (!isCommand(head) || head.followUp) return undefined;
  // "…, sorry 3 sol not 2", "…, i mean 12, not 10": the amount turned from, said last, is the command's own; the
  // correction is read without it, and must change that amount.
  const from = amountTurnedFrom(tagged, at, head.command);
  if (from !== undefined) {
    const corrected = withCorrection(raw.slice(0, tagged[from].start), tagged.slice(0, from), ctx);
    // (On the same side: "swap 2 usdc to sol, sorry 3 sol not 2" would buy 3 SOL where 2 USDC was paid.)
    const side = (command: SwapCommand | TransferCommand) => `${command.action === 'swap' ? command.swapMode : 'transfer'} ${amountToken(command).mint}`;
    const resized = corrected && isCommand(corrected) && side(corrected.command) === side(head.command);
    return resized && JSON.stringify(corrected.command.amount) !== JSON.stringify(head.command.amount) ? corrected : undefined;
  }
  // "oh wait, MOBILE", "ah wait, 2 sol": an interjection before the correction is no part of it.
  let opens = at;
  while (opens < tagged.length && (PARSER_WORDS.interjections.has(lower[opens]) || (opens > at && tagged[opens].kind === 'punct'))) opens++;
  const restatedAt = restated(at);
  const turnedAt = turned(at);
  // (A token turned from is one the command names: "…, wif not jup" where neither is corrects nothing.)
  if (turnedAt && sideOf(head.command, turnedAt[0].token.mint) === undefined) return undefined;
  const correction = restatedAt
    ? `make it ${raw.slice(tagged[at].start, tagged[amountEnd(at)].end)}`
    : turnedAt
      ? `i meant ${turnedAt[1].text}, not ${turnedAt[0].text}`
      : raw.slice(tagged[opens]?.start ?? raw.length).trim();
  // "…, actually, another 60 usdc", "… on second thought, also swap 1 sol for bonk": added to the command, not correcting it.
  const added = tagged.slice(at).map((item) => item.text.toLowerCase());
  if (added.some((w) => PARSER_WORDS.additions.has(w)) || containsPhrase(added.join(' ').split(' '), ['as', 'well'])) {
    return refuse('two-actions', 'That adds to the command rather than correcting it. I do one swap or one transfer per message: say each on its own.');
  }
  // "… slippage 1%. oops 2", "…, slippage 1, i mean 3, i mean 4": bare numbers after a slippage may correct either.
  const said = tagged.slice(at).filter((item) => item.kind !== 'punct' && item.kind !== 'filler' && !CORRECTION_WORDS.has(item.text.toLowerCase()));
  const lastAmount = tagged.slice(0, at).filter((item) => isAmount(item) || item.kind === 'bps').at(-1);
  const slippageLast = lastAmount?.kind === 'percent' || lastAmount?.kind === 'bps' || (lastAmount !== undefined && slippageValue(tagged, tagged.indexOf(lastAmount)));
  if (said.length > 0 && said.every((item) => item.kind === 'number') && slippageLast) {
    return refuse('unclear', `I could not tell whether "${said[0].text}" corrects the amount or the slippage. Say the whole command again, for example "swap 5 SOL for USDC with 1% slippage".`);
  }
  // Read without its opening words ("wait no make it 1.5 sol", "no sorry, 3 usdc to sol"), it may edit the command or replace it.
  // "…, correction: 40 RAY": the opener said, then any punctuation or hesitation after it.
  const opener = pause(at) ? 1 : restatedAt || turnedAt ? 0 : longestAt(lower, [...IN_MESSAGE_CORRECTIONS.unbroken, ...IN_MESSAGE_CORRECTIONS.openers], at);
  let restAt = PARSER_WORDS.corrections.has(lower[at]) ? at : at + opener;
  while (restAt < tagged.length && (tagged[restAt].kind === 'punct' || PARSER_WORDS.corrections.has(lower[restAt]))) restAt++;
  // "… . Oops, I mean buy 1 SOL with USDC": a second opener after the first.
  if (restAt > at) {
    restAt += longestAt(lower, IN_MESSAGE_CORRECTIONS.openers, restAt);
    while (restAt < tagged.length && tagged[restAt].kind === 'punct') restAt++;
  }
  // "…, oops, that's mine", "… whoops": a slip owned up to, with no edit that says what it was, is never read past.
  const slipped = lower.slice(at, restAt).some((w) => PARSER_WORDS.slips.has(w));
  const unsaid = refuse('unclear', `You said "${tagged[at].text}", but I could not tell what it corrects. Say the command as you want it, for example "${head.command.action === 'swap' ? 'swap 1 SOL for USDC' : 'send 5 USDC to <address>'}".`);
  // "…, correction: 40 RAY", "… oops, 0.1 sol": an amount alone, with or without its token, is the amount corrected,
  // as "make it 40 RAY" says (a message of its own saying "40 RAY" could be anything).
  const restSaid = tagged.slice(restAt).filter((item) => item.kind !== 'punct');
  const amountOnly = restSaid.filter((item) => item.kind !== 'filler').every((item, k) => (k === 0 ? isAmount(item) : k === 1 && item.kind === 'token'));
  // After "hold on", "hang on": that amount with nothing else, not even a filler ("hold on, i have 0.5" tells).
  const bareAmount = restSaid.length > 0 && amountOnly && !restSaid.some((item) => item.kind === 'filler');
  if (pause(at) && !(lower[at + 1] === ',' && (bareAmount || startsWith(lower.slice(restAt), PARSER_WORDS.editOpeners)))) return undefined;
  // "…, sry 4", "…, edit: 25", "…, *4", "… meant <address>": after a terse opener, an amount (with its token) or an address and
  // nothing else, past "make it" ("…, sry 2 bother u", "…, change to 2 transfers", "…, meant sol" are read whole).
  if (saysAt(lower, IN_MESSAGE_CORRECTIONS.terse, at)) {
    const edit = restSaid.slice(PARSER_WORDS.editOpeners.find((phrase) => phraseAt(lower, phrase, restAt))?.length ?? 0);
    if (!isTerseEdit(edit)) return undefined;
  }
  // "… kmno errr tnsr": a hesitation with no break before it corrects with an amount, a token or an address only ("… err on orca" names a venue).
  if (saysAt(lower, IN_MESSAGE_CORRECTIONS.hesitant, at) && !afterBreak(at) && !(isTerseEdit(restSaid) || (restSaid.length === 1 && restSaid[0].kind === 'token'))) return undefined;
  // "…, wait is it 3 sol?", "…, sorry I have 3 sol": a question or a statement of what is held, not an edit; "…, oh wait and 2 to
  // B", "…, wait, or B", "…, wait, same to B": an addition or a doubt.
  const edits = lower.slice(restAt);
  const remarks = tagged.slice(restAt).some((item) => item.kind === 'filler' && (item.aside === 'fee' || item.aside === 'account'));
  if (remarks || edits.includes('?') || opensQuestion(edits) || edits.some((w) => PARSER_WORDS.heldStatements.has(w))) return slipped ? unsaid : undefined;
  // "…, wait, <address> is my address", "…, wait <address> is mine": whose an address is, said as the correction, may say the one
  // pasted was the sender's own as well as where to send instead.
  const editWords = edits.flatMap((w) => w.split(/\s+/));
  const owned = tagged.slice(restAt).some((item) => item.kind === 'address') && editWords.some((w) => OTHER_SOURCES.identifying.has(w)) && editWords.some((w) => PARSER_WORDS.ownWords.has(w));
  if (owned) return refuse('unclear', 'I could not tell whether that names the address to send to or says whose an address is. Say the command with the one address to send to, for example "send 5 USDC to <address>".');
  if (PARSER_WORDS.addedEdits.has(edits[0] ?? '')) return refuse('two-actions', 'That adds to the command or doubts it rather than correcting it. I do one swap or one transfer per message: say each on its own.');
  // "swap 2 sol to bonk, sorry 3 sol to <address>": a correction keeps the action it corrects.
  const otherAction = (result: ParseResult) => isCommand(result) && result.command.action !== head.command.action;
  const switched = refuse('unclear', `That correction turns the ${head.command.action} into something else. Say the command as you want it, for example "send 5 USDC to <address>".`);
  // "swap 2 sol for usdc on raydium. actually make it jup": after a venue, a token named like one may correct the venue.
  const venueToken = tagged.slice(at).find((item) => item.kind === 'token' && VENUES.has(item.text.toLowerCase()));
  if (venueToken && tagged.slice(0, at).some((item) => item.kind === 'filler' && item.aside === 'venue')) {
    return refuse('unclear', `I could not tell whether "${venueToken.text}" is the token or where to swap. Say the whole command again, for example "swap 2 SOL for JUP".`);
  }
  const tail = parseMessage(correction, { ...ctx, previous: head.command, pending: undefined, previousQuery: undefined });
  // "buy 100 BONK with SOL, i mean USDC": a token corrects the one said last, not whichever side a follow-up would change.
  const lastSaid = tagged.slice(0, at).filter((item): item is Extract<Item, { kind: 'token' }> => item.kind === 'token').at(-1);
  if (isCommand(tail) && tail.followUp && head.command.action === 'swap' && tail.command.action === 'swap' && lastSaid) {
    const changed = tail.command.output.mint !== head.command.output.mint ? 'output' : tail.command.input.mint !== head.command.input.mint ? 'input' : undefined;
    const said = sideOf(head.command, lastSaid.token.mint);
    // "…, I meant USDT, not USDC": the token turned from names the side.
    const fixed = tagged.slice(at);
    const from = changed && head.command[changed].mint;
    // Not where a marker or a verb says a side of its own ("I meant into BONK, not SOL" contradicts itself).
    const sided = fixed.some((item) => item.kind === 'marker' || item.kind === 'verb');
    const turnedFrom = !sided && fixed.some((item, k) => item.kind === 'token' && turnsAway(fixed, k) && item.token.mint === from);
    // "swap 10 USDC for WIF, sorry USDT": a token said with no side, of the same family as the side it left (CONTESTED_NAMES),
    // may correct that side.
    const kept = changed === 'output' ? 'input' : 'output';
    const akinToKept = changed !== undefined && !sided && akin(tail.command[changed], head.command[kept]) && !akin(tail.command[changed], head.command[changed]);
    if (changed && !turnedFrom && ((said && changed !== said) || akinToKept)) return refuse('unclear', `I could not tell which token "${clip(correction, 30)}" corrects. Say the whole command again, for example "buy 100 BONK with USDC".`);
  }
  // "send 10 usdc to A. no, not that one, A", "sell 40 JUP … . On second thought, make it 40 instead.": a correction that
  // leaves the command as it was corrects something else, or nothing.
  const unchanged = (result: ParseResult) => isCommand(result) && JSON.stringify(result.command) === JSON.stringify(head.command);
  const again = refuse('unclear', 'That correction leaves the command as it was. Say the command as you want it, for example "send 5 USDC to <address>".');
  // "swap 1 SOL to USDC, i mean 1 USDC": the same number moved to the other side's token may correct the token it was of
  // (1 USDC paid, the other way round) as well as the side.
  const moved = (result: ParseResult) =>
    isCommand(result) && result.command.action === 'swap' && head.command.action === 'swap' && result.command.swapMode !== head.command.swapMode &&
    JSON.stringify(result.command.amount) === JSON.stringify(head.command.amount);
  if (isCommand(tail) && tail.followUp && moved(tail)) return refuse('unclear', `I could not tell whether "${clip(correction, 30)}" is what you pay or what you receive. Say the whole command again, for example "swap 1 SOL for USDC".`);
  if (isCommand(tail) && tail.followUp) return unchanged(tail) ? again : otherAction(tail) ? switched : { ...tail, followUp: false, corrected: correction };
  if (restAt === at || restAt >= tagged.length) return slipped ? unsaid : undefined;
  const edit = { ...ctx, previous: head.command, pending: undefined, previousQuery: undefined };
  const rest = raw.slice(tagged[restAt].start);
  // "…, err, wif": a token alone is the token meant, as "i mean wif" says.
  const tokenOnly = restSaid.filter((item) => item.kind !== 'filler').length === 1 && restSaid.some((item) => item.kind === 'token');
  const edited = parseMessage(amountOnly ? `make it ${rest}` : tokenOnly ? `i mean ${rest}` : rest, edit);
  // "swap 3 w for usdc oops i mean 3 sol for w": a verbless command said again is said with the first one's verb.
  const verbless = !isCommand(edited) && !restSaid.some((item) => item.kind === 'verb') && restSaid.some((item) => item.kind === 'marker' || item.kind === 'arrow');
  const restOpener = longestAt(lower, IN_MESSAGE_CORRECTIONS.openers, restAt);
  // "send 10 usdc to A. actually send 15", "swap 3 sol to usdc, no wait, swap 2": the first verb said again, with only what changes.
  // ("… . actually send it in USDT": of a transfer, what it is sent in, a token alone; "swap bonk" could be either side.)
  const sameVerb = !isCommand(edited) && restSaid[0]?.kind === 'verb' && restSaid[0].text.toLowerCase() === lower[verb] ? restSaid.slice(1) : undefined;
  const sentIn = (item: Item, k: number) => (k === 0 && POINTERS.has(item.text.toLowerCase())) || item.kind === 'filler' || (item.kind === 'marker' && (item.marker === 'in' || item.marker === 'denominated'));
  const resaidToken = head.command.action === 'transfer' ? sameVerb?.filter((item, k) => !sentIn(item, k)) : undefined;
  const resaid = sameVerb && sameVerb.length > 0 ? raw.slice(sameVerb[0].start) : undefined;
  // (An amount with a token only of the token the first one sized: "…, no wait, swap 2 usdc" pays USDC where "make it 2 usdc" would receive it.)
  const resizes = (edit: Item[]) => isTerseEdit(edit) && (edit.length === 1 || (edit[1].kind === 'token' && edit[1].token.mint === amountToken(head.command).mint));
  const bare = verbless
    ? parseMessage(`${tagged[verb].text} ${raw.slice(tagged[restAt + restOpener]?.start ?? raw.length)}`, { ...ctx, pending: undefined })
    : resaid !== undefined
      ? parseMessage(resizes(sameVerb!) ? `make it ${resaid}` : resaidToken?.length === 1 && resaidToken[0].kind === 'token' ? `i mean ${resaidToken[0].text}` : resaid, edit)
      : edited;
  if (unchanged(bare)) return again;
  if (otherAction(bare)) return switched;
  // A whole command said again replaces the first, at the confidence of a follow-up.
  if (!isCommand(bare)) return slipped ? unsaid : undefined;
  return { ...bare, followUp: false, confidence: bare.followUp ? bare.confidence : round(bare.confidence * CONFIDENCE.followUp), corrected: correction };
}

/** An edit said tersely ("4", "4 usdc", "<address>"): an address, or an amount with at most its token. */
function isTerseEdit(edit: Item[]): boolean {
  return (edit.length === 1 && edit[0].kind === 'address') || (edit.length > 0 && edit.length <= 2 && isAmount(edit[0]) && (edit.length === 1 || edit[1].kind === 'token'));
}

/** Two mints one name claims (CONTESTED_NAMES: "stables", "staked sol"), which a correction may swap for each other. */
function akin(one: TokenRef, other: TokenRef): boolean {
  return Object.values(CONTESTED_NAMES).some((family) => family.length > 1 && family.includes(one.symbol) && family.includes(other.symbol));
}

/** "… slippage 1", "… slippage is 0.5": a bare number said as the slippage. */
function slippageValue(tagged: Item[], k: number): boolean {
  let named = k - 1;
  while (named > 0 && (tagged[named].kind === 'punct' || SLIPPAGE.links.has(tagged[named].text.toLowerCase()))) named--;
  return named >= 0 && SLIPPAGE.words.has(tagged[named].text.toLowerCase());
}

/** Where "not <amount>" ends a correction (its comma before it included), when that amount is the command's own. */
function amountTurnedFrom(tagged: Item[], at: number, command: SwapCommand | TransferCommand): number | undefined {
  let ends = tagged.length;
  while (ends > 0 && tagged[ends - 1].kind === 'punct') ends--;
  if (tagged.slice(ends).some((item) => item.text === '?')) return undefined;
  const negations = tagged.map((item, k) => (k > at && item.kind === 'guard' && item.guard === 'negation' && item.text.toLowerCase() === 'not' ? k : -1));
  const not = Math.max(...negations);
  const amount = tagged[not + 1];
  const rest = tagged.slice(not + 2, ends);
  if (not < 0 || amount?.kind !== 'number' || !(rest.length === 0 || (rest.length === 1 && rest[0].kind === 'token'))) return undefined;
  if (command.amount.kind !== 'exact' || command.amount.value !== format(amount.value)) return undefined;
  // "… not 10 usdc": a token said with it is the one that amount was of.
  if (rest[0]?.kind === 'token' && rest[0].token.mint !== amountToken(command).mint) return undefined;
  let from = not;
  while (tagged[from - 1]?.kind === 'punct') from--;
  return from;
}

function parseTagged(raw: string, tagged: Item[], ctx: ParseContext): ParseResult {
  const result = withAsides(read(raw, tagged, ctx), tagged, ctx);
  // A message that is no new command and does not answer the pending question keeps it: it is asked again.
  // "later", "i'll decide later", "leave it": no answer, and no longer the question's to keep.
  const wavering = tagged.some((item) => (item.kind === 'guard' && (item.guard === 'negation' || item.guard === 'time')) || CANCEL_WORDS.has(item.text.toLowerCase()));
  if (!result.ok && !result.pending && ctx.pending && !wavering && !tagged.some((item) => item.kind === 'verb') && result.rule !== 'two-outputs') {
    return { ...result, pending: ctx.pending, ask: ctx.pending.ask };
  }
  return result;
}

/**
 * A command read past asides and the chat before it: each aside costs its kind's confidence
 * factor, a clause of chat the command was read without costs CONFIDENCE.chat, and the reply
 * names them all.
 */
function withAsides(result: ParseResult, tagged: Item[], ctx: ParseContext): ParseResult {
  if (!result.ok || (result.command.action === 'query' && result.command.subject === 'help')) return result;
  const asides = tagged.filter((item): item is Extract<Item, { kind: 'filler' }> => item.kind === 'filler' && item.aside !== undefined);
  // "swap 10 USDC for BONK, no USDC account in my wallet yet", "…, USDC needs an ata", "send 5 USDC to …, I have no USDC account":
  // a remark that an account of the token paid is missing or to be made says the wallet may not hold it. (Beside a transfer, one not said of the
  // sender is the recipient's: "…, new usdc account probably".)
  const paid = result.command.action === 'swap' ? result.command.input.mint : result.command.action === 'transfer' ? result.command.token.mint : undefined;
  const lacksPaid = (item: (typeof asides)[number]) => {
    if (item.aside !== 'account') return false;
    const words = item.text.toLowerCase().split(/\s+/);
    const whose = !namesSomeoneElse(words) && (result.command.action === 'swap' || words.some((w) => ACCOUNT_REMARKS.senders.has(w)));
    const missing = words.some((w) => ACCOUNT_REMARKS.denials.has(w) || ACCOUNT_REMARKS.needs.has(w) || ACCOUNT_REMARKS.making.has(w) || ACCOUNT_REMARKS.newWallets.has(w));
    return words.some((w, j) => ctx.lookup(w)?.mint === paid && !isRentSol(words, j, ctx)) && whose && missing;
  };
  const lacking = paid === undefined ? undefined : asides.find(lacksPaid);
  if (lacking) return refuse('unclear', `I could not tell whether "${clip(lacking.text, 40)}" says the token you pay is missing from your wallet. Say the command alone, for example "swap 1 SOL for USDC".`);
  // "swap 3 SOL for USDC, exact in": a swap mode said last must be the command's.
  const mode = asides.map((item) => RULE_WORDS.swapModes[item.text.toLowerCase().replace(/\s+/g, '-')]).find((said) => said !== undefined);
  const command = result.command;
  if (mode && (command.action !== 'swap' || command.swapMode !== (mode === 'buy' ? 'ExactOut' : 'ExactIn'))) {
    return refuse('unclear', `The swap mode you named does not fit the command. Say it with the amount on the side it sizes, for example "swap 5 SOL for USDC" or "buy 100 USDC with SOL".`);
  }
  // A command read from one clause (a figure asked beside a transaction declined) names the rest itself.
  const chat = result.ignored ?? chatBefore(tagged);
  if (asides.length === 0 && chat.length === 0) return result;
  const factor = asides.reduce((product, item) => product * ASIDE_KINDS[item.aside!].factor, CONFIDENCE.chat ** chat.length);
  const ignored = [...chat, ...asides.filter((item) => ASIDE_KINDS[item.aside!].named).map((item) => item.text)];
  return { ...result, confidence: round(result.confidence * factor), ...(ignored.length > 0 && { ignored }) };
}

/** The clauses of chat that `focus` leaves out ("been watching JUP all week."), as written. */
function chatBefore(tagged: Item[]): string[] {
  // The words that set the slippage were read, not left out.
  const slippage = takeSlippage(tagged);
  const items = 'rule' in slippage ? tagged : slippage.items;
  const kept = focus(items);
  if (!Array.isArray(kept)) return [];
  const runs: Item[][] = [];
  let previous = false;
  for (const item of items) {
    const dropped = !kept.includes(item) && item.kind !== 'punct' && !(item.kind === 'filler' && item.aside);
    if (dropped && !previous) runs.push([]);
    if (dropped) runs.at(-1)!.push(item);
    previous = dropped || (previous && item.kind === 'filler' && !item.aside);
  }
  return runs.filter((run) => run.some((item) => item.kind !== 'filler')).map((run) => run.map((item) => item.text).join(' '));
}

/** A clause's words as written, for a reply to quote. */
const wordsOf = (items: Item[]) =>
  items
    .filter((item) => item.kind !== 'punct')
    .map((item) => item.text)
    .join(' ');

/** The words of a message, asides and punctuation left out. */
const spoken = (items: Item[]) =>
  items.filter((item) => item.kind !== 'punct' && !(item.kind === 'filler' && item.aside)).map((item) => (item.kind === 'word' && item.fixed) || item.text.toLowerCase());

/** Every word said, in lower case, asides' words too ("wrong address" is one aside). */
const everyWord = (items: Item[]) => items.flatMap((item) => item.text.toLowerCase().split(/\s+/));

/** The kinds of item chat is made of: what a clause may hold and still be read past. */
const CHAT_KINDS: ReadonlyArray<Item['kind']> = ['word', 'filler', 'punct', 'marker', 'joiner'];

function read(raw: string, tagged: Item[], ctx: ParseContext): ParseResult {
  // "is possible swap 1 sol to bonk? please do it": a question whether it can be done, then the go-ahead, asks for it.
  const confirmed = confirmedQuestion(tagged);
  if (confirmed) {
    const result = read(raw.slice(confirmed[0].start, confirmed.at(-1)!.end), confirmed, ctx);
    return result.ok ? { ...result, confidence: round(result.confidence * CONFIDENCE.confirmedQuestion) } : result;
  }
  const allWords = spoken(tagged);
  if (isCancel(allWords)) return done({ action: 'cancel' }, 1);
  // "how about 5?", "what about USDT instead?" after a swap or a transfer: a change offered, read as the follow-up it offers
  // (a token alone, "what about BONK?", may ask its price).
  const offer = ctx.previous && !ctx.pending ? PARSER_WORDS.askAgain.find((phrase) => phrase.length > 1 && phrase.every((w, k) => tagged[k]?.text.toLowerCase() === w)) : undefined;
  const offered = offer ? tagged.slice(offer.length).filter((item) => item.kind !== 'punct' && !(item.kind === 'filler' && item.aside)) : [];
  // "how about 5?": an amount alone, with or without its token, is the amount changed, as "make it 5" says.
  const amountOnly = offered.length > 0 && offered.every((item, k) => (k === 0 ? isAmount(item) : k === 1 && item.kind === 'token'));
  // A verb in the offer may only name what a swap pays ("how about selling JUP instead"); "how about buying BONK instead" after a transfer is no change of it.
  const paysOnly = offered.every((item) => item.kind !== 'verb' || (ctx.previous?.action === 'swap' && namesPaid(item)));
  if (offer && paysOnly && (amountOnly || allWords.includes('instead'))) {
    const rest = raw.slice(tagged[offer.length].start).replace(/\?+\s*$/, '');
    const change = parseMessage(amountOnly ? `make it ${rest}` : rest, ctx);
    if (change.ok && change.followUp) return change;
  }
  const refused = messageRefusal(raw, tagged, ctx, allWords);
  if (refused) return refused;
  // "Could you tell me its price? I'm not buying yet, just curious.", "about to pay a few bills, how much usdc do i have?":
  // with no amount or address anywhere, a question for a figure is the request, whatever the context around it says.
  const asked = figureAsked(tagged);
  if (asked && !ctx.pending) {
    const question = withPointedToken(asked, tagged);
    const result = parseQuery(question, spoken(question), ctx, raw);
    const around = [raw.slice(0, asked[0].start), raw.slice(asked.at(-1)!.end)].map((part) => part.replace(/^[\s,.;:!?]+|[\s,.;:!?]+$/g, '')).filter(Boolean);
    return result.ok && around.length > 0 ? { ...result, ignored: around.map((part) => clip(part, 60)) } : result;
  }
  const slippage = takeSlippage(tagged);
  if ('rule' in slippage) return slippage;
  const focused = focus(withQueriedToken(slippage.items, ctx));
  if ('rule' in focused) return focused;
  const items = focused;
  const words = spoken(items);
  const verbs = items.filter((item) => item.kind === 'verb');
  const content = items.filter((item) => item.kind !== 'filler' && item.kind !== 'punct');
  const substance = content.filter((item) => ['token', 'number', 'money', 'share', 'percent', 'address', 'bad-address'].includes(item.kind));

  // An answer to a clarifying question ("USDC", "to <address>", "send it to <address>"), never with a condition.
  const unschedulable = items.find((item) => item.kind === 'guard' && (item.guard === 'time' || item.guard === 'chain'));
  if (ctx.pending && unschedulable && verbs.length === 0) return guards(items, words, true, allWords)!;
  // A verb with a token and an amount is a new command, not an answer ("never mind, send 50 BONK to <address>"), but a
  // verb that pays says what is paid when that is what was asked ("buy bonk" → "spend 10 usdc").
  // ("buy WIF with USDC" → "spend 20 usdc": asked how much, the amount of the token it pays with.)
  const saidTokens = substance.filter((i): i is Extract<Item, { kind: 'token' }> => i.kind === 'token');
  const draft = ctx.pending?.draft;
  const paysAmount = ctx.pending?.ask === 'amount' && draft?.action === 'swap' && saidTokens.length === 1 && saidTokens[0].token.mint === draft.input?.mint;
  const paysAsked = (ctx.pending?.ask === 'input' || paysAmount) && verbs.every((verb) => verb.kind === 'verb' && PARSER_WORDS.payingVerbs.has(verb.text.toLowerCase())) && saidTokens.length === 1 && !content.some(receives);
  const restated = verbs.length > 0 && substance.some((i) => i.kind === 'token') && substance.some(isAmount) && !paysAsked;
  // "SOL price now?" asks about the token rather than answering with it.
  const asking = words.some((w) => INFO_NOUNS.includes(w));
  if (ctx.pending && !restated && !asking && verbs.every((verb) => verb.kind === 'verb' && (verb.role === 'send') === (ctx.pending!.draft.action === 'transfer'))) {
    const pending = slippage.bps === undefined || ctx.pending.draft.action !== 'swap' ? ctx.pending : { ...ctx.pending, draft: { ...ctx.pending.draft, slippageBps: slippage.bps } };
    const byName = pickedByName(items, pending, ctx);
    if (byName && !Array.isArray(byName)) return byName;
    // "usdc, and make it 15": the answer, and the amount said again.
    const amountAt = (k: number) => content.some((item) => isAmount(item) && item.text.toLowerCase() === words[k]);
    const resized = PARSER_WORDS.editOpeners.some((phrase) => words.some((_, k) => phraseAt(words, phrase, k) && amountAt(k + phrase.length) && !PARSER_WORDS.relativeAmounts.has(words[k + phrase.length + 1] ?? '')));
    // "how about bonk?": asked which, an offer is the answer.
    const offer = PARSER_WORDS.askAgain.find((phrase) => phrase.length > 1 && phrase.every((w, k) => content[k]?.text.toLowerCase() === w));
    const answer = answerPending(byName ?? content.slice(offer?.length ?? 0).filter((item) => item.kind !== 'verb'), pending, ctx, resized);
    if (answer) return guards(items, words, true, allWords) ?? answer;
  }
  // "use 1% slippage", "with 0.5% slippage please" after a swap: that swap again, with this slippage ("…, please?" asks).
  // (A fee or a venue said alone is not such a follow-up: nothing tells it from one said after the swap was sent or refused.)
  const setting = (item: Item) =>
    PARSER_WORDS.slippageSetters.has(item.text.toLowerCase()) || (item.kind === 'punct' && item.text !== '?') || (item.kind === 'filler' && (item.aside !== undefined || PARSER_WORDS.restatedWords.has(item.text.toLowerCase())));
  if (slippage.bps !== undefined && ctx.previous?.action === 'swap' && !ctx.pending && substance.length === 0 && verbs.length === 0 && items.every(setting)) {
    return guards(items, words, true, allWords) ?? done({ ...ctx.previous, slippageBps: slippage.bps }, CONFIDENCE.followUp, true);
  }
  // A follow-up edits the previous command; "send it to <address> instead" too, with its verb.
  // "actually send it to <address>": after a transfer, a new recipient for it, and nothing else.
  const compared = PARSER_WORDS.comparedScales.some((phrase) => containsPhrase(words, phrase.split(' ')));
  const redirects = ctx.previous?.action === 'transfer' && (startsWith(words, REDIRECT_OPENERS) || plainRedirect(tagged, words)) && substance.length === 1 && substance[0].kind.endsWith('address');
  const editing =
    startsWith(words, FOLLOW_UP_VERB_OPENERS) ||
    redirects ||
    (!!ctx.previous && startsWith(words, PARSER_WORDS.editOpeners)) ||
    (!!ctx.previous && (words.some((w) => PARSER_WORDS.editWords.has(w)) || PARSER_WORDS.editPhrases.some((phrase) => containsPhrase(words, phrase.split(' '))))) ||
    compared;
  if ((verbs.length === 0 && (ctx.previous || startsWith(words, FOLLOW_UP_OPENERS))) || editing) {
    const followUp = parseFollowUp(words, content, items, ctx, slippage.bps);
    // "and jup?", "wrong address. its <address>. is that right": a follow-up asked, not told.
    const asked = tagged.some((item) => item.text === '?') || splitAfter(tagged, CLAUSE_ENDS).some((clause) => opensQuestion(dropLeading(spoken(clause))));
    if (followUp?.ok && asked) return refuse('question', 'That asks about the last command rather than changing it. To do it, say it plainly, for example "same but to JUP".');
    // "wrong address, use <the same address>": the address taken back, given again; "wrong token. its <address>": something
    // else taken back, and a new recipient given.
    const said = tagged.flatMap((item) => item.text.toLowerCase().split(/\s+/));
    const wrongAt = said.findIndex((w) => PARSER_WORDS.retractions.has(w));
    const paid = ctx.previous?.action === 'transfer' ? ctx.previous.recipient : undefined;
    const redirected = followUp?.ok && paid && followUp.command.action === 'transfer' && tagged.some((item) => item.kind === 'address') ? followUp.command.recipient : undefined;
    if (redirected && wrongAt >= 0 && (redirected === paid || !PARSER_WORDS.payeeWords.has(said[wrongAt + 1] ?? ''))) {
      return refuse('unclear', `You said "${said.slice(wrongAt, wrongAt + 2).join(' ')}". Say the whole command with the right address, for example "send 5 USDC to <address>".`);
    }
    // "My friend needs WIF. Send it to <address>": a token said in the chat read past (`focus`) may be what the follow-up means.
    const chatToken = tagged.find((item) => item.kind === 'token' && !items.includes(item));
    if (followUp?.ok && chatToken) return refuse('unclear', `I could not tell whether that changes the last command or is about ${chatToken.text}. Say the whole command, for example "send 5 USDC to <address>".`);
    if (followUp) return guards(items, words, true, allWords) ?? followUp;
    // "swap half as much SOL for USDC" after a swap: as much as what, if not the earlier amount, is nothing to build.
    if (compared) return refuse('unclear', 'I could not tell what "as much" is measured against. Say the amount, for example "send 10 USDC to <address>".');
  }
  const greetedOnly = allWords.length === 0 && tagged.some((item) => item.kind === 'filler' && (item.aside === 'greeting' || item.aside === 'thanks'));
  // "help me bridge to X": help asked for something Parley does not do is that refusal.
  if (substance.length === 0 && (isHelp(words) || isHelp(allWords) || greetedOnly)) return guards(items, words, false, allWords) ?? done({ action: 'query', subject: 'help' }, QUERY_CONFIDENCE.help);
  const implicit = verbs.length === 0 && looksTransactional(content, words);
  const guard = guards(items, words, verbs.length > 0 || implicit, allWords);
  if (guard) return guard;

  if (implicit) return implicitCommand(content, words, ctx, slippage.bps);
  if (verbs.length === 0 || isQueryVerb(verbs, words)) {
    // "I want 20 JTO": a wish for a token is a purchase that still needs what to pay with.
    const asked = words.some((w) => PARSER_WORDS.questionMarks.has(w));
    if (verbs.length === 0 && !asked && words.some((w) => PARSER_WORDS.wishes.has(w) && w !== 'like') && substance.some((i) => i.kind === 'token') && substance.some((i) => i.kind === 'number' || i.kind === 'money')) {
      return swapFrame(phrases(content), 'get', ctx, { factor: CONFIDENCE.noVerb, slippageBps: slippage.bps });
    }
    return parseQuery(items, words, ctx, raw);
  }
  return readVerbCommand(items, ctx, slippage.bps);
}

/**
 * What refuses a message whatever sentence of it holds the request: an injection, money asked from an address,
 * someone else's wallet, a line commented out, a vague request, a command shown or quoted rather than asked for,
 * a retracted address, a tag question.
 */
function messageRefusal(raw: string, tagged: Item[], ctx: ParseContext, allWords: string[]): ParseResult | undefined {
  const said = ` ${allWords.join(' ')} `;
  if (INJECTIONS.some((phrase) => saysWords(said, phrase))) {
    return refuse('unclear', 'That asks me to work differently. I only build what you ask for plainly, for example "swap 1 SOL for USDC", and you always review and sign it.');
  }
  // "<address> owes me 30 USDC, send it", "withdraw 30 USDC from <address>", "<address> pays 30 USDC", "charge <address>":
  // money that comes from an address, which Parley cannot take; it only sends from the session's wallet.
  const address = tagged.findIndex((item) => item.kind === 'address' && !ctx.isMint?.(item.text));
  // A note that names the recipient ("… from my wallet to the recipient with the address <address>") stands between.
  const before = (at: number) => tagged.slice(0, at).filter((item) => item.kind !== 'filler' || item.aside === 'note').at(-1);
  // "i need 20 USDC from <address>", "get 20 USDC from <address>": whatever the verb, money from that address.
  const fromMarker = (item: Item | undefined) => item?.kind === 'marker' && (item.text.toLowerCase() === 'out of' || RULE_WORDS.fromBeforeAddress.has(item.text.toLowerCase()));
  // "<address>, send 2 SOL from it": the address pointed back at as where it comes from.
  const pointedFrom = tagged.some((item, k) => fromMarker(item) && OTHER_SOURCES.pointedAt.has(tagged[k + 1]?.text.toLowerCase() ?? ''));
  // ("… to <address>. Sorry, from <address>.": any address said as where it comes from.)
  const fromAddress = address >= 0 && (tagged.some((item, k) => item.kind === 'address' && !ctx.isMint?.(item.text) && fromMarker(before(k))) || pointedFrom);
  // "<address> will send me 20 USDC", "have <address> send me …": that address pays the session.
  const lowered = address >= 0 ? tagged.map((item) => item.text.toLowerCase()) : [];
  const sentToMe = address >= 0 && tagged.some((item, k) => item.kind === 'verb' && item.role === 'send' && RULE_WORDS.giveTo.has(lowered[k + 1] ?? '') && !detailsSent(lowered, k));
  const lowerAt = (k: number) => tagged[k]?.text.toLowerCase() ?? '';
  // "he asked <address> for 40 USDC", "I advanced <address> 40 USDC, send it back": the address asked to pay, or to give back.
  const askedOf = PARSER_WORDS.askedOf.has(lowerAt(address - 1)) && lowerAt(address + 1) === 'for';
  const pastVerb = (word: string) => word !== 'owed' && (word.endsWith('ed') || PAST_FORMS.has(word) || PAST_MARKERS.has(word));
  const gaveFirst = PARSER_WORDS.gaveFirst.has(lowerAt(address - 2)) && pastVerb(lowerAt(address - 1)) && allWords.includes('back');
  const billed =
    address >= 0 &&
    (sentToMe || askedOf || gaveFirst || PARSER_WORDS.billOpeners.has(tagged[0]?.text.toLowerCase() ?? '') || owedToSender(tagged) || allWords.some((w) => PARSER_WORDS.paidBy.has(w)) || PARSER_WORDS.billPhrases.some((phrase) => containsPhrase(allWords, phrase)));
  if (fromAddress || billed) {
    return refuse('unclear', `That asks for money from ${clip(tagged[address].text, 8)}…, and I only build payments from this session's wallet. To pay that address, say for example "send 30 USDC to <address>".`);
  }
  // "send 10 usdc to <address> or my friend", "…, or to him": another recipient offered beside the address.
  const alternative = address >= 0 ? tagged.findIndex((item, k) => k > address && item.kind === 'joiner' && lowerAt(k) === 'or' && recipientNamed(tagged, k + 1)) : -1;
  if (alternative >= 0) {
    return refuse('unclear', `That offers another recipient ("${clip(raw.slice(tagged[alternative].start), 30)}"). Say the one address to send to, for example "send 10 USDC to <address>".`);
  }
  const others = otherPeople(tagged, address);
  if (others) return others;
  // "# send 5 USDC to …", "// swap …", "/* … */": a line commented out, as code shows it.
  if (/^\s*(#|\/\/|\/\*)/.test(raw)) return refuse('unclear', 'That looks like a line commented out rather than a request. If you want it done, say it plainly, for example "swap 1 SOL for USDC".');
  if (PARSER_WORDS.vague.some((phrase) => containsPhrase(allWords, phrase))) {
    return refuse('unclear', `I could not tell what to do. Say it plainly, for example "swap 1 SOL for USDC", "send 20 USDC to <address>" or "price of SOL".`);
  }
  // "get him 100 BONK with SOL", "buy my mom 50 USDC": a purchase for someone else, which lands in this session's wallet only.
  // "sell him 2 SOL", "sell my bro 2 SOL": a sale to someone, which a swap with the market is not.
  const forSomeone = tagged.findIndex((item, k) => item.kind === 'verb' && (item.role === 'get' || hasTrait(item, 'sells')) && (OTHER_SOURCES.beneficiaries.has(lowerAt(k + 1)) || (lowerAt(k + 1) === 'my' && OTHER_SOURCES.persons.has(lowerAt(k + 2)))));
  if (forSomeone >= 0) {
    const who = tagged[forSomeone + (lowerAt(forSomeone + 1) === 'my' ? 2 : 1)];
    const said = raw.slice(tagged[forSomeone].start, who.end);
    if (tagged[forSomeone].kind === 'verb' && tagged[forSomeone].role !== 'get') {
      return refuse('unclear', `I swap with the market only, and "${said}" sells to someone. To pay them, say for example "send 2 SOL to <address>".`);
    }
    return refuse('unclear', `A swap lands in this session's wallet only, and "${said}" buys for someone else. Buy it here, then send it to their address.`);
  }
  const sending = tagged.some((item) => item.kind === 'verb' && item.role === 'send');
  const source = otherSource(tagged.filter((item) => !(item.kind === 'filler' && item.aside)).map((item) => item.text.toLowerCase()), ctx, sending, address >= 0);
  if (source) {
    return refuse('unclear', `I build from this session's wallet only, and "${source}" names another. Connect the wallet that should pay, or say the command without it.`);
  }
  // "show me an example of sending 5 USDC": a command shown, not asked for; "give me examples" asks for help.
  const commanding = tagged.some((item) => item.kind === 'verb') && tagged.some((item) => ['token', 'number', 'money', 'share', 'address'].includes(item.kind));
  // "Scenario: swap …", "What I did: send …": a label of up to five words before a colon.
  const colon = tagged.findIndex((item) => item.kind === 'punct' && item.text === ':');
  // (A label may end at a dash too where it takes the command back: "abort - swap …".)
  const labelEnd = tagged.findIndex((item) => item.kind === 'punct' && LABEL_ENDS.has(item.text));
  // "he told me to type this exactly: send …", "as per the email from support: send …": a command someone else gave, at any length.
  const relays = (end: number) => end > 0 && (tagged.slice(0, end).some((item) => RELAYED_LABELS.has(item.text.toLowerCase()) || DANGER.has(item.text.toLowerCase())) || RELAYED_ASKS.some((phrase) => containsPhrase(spoken(tagged.slice(0, end)), phrase)));
  const relayed = relays(colon) || relays(labelEnd);
  // "cancel: send …", "abort - swap …", "executed: swap …": a label that takes the command back or says it is done.
  const undone = [colon, labelEnd].find((end) => end > 0 && spoken(tagged.slice(0, end)).some((w) => CANCEL_WORDS.has(w) || UNDONE_LABELS.has(w)));
  if (commanding && undone !== undefined) {
    return refuse('unclear', `"${clip(wordsOf(tagged.slice(0, undone)), 40)}" takes the command back or says it is done. If you want it done, say it alone, for example "swap 1 SOL for USDC".`);
  }
  const labelled = relayed || (colon > 0 && colon <= 5 && tagged.slice(0, colon).some((item) => SHOWN_LABELS.has(item.text.toLowerCase())));
  if (quotesACommand(raw, ctx) || (commanding && (labelled || SHOWN_NOT_ASKED.some((phrase) => saysWords(said, phrase))))) {
    return refuse('unclear', 'That shows or quotes a command rather than asking for one. If you want it done, say it yourself, for example "send 5 USDC to <address>".');
  }
  // "Do the reverse of this: swap …", "A guy on Telegram said to do this: send …": a label that ends pointing at the command.
  const label = tagged.slice(0, colon);
  const introduced = tagged.slice(colon + 1).find((item) => item.kind !== 'punct' && item.kind !== 'filler');
  const introduces = commanding && colon > 0 && introduced !== undefined && (introduced.kind === 'verb' || isAmount(introduced)) && INTRODUCING_POINTERS.has(label.at(-1)!.text.toLowerCase());
  if (introduces && !label.every((item) => item.kind === 'punct' || (item.kind === 'filler' && item.aside) || FRAMINGS.has(item.text.toLowerCase()))) {
    return refuse('unclear', `I could not tell what "${clip(wordsOf(label), 40)}" says of the command. If you want it done as it stands, say it alone, for example "swap 1 SOL for USDC".`);
  }
  // "send 5 USDC to <address>. oops wrong address", "…, wrong address, I'll paste the right one": with nothing earlier to
  // redirect and no address after it, the note takes back the address said.
  const wrong = tagged.find(retracts);
  const addresses = new Set(tagged.filter((item) => item.kind === 'address').map((item) => item.text));
  // Replaced only by another address than those said before the note ("… to A. wrong one: A" gives it back).
  const saidBefore = new Set(tagged.slice(0, wrong ? tagged.indexOf(wrong) : 0).filter((item) => item.kind === 'address').map((item) => item.text));
  const replaced = wrong && tagged.slice(tagged.indexOf(wrong)).some((item) => item.kind === 'address' && !saidBefore.has(item.text));
  if (wrong && !replaced && !ctx.previous && !ctx.pending && addresses.size <= 1) {
    return refuse('unclear', `You said "${wrong.text}". Say the command again with the right address, for example "send 5 USDC to <address>".`);
  }
  // "Can I send 3 USDT to <address>?": asked whether one may, with the question mark, it asks ("can you …?" requests).
  // "Could I get 50 USDC for my SOL?": "get" after it asks for something, as one orders a coffee.
  const asked = dropLeading(allWords);
  // (Only an amount after it, and no address: "Could I get 1 SOL to <address>?" asks, "Can I get him 50 USDC?" is for someone else.)
  const ordering = PARSER_WORDS.orderingVerbs.has(asked[2] ?? '') && /^[$\d]/.test(asked[3] ?? '') && !tagged.some((item) => item.kind === 'address');
  const mayI = commanding && tagged.at(-1)?.text === '?' && saysAt(asked, PARSER_WORDS.permissionAsks) && !ordering && !allWords.some((w) => INFO_NOUNS.includes(w));
  if (mayI) return refuse('question', 'That asks whether you may rather than asking me to do it. To do it, say it as a command, for example "swap 1 SOL for USDC".');
  if (endsInTagQuestion(tagged)) {
    return refuse('question', 'That asks whether the command is right rather than asking me to do it. To do it, say it as a command, for example "swap 1 SOL for USDC".');
  }
  return undefined;
}

/**
 * The command of a question whether it can be done followed by the go-ahead ("could I get 20 TNSR for my SOL? buy it
 * please"), its opener left out; undefined unless the question only asks whether it can be done (never "should I…?")
 * and everything after it says to go ahead.
 */
function confirmedQuestion(tagged: Item[]): Item[] | undefined {
  const mark = tagged.map((item) => item.text).lastIndexOf('?');
  if (mark <= 0) return undefined;
  const after = tagged.slice(mark + 1).filter((item) => item.kind !== 'punct' && !(item.kind === 'filler' && item.aside === 'thanks'));
  const said = after.flatMap((item) => item.text.toLowerCase().split(/\s+/));
  const goAhead = said.length > 0 && said.every((w) => PARSER_WORDS.goAhead.has(w) || VERBS[w] !== undefined) && said.some((w) => PARSER_WORDS.goAheadCores.has(w));
  if (!goAhead) return undefined;
  const question = tagged.slice(0, mark);
  const verb = question.findIndex((item) => item.kind === 'verb');
  const opener = question.slice(0, verb).map((item) => item.text.toLowerCase());
  if (verb <= 0 || !opener.every((w) => PARSER_WORDS.possibilityOpeners.has(w))) return undefined;
  return question.slice(verb);
}

/** The sentence that asks for a figure ("how much SOL do I have?", "what's KMNO worth?") in a message with nothing to build. */
/** A question naming no token that points at one ("what's its price?") with the one token the rest of the message names after it. */
function withPointedToken(question: Item[], tagged: Item[]): Item[] {
  const named = tagged.filter((item): item is Extract<Item, { kind: 'token' }> => item.kind === 'token' && !question.includes(item));
  const pointing = !question.some((item) => item.kind === 'token' || item.kind === 'verb') && spoken(question).some((w) => PARSER_WORDS.tokenPointers.has(w));
  return pointing && new Set(named.map((item) => item.token.mint)).size === 1 ? [...question, named[0]] : question;
}

function figureAsked(tagged: Item[]): Item[] | undefined {
  if (tagged.some((item) => isAmount(item) || item.kind === 'address' || item.kind === 'bad-address' || item.kind === 'arrow')) return undefined;
  const sentences: Item[][] = [[]];
  for (const item of tagged) {
    sentences.at(-1)!.push(item);
    if (item.kind === 'punct' && ['.', '!', '?'].includes(item.text)) sentences.push([]);
  }
  const asking = sentences.filter((sentence) => sentence.at(-1)?.text === '?' && containsAny(spoken(sentence), PARSER_WORDS.figureCues));
  // "Should I sell my JUP? What's it worth?" asks for advice, which stays refused.
  const advice = sentences.some((sentence) => opensQuestion(dropLeading(spoken(sentence))) || spoken(sentence).some((w) => QUESTION_WORDS.has(w)));
  // "What's its price? Sell it.": another sentence that asks for an action is no context.
  const acting = sentences.some((sentence) => !asking.includes(sentence) && sentence.some((item) => item.kind === 'verb' && !PAST_FORMS.has(item.text.toLowerCase())) && !sentence.some((item) => item.kind === 'guard' && item.guard === 'negation') && !tellsOnly(sentence));
  if (asking.length === 1 && sentences.length > 2 && !advice && !acting) return asking[0];
  // "Price of SOL, no swap", "don't swap, just the price of jup": a figure asked beside a transaction declined.
  const clauses = splitAfter(tagged, CLAUSE_ENDS).map((clause) => clause.filter((item) => item.kind !== 'punct')).filter((clause) => clause.length > 0);
  const declines = (clause: Item[]) =>
    clause.some((item) => item.kind === 'guard' && item.guard === 'negation') &&
    clause.every((item) => (item.kind === 'guard' && item.guard === 'negation') || item.kind === 'verb' || item.kind === 'filler' || PARSER_WORDS.declines.has(item.text.toLowerCase()));
  const rest = clauses.filter((clause) => !declines(clause));
  const figure = rest.length === 1 && rest.length < clauses.length ? rest[0] : undefined;
  const plainQuestion = figure && !figure.some((item) => item.kind === 'guard' || item.kind === 'verb') && !opensQuestion(dropLeading(spoken(figure)));
  return plainQuestion && containsAny(spoken(figure), PARSER_WORDS.figureCues) ? figure : undefined;
}

const containsAny = (words: string[], phrases: string[][]) => phrases.some((phrase) => containsPhrase(words, phrase));

/** Whether a verb item has a trait of the lexicon's VERB_TRAITS. */
const hasTrait = (item: Item | undefined, trait: VerbTrait) => item?.kind === 'verb' && (VERB_TRAITS[item.lemma] ?? []).includes(trait);

/** A swap or a transfer led by its verb: the verb's role and the phrases after it fill the frame. */
function readVerbCommand(tagged: Item[], ctx: ParseContext, slippageBps: number | undefined): ParseResult {
  const items = unchained(tagged);
  const verbs = items.filter((item) => item.kind === 'verb');
  const main = verbs[0];
  if (main.kind !== 'verb') return refuse('unclear', EXAMPLES);
  // "<address> gets 0.3 SOL", "recipient <address> should receive 5 USDC": the address before a verb of receiving is the recipient.
  // "<address> gets 2 JUP, send it": a send verb of nothing but "it" after it says the same.
  const subject = items.slice(0, items.indexOf(main)).filter((item) => item.kind !== 'filler' && item.kind !== 'punct');
  const echo = verbs[1]?.kind === 'verb' && verbs[1].role === 'send' && verbs.length === 2 && items.slice(items.indexOf(verbs[1]) + 1).every((item) => item.kind === 'filler' || item.kind === 'punct');
  // "… gets 5 USDC from me": "from" the session names nothing.
  const received = items.slice(items.indexOf(main) + 1, echo ? items.indexOf(verbs[1]) : undefined).filter((item, k, all) => !(item.kind === 'marker' && item.marker === 'in' && all.slice(k + 1).every((next) => next.kind === 'filler' || next.kind === 'punct')));
  if (hasTrait(main, 'address-receives') && (verbs.length === 1 || echo) && subject.length === 1 && subject[0].kind === 'address' && !received.some((item) => item.kind === 'address' || item.kind === 'marker')) {
    return transferFrame(phrases([...received, subject[0]]), ctx, { factor: CONFIDENCE.noVerb });
  }
  // "get 3 SOL to <address>" sends; "get 0.5 SOL worth of <mint>", "get 2 SOL in <mint>" name a token by its mint.
  const address = items.findIndex((item) => item.kind === 'address');
  const beforeAddress = items.slice(0, address).filter((item) => item.kind !== 'filler').at(-1);
  if (hasTrait(main, 'sends-with-address') && verbs.length === 1 && address >= 0 && !(beforeAddress?.kind === 'marker' && beforeAddress.marker !== 'to')) {
    return transferFrame(phrases(items.slice(items.indexOf(main) + 1)), ctx, { factor: CONFIDENCE.noVerb });
  }
  // "toss 10 USDC to <address>": a verb that puts money into a token or gives it to someone, with an address, could do either.
  if (hasTrait(main, 'into-only') && address >= 0) {
    return refuse('unclear', `"${main.text}" with an address could mean sending or swapping. Say it plainly, for example "send 10 USDC to <address>".`);
  }
  const extra = verbs.slice(1).filter((verb) => !isPartOfFrame(items, verb));
  if (extra.length > 0) {
    return refuse('two-actions', `That is more than one action ("${main.text}" and "${extra[0].text}"). I do one swap or one transfer per message: send them one at a time.`);
  }
  const after = items.slice(items.indexOf(main) + 1);
  const marked = (markers: (item: Extract<Item, { kind: 'marker' }>) => boolean) =>
    after.some((item, k) => {
      const next = after.slice(k + 1).find((later) => later.kind !== 'filler');
      return item.kind === 'marker' && markers(item) && next !== undefined && (isAmount(next) || next.kind === 'token');
    });
  const priced = marked((item) => PRICE_MARKERS.has(item.text.toLowerCase()));
  // "I need 0.5 mSOL, take it from my SOL": a verb that alone could pay or receive pays what "from" names, where "for" names what is received.
  const takenFrom = priced && marked((item) => item.marker === 'in');
  if (hasTrait(main, 'chain-only') && !takenFrom) return refuse('unclear', `"${main.text}" could mean paying or receiving. Say it plainly, for example "swap 3 USDC for WIF" or "buy WIF with 3 USDC".`);
  // Before the verb only content counts: "i want to swap …" keeps nothing, "<address> send 5 SOL" the address.
  const before = items
    .slice(0, items.indexOf(main))
    .filter((item, k, all) => !['filler', 'punct', 'joiner'].includes(item.kind) && !(item.kind === 'marker' && !all.slice(k + 1).some((next) => next.kind === 'token' || next.kind === 'address')));
  // "i want USDC, i have SOL, use 2 of it": two tokens before the verb, nothing saying which is paid.
  const unmarked = before.filter((item) => item.kind === 'token');
  if (new Set(unmarked.map((item) => item.kind === 'token' && item.token.mint)).size > 1 && !before.some((item) => item.kind === 'marker' || item.kind === 'arrow')) {
    return refuse('unclear', 'I could not tell which token you pay and which you receive. Say it plainly, for example "swap 2 SOL for USDC".');
  }
  // "usdc: buy 2 sol", "i have usdc so sell 2 sol": a token before the verb with nothing saying its side, beside the verb's own.
  const sides = (item: Item | undefined) => !!item && (item.kind === 'marker' || item.kind === 'arrow' || isAmount(item));
  const bare = before.find((item, k) => item.kind === 'token' && !sides(before[k - 1]) && !sides(before[k + 1]));
  if (bare && after.some((item) => item.kind === 'token') && !wishedRightBefore(items, bare)) {
    return refuse('unclear', `I could not tell whether ${bare.text} is paid or received. Say it plainly, for example "swap 2 SOL for USDC".`);
  }
  let factor = main.fuzzy ? CONFIDENCE.fuzzyVerb : 1;
  // "ape into WIF with 3 SOL": the phrase after "into" is what is bought.
  let role = main.role;
  let body = [...before, ...after];
  const wished = wishedBeforeVerb(items.slice(0, items.indexOf(main)), before, after, role);
  if (wished && 'rule' in wished) return wished;
  if (wished) body = wished;
  // "ape 1 SOL worth of GOAT": a verb that buys what it goes into buys what "worth of" names.
  if (hasTrait(main, 'into-buys') && after.some((item) => item.kind === 'marker' && item.marker === 'worth')) role = 'get';
  if (hasTrait(main, 'into-buys') && after[0]?.kind === 'marker' && (after[0].marker === 'out' || after[0].marker === 'denominated')) {
    role = 'get';
    body = [...before, ...after.slice(1)];
  }
  // "ape BONK SOL 0.5", "/ape BONK 0.5 SOL": a verb that buys what it goes into, before a bare pair, may pay either.
  const barePair = after.filter((item) => item.kind === 'token').length >= 2 && !after.some((item) => item.kind === 'marker' || item.kind === 'arrow');
  if (hasTrait(main, 'into-buys') && role === 'pay' && barePair) {
    return refuse('unclear', `I could not tell which token "${main.text}" pays with. Say for example "ape 0.5 SOL into BONK".`);
  }
  // "move 10 USDC into SOL", "pay 20 USDC for WIF": a send verb without an address that names a token to receive is a swap
  // (a verb that only sends, only where "for" names the price; "to" a token only after a verb that converts with it: "move … to SOL").
  if (role === 'send' && (!hasTrait(main, 'only-sends') || (hasTrait(main, 'pays-for') && priced)) && !body.some((i) => i.kind === 'address' || i.kind === 'bad-address')) {
    const parts = phrases(body);
    const convertsTo = hasTrait(main, 'to-converts') && symbolEndsAfterTo(body);
    const receiving = (part: Phrase) => part.marker === 'out' || (part.marker === 'to' && convertsTo);
    if (parts.some((part) => receiving(part) && part.tokens.length > 0)) return swapFrame(parts, 'pay', ctx, { factor: factor * CONFIDENCE.noVerb, slippageBps });
  }
  if (role === 'send') {
    if (slippageBps !== undefined) return refuse('unclear', SLIPPAGE_ON_TRANSFER);
    return transferFrame(phrases(body), ctx, { factor });
  }
  if (role === 'get' && hasTrait(main, 'guessed')) factor *= CONFIDENCE.guessedVerb;
  const verbFirst = items.findIndex((item) => item.kind !== 'filler' && item.kind !== 'punct') === items.indexOf(main);
  // "do a swap for 0.5 SOL": the verb said as a noun, after an article or a light verb.
  const preceding = items[items.indexOf(main) - 1];
  const asNoun = preceding?.kind === 'filler' && (preceding.aside === 'grammar' || PARSER_WORDS.nounArticles.has(preceding.text.toLowerCase()));
  const parts = markedBeforeVerb(before, after) ?? phrases(body);
  return swapFrame(parts, role, ctx, { factor, slippageBps, verbFirst, asNoun, sells: hasTrait(main, 'sells') });
}

/**
 * "move all my msol back to sol": after "to", a token said by its symbol and nothing after it but punctuation and soft words
 * ("move 100 usdc to kamino" deposits into a protocol, "… to sol's wallet" pays someone).
 */
function symbolEndsAfterTo(body: Item[]): boolean {
  const to = body.findIndex((item) => item.kind === 'marker' && item.marker === 'to');
  if (to < 0) return false;
  const named = body.slice(to + 1).findIndex((item) => item.kind !== 'punct') + to + 1;
  const token = body[named];
  if (token?.kind !== 'token' || token.text.replace(/^\$/, '').toLowerCase() !== token.token.symbol.toLowerCase()) return false;
  return body.slice(named + 1).every((item) => item.kind === 'punct' || SOFT_WORDS.includes(item.text.toLowerCase()));
}

/**
 * "i need SOL so swap 2 WIF": a token wished for right before the verb (`prefix`, its content `before`) is what a swap that
 * pays receives, never what is paid: the items to read, with the wished token behind a "for"; a refusal where the command
 * leaves no place for it (a purchase, or a command that names what it receives).
 */
function wishedBeforeVerb(prefix: Item[], before: Item[], after: Item[], role: VerbRole): Item[] | Extract<ParseResult, { ok: false }> | undefined {
  const wished = before.filter((item) => item.kind === 'token' && wishedRightBefore(prefix, item));
  if (wished.length === 0 || before.some(isAmount)) return undefined;
  if (role !== 'pay' || after.some(receives) || wished.length > 1 || after.filter((item) => item.kind === 'token').length !== 1) {
    return refuse('unclear', 'I could not tell which token you pay and which you receive. Say it plainly, for example "swap 2 SOL for USDC".');
  }
  const marker: Item = { kind: 'marker', marker: 'out', text: 'for', start: wished[0].start, end: wished[0].start };
  return [...before.filter((item) => !wished.includes(item)), ...after, marker, wished[0]];
}

/**
 * "with 0.1 ETH buy USDC", "using 5 USDC, buy JUP": a phrase marked before the verb ends at it, and what follows the verb is
 * its object ("with USDC, sell 2 SOL" then pays with both, and is refused). Undefined where nothing is marked before the verb.
 */
function markedBeforeVerb(before: Item[], after: Item[]): Phrase[] | undefined {
  const opening = after.find((item) => !['filler', 'punct', 'joiner'].includes(item.kind));
  if (!before.some((item) => item.kind === 'marker') || before.at(-1)?.kind !== 'token' || !opening || !(opening.kind === 'token' || isAmount(opening))) return undefined;
  return [...phrases(before).filter((part) => part.marker !== 'object' || part.tokens.length + part.amounts.length > 0), ...phrases(after)];
}

/**
 * Two verbs that make one swap, read as the one command they say together:
 * - "take 3 USDC and turn it into WIF", "grab 3 USDC, flip it into WIF": a first verb that only
 *   picks up what a second verb swaps. The items become the second verb's command, its object
 *   ("it") replaced by the first verb's; a second verb that buys is paid with the first's object
 *   ("use my 10 USDC and get BONK" buys BONK with the 10 USDC).
 * - "sell all my SOL and convert to USDC", "sell 2 SOL and buy JUP with it", "sell 5 RAY, take
 *   USDC for it": a first verb that pays, and a second that only names what is received.
 * - "gimme 20 JUP, take it from my SOL", "I want to receive 5 JUP, use my USDC": a first verb
 *   that buys, and a second that only names what pays.
 * Anything else after the second verb leaves two actions, refused as such.
 */
function unchained(items: Item[]): Item[] {
  const verbs = items.filter((item) => item.kind === 'verb');
  const [first, second] = verbs;
  if (verbs.length !== 2 || first.kind !== 'verb' || second.kind !== 'verb' || second.role === 'send') return items;
  // "pay USDT, receive 300 USDC": without an address, a verb that only sends picks up what is paid.
  const picksUp = hasTrait(first, 'opens-chain') || (hasTrait(first, 'only-sends') && second.role === 'get' && !items.some((item) => item.kind === 'address' || item.kind === 'bad-address'));
  if (first.role === 'send' && !picksUp) return items;
  const from = items.indexOf(first);
  const to = items.indexOf(second);
  const between = items.slice(from + 1, to);
  const joined = between.map((item) => item.kind === 'joiner' || (item.kind === 'punct' && item.text === ',')).lastIndexOf(true);
  // "sell 1 sol get usdc": typed without "and", a sale and a token received right after it are one swap.
  const bare = joined < 0 && first.role === 'pay' && second.role === 'get' && between.at(-1)?.kind === 'token' && items.slice(to + 1).filter((item) => item.kind !== 'punct').length === 1;
  const link = bare ? between.length : joined;
  if (link < 0) return items;
  // "grab 10 USDC from my wallet and flip it to JTO": "from" the session's own wallet names nothing.
  const object = between.slice(0, link).filter((item, k, all) => item.kind !== 'filler' && !(item.kind === 'marker' && item.marker === 'in' && !all.slice(k + 1).some((next) => next.kind !== 'filler')));
  // "take 1/2 of my PYUSD and swap it": a share of the token is still what is taken.
  if (!object.some((item) => item.kind === 'token') || object.some((item) => (item.kind === 'marker' && item.marker !== 'of') || item.kind === 'verb')) return items;
  const rest = items.slice(to + 1);
  // What the second verb names, its pointer ("with it", "for it") left out.
  const pointsAt = (item: Item | undefined) => !!item && POINTERS.has(item.text.toLowerCase());
  const named = rest.filter((item, k) => item.kind !== 'filler' && item.kind !== 'punct' && !pointsAt(item) && !(item.kind === 'marker' && pointsAt(rest.slice(k + 1).find((next) => next.kind !== 'filler' || pointsAt(next)))));
  const at = (item: Item, marker: Marker) => ({ kind: 'marker', marker, text: marker === 'in' ? 'with' : 'for', start: item.start, end: item.start }) as Item;
  const onlyToken = (markers: Marker[]) => {
    const [head, ...tail] = named[0]?.kind === 'marker' && markers.includes(named[0].marker) ? named.slice(1) : named;
    return tail.length === 0 && head?.kind === 'token' ? head : undefined;
  };
  // "buy jup, use 5 usdc for it": an amount of the token paid, said with it.
  const sizedToken = () => (named.length === 2 && isAmount(named[0]) && named[1].kind === 'token' ? named : undefined);
  const command = items.slice(0, from + 1 + link);
  if (first.role === 'pay' && !picksUp) {
    // What is received, said after a second verb that pays ("and convert to USDC") or receives ("and buy JUP with it", "take USDC for it").
    const receives = second.role === 'get' || hasTrait(second, 'chain-only');
    const received = receives ? onlyToken([]) : named[0]?.kind === 'marker' && ['out', 'to'].includes(named[0].marker) ? onlyToken(['out', 'to']) : undefined;
    return received ? [...command, at(received, 'out'), received] : items;
  }
  if (first.role === 'get' && !picksUp) {
    // What pays, said after a verb that picks it up ("take it from my SOL", "use my USDC").
    const pays = hasTrait(second, 'opens-chain') || second.role === 'pay';
    const paid = pays ? onlyToken(['in']) : undefined;
    if (paid) return [...command, at(paid, 'in'), paid];
    const sized = pays && !command.some(isAmount) ? sizedToken() : undefined;
    return sized ? [...command, at(sized[0], 'in'), ...sized] : items;
  }
  if (!picksUp) return items;
  // "take 3 USDC and sell WIF": a second verb that sells a token of its own sells something else; two actions.
  const sold = rest.find((item) => item.kind !== 'filler' && item.kind !== 'punct');
  if (hasTrait(second, 'sells') && sold && (sold.kind === 'token' || isAmount(sold))) return items;
  const pointer = rest.findIndex(pointsAt);
  if (pointer >= 0) return [...items.slice(0, from), second, ...rest.slice(0, pointer), ...object, ...rest.slice(pointer + 1)];
  if (second.role === 'get') return [...items.slice(0, from), second, ...rest, at(object[0], 'in'), ...object];
  return [...items.slice(0, from), second, ...object, ...rest];
}


/**
 * The clause that holds the command, with what comes after it: chat before a command ("been
 * watching JUP all week. swap 5 SOL for JUP") is context, not part of it. A clause holds a
 * command when it has a verb and an amount or an address; two such clauses are two actions. Of
 * the clauses before, only another chain or a time or a condition still counts ("tomorrow:
 * swap…"); what follows is read with the command ("… actually no, don't" negates it).
 */
function focus(items: Item[]): Item[] | Extract<ParseResult, { ok: false }> {
  const kept = commandClause(items);
  const ironic = startsWith(items.filter((item) => item.kind !== 'punct').map((item) => item.text.toLowerCase()), TRAILING_CHAT.ironicOpeners);
  return Array.isArray(kept) && !ironic ? withoutTrailingChat(kept) : kept;
}

/**
 * The items without the chat after a command with a verb ("…, the dog had a good run", "… so it
 * lands fast"): from the end, each clause of nothing but words is dropped, until one names
 * something to build or holds a word that could change it (TRAILING_CHAT.changes), a guard, a
 * verb or a ticker-like word ("$PEPE"). What is dropped is named in the reply (`chatBefore`).
 */
function withoutTrailingChat(items: Item[]): Item[] {
  if (!items.some((item) => item.kind === 'verb')) return items;
  // "…, sorry, thousand", "…, million": a scale said alone resizes the amount.
  const changes = (text: string) =>
    TRAILING_CHAT.changes.has(text) || NOT_PLAIN.has(text) || CANCEL_WORDS.has(text) || AMBIGUOUS_SYMBOLS.has(text) || OTHER_CHAINS.has(text) || AMBIGUOUS_CHAINS.has(text) || isScamWord(text) ||
    SCALES[text] !== undefined;
  const opens = (item: Item) => (item.kind === 'punct' && !PARSER_WORDS.notClauseBreaks.has(item.text)) || TRAILING_CHAT.breaks.has(item.text.toLowerCase());
  // "…, is that a good idea": a clause that opens a question asks about the command (`chat`).
  // "send 5 USDC to <address> so he receives it": receiving is what the transfer does.
  const sends = items.some((item) => item.kind === 'verb' && item.role === 'send');
  // "… bc sol is cheap rn": a reason may name a token the command already names.
  const mints = (of: Item[]) => new Set(of.flatMap((item) => (item.kind === 'token' ? [item.token.mint] : [])));
  const receiving = (item: Item) => sends && hasTrait(item, 'address-receives');
  const chat = (clause: Item[], heeding = true) => {
    const spokenItems: Item[] = clause.filter((item) => item.kind !== 'punct');
    const words = spokenItems.map((item) => item.text.toLowerCase());
    // ("… . Advise me.", "… . Your call.": advice asked of it; "…, they cover the fee": someone else to pay, unless a purpose
    // says what they will do with it: "… so he can pay his own fees".)
    if (opensQuestion(words) || drivenByOthers(words) || asksAdvice(words) || lacksPart(words) || (othersPay(words) && !saysAt(words, TRAILING_CHAT.purposes))) return false;
    // ("…, the ata is poisoned", "…, the ata belongs to kraken": a remark about a token account is read past only as one, tokenize's withAccountRemarks.)
    if (clause.some((item) => item.kind === 'word' && ACCOUNT_REMARKS.nouns.has(item.text.toLowerCase()))) return false;
    // "… . My partner wants to look at it first.": someone's wish to review the command.
    const reviewed = words.some((w) => POINTERS.has(w)) && words.some((w) => PARSER_WORDS.wished.has(w) || PARSER_WORDS.othersSaid.has(w)) && words.some((w) => PARSER_WORDS.reviews.has(w));
    if (reviewed) return false;
    // "… so i can pay rent": a clause of purpose may hold a verb of its own.
    const purpose = saysAt(words, TRAILING_CHAT.purposes);
    // A sentence of its own after the command ("… USDC. I've heard it is a bit more widely accepted."): words of quantity
    // tell rather than size, unless a word of change is there too ("… USDC. Keep a little for gas.").
    // ("… . He needs a bit more.": a wish told of someone sizes it too.)
    const sentence =
      SENTENCE_BREAKS.has(clause[0].text) && clause[0].text !== ':' && TRAILING_CHAT.subjects.has(words[0] ?? '') && words.length >= 4 &&
      !words.some((w) => (TRAILING_CHAT.changes.has(w) && !TRAILING_CHAT.told.has(w)) || PARSER_WORDS.wishes.has(w) || PARSER_WORDS.wished.has(w));
    const changing = (item: Item) => {
      const w = item.text.toLowerCase();
      return heeding && changes(w) && !(sentence && TRAILING_CHAT.told.has(w) && quantityTold(words, spokenItems.indexOf(item)));
    };
    // Only a reason ("bc sol is cheap") or such a sentence may name a token again, never with a direction ("…, usdc to sol").
    const reason = (sentence || TRAILING_CHAT.breaks.has(clause.find((item) => item.kind !== 'punct')?.text.toLowerCase() ?? '')) && !clause.some((item) => item.kind === 'marker' || item.kind === 'arrow');
    const named = reason ? mints(items.slice(0, items.indexOf(clause[0]))) : new Set<string>();
    const said = (item: Item) => item.kind === 'token' && named.has(item.token.mint);
    // ("… as a tip for the stream": a verb after a determiner is a noun.)
    const noun = (k: number) => DETERMINERS.has(clause[k - 1]?.text.toLowerCase() ?? '');
    return clause.every((item, k) => !unread(item) && (CHAT_KINDS.includes(item.kind) || said(item) || receiving(item) || (item.kind === 'verb' && (purpose || noun(k)))) && !changing(item) && !(/^\$|^[A-Z]{2,6}$|\d/.test(item.text) && !said(item)) && !(k > 0 && item.text === '?'));
  };
  let end = items.length;
  let kept: Item[] = [];
  for (let k = items.length - 1; k > 0; k--) {
    if (!opens(items[k])) continue;
    const clause = items.slice(k, end);
    // A clause that a "?" ends asks rather than chats ("…, safe?").
    if (!chat(clause) || (items[end]?.text === '?' && clause.some((item) => item.kind !== 'punct'))) {
      kept = chat(clause, false) ? clause : [];
      break;
    }
    end = k;
  }
  // "… . I want a bit more.": chat but for a word that could change what is built, whose words the lexicon reads as
  // fillers elsewhere. Those words stay, to be explained or refused, never skipped.
  // ("… and a bit more", "…, and another": an "and" may open it.)
  const plainFillers = kept.length > 0 && kept.every((item) => item.kind === 'punct' || item.kind === 'joiner' || (item.kind === 'filler' && !item.aside));
  const held = (item: Item) => plainFillers && kept.includes(item) && TRAILING_CHAT.resizes.has(item.text.toLowerCase());
  const marked = items.map((item): Item => (held(item) ? { ...item, kind: 'word' } : item));
  const rest = marked.slice(0, end);
  return end < items.length && rest.some((item) => item.kind === 'verb') ? rest : marked;
}

/** The command's clause and what follows it (`focus`), before trailing chat is read past. */
function commandClause(items: Item[]): Item[] | Extract<ParseResult, { ok: false }> {
  const clauses: Item[][] = [[]];
  for (let k = 0; k < items.length; k++) {
    const item = items[k];
    const next = items.slice(k + 1).find((i) => i.kind !== 'filler');
    // An emoji ends chat as a full stop does ("… shilling popcat 🙄 swap 25 USDC for BONK"); so does "but" before a verb.
    const stops = item.kind === 'punct' && (SENTENCE_BREAKS.has(item.text) || /\p{Extended_Pictographic}/u.test(item.text));
    const breaks = stops || ((item.text === ',' || PARSER_WORDS.clauseJoins.has(item.text.toLowerCase())) && (next?.kind === 'verb' || saysUndo(clauses.at(-1)!)));
    clauses.at(-1)!.push(item);
    if (breaks) clauses.push([]);
  }
  if (clauses.length === 1) return items;
  const has = (clause: Item[], kinds: string[]) => clause.some((i) => kinds.includes(i.kind));
  const AMOUNTS = ['number', 'money', 'share', 'percent'];
  const concrete = (clause: Item[]) => has(clause, ['verb']) && has(clause, [...AMOUNTS, 'address', 'bad-address']);
  // "i need to pay back <address>, send him 75 USDT": a wish naming only whom, before the command, says what it is for.
  const purpose = (clause: Item[], k: number) => k < clauses.length - 1 && wishes(clause) && !has(clause, [...AMOUNTS, 'token']);
  const commands = clauses.filter((clause, k) => concrete(clause) && !purpose(clause, k));
  if (commands.length > 1) return refuse('two-actions', 'That is more than one action. I do one swap or one transfer per message: send them one at a time.');
  const withVerb = clauses.map((clause, k) => (has(clause, ['verb']) ? k : -1)).filter((k) => k >= 0);
  // Without a verb, the clause with an amount and a token ("quick one before I log off: 40 USDT into USDC").
  const shaped = clauses.map((clause, k) => (has(clause, AMOUNTS) && has(clause, ['token']) ? k : -1)).filter((k) => k >= 0);
  const at = commands.length ? clauses.indexOf(commands[0]) : (withVerb.at(-1) ?? shaped.at(-1) ?? -1);
  if (at <= 0) return items;
  // "buy jup, send 5 usdc to <address>": a clause before that opens asking for a token is a second request,
  // unless the command names that token too, or pays for it ("buy jup, use 5 usdc for it": `wishedOutput`).
  const own = new Set(clauses.slice(at).flat().flatMap((item) => (item.kind === 'token' ? [item.token.mint] : [])));
  const asked = clauses.slice(0, at).find((clause) => {
    const [opener, object] = clause.filter((item) => item.kind !== 'punct' && item.kind !== 'filler');
    return opener?.kind === 'verb' && !PAST_FORMS.has(opener.text.toLowerCase()) && object?.kind === 'token' && !own.has(object.token.mint);
  });
  if (asked && !wishedOutput([asked], clauses[at])) return refuse('two-actions', 'That is more than one action. I do one swap or one transfer per message: send them one at a time.');
  // "Only send what's left.", "Send whatever's left.": a clause before that opens with an order of its own for a part of a balance.
  const ordered = clauses.slice(0, at).find((clause) => {
    const said = clause.filter((item) => item.kind !== 'punct' && !(item.kind === 'filler' && item.aside) && !PARSER_WORDS.orderOpeners.has(item.text.toLowerCase()));
    return said[0]?.kind === 'verb' && !PAST_FORMS.has(said[0].text.toLowerCase()) && said.some((item) => item.kind === 'share' || PARSER_WORDS.balanceParts.has(item.text.toLowerCase()));
  });
  if (ordered) return refuse('two-actions', `"${clip(wordsOf(ordered), 40)}" is an order of its own. I do one swap or one transfer per message: send them one at a time.`);
  // "завтра! swap 1 SOL": chat in a script the agent does not read could say anything.
  const foreign = clauses.slice(0, at).flat().find(unread);
  if (foreign) return refuse('unclear', `I can't read "${clip(foreign.text, 20)}", and it could change what I build. Say the command without it, for example "swap 1 SOL for USDC".`);
  // "he's paying, send …", "Payout from him to me, send …": chat before the command, naming nothing of it, that says someone
  // else pays or the money comes to the sender.
  const chatOnly = (clause: Item[]) => clause.every((item) => CHAT_KINDS.includes(item.kind));
  const unsure = clauses.slice(0, at).find((clause) => chatOnly(clause) && othersPay(spoken(clause)));
  if (unsure) return refuse('unclear', `I could not tell what "${clip(wordsOf(unsure), 40)}" says of the command. If you want it done, say it alone, for example "swap 1 SOL for USDC".`);
  // "instead of SOL, sell 2 for USDC", "keep my SOL. convert 2 to USDC": chat before that turns away from a token it names.
  // A command naming both its tokens, neither of them the one turned from, leaves nothing for it to change ("keep my JTO, sell 40 PYTH for USDC").
  const named = clauses.slice(at).flat().filter((item): item is Extract<Item, { kind: 'token' }> => item.kind === 'token');
  const aside = (token: Item) => token.kind === 'token' && new Set(named.map((item) => item.token.mint)).size >= 2 && !named.some((item) => item.token.mint === token.token.mint);
  // "I'd rather have USDC. Sell 2 SOL for USDC.": "rather" before a verb of having wishes for a token, which only the one the command
  // receives fits ("I'd rather have USDT. Sell 2 SOL for USDC." may want the other).
  const receivedMints = new Set(named.filter((item) => !paidIn(clauses[at]).has(item.token.mint)).map((item) => item.token.mint));
  // Said by the sender ("My wife would rather have USDC." is not), ending at the token ("… USDC swapped to SOL.", "… USDC than JUP.",
  // "… USDC, maybe." say more), and asking nothing.
  const ratherHad = (clause: Item[], k: number) => {
    const rather = clause.findIndex((item) => item.text.toLowerCase() === 'rather');
    const mine = clause.slice(0, rather).every((item) => item.kind === 'punct' || PARSER_WORDS.ratherSubjects.has(item.text.toLowerCase()));
    const ends = clause.slice(k + 1).every((item) => item.kind === 'punct' && ['.', '!'].includes(item.text));
    return rather >= 0 && rather < k && mine && ends && PARSER_WORDS.ratherHave.has(clause[rather + 1]?.text.toLowerCase() ?? '') && clause.slice(rather + 2, k).every((item) => item.kind === 'filler' || item.kind === 'marker');
  };
  const fits = (token: Extract<Item, { kind: 'token' }>) => receivedMints.has(token.token.mint) && new Set(named.map((item) => item.token.mint)).size === 2;
  const away = clauses.slice(0, at).find((clause) =>
    clause.some((item, k) => item.kind === 'token' && (ratherHad(clause, k) ? !fits(item) : turnsAway(clause, k) && !aside(item))),
  );
  if (away) return refuse('unclear', `I could not tell what "${wordsOf(away)}" leaves out of the command. Say the command alone, for example "swap 2 SOL for USDC".`);
  // "Got this from a scammer.", "My son typed this.", "He says he will double it.": chat before that warns of the command, or says another wrote it.
  // "Her wallet got hacked.", "She changed her wallet.": news of someone's wallet, said before a transfer, may be of the
  // recipient's; a clause that holds the address itself labels it ("to my new wallet <address>").
  const transfer = clauses.slice(at).flat().some((item) => (item.kind === 'verb' && item.role === 'send') || item.kind === 'address');
  const someonesWallet = (clause: Item[]) => clause.some((item, k) => RULE_WORDS.walletWords.has(item.text.toLowerCase()) && clause[k - 1]?.text.toLowerCase() !== 'my');
  const walletNews = (clause: Item[]) =>
    transfer && !clause.some((item) => item.kind === 'address') && someonesWallet(clause) && clause.some((item) => PARSER_WORDS.walletNews.has(item.text.toLowerCase()));
  const news = clauses.slice(0, at).find(walletNews);
  if (news) return refuse('unclear', `"${clip(wordsOf(news), 40)}" makes me stop: it may be news of the wallet you pay. Check the address, then say the command alone, for example "send 20 USDC to <address>".`);
  const warned = clauses.slice(0, at).find((clause) => {
    const said = spoken(clause);
    // ("<address> is a scammer.", "A scammer sent me his address.": beside a transfer, a warning may be of whom it pays, unless
    // told of the past without the address: "The last guy who helped me was a scammer.")
    const ofPayee = transfer && (clause.some((item) => item.kind === 'address') || !said.some((w) => PAST_MARKERS.has(w)));
    const pointed = said.length <= 3 || ofPayee || said.some((w) => PARSER_WORDS.pointers.has(w) || PARSER_WORDS.warningModals.has(w));
    // "My son typed this.", "He wrote this." (not "I typed it carefully."), "He says he will double it." (not "JUP could double").
    const othersWrote = said.some((w, k) => PARSER_WORDS.othersWrote.has(w) && !detailsSent(said, k)) && said.some((w) => RULE_WORDS.people.has(w) || PARSER_WORDS.someone.has(w));
    const promised = PARSER_WORDS.promises.some((phrase) => containsPhrase(said, phrase));
    const atCommand = (k: number) => PARSER_WORDS.pointers.has(clause[k].text.toLowerCase()) && ([undefined, 'punct'].includes(clause[k + 1]?.kind) || clause[k + 1]?.text.toLowerCase() === 'to');
    const othersSaid = said.some((w) => PARSER_WORDS.othersSaid.has(w)) && said.some((w) => RULE_WORDS.people.has(w) || PARSER_WORDS.someone.has(w)) && clause.some((_, k) => atCommand(k));
    const duress = said.some((w) => PARSER_WORDS.duress.has(w)) || drivenByOthers(said);
    // "The recipient says he only accepts USDT now.": someone's word on a token the command does not name.
    const otherToken = own.size > 0 && clause.some((item) => item.kind === 'token' && !own.has(item.token.mint)) && said.some((w) => PARSER_WORDS.othersSaid.has(w) || PARSER_WORDS.tokenPreferences.has(w));
    // "My roommate says absolutely not, but here goes:", "My wife says wait.": someone's word against it.
    const objected = said.some((w) => PARSER_WORDS.othersSaid.has(w)) && (clause.some((item) => item.kind === 'guard' && item.guard === 'negation') || said.some((w) => PARSER_WORDS.holds.has(w)));
    return othersWrote || othersSaid || promised || duress || otherToken || objected || (pointed && said.some((w) => PARSER_WORDS.warnings.has(w)));
  });
  if (warned) return refuse('unclear', `"${clip(wordsOf(warned), 40)}" makes me stop: I only build what you ask for yourself. If you are sure, say the command alone, for example "send 20 USDC to <address>".`);
  // "Maybe, I don't know, possibly:", "This is a joke, but:", "Can you tell me the risks before I commit to this?": chat before
  // that doubts the command, says it is not meant, asks of it or waits.
  const heldBack = clauses.slice(0, at).find((clause) => {
    const said = spoken(clause);
    const doubt = said.length > 0 && said.every((w) => PARSER_WORDS.doubts.has(w)) && said.some((w) => PARSER_WORDS.doubtsCore.has(w));
    const asksOfIt = clause.at(-1)?.text === '?' && PARSER_WORDS.pointers.has(said.at(-1) ?? '');
    // "What do you think?", "Is it safe?": an opinion asked of it; "Fees are high, wait for them to drop.": a wait.
    const opinion = clause.at(-1)?.text === '?' && said.some((w) => PARSER_WORDS.opinionAsks.has(w));
    const waits = PARSER_WORDS.waits.some((phrase) => containsPhrase(said, phrase));
    // "Let me confirm with him first.", "I still need to double check the address.": a check to make before it.
    const checksFirst = said.some((w) => PARSER_WORDS.checks.has(w)) && said.some((w) => PARSER_WORDS.checkedFirst.has(w));
    // "The amount might be wrong.": a part of the command doubted ("I sent to the wrong address once." tells).
    const doubtedPart = !clause.some((item) => PAST_MARKERS.has(item.text.toLowerCase()) || PAST_FORMS.has(item.text.toLowerCase())) && said.some((w) => PARSER_WORDS.wrong.has(w)) && said.some((w) => PARSER_WORDS.commandParts.has(w));
    // "paycheck clears first, send …", "he ships first.": something to happen before it; "wrong wallet." (an aside
    // elsewhere, so read in every word): a payee mistaken.
    const before = said.length >= 2 && said.at(-1) === 'first' && !DETERMINERS.has(said.at(-2) ?? '');
    const all = everyWord(clause);
    const wrongPayee = all.some((w, k) => PARSER_WORDS.wrong.has(w) && PARSER_WORDS.wrongPayees.has(all[k + 1] ?? ''));
    return doubt || asksOfIt || opinion || waits || checksFirst || doubtedPart || before || wrongPayee || said.some((w) => PARSER_WORDS.notMeant.has(w)) || holdsOn(clause, clauses[at]) || deniesBound(said) || asksAdvice(said) || lacksPart(said);
  });
  if (heldBack) return refuse('unclear', `"${clip(wordsOf(heldBack), 40)}" holds the command back. When you mean it, say it alone, for example "swap 1 SOL for USDC".`);
  // "I want 3 SOL left.", "I should have 3 SOL left.", "I want to keep 3 SOL.": chat before that says how much is to stay.
  const reserved = clauses.slice(0, at).find((clause) => {
    const said = spoken(clause);
    const amount = clause.some((item, k) => item.kind === 'money' || (item.kind === 'number' && clause[k + 1]?.kind === 'token'));
    // ("Keep half.", "Keep 20%.": a part of the balance to stay, said as an order.)
    const keptPart = PARSER_WORDS.kept.has(said[0] ?? '') && clause.some((item) => item.kind === 'share' || item.kind === 'percent');
    return keptPart || (amount && said.some((w) => PARSER_WORDS.kept.has(w)) && said.some((w) => PARSER_WORDS.wishes.has(w) || PARSER_WORDS.modals.has(w)));
  });
  if (reserved) return refuse('unclear', `"${clip(wordsOf(reserved), 40)}" says how much should stay, which I can't check against the command. Say the amount to swap or send, for example "swap 1 SOL for USDC".`);
  // "He needs 15 USDC.", "She asked for 30.", "He still needs 50 more.": someone else's need, sized in chat before other than the
  // command's amount ("He needs 25 USDC. Send 25 USDC …" reads), which the command may be meant to meet. Never the sender's own
  // ("I need 50 USDC for rent. Sell 1 SOL …"), nor before a command without an amount of its own, which it sizes ("I need 30 USDC, take it from my SOL").
  const sizeOf = (item: Item) => (item.kind === 'number' || item.kind === 'money' ? format(item.value) : undefined);
  const sizes = new Set(clauses.slice(at).flat().flatMap((item) => sizeOf(item) ?? []));
  const need = sizes.size > 0 && clauses.slice(0, at).find((clause) => {
    const said = clause.filter((item) => item.kind !== 'punct' && !(item.kind === 'filler' && item.aside));
    const word = (k: number) => said[k]?.text.toLowerCase() ?? '';
    return said.some((item, k) => {
      if (!PARSER_WORDS.needs.has(word(k))) return false;
      let subject = k - 1;
      while (PARSER_WORDS.balanceAdverbs.has(word(subject))) subject--;
      const someone = subject >= 0 && !PARSER_WORDS.ownSubjects.has(word(subject)) && !PARSER_WORDS.modals.has(word(subject));
      return someone && said.slice(k + 1).some((other) => sizeOf(other) !== undefined && !sizes.has(sizeOf(other)!));
    });
  });
  if (need) return refuse('unclear', `"${clip(wordsOf(need), 40)}" sizes a need other than the command, which I can't check against it. Say the amount to send or swap alone, for example "send 20 USDC to <address>".`);
  // "Half as much as before.", "Do the same as last time.": chat before that sizes the command against another.
  const sizedAgainst = clauses.slice(0, at).find((clause) => {
    // (With the asides' words: "this time" is one, "with 2% slippage this time" changes nothing of the amount.)
    const said = clause.filter((item) => item.kind !== 'punct').flatMap((item) => item.text.toLowerCase().split(/\s+/));
    const amount = clause.some((item) => item.kind === 'number' || item.kind === 'money');
    return PARSER_WORDS.comparedScales.some((phrase) => containsPhrase(said, phrase.split(' '))) || PARSER_WORDS.sizedAgainst.some((phrase) => containsPhrase(said, phrase)) || (amount && PARSER_WORDS.sizedThisTime.some((phrase) => containsPhrase(said, phrase)));
  });
  if (sizedAgainst) return refuse('unclear', `"${clip(wordsOf(sizedAgainst), 40)}" sizes the command against another one. Say the amount you want, for example "swap 1 SOL for USDC".`);
  // "Paid already.", "Already done.", "He already got it.": chat before that says the command was done.
  const done = clauses.slice(0, at).find((clause) => {
    const said = spoken(clause);
    // ("Already paid him earlier.": beside a payee, what was done is the payment.)
    // ("Already did half.": a part of it done.)
    // ("Already sent earlier - send …": a label points at what follows it.)
    const pointed = said.some((w) => PARSER_WORDS.pointers.has(w) || PARSER_WORDS.doneThings.has(w) || PARSER_WORDS.payees.has(w)) || clause.some((item) => item.kind === 'share') || LABEL_ENDS.has(clause.at(-1)?.text ?? '');
    // ("Already swapped some earlier.": beside a pointer, the command's own verb in the past.)
    const didIt = (w: string) => PARSER_WORDS.didIt.has(w) || (pointed && (PARSER_WORDS.gotIt.has(w) || PAST_FORMS.has(w)));
    // "He already got paid.", "She's been paid.", "Rent is already paid.": someone paid off ("Got paid today!", "I got paid" tell).
    const paidOff =
      said.some((w) => PARSER_WORDS.paidOff.has(w)) && said.some((w) => PARSER_WORDS.already.has(w) || w === 'been') &&
      !PARSER_WORDS.ownSubjects.has(said[0] ?? '') && !PARSER_WORDS.gotIt.has(said[0] ?? '') && !PARSER_WORDS.already.has(said[0] ?? '');
    // "He already did the work." tells what was done before; "I already sent it." and "Paid already." say this was.
    return paidOff || (said.some(didIt) && ((pointed && said.some((w) => PARSER_WORDS.already.has(w))) || said.every((w) => didIt(w) || PARSER_WORDS.already.has(w))));
  });
  if (done) return refuse('unclear', `"${clip(wordsOf(done), 40)}" says it was done already. If you want it done again, say the command alone, for example "send 20 USDC to <address>".`);
  // "what's my SOL balance? and swap 1 SOL to USDC": a question for a figure before the command is a second request.
  // "Check my SOL balance. Then swap half of it to JUP.", "Balance first.": so is one that opens asking for it, or puts it first.
  const asksFigure = (clause: Item[]) => {
    const said = spoken(clause);
    const opener = clause.find((item) => item.kind !== 'punct' && item.kind !== 'filler')?.text.toLowerCase() ?? '';
    return clause.at(-1)?.text === '?' || PARSER_WORDS.figureAsks.has(opener) || (said.some((w) => PARSER_WORDS.first.has(w)) && said.length <= 3);
  };
  const figure = (clause: Item[]) => clause.some((item) => INFO_NOUNS.includes(item.text.toLowerCase()) || PARSER_WORDS.figureNouns.has(item.text.toLowerCase()));
  const question = concrete(clauses[at]) && clauses.slice(0, at).find((clause) => asksFigure(clause) && figure(clause));
  if (question) return refuse('two-actions', 'That asks for a figure and gives a command. I answer one message at a time: ask for the figure, then send the command.');
  // Of the chat before, an address stays (it is the recipient: "<address> — send 5 SOL"), and so do
  // the amounts and tokens a command clause without them refers to ("i owe <address> 30 USDC, send it").
  const keep = ['address', 'bad-address', ...(concrete(clauses[at]) ? [] : [...AMOUNTS, 'token', 'marker', 'arrow'])];
  // A time in a clause before still schedules ("in an hour, swap…"), unless that clause tells the past.
  // A clause of nothing but tokens, amounts and prepositions is part of the command ("for USDC, swap 6 SOL"),
  // and a short one naming an unsupported feature still counts ("limit order: buy 10 SOL at $120").
  // "don't do that, do 10 USDC to JTO instead": the earlier command taken back for this one.
  const instead = clauses.slice(at).flat().some((item) => item.text.toLowerCase() === 'instead');
  const undone = (clause: Item[]) => instead && saysUndo(clause);
  const commandLemmas = new Set(clauses[at].flatMap((item) => (item.kind === 'verb' ? [item.lemma] : [])));
  const context = clauses.slice(0, at).flatMap((clause) => {
    // A bare token of the chat ("usdc, sell 2 sol") says no side: only its guards and addresses stay.
    const sided = !clause.some((item) => item.kind === 'token') || clause.some((item) => item.kind === 'marker' || item.kind === 'arrow' || isAmount(item));
    if (!clause.some((item) => item.kind === 'word' || item.kind === 'verb' || item.kind === 'guard') && !wishes(clause) && sided && !balanceTold(clause, clauses[at])) return clause;
    // "I'm up nicely this month.", "I've held it since the airdrop.": a sentence of the sender's situation looks back.
    const said = clause.filter((item) => item.kind !== 'punct').map((item) => item.text.toLowerCase());
    // Only a sentence of state, without a verb of doing ("I'm selling after a pump." plans).
    const doing = clause.some((item) => item.kind === 'verb' || PARSER_WORDS.doing.has(item.text.toLowerCase()) || RULE_WORDS.plans.has(item.text.toLowerCase()));
    const situation = ['.', '!'].includes(clause.at(-1)?.text ?? '') && startsWith(said, RULE_WORDS.situationOpeners) && !doing;
    const word = (j: number) => clause[j]?.text.toLowerCase() ?? '';
    const looksBack = (j: number) =>
      situation && (RULE_WORDS.lookingBack.has(word(j)) || (word(j - 1) === 'this' && RULE_WORDS.periods.has(word(j))));
    const past = clause.some((item) => PAST_MARKERS.has(item.text.toLowerCase()));
    const opener = clause.findIndex((item) => item.kind !== 'punct' && item.kind !== 'filler');
    // "not now: swap…": a clause of nothing but a negation still negates.
    // "no, send it to … instead": a clause of nothing but a correction word opens a correction.
    const bareNegation = !clause.some((item) => item.kind === 'word' || item.kind === 'verb') && !clause.every((item) => item.kind === 'punct' || PARSER_WORDS.corrections.has(item.text.toLowerCase())) && !undone(clause);
    // "just testing, don't actually execute it: send …": a negation of doing it still negates.
    const negatesDoing = clause.some((item) => PARSER_WORDS.doing.has(item.text.toLowerCase()));
    // "Not yet.", "No way.", "I'm not sure I should do this.", "I haven't checked the address yet.": a negation of doing it now
    // ("No way I'm holding SOL anymore." says why; "No way." says no).
    const acting = clause.some((item) => item.kind === 'verb' && !PAST_FORMS.has(item.text.toLowerCase()));
    const pointed = said.length <= 3 || acting || said.some((w) => PARSER_WORDS.pointers.has(w));
    const holdsBack = said.some((w) => PARSER_WORDS.notYet.has(w) || (pointed && PARSER_WORDS.notNow.has(w)));
    // "Fees are too high, not now.": a negation said right before its "now" holds it back wherever it stands in the clause.
    const deniedNow = clause.some((item, j) => item.kind === 'guard' && item.guard === 'negation' && PARSER_WORDS.deniedNow.has(word(j + 1)));
    // "Not the whole thing.", "No more than that.": a size denied ("I'm not a tech person at all." tells).
    const deniedSize = said.some((w, k) => PARSER_WORDS.deniedSizes.has(w) && said[k - 1] !== 'at');
    // "I won't sell before the halving.", "I never sell at a loss.", "Never selling at these prices.": the command's own verb, of the present, negated.
    // (Said after the negation, and not as a noun: "I've done a few swaps here before, no issues." tells.)
    const negatedAt = clause.findIndex((item) => item.kind === 'guard' && item.guard === 'negation');
    const asNoun = (j: number) => DETERMINERS.has(word(j - 1)) || TRAILING_CHAT.told.has(word(j - 1));
    const deniesActing = clause.some((item, j) => item.kind === 'verb' && j > negatedAt && !asNoun(j) && !PAST_FORMS.has(item.text.toLowerCase()) && [...commandLemmas].some((lemma) => item.lemma.startsWith(lemma)));
    const short = clause.filter((item) => item.kind !== 'punct').length <= 5;
    // A preposition of the chat goes with the command only before a token or an amount ("for USDC, swap 6 SOL"), not "hop on a call".
    const bindsSlot = (j: number) => ['token', 'address', ...AMOUNTS].includes(clause.slice(j + 1).find((next) => next.kind !== 'filler')?.kind ?? '');
    // "keep 0.1 for gas, swap …", "limit 140, swap …", "3 times, send …": an amount in figures in chat before the command stays,
    // to be read with it (and refused), unless the chat tells a story of the past or of the sender ("I got 800 JTO from the
    // drops."); a percentage tells of the market ("Bonk is up 20% today.").
    const statement = TRAILING_CHAT.subjects.has(said[0] ?? '');
    // ("It should be 2 SOL.": a statement of the present about "it" may size the command.)
    const told = past || (statement && !PARSER_WORDS.pointingSubjects.has(said[0])) || situation;
    return clause.filter(
      (item, j) =>
        ((item.kind === 'number' || item.kind === 'money') && /\d/.test(item.text) && concrete(clauses[at]) && !told) ||
        (keep.includes(item.kind) && (item.kind !== 'marker' || bindsSlot(j))) ||
        // A condition that opens its clause conditions whatever tense it tells in ("If my last swap failed, swap …"; "I lost it once." tells),
        // and so does a time of something the agent is to do first ("After you cancel my last transfer, swap …").
        (item.kind === 'guard' && (item.guard === 'chain' || (item.guard === 'time' && ((!past && !looksBack(j)) || (j === opener && PARSER_WORDS.conditions.has(item.what.toLowerCase())) || clause[j + 1]?.text.toLowerCase() === 'you')) || (item.guard === 'unsupported' && short) || (item.guard === 'negation' && (bareNegation || negatesDoing || holdsBack || deniedNow || deniedSize || deniesActing)))),
    );
  });
  // A token the chat names and the context drops may be what the command's amount is of.
  if (!context.some((item) => item.kind === 'token')) clauses[at] = referredBack(clauses.slice(0, at), clauses[at]) ?? clauses[at];
  if (!context.some((item) => item.kind === 'token')) clauses[at] = wishedOutput(clauses.slice(0, at), clauses[at]) ?? clauses[at];
  const wanted = wantedBefore(clauses.slice(0, at), clauses[at]);
  if (wanted) return [...context.filter((item) => !wanted.includes(item)), ...clauses.slice(at).flat(), ...wanted];
  return [...context, ...clauses.slice(at).flat()];
}

/**
 * "I have 3 SOL left.", "I only have 3 SOL left.": a sentence of the sender's balance, said before a command with an amount in
 * figures of its own, tells; its words the lexicon reads as fillers leave it looking like part of the command. Never beside a wish,
 * a modal, a preposition, a word of size or of change ("I want 3 SOL left.", "I'll have 3 SOL left.", "I have 3 SOL for USDC.", "I have 2 SOL
 * more."), nor before a command that points back at it or takes a part of it ("Swap it for USDC.", "Swap half for USDC.").
 */
function balanceTold(clause: Item[], command: Item[]): boolean {
  const said = spoken(clause).filter((w) => !PARSER_WORDS.balanceAdverbs.has(w));
  const plain = clause.every((item) => ['filler', 'number', 'money', 'token', 'punct'].includes(item.kind)) && !said.some((w) => PARSER_WORDS.wishes.has(w) || PARSER_WORDS.modals.has(w) || TRAILING_CHAT.resizes.has(w) || (TRAILING_CHAT.changes.has(w) && !PARSER_WORDS.kept.has(w)));
  // (The command's amount is of a token it names itself: "Swap 100 for SOL." would take the balance's token as the one paid.)
  const sized = command.some((item, k) => (item.kind === 'money' || (item.kind === 'number' && command[k + 1]?.kind === 'token')) && /\d/.test(item.text)) && !command.some((item) => item.kind === 'share' || POINTERS.has(item.text.toLowerCase()));
  return ['.', '!'].includes(clause.at(-1)?.text ?? '') && PARSER_WORDS.balanceSubjects.has(said[0] ?? '') && PARSER_WORDS.statesWithoutVerb.has(said[1] ?? '') && plain && sized;
}

/**
 * "I'd rather hold for now.", "JUP is still going up, so hold.", "HODL.", "SOL is still too low to sell.": chat before a command that
 * says to keep what it trades (PARSER_WORDS.holding), or that it is too soon or too late for a verb of trading ("too … to sell"). A
 * hold told rather than meant stays chat: after one of `heldTold` ("tired of holding", "I've been holding SOL"), before a quantity
 * ("I hold way too much SOL"), negated ("Can't hold anymore."), or the thing "too" much for ("SOL is too volatile to hold.").
 */
function holdsOn(clause: Item[], command?: Item[]): boolean {
  const words = clause.map((item) => item.text.toLowerCase());
  // Beside the command, a hold on a token it does not pay is a wish for it ("i want to hold more jitosol. convert 2 sol").
  const held = clause.filter((item): item is Extract<Item, { kind: 'token' }> => item.kind === 'token');
  if (command && held.length > 0 && !held.some((item) => paidIn(command).has(item.token.mint))) return false;
  const negated = (k: number) => clause.slice(0, k).some((item) => item.kind === 'guard' && item.guard === 'negation');
  const too = words.indexOf('too');
  // ("I'm holding the baby.": a thing held, not funds.)
  // (The command itself or funds are no thing: "Hold the swap.", "Hold the stables.")
  const thing = (k: number) =>
    DETERMINERS.has(words[k + 1] ?? '') && clause[k + 2]?.kind !== 'token' && clause[k + 2]?.kind !== 'verb' && !OTHER_SOURCES.funds.has(words[k + 2] ?? '') && !PARSER_WORDS.actionNouns.has(words[k + 2] ?? '') && !PARSER_WORDS.heldQuantities.has(words[k + 2] ?? '') && !PARSER_WORDS.heldThings.has(words[k + 2] ?? '');
  const holds = words.some(
    (w, k) => PARSER_WORDS.holding.has(w) && !PARSER_WORDS.heldTold.has(words[k - 1] ?? '') && !PARSER_WORDS.heldQuantities.has(words[k + 1] ?? '') && !thing(k) && !negated(k) && !(too >= 0 && too < k),
  );
  const tooSoon = too >= 0 && clause.some((item, k) => k > too && item.kind === 'verb' && words[k - 1] === 'to' && !PAST_FORMS.has(words[k]));
  return holds || tooSoon;
}

/** "Advise me.", "Please advise.", "Suggest something.", "Your call.": advice asked without a question mark (PARSER_WORDS.adviceAsks). */
function asksAdvice(said: string[]): boolean {
  const opener = said.find((w) => !PARSER_WORDS.orderOpeners.has(w) && !/^[!.?,]+$/.test(w)) ?? '';
  return PARSER_WORDS.adviceAsks.has(opener) || PARSER_WORDS.adviceAskedPhrases.some((phrase) => containsPhrase(said, phrase));
}

/** "Still need his address.", "Still waiting for the amount.": a part of the command still to come (PARSER_WORDS.lacking, `lackedParts`). */
function lacksPart(said: string[]): boolean {
  return said.some((w) => PARSER_WORDS.lacking.has(w)) && said.some((w) => PARSER_WORDS.lackedParts.has(w));
}

/** The tokens a command's clause pays, as said: after "with"/"using", or first after a verb that pays or sends ("sell 2 SOL …"). */
function paidIn(command: Item[]): Set<string> {
  const verb = command.find((item) => item.kind === 'verb');
  const paid = command.filter((item, k) => {
    if (item.kind !== 'token') return false;
    const before = command.slice(0, k).filter((other) => !isAmount(other) && other.kind !== 'filler').at(-1);
    const first = command.findIndex((other) => other.kind === 'token') === k;
    return (before?.kind === 'marker' && before.marker === 'in') || (first && verb?.kind === 'verb' && verb.role !== 'get' && before?.kind !== 'marker');
  });
  return new Set(paid.flatMap((item) => (item.kind === 'token' ? [item.token.mint] : [])));
}

/**
 * "Not at a loss.", "Nothing more.", "Not a cent more.", "Rather not.": a clause of no verb that opens with a negation (`boundDenials`)
 * and denies a bound or a price (`deniedBounds`), or says "rather not": the command may be meant only within it. ("Not financial
 * advice.", "No rush.", "Nothing fancy." deny nothing of the command.)
 */
function deniesBound(said: string[]): boolean {
  const at = said.findIndex((w) => PARSER_WORDS.boundDenials.has(w));
  if (at < 0) return false;
  // ("Definitely not at a loss this time.": a word may come before the negation, and the bound within three after it.)
  const bound = said.slice(at + 1, at + 4).some((w) => PARSER_WORDS.deniedBounds.has(w));
  return (at <= 1 && said.length <= 7 && bound && !said.some((w) => VERBS[w] !== undefined)) || said[at - 1] === 'rather';
}

/** "I'm still deciding.", "Let me think about it first.", "Just looking for now.": a decision not made yet (PARSER_WORDS.undecided). */
function undecided(words: string[]): boolean {
  const ending = PARSER_WORDS.undecidedEndings.some((phrase) => phrase.every((w, k) => words[words.length - phrase.length + k] === w));
  return ending || words.some((w) => PARSER_WORDS.undecided.has(w)) || PARSER_WORDS.undecidedPhrases.some((phrase) => containsPhrase(words, phrase));
}

/**
 * "They are making me do this.": duress (PARSER_WORDS.duressPhrases); "He told me to.", "My wife said so.", "Support asked me
 * to do this.": someone else's instruction, where a clause ends or pointing at the command ("The DAO asked me to cover the
 * bounty." says what the command is for).
 */
function drivenByOthers(words: string[]): boolean {
  if (PARSER_WORDS.duressPhrases.some((phrase) => containsPhrase(words, phrase))) return true;
  const said = words.filter((w) => !/^[!.?,]+$/.test(w));
  const [last, before] = [said.at(-1) ?? '', said.at(-2) ?? ''];
  if (PARSER_WORDS.decidedBy.has(last) && before !== '' && !PARSER_WORDS.ownSayers.has(before)) return true;
  if (PARSER_WORDS.decisionNouns.has(last) && (before.endsWith("'s") || OTHER_SOURCES.pronouns.has(before))) return true;
  return PARSER_WORDS.instructedPhrases.some((phrase) => {
    const k = said.findIndex((_, j) => phraseAt(said, phrase, j));
    if (k < 0) return false;
    const after = said.slice(k + phrase.length);
    return after.length === 0 || (after.length <= 2 && POINTERS.has(after.at(-1)!));
  });
}

/** A verb that names what a swap pays ("use USDT", "sell JUP", "selling JUP"). */
const namesPaid = (verb: Item) => verb.kind === 'verb' && (PARSER_WORDS.payingVerbs.has(verb.lemma) || hasTrait(verb, 'sells'));

/** A word in a script the agent does not read (tokenize.ts `foreign`). */
const unread = (item: Item) => item.kind === 'word' && item.foreign === true;

/** "don't do that", "not that one": a clause that takes back the earlier command (PARSER_WORDS.undoes). */
function saysUndo(clause: Item[]): boolean {
  const said = clause.filter((item) => item.kind !== 'punct').map((item) => item.text.toLowerCase()).join(' ');
  return PARSER_WORDS.undoes.some((phrase) => phrase.join(' ') === said);
}

/** "not BONK", "instead of BONK", "keep my BONK": the words right before the token at k turn away from it. */
function turnsAway(items: Item[], k: number): boolean {
  for (let before = k - 1; before >= 0; before--) {
    const item = items[before];
    if (PARSER_WORDS.awayFrom.has(item.text.toLowerCase())) return true;
    if (item.kind !== 'filler' && !(item.kind === 'marker' && item.marker === 'of')) return false;
  }
  return false;
}

/**
 * "I have too much BONK lol, dump 1m of it for SOL", "tired of USDT, turn 20 into USDC": a command
 * whose amount names no token, after chat that names one token and nothing against it, is of that
 * token: the pointer ("of it") becomes the token, or the token follows the bare amount.
 */
function referredBack(before: Item[][], command: Item[]): Item[] | undefined {
  const chat = before.flat();
  const named = chat.filter((item): item is Extract<Item, { kind: 'token' }> => item.kind === 'token');
  if (new Set(named.map((item) => item.token.mint)).size !== 1) return undefined;
  // A feature Parley lacks names no side ("the JUP airdrop finally hit. sell 600 of it"); a negation, a time or a chain may,
  // and so may a trade of the token done ("I sold my BONK. Swap 100 of it for JUP." is of what the sale brought).
  const traded = (k: number) => chat[k].kind === 'verb' && PAST_FORMS.has(chat[k].text.toLowerCase()) && chat.slice(k + 1).find((item) => item.kind !== 'filler')?.kind === 'token';
  const against = chat.some((item, k) => (item.kind === 'guard' && item.guard !== 'unsupported') || CANCEL_WORDS.has(item.text.toLowerCase()) || (item.kind === 'token' && turnsAway(chat, k)) || traded(k));
  if (against || command.filter((item) => item.kind === 'token').length !== 1) return undefined;
  // A copy: the chat's own token stays out of the command, to be named as chat in the reply.
  const token = { ...named[0] };
  const next = (k: number) => command.slice(k + 1).find((item) => item.kind !== 'filler');
  const pointer = command.findIndex((item, k) => POINTERS.has(item.text.toLowerCase()) && command[k - 1]?.kind === 'marker' && (command[k - 1] as Extract<Item, { kind: 'marker' }>).marker === 'of');
  if (pointer >= 0) return [...command.slice(0, pointer), token, ...command.slice(pointer + 1)];
  const bare = command.findIndex((item, k) => item.kind === 'number' && (next(k) === undefined || next(k)!.kind === 'marker'));
  if (bare >= 0) return [...command.slice(0, bare + 1), token, ...command.slice(bare + 1)];
  return undefined;
}

/** A clause that wishes for something ("i need USDC", "want bonk"). */
const wishes = (clause: Item[]) => clause.some((item) => PARSER_WORDS.wishes.has(item.text.toLowerCase()));

/** "i need SOL so swap …": the last word said before `item` in `items`, fillers other than wishes aside, is a wish. */
const wishedRightBefore = (items: Item[], item: Item) =>
  wishes(items.slice(0, items.indexOf(item)).filter((said) => said.kind !== 'filler' || PARSER_WORDS.wishes.has(said.text.toLowerCase())).slice(-1));

/** An arrow or a marker ("for", "to", "into") that introduces what is received. */
const receives = (item: Item | undefined) => item?.kind === 'arrow' || (item?.kind === 'marker' && (item.marker === 'out' || item.marker === 'to'));

/**
 * "i need USDC, sell 2 SOL", "want bonk. swap 1 SOL for it": a wish for a token alone (or its purchase, unsized: "buy jup,
 * use 5 usdc for it"), before a command that pays with one
 * token and names nothing it receives, is what the command receives: the token behind a "for" (or in place of the
 * pointer after "for"). Never what is paid: a wish is for what one gets.
 */
function wishedOutput(before: Item[][], command: Item[]): Item[] | undefined {
  // "buy jup, use 5 usdc for it": a purchase of a token alone, unsized, wishes for it as much.
  const bought = (clause: Item[]) => {
    const said = clause.filter((item) => item.kind !== 'filler' && item.kind !== 'punct');
    return said.length === 2 && said[0].kind === 'verb' && said[0].role === 'get' && !PAST_FORMS.has(said[0].text.toLowerCase()) && said[1].kind === 'token' && clause.at(-1)?.text !== '?';
  };
  // ("Want out of POPCAT." wishes to pay it: a token behind a marker of what is paid is no wish for it.)
  const wished = before.filter((clause) => bought(clause) || (wishes(clause) && !clause.some((item) => isAmount(item) || item.kind === 'verb' || item.kind === 'guard' || (item.kind === 'marker' && item.marker === 'in'))));
  const tokens = wished.flat().filter((item): item is Extract<Item, { kind: 'token' }> => item.kind === 'token');
  const main = command.find((item) => item.kind === 'verb');
  if (tokens.length !== 1 || main?.kind !== 'verb' || main.role !== 'pay' || command.filter((item) => item.kind === 'token').length !== 1) return undefined;
  // A copy: the chat's own token stays out of the command, to be named as chat in the reply.
  const token = { ...tokens[0] };
  const pointer = command.findIndex((item, k) => POINTERS.has(item.text.toLowerCase()) && receives(command[k - 1]));
  if (pointer >= 0) return [...command.slice(0, pointer), token, ...command.slice(pointer + 1)];
  if (command.some(receives)) return undefined;
  const marker: Item = { kind: 'marker', marker: 'out', text: 'for', start: token.start, end: token.start };
  return [...command, marker, token];
}

/**
 * "I need exactly 50 USDC, sell SOL for it": a wish for an amount of a token, before a command
 * clause that names only what to pay, is what the command receives: the wished amount and token
 * behind a "for", to append to the command.
 */
function wantedBefore(before: Item[][], command: Item[]): Item[] | undefined {
  // "i need 50 USDC, buy SOL" contradicts itself: only a command that pays or sends receives the wish.
  if (command.some(isAmount) || !command.some((item) => item.kind === 'verb' && item.role !== 'get')) return undefined;
  const wish = before.find((clause) => wishes(clause) && clause.some(isAmount) && clause.some((item) => item.kind === 'token'));
  if (!wish) return undefined;
  const amounts = wish.filter(isAmount);
  const tokens = wish.filter((item) => item.kind === 'token');
  if (amounts.length !== 1 || tokens.length !== 1) return undefined;
  const [amount] = amounts;
  const marker: Item = { kind: 'marker', marker: 'out', text: 'for', start: amount.start, end: amount.start };
  return [marker, amount, tokens[0]];
}

/**
 * "send half of them to <address>" after "how much BONK do I have": a command that names no
 * token but points at one ("it", "them") is about the token the last question named.
 */
function withQueriedToken(items: Item[], ctx: ParseContext): Item[] {
  const token = ctx.previousQuery?.token;
  if (!token || !items.some((item) => item.kind === 'verb')) return items;
  // "sell 5 of them for USDC", "buy 5 USDC worth of it": after "of", the pointer is the token even beside another; "swap 20 USDC
  // for it": after what receives, beside the one token a swap pays.
  const swapsOne = items.filter((i) => i.kind === 'token').length === 1 && !items.some((i) => (i.kind === 'verb' && i.role === 'send') || i.kind === 'address');
  const pointer = items.findIndex(
    (item, k) => {
      const before = items[k - 1];
      const ofIt = before?.kind === 'marker' && (before.marker === 'of' || before.marker === 'worth');
      const receivedIt = swapsOne && receives(before);
      return POINTERS.has(item.text.toLowerCase()) && item.text.toLowerCase() !== 'that' && item.text.toLowerCase() !== 'this' && (!items.some((i) => i.kind === 'token') || ofIt || receivedIt);
    },
  );
  // "buy 20 USDC worth" after "how much WIF do I have": a "worth" that ends the command is worth of that token.
  const last = items.filter((item) => item.kind !== 'filler' && item.kind !== 'punct').at(-1);
  if (pointer < 0 && last?.kind === 'marker' && last.marker === 'worth' && items.filter((item) => item.kind === 'token').length === 1) {
    return [...items, { kind: 'token', token, fuzzy: false, dollar: false, text: token.symbol, start: last.end, end: last.end }];
  }
  if (pointer < 0) return items;
  // "price of BONK" → "My cousin loves WIF. Buy 1 SOL worth of it.": a token another sentence names may be the one meant.
  const sentenceBetween = (k: number) => items.slice(Math.min(k, pointer), Math.max(k, pointer)).some((item) => item.kind === 'punct' && SENTENCE_ENDS.has(item.text));
  if (items.some((item, k) => item.kind === 'token' && item.token.mint !== token.mint && sentenceBetween(k))) return items;
  const { start, end } = items[pointer];
  return [...items.slice(0, pointer), { kind: 'token', token, fuzzy: false, dollar: false, text: items[pointer].text, start, end }, ...items.slice(pointer + 1)];
}

/** "my friend said 'send 5 USDC to …'": a command in quotes is reported, not asked for. */
function quotesACommand(raw: string, vocabulary: Vocabulary): boolean {
  for (const match of raw.matchAll(/["“”«»]([^"“”«»]{3,})["“”«»]|(?:^|\s)['‘]([^'‘’]{3,})['’](?=\s|$|[.,!?])/g)) {
    if (tokenize(match[1] ?? match[2], vocabulary).some((item) => item.kind === 'verb')) return true;
  }
  return false;
}

function done(command: Command, confidence: number, followUp = false): ParseResult {
  return { ok: true, command, confidence: round(confidence), followUp };
}

/** "cancel", "never mind", "forget it": the whole message, politeness aside. */
function isCancel(words: string[]): boolean {
  const spoken = words.filter((w) => !/^[!.?,]+$/.test(w));
  return spoken.some((w) => CANCEL_WORDS.has(w)) && spoken.every((w) => CANCEL_WORDS.has(w) || CANCEL_COMPANIONS.has(w));
}

/**
 * "with 1% slippage", "slippage 50 bps", "allow 2 percent slippage", "keep slippage below 0.5%":
 * taken out of the items with the words that say it (the lexicon's SLIPPAGE table), in basis points.
 */
function takeSlippage(items: Item[]): { items: Item[]; bps?: number } | Extract<ParseResult, { ok: false }> {
  const said = (item: Item | undefined, words: Set<string>) => !!item && words.has(item.text.toLowerCase());
  // "swap 12.5 SOL -> USDC, 30bps": basis points said without the word are the slippage, the only thing they can size.
  const lone = items.filter((item) => item.kind === 'bps');
  const word = items.findIndex((item) => said(item, SLIPPAGE.words));
  const at = word >= 0 ? word : lone.length === 1 ? items.indexOf(lone[0]) : -1;
  const twice = refuse('unclear', 'That names more than one slippage. Say one, for example "with 50 bps slippage".');
  if (at < 0) return lone.length > 1 ? twice : { items };
  // "My last swap failed because of 50% slippage. Swap 1 SOL for USDC.": a slippage in a sentence of the past, beside a
  // command said in another, was an earlier trade's.
  const sentences = splitAfter(items, SENTENCE_ENDS);
  const own = sentences.find((sentence) => sentence.includes(items[at]))!;
  const told = own.some((item) => PAST_MARKERS.has(item.text.toLowerCase()) || PAST_FORMS.has(item.text.toLowerCase()) || PARSER_WORDS.failures.has(item.text.toLowerCase()));
  if (told && sentences.some((sentence) => sentence !== own && sentence.some((item) => item.kind === 'verb'))) {
    return refuse('unclear', 'That slippage is said of an earlier trade. Say the slippage for this one, for example "swap 1 SOL for USDC with 1% slippage".');
  }
  const skippable = (item: Item | undefined) => !!item && (item.kind === 'filler' || item.kind === 'punct' || (item.kind === 'marker' && ['of', 'to', 'out', 'denominated'].includes(item.marker)) || said(item, SLIPPAGE.links));
  // A bare number before a token is an amount ("slippage: 2 SOL for GOAT"), not the slippage.
  const numeric = (k: number) => {
    const item = items[k];
    return !!item && (item.kind === 'percent' || item.kind === 'bps' || (item.kind === 'number' && items[k + 1]?.kind !== 'token'));
  };
  let after = -1;
  // Up to seven items of linking words: "slippage low, no more than half a percent".
  for (let k = at + 1; k < items.length && k <= at + 7; k++) {
    if (numeric(k)) {
      after = k;
      break;
    }
    if (!skippable(items[k])) break;
  }
  let before = -1;
  for (let k = at - 1; k >= 0 && k >= at - 3; k--) {
    if (numeric(k)) {
      before = k;
      break;
    }
    if (!skippable(items[k]) && items[k].kind !== 'share') break;
  }
  // A percentage or bps said on either side wins over a bare number on the other ("3% slippage: 2 …").
  const unit = (k: number) => k >= 0 && items[k].kind !== 'number';
  const value = items[at].kind === 'bps' ? at : unit(after) || (!unit(before) && after >= 0) ? after : before;
  if (value < 0) return refuse('unclear', 'How much slippage? Say for example "with 1% slippage" or "slippage 50 bps".');
  const item = items[value] as Extract<Item, { kind: 'percent' | 'bps' | 'number' }>;
  // "slippage not 5%", "no 1% slippage": a value taken back ("no more than 1%", "don't exceed 2%" cap it).
  const taken = items[value - 1];
  if (taken?.kind === 'guard' && taken.guard === 'negation') {
    return refuse('unclear', `You said "${taken.text} ${item.text}" of the slippage. Say the slippage you want, for example "with 1% slippage".`);
  }
  // "slippage 0,5%": a number that does not read is no slippage of 0.
  if (item.kind === 'number' && item.malformed) return refuse('bad-amount', `"${item.text}" is not a slippage I can read safely: write it like 0.5% or 50 bps.`);
  // "slippage 50": percent or basis points? Up to 5 reads as percent ("slippage 0.5", "slippage 1"); more is asked.
  if (item.kind === 'number' && (item.value.units > 5n * 10n ** BigInt(item.value.scale))) {
    return refuse('unclear', `Is that slippage ${format(item.value)}% or ${format(item.value)} bps? Say for example "slippage ${format(item.value)} bps" or "slippage 0.5%".`);
  }
  const shown = `${item.negative ? '-' : ''}${format(item.value)}${item.kind === 'bps' ? ' bps' : '%'}`;
  if (item.negative) return refuse('bad-amount', `Slippage cannot be negative (got ${shown}): say for example "with 1% slippage".`);
  const bps = item.kind === 'bps' ? item.value : multiply(item.value, decimal(100));
  if (bps.scale > 0 && bps.units % 10n ** BigInt(bps.scale) !== 0n) return refuse('bad-amount', `Slippage must be a whole number of basis points (0.01%), got ${shown}.`);
  const whole = Number(bps.units / 10n ** BigInt(bps.scale));
  if (whole > 5000) return refuse('bad-amount', `Slippage must be from 0 to 50% (0 to 5000 bps), got ${shown}.`);
  // The words that say it go too: "and allow up to", "with a max", "… max".
  let first = Math.min(at, value);
  while (first > 0 && (said(items[first - 1], SLIPPAGE.leads) || items[first - 1].kind === 'punct')) first--;
  // "don't allow 1% slippage" forbids that slippage rather than capping it ("don't allow more than 1%", "never over 1%").
  const phrase = items.slice(first, Math.max(at, value) + 1).map((item) => item.text.toLowerCase());
  if (phrase.some((w) => SLIPPAGE.denials.has(w)) && !phrase.some((w) => SLIPPAGE.caps.has(w))) {
    return refuse('unclear', `I could not tell what slippage you allow. Say it as a limit, for example "with at most 1% slippage".`);
  }
  let last = Math.max(at, value);
  while (last + 1 < items.length && said(items[last + 1], SLIPPAGE.trails)) last++;
  // "… on this one", "… when you swap": what the slippage applies to goes with it.
  const applies = longestMatch(APPLIES_TO, itemWords(items), last + 1);
  if (applies) last = applies.end - 1;
  const rest = [...items.slice(0, first), ...items.slice(last + 1)];
  return rest.some((item) => item.kind === 'bps') ? twice : { items: rest, bps: whole };
}

const APPLIES_TO = compile(SLIPPAGE.appliesTo.map((source) => [source, true] as const));

/** The items as the pattern matcher reads words (patterns.ts). */
const HELP_PATTERNS = compile(HELP_SHAPES.map((source) => [source, true] as const));

/** Words alone, as the patterns read them: none of them a token, an amount, a verb or an address. */
function plainWords(words: string[]): Words {
  const mark = (k: number) => /^[!.?,;:]+$/.test(words[k] ?? '');
  return {
    length: words.length,
    word: (k) => words[k],
    isToken: () => false,
    isNumber: () => false,
    isVerb: () => false,
    isAddress: () => false,
    isPlain: (k) => k < words.length && !mark(k),
    endsBefore: (k) => k >= words.length || mark(k),
  };
}

function itemWords(items: Item[]): Words {
  const plain = (item: Item | undefined) => item?.kind === 'word' || item?.kind === 'filler';
  return {
    length: items.length,
    word: (k) => items[k]?.text.toLowerCase(),
    isToken: (k) => items[k]?.kind === 'token',
    isNumber: (k) => items[k]?.kind === 'number' || items[k]?.kind === 'money',
    isVerb: (k) => items[k]?.kind === 'verb',
    isAddress: (k) => items[k]?.kind === 'address',
    isPlain: (k) => plain(items[k]),
    endsBefore: (k) => k >= items.length || items[k].kind === 'punct',
  };
}

const otherChain = (name: string) =>
  refuse('other-chain', `I work on Solana only, and "${clip(name, 20)}" is another chain. To do it on Solana, say it without the other chain, with Solana tokens and addresses.`);

/**
 * The safety rules that hold before any frame: a negated command, a question about a
 * command, a hypothetical, another chain, a time or a condition, an unsupported feature.
 */
function guards(items: Item[], words: string[], transactional: boolean, allWords: string[]): ParseResult | undefined {
  const guard = (name: string) => items.find((item) => item.kind === 'guard' && item.guard === name);
  const unsupported = guard('unsupported');
  if (unsupported && unsupported.kind === 'guard') return refuse('unsupported', `I can't help with ${unsupported.what} yet. ${EXAMPLES}`);
  // "create a USDC token account for <address>", "please open an ATA for BONK": a token account made on its own, with no swap or
  // transfer to make it for.
  const opening = () => items.find((item) => item.kind !== 'punct' && !(item.kind === 'filler' && item.aside !== 'account'));
  const makesAlone = !items.some((item) => item.kind === 'verb') && ACCOUNT_REMARKS.orders.has(opening()?.text.toLowerCase().split(/\s+/)[0] ?? '');
  if (makesAlone && items.some((item) => item.text.toLowerCase().split(/\s+/).some((w) => ACCOUNT_REMARKS.nouns.has(w)))) {
    return refuse('unsupported', `I can't create a token account on its own yet: a swap or a transfer creates the one it needs. ${EXAMPLES}`);
  }
  const chain = items.find((item) => (item.kind === 'guard' && item.guard === 'chain') || (item.kind === 'bad-address' && item.why === 'evm'));
  if (chain && (transactional || chain.kind === 'guard')) {
    return otherChain(chain.kind === 'guard' ? chain.what : 'an Ethereum-style address');
  }
  if (!transactional) return undefined;
  // "… . It's for Arbitrum.": a chain's own name, anywhere beside a transaction.
  const named = allWords.find((w) => PARSER_WORDS.chainOnlyNames.has(w));
  if (named) return otherChain(named);
  // "no wait, 0.6", "nope, 3 SOL", "no i meant USDT": a correction, not a negation; "no, don't swap" still is one.
  const lead = items.findIndex((item) => item.kind !== 'punct' && item.kind !== 'filler' && !PARSER_WORDS.corrections.has(item.text.toLowerCase()));
  const lowered = items.map((item) => item.text.toLowerCase());
  const opensCorrection = (k: number) => saysAt(lowered, IN_MESSAGE_CORRECTIONS.openers.filter((phrase) => phrase.length > 1), k);
  const corrects = (k: number) =>
    k < lead && PARSER_WORDS.corrections.has(lowered[k]) && (items[k + 1]?.kind === 'punct' || PARSER_WORDS.corrections.has(lowered[k + 1] ?? '') || opensCorrection(k + 1));
  const negation = items.find((item, k) => item.kind === 'guard' && item.guard === 'negation' && !corrects(k));
  if (negation) return refuse('negated', `You said "${negation.text}", so I won't build anything. To go ahead, say the command without it, for example "swap 1 SOL for USDC".`);
  if (opensQuestion(dropLeading(words)) || opensQuestion(dropLeading(allWords)) || allWords.some((w) => QUESTION_WORDS.has(w))) {
    return refuse('question', `That reads as a question about a transaction, not a request to make one. To do it, say it as a command, for example "swap 1 SOL for USDC".`);
  }
  // "i would swap 5 SOL", "i'd send …": what one would do, not a request ("i'd like to swap" is one).
  const said = items.map((item) => item.text.toLowerCase());
  // "i could swap 1 SOL", "we could send …" too: what one could do ("i could use some USDC" wishes for it).
  const wouldDo = items.some((item, k) => {
    const verb = items[k + 1];
    const modal = said[k] === "i'd" || (PARSER_WORDS.wouldModals.has(said[k]) && PARSER_WORDS.wishers.has(said[k - 1] ?? ''));
    return modal && verb?.kind === 'verb' && !(said[k] === 'could' && verb.lemma === 'use');
  });
  // "I'd like 2 SOL converted to PYUSD", "I would like …": "like" after the sender wishes, though "like 2" reads as a hedge
  // ("i have like 5 usdc sent" tells; "my wife would like …" is someone else's wish).
  const ownWish = (j: number) => PARSER_WORDS.likers.has(said[j - 1] ?? '') || (said[j - 1] === 'would' && PARSER_WORDS.wishers.has(said[j - 2] ?? ''));
  const wished = (k: number) => said.slice(Math.max(0, k - 4), k).some((v, j) => v === 'like' && ownWish(Math.max(0, k - 4) + j));
  const told = words.some((w, k) => PAST_FORMS.has(w) && !PARSER_WORDS.pleasBeforePast.has(words[k - 1] ?? '') && !words.slice(Math.max(0, k - 4), k).some((v) => PARSER_WORDS.wishesBeforePast.has(v))) &&
    !said.some((w, k) => PAST_FORMS.has(w) && wished(k));
  if (wouldDo || told || HYPOTHETICALS.some((phrase) => containsPhrase(allWords, phrase))) {
    return refuse('hypothetical', 'That is a hypothetical, so I won\'t build anything. To do it now, say it as a command, for example "swap 1 SOL for USDC".');
  }
  const time = guard('time');
  if (time) {
    return refuse('time-or-condition', `I can't schedule a transaction or make it wait on a condition ("${clip(time.text, 20)}"). To do it now, say the command without the time or condition.`);
  }
  return undefined;
}


/** "should I…", "is it…", "how would I…": words that open a question about a command. */
function opensQuestion(words: string[]): boolean {
  return saysAt(words, QUESTION_OPENERS) || PARSER_WORDS.questionAuxiliaries.has(words[0]);
}

function dropLeading(words: string[]): string[] {
  let k = 0;
  while (k < words.length && LEADING_FILLERS.includes(words[k])) k++;
  return words.slice(k);
}

/** Whether one of the phrases is said at word k. */
function saysAt(words: string[], phrases: string[][], k = 0): boolean {
  for (const phrase of phrases) if (phraseAt(words, phrase, k)) return true;
  return false;
}

/** The length of the longest of `phrases` said at word k, 0 if none is. */
function longestAt(words: string[], phrases: string[][], k: number): number {
  let longest = 0;
  for (const phrase of phrases) if (phrase.length > longest && phraseAt(words, phrase, k)) longest = phrase.length;
  return longest;
}

/** Loops rather than closures: these run for every phrase of every list at every word, and the garbage they made set the parse's p99. */
function phraseAt(words: string[], phrase: string[], k: number): boolean {
  for (let j = 0; j < phrase.length; j++) if (words[k + j] !== phrase[j]) return false;
  return true;
}

/** From item k, a person named as a recipient ("my friend", "to my sister", "him"), as after "or" beside an address. */
function recipientNamed(tagged: Item[], k: number): boolean {
  let j = k;
  while (OTHER_SOURCES.recipientLeads.has(tagged[j]?.text.toLowerCase() ?? '')) j++;
  const word = tagged[j]?.text.toLowerCase() ?? '';
  return RULE_WORDS.people.has(word) || OTHER_SOURCES.beneficiaries.has(word);
}

/** "sent me his address.", "sent us the wallet." (`words` in lower case, the verb at `k`): what was sent is no money and no command. */
function detailsSent(words: string[], k: number): boolean {
  if (!RULE_WORDS.giveTo.has(words[k + 1] ?? '')) return false;
  const at = DETERMINERS.has(words[k + 2] ?? '') ? k + 3 : k + 2;
  // Said alone, ending its sentence ("…, but I don't trust him", "… and is typing now: …" say more).
  return RULE_WORDS.sentDetails.has(words[at] ?? '') && [undefined, '.', '!'].includes(words[at + 1]);
}

/** A debt owed to the sender (PARSER_WORDS.owedToMe), among every word said, asides too ("I lent <address> 40 USDC": "lent" before an address reads as a ticker's name). */
function owedToSender(tagged: Item[]): boolean {
  const words = tagged.flatMap((item) => item.text.toLowerCase().split(/\s+/));
  return PARSER_WORDS.owedToMe.some((phrase) => containsPhrase(words, phrase));
}

/** Whether `said` (words between spaces, a space at each end) holds `phrase` as whole words: `said.includes(\` ${phrase} \`)` without building that string for every phrase of a list. */
function saysWords(said: string, phrase: string): boolean {
  for (let at = said.indexOf(phrase, 1); at > 0 && at < said.length; at = said.indexOf(phrase, at + 1)) {
    if (said[at - 1] === ' ' && said[at + phrase.length] === ' ') return true;
  }
  return false;
}

function containsPhrase(words: string[], phrase: string[]): boolean {
  for (let k = 0; k + phrase.length <= words.length; k++) if (phraseAt(words, phrase, k)) return true;
  return false;
}

function startsWith(words: string[], phrases: string[][]): boolean {
  return saysAt(dropLeading(words), phrases);
}

/**
 * A verbless message that is still a command: "1 SOL -> USDC", "<address> 5 USDC",
 * "5 USDC to <address>", "1.25 SOL for USDC". A question word makes it a query instead
 * ("how much is 1 SOL in USDC").
 */
function looksTransactional(content: Item[], words: string[]): boolean {
  const has = (kind: Item['kind']) => content.some((item) => item.kind === kind);
  const amounts = content.some(isAmount);
  if (has('arrow') && has('token')) return true;
  if ((has('address') || has('bad-address')) && amounts) return content.every((item) => item.kind !== 'word');
  const asking = words.some((w) => ASKING_WORDS.includes(w) || w === '?');
  const tokens = new Set(content.map((item) => (item.kind === 'token' ? item.token.mint : undefined)).filter(Boolean)).size;
  const towards = content.some((item) => item.kind === 'marker' && ['to', 'out', 'in'].includes(item.marker));
  // "USDC to SOL" names a swap without its amount: asked for, not answered as a price.
  return !asking && tokens === 2 && towards && content.every((item) => item.kind !== 'word');
}

function implicitCommand(content: Item[], words: string[], ctx: ParseContext, slippageBps?: number): ParseResult {
  // "<address> already got 5 USDC", "i have 5 USDC for <address>": without a verb, what is or was, not a request.
  if (content.some((item) => item.kind === 'address') && words.some((w) => PARSER_WORDS.statesWithoutVerb.has(w))) {
    return refuse('unclear', 'That reads as what an address has or got, not as a request. To pay it, say for example "send 5 USDC to <address>".');
  }
  // "I'll have 50 USDC for the SOL", "Can I have 100 BONK for USDC?", "I have 50 USDC for the SOL": what is had or ordered,
  // paid or received, either way round.
  if (words.some((w, k) => PARSER_WORDS.statesWithoutVerb.has(w) && /^[$\d]/.test(words[k + 1] ?? ''))) {
    return refuse('unclear', 'I could not tell whether that amount is paid or received. Say for example "swap 50 USDC for SOL" or "buy 50 USDC with SOL".');
  }
  const factor = CONFIDENCE.noVerb;
  if (!content.some((item) => item.kind === 'address' || item.kind === 'bad-address')) {
    const arrow = content.findIndex((item) => item.kind === 'arrow');
    if (arrow < 0) {
      // "USDC please, from 1.5 SOL": with only what is paid marked, the unmarked token is what is received.
      const parts = phrases(content);
      // "I want 10 USDC for my JUP": after a wish, the first thing named is what is received.
      // "sol pls, for 30 usdc": a plea right after the token the message opens with asks for that token, when all
      // that follows is what is paid for it ("jup pls, 100 jup for usdc" sells JUP; "…, $30 for usdc" is of either).
      const [asked, marker, amount, price] = content;
      const at = asked?.kind === 'token' ? words.indexOf(asked.text.toLowerCase()) : -1;
      const pleads = asked?.kind === 'token' && at >= 0 && PARSER_WORDS.pleasFor.has(words[at + 1] ?? '');
      const pleaded = pleads && content.length === 4 && marker.kind === 'marker' && amount.kind === 'number' && price.kind === 'token' && price.token.mint !== asked.token.mint;
      // Asked for, the token is received; in any other shape than that one, which side it is on is a guess.
      if (pleads && !pleaded && content.some((item) => item.kind === 'token' && item !== asked)) {
        return refuse('unclear', `I could not tell whether you pay or receive ${asked.text}. Say it plainly, for example "buy ${asked.text} with 30 USDC".`);
      }
      const wanted = parts[0]?.marker === 'object' && parts[0].tokens.length > 0 && (pleaded || words.some((w) => PARSER_WORDS.wishes.has(w)));
      // "jup for 25 usdc": a token, then a price for it, is bought at that price or sold for it; blind writers read it both ways.
      const priced = content.length === 4 && asked?.kind === 'token' && marker.kind === 'marker' && PRICE_MARKERS.has(marker.text.toLowerCase()) && isAmount(amount) && price.kind === 'token';
      if (priced && !wanted) return refuse('unclear', `"${wordsOf(content)}" could mean paying with either token. Say "buy ${asked.token.symbol} with ${amount.text} ${price.token.symbol}" to pay ${price.token.symbol}, or "sell ${asked.token.symbol} for ${amount.text} ${price.token.symbol}" to receive it.`);
      const role = wanted || (parts.some((p) => p.marker === 'in') && !parts.some((p) => p.marker === 'out' || p.marker === 'to')) ? 'get' : 'pay';
      // "quiero 1 SOL por USDC": wished for in another language, the first token may be what is received or what is traded.
      const wishedAbroad = parts[0]?.marker === 'object' && parts[0].tokens.length > 0 && words.some((w) => PARSER_WORDS.wishesAbroad.has(w));
      if (wishedAbroad && role === 'pay') {
        const first = parts[0].tokens[0].token.symbol;
        return refuse('unclear', `I could not tell whether you pay or receive ${first}. Say it plainly, for example "buy ${first} with USDC" or "sell ${first} for USDC".`);
      }
      return swapFrame(parts, role, ctx, { factor, slippageBps, worthBuys: true });
    }
    return swapFrame([...phrases(content.slice(0, arrow), 'object'), ...phrases(content.slice(arrow + 1), 'arrow')], 'pay', ctx, { factor, slippageBps, worthBuys: true });
  }
  // "1% slippage, 2 sol -> <address>": a slippage said of a transfer.
  if (slippageBps !== undefined) return refuse('unclear', SLIPPAGE_ON_TRANSFER);
  return transferFrame(phrases(content), ctx, { factor });
}

/** A second verb that belongs to the frame of the first: "use 2 SOL to buy BONK", "ape into". */
function isPartOfFrame(items: Item[], verb: Item): boolean {
  const before = items[items.indexOf(verb) - 1];
  const main = items.find((item) => item.kind === 'verb');
  // "use 5 USDC to buy WIF" is one swap; "use 5 USDC to pay <address>", "sell 1 SOL to tip <address>" pay someone too.
  const paysSomeone = () => main?.kind === 'verb' && main.role === 'pay' && verb.kind === 'verb' && verb.role === 'send' && items.slice(items.indexOf(verb)).some((item) => item.kind === 'address');
  if (before?.kind === 'marker' && before.marker === 'to') return !paysSomeone();
  // "send 5 USDC to <address> so he receives it": receiving it is what the transfer does.
  if (main?.kind === 'verb' && main.role === 'send' && hasTrait(verb, 'address-receives') && items.slice(items.indexOf(verb) + 1).every((item) => item.kind === 'filler' || item.kind === 'punct')) return true;
  if (main?.kind !== 'verb' || main.role !== 'pay') return false;
  // "sell 1,200 JUP and receive USDC": receiving is the other side of the same swap.
  if (hasTrait(verb, 'other-side') && before?.kind === 'joiner') return true;
  // "spend 4 USDC buying WIF", "spend 3 USDC on getting WIF": what is bought, after what is paid.
  return hasTrait(verb, 'marks-output') && (before?.kind === 'token' || (before !== undefined && isAmount(before)) || (before?.kind === 'marker' && before.marker === 'out'));
}

/** "get my balance", "give me the price of SOL": a get verb asking for information. */
function isQueryVerb(verbs: Item[], words: string[]): boolean {
  return verbs.every((verb) => hasTrait(verb, 'asks-info')) && words.some((w) => INFO_NOUNS.includes(w));
}

/**
 * "the jito one", "wbtc, the portal one": asked which token, an answer that ends "the <words> one" picks, among the
 * tokens the question offered (`pending.among`), the one whose registry name holds those words, or confirms with them
 * the token it names. Asked among several, words that fit none of them ("the pyth one") are refused; undefined where
 * the answer is not of that form, or the words fit more than one.
 */
function pickedByName(items: Item[], pending: Pending, ctx: ParseContext): Item[] | Extract<ParseResult, { ok: false }> | undefined {
  if (items.some((item) => item.text === '?')) return undefined;
  const said = items.filter((item) => item.kind !== 'punct');
  // ("the wrapped one, WBTC": the token may follow the name as well as lead it.)
  const after = said.at(-1)?.kind === 'token' && said.at(-2)?.text.toLowerCase() === 'one' ? said.at(-1) : undefined;
  const one = said.length - (after ? 2 : 1);
  let the = one - 1;
  while (the >= 0 && said[the].text.toLowerCase() !== 'the') the--;
  const words = said.slice(the + 1, one);
  // A word of the name may be a token's own name too ("the jupiter one": JupSOL, "Jupiter Staked SOL", among those offered).
  if (said[one]?.text.toLowerCase() !== 'one' || the < 0 || words.length === 0 || !words.every((item) => item.kind === 'word' || item.kind === 'token')) return undefined;
  const named = (token: TokenRef) => {
    const nameWords = (ctx.nameOf?.(token.mint) ?? '').toLowerCase().split(/[^a-z0-9]+/);
    // "the blaze one": a word of four letters or more may begin a word of the name ("BlazeStake Staked SOL").
    const fits = (word: string) => nameWords.some((nameWord) => nameWord === word || (word.length >= 4 && nameWord.startsWith(word)));
    return words.every((item) => fits(item.text.toLowerCase()));
  };
  const before = after && the === 0 ? [after] : said.slice(0, the);
  const among = pending.among ?? [];
  const none = (what: string) => ({ ...refuse('unknown-token', `${what} is none of ${among.join(', ')}: say which one, or paste its mint address.`, { ask: pending.ask }), pending });
  if (before.length === 1 && before[0].kind === 'token') {
    const offered = among.length === 0 || among.includes(before[0].token.symbol);
    return named(before[0].token) && offered ? before : among.length > 0 ? none(before[0].token.symbol) : undefined;
  }
  if (before.length > 0) return undefined;
  const picked = among.map((symbol) => ctx.lookup(symbol)).filter((token): token is TokenRef => token !== undefined && named(token));
  if (picked.length === 1) return [{ ...words[0], kind: 'token', token: picked[0], fuzzy: false, dollar: false }];
  return among.length > 0 && picked.length === 0 ? none(`"${clip(words.map((item) => item.text).join(' '), 30)}"`) : undefined;
}

/** The answer to a clarifying question: "USDC", "with USDT", "to <address>", "0.5 SOL". */
function answerPending(said: Item[], pending: Pending, ctx: ParseContext, resized = false): ParseResult | undefined {
  // "3 USDC worth": a "worth" that ends the answer sizes what it follows.
  const content = said.at(-1)?.kind === 'marker' && (said.at(-1) as Extract<Item, { kind: 'marker' }>).marker === 'worth' ? said.slice(0, -1) : said;
  const tokens = content.filter((item) => item.kind === 'token' || (item.kind === 'address' && pending.draft.action === 'swap'));
  const addresses = content.filter((item) => (item.kind === 'address' && pending.draft.action === 'transfer') || item.kind === 'bad-address');
  const amounts = content.filter(isAmount);
  const marker = content.find((item) => item.kind === 'marker');
  const others = content.filter((item) => !['token', 'address', 'bad-address', 'number', 'money', 'share', 'percent', 'marker', 'joiner'].includes(item.kind) && !PARSER_WORDS.answerCorrections.has(item.text.toLowerCase()));
  // "full one: <address>", "oh right. it's my ledger: <address>": asked whom to pay, one address and only words that label it.
  const labels = content.filter((item) => item !== addresses[0]);
  if (pending.ask === 'recipient' && addresses.length === 1 && labels.length > 0 && labels.every((item) => PARSER_WORDS.addressAnswerLabels.has(item.text.toLowerCase()))) {
    const answer = answerPending([addresses[0]], pending, ctx);
    return answer?.ok ? { ...answer, confidence: round(answer.confidence * CONFIDENCE.chat) } : answer;
  }
  if (others.length > 0 || content.length === 0 || amounts.length > 1 || addresses.length > 1) return undefined;
  const draft = { ...pending.draft } as Draft;
  const factor = CONFIDENCE.answer;
  // "i wanna swap" → "SOL to USDC": the answer names the tokens, as a command without its verb would.
  if (draft.action === 'swap' && !draft.input && !draft.output && tokens.length > 0) {
    const parts = phrases(content);
    const role = parts.some((p) => p.marker === 'in') && !parts.some((p) => p.marker === 'out' || p.marker === 'to') ? 'get' : 'pay';
    return swapFrame(parts, role, ctx, { factor, slippageBps: draft.slippageBps, worthBuys: true });
  }
  if (draft.action === 'transfer' && !draft.token && !draft.amount && !draft.recipient) return transferFrame(phrases(content), ctx, { factor });
  if (tokens.length > 1) {
    if (pending.ask === 'output' && content.some((item) => item.kind === 'joiner')) return { ...refuse('two-outputs', 'I swap into one token per message: which one should it be?', { ask: 'output' }), pending };
    return undefined;
  }
  const token = tokens[0] && (tokens[0].kind === 'token' ? tokens[0].token : mintRef(tokens[0].text, ctx));
  const amount = amounts[0] ? amountSpec(amounts[0]) : undefined;
  if (amount && 'rule' in amount) return { ...amount, pending };
  let filled = false;
  // The answer fills the slot asked for, or another empty one ("50" when asked for the token of "swap USDT").
  if (draft.action === 'transfer') {
    // "send 10 USDC" → "5 USDC to <address>", "<address> 20 BONK": an amount or a token the draft already holds
    // otherwise is no answer, never dropped while the old one is built.
    const takesToken = token && (!draft.token || token.mint === draft.token.mint);
    const takesAmount = amount && (!draft.amount || pending.ask === 'amount');
    if ((token && !takesToken) || (amount && !takesAmount)) return undefined;
    if (token && (!draft.token || (amount && token.mint === draft.token.mint))) [draft.token, filled] = [token, true];
    if (amount && takesAmount) [draft.amount, filled] = [amount.spec, true];
    if (addresses[0]) {
      const problem = recipientProblem(addresses[0], ctx);
      if (problem) return { ...refuse('bad-recipient', problem, { ask: 'recipient' }), pending };
      [draft.recipient, filled] = [addresses[0].text, true];
    }
    return filled ? finishTransfer(draft, factor * (amount?.factor ?? 1)) : undefined;
  }
  if (addresses.length > 0) return undefined;
  if (token) {
    const side = marker?.kind === 'marker' && marker.marker === 'in' ? 'input' : marker?.kind === 'marker' && marker.marker !== 'of' ? 'output' : !draft.output ? 'output' : !draft.input ? 'input' : undefined;
    const said = amount && ((side === 'input' && draft.input?.mint === token.mint) || (side === 'output' && draft.output?.mint === token.mint));
    if (side === 'input' && (!draft.input || said)) [draft.input, filled] = [token, true];
    else if (side === 'output' && (!draft.output || said)) [draft.output, filled] = [token, true];
    else if (amount && draft.input?.mint === token.mint) filled = true;
    else if (amount && draft.output?.mint === token.mint) filled = true;
    else return undefined;
  }
  if (amount) {
    if (draft.amount && pending.ask !== 'amount' && !resized) return undefined;
    draft.amount = amount.spec;
    const ofOutput = token ? draft.output?.mint === token.mint && draft.input?.mint !== token.mint : amount.spec.kind === 'usd' && draft.purchase === true;
    // An amount said again ("make it 15") stays on the side the draft's was on.
    draft.amountOf = resized && draft.amountOf ? draft.amountOf : ofOutput ? 'output' : 'input';
    filled = true;
  }
  return filled ? finishSwap(draft, factor * (amount?.factor ?? 1)) : undefined;
}

const SLIPPAGE_ON_TRANSFER = 'Slippage applies to swaps; a transfer sends an exact amount. Say the transfer without it.';

const REPEAT_WORDS = new Set([...PARSER_WORDS.repeats].flatMap((phrase) => phrase.split(' ')));

/** "make it all" after "buy 100 BONK with USDC": a share of a balance is of what is paid, never of what is received. */
const shareOfReceived = (received: string, example: string) =>
  refuse('unclear', `A share of your balance is of what you pay, not of the ${received} you receive. Say the whole command, for example "swap half my SOL for ${example}".`);

const describe = (command: SwapCommand | TransferCommand) =>
  command.action === 'swap' ? `a swap of ${command.input.symbol} for ${command.output.symbol}` : `a transfer of ${command.token.symbol}`;

/**
 * After a transfer, "wrong address. it's <address>", "wrong one: <address>": the address said plainly after a note that takes
 * back whom it pays, as the message's last word and with nothing else said but courtesy ("wrong address, maybe <address>" is unsure).
 */
function plainRedirect(items: Item[], words: string[]): boolean {
  const address = items.findIndex((item) => item.kind === 'address');
  const after = items.slice(address + 1).every((item) => item.kind === 'punct' || (item.kind === 'filler' && (item.aside === 'thanks' || item.aside === 'politeness')));
  // Beside the note, only courtesy: "maybe", "i think", "or so" doubt the address.
  const courteous = (item: Item) => item.kind !== 'filler' || !item.aside || retractsPayee(item) || item.aside === 'thanks' || item.aside === 'politeness' || item.aside === 'greeting';
  const opener = words.slice(0, -1);
  return address >= 0 && after && items.every(courteous) && items.some(retractsPayee) && PARSER_WORDS.afterRetraction.some((phrase) => phrase.join(' ') === opener.join(' '));
}

/** "wrong address", "wrong token": a note that takes something said back. */
const retracts = (item: Item) => item.kind === 'filler' && item.aside === 'note' && PARSER_WORDS.retractions.has(item.text.toLowerCase().split(/\s+/)[0]);

/** …of whom a transfer pays ("wrong address", "wrong one"; "wrong token" takes back something else). */
const retractsPayee = (item: Item) => retracts(item) && item.text.toLowerCase().split(/\s+/).slice(1).some((w) => PARSER_WORDS.payeeWords.has(w));

/** The side of a swap or transfer a token is on. */
const sideOf = (command: SwapCommand | TransferCommand, mint: string) =>
  command.action === 'transfer' ? (command.token.mint === mint ? 'token' : undefined) : command.input.mint === mint ? 'input' : command.output.mint === mint ? 'output' : undefined;

/** The token a command's amount is of: what a transfer sends, what an exact-in swap pays, what an exact-out swap receives. */
const amountToken = (command: SwapCommand | TransferCommand) => (command.action === 'transfer' ? command.token : command.swapMode === 'ExactOut' ? command.output : command.input);

/**
 * "now the other way, 30 JUP", "reverse it", "vice versa": after a swap, the same pair the other way round, with the amount
 * said (of the token it now pays, or of the one it now receives when that is named), or asked for.
 */
function reversal(words: string[], content: Item[], ctx: ParseContext): ParseResult | undefined {
  const previous = ctx.previous;
  if (previous?.action !== 'swap' || ctx.pending) return undefined;
  const soft = (w: string) => SOFT_WORDS.includes(w) || LEADING_FILLERS.includes(w);
  const said = words.filter((w) => !/^[!.?,]+$/.test(w) && !soft(w));
  const phrase = PARSER_WORDS.reversals.filter((p) => containsPhrase(said, p)).sort((a, b) => b.length - a.length)[0];
  if (!phrase) return undefined;
  const others = content.filter((item) => item.kind !== 'punct' && !phrase.includes(item.text.toLowerCase()) && !soft(item.text.toLowerCase()));
  const amounts = others.filter((item) => item.kind === 'number' || item.kind === 'money');
  const tokens = others.filter((item): item is Extract<Item, { kind: 'token' }> => item.kind === 'token');
  // Nothing else, said once: "the other way, 30 JUP", never "the other way to <address>", "other way round, into BONK" or
  // "reverse it, 40 usdc, and then reverse it again".
  const saidOnce = said.filter((w) => !phrase.includes(w)).length === [...amounts, ...tokens].flatMap((item) => item.text.split(/\s+/)).length;
  if (!saidOnce || others.length !== amounts.length + tokens.length || amounts.length > 1 || tokens.length > 1) return undefined;
  if (tokens[0] && tokens[0].token.mint !== previous.input.mint && tokens[0].token.mint !== previous.output.mint) return undefined;
  // "2 the other way": 2 of which token, the one paid before or the one received?
  if (amounts[0] && !tokens[0]) return refuse('unclear', `I could not tell which token ${amounts[0].text} is of. Say it with the token, for example "the other way, ${amounts[0].text} ${previous.output.symbol}".`);
  const draft: Extract<Draft, { action: 'swap' }> = { action: 'swap', input: previous.output, output: previous.input, ...(previous.slippageBps !== undefined && { slippageBps: previous.slippageBps }) };
  if (amounts[0]) {
    const amount = amountSpec(amounts[0]);
    if ('rule' in amount) return amount;
    Object.assign(draft, { amount: amount.spec, amountOf: tokens[0]?.token.mint === previous.input.mint ? 'output' : 'input' });
  }
  const result = finishSwap(draft, CONFIDENCE.followUp);
  return result.ok ? { ...result, followUp: true } : result;
}

/** "make it 2", "same but to BONK", "half of that", "do it again", "and 10 more to the same address". */
function parseFollowUp(words: string[], content: Item[], items: Item[], ctx: ParseContext, slippageBps?: number): ParseResult | undefined {
  const reversed = reversal(words, content, ctx);
  if (reversed) return reversed;
  // "can you do it again", "could you make it 3": asked politely, the follow-up that follows.
  const asked = dropLeading(words);
  const polite = PARSER_WORDS.politeAsks.find((phrase) => phraseAt(asked, phrase, 0));
  const lead = polite ? asked.slice(polite.length) : asked;
  // "do 3", never "do everything" or "do 100%": a number of the token itself.
  const amountSaid = (k: number) => content.some((item) => (item.kind === 'number' || item.kind === 'money') && item.text.toLowerCase() === lead[k]);
  const previousTransfer = ctx.previous?.action === 'transfer' && !content.some((item) => item.kind === 'token' || isAmount(item));
  const text = ` ${words.join(' ')} `;
  // "replace WIF with BONK", and nothing else: the token after the verb is the one turned from, as after "instead of".
  const isToken = (w: string | undefined) => content.some((item) => item.kind === 'token' && item.text.toLowerCase() === w);
  const said = words.filter((w) => !/^[!.?,]+$/.test(w));
  // Neither while a question waits for its answer, nor after a question of the user's ("price of wif" → "bonk not wif" asks again).
  const editsLast = !ctx.pending && !ctx.previousQuery;
  const replacing = editsLast && said.length === 4 && PARSER_WORDS.replaces.has(said[0]) && isToken(said[1]) && PARSER_WORDS.replacedBy.has(said[2]) && isToken(said[3]);
  // "BONK not WIF", "not WIF, BONK", and nothing else: turned from a token of the last command, the other one replaces it.
  const notSaid = words.map((w) => PARSER_WORDS.turnedFrom.exec(w)?.[1]).find(Boolean);
  const notMint = notSaid ? ctx.lookup(notSaid.toLowerCase())?.mint : undefined;
  const turnsFromPrevious = editsLast && said.length === 2 && said.some(isToken) && notMint !== undefined && ctx.previous !== undefined && sideOf(ctx.previous, notMint) !== undefined;
  // Where an opener may stand: first, or after words that only open a message ("hmm actually 0.75").
  const openings = Array.from({ length: words.length - dropLeading(words).length + 1 }, (_, j) => j);
  const opener =
    // The longest opener that fits: "oops, the address should be …" opens with more than "oops".
    [...FOLLOW_UP_OPENERS, ...FOLLOW_UP_VERB_OPENERS, ...(previousTransfer ? REDIRECT_OPENERS : []), ...(previousTransfer && plainRedirect(items, words) ? [words.slice(0, -1)] : []), ...PARSER_WORDS.amountOpeners.filter((phrase) => amountSaid(phrase.length))]
      .filter((phrase) => phrase.every((w, k) => lead[k] === w) || openings.some((j) => phraseAt(words, phrase, j)))
      .sort((a, b) => b.length - a.length)[0] ??
    (replacing ? [lead[0]] : turnsFromPrevious || words.some((w) => PARSER_WORDS.editWords.has(w)) ? ['instead'] : undefined);
  const bareWords = lead.filter((w) => !SOFT_WORDS.includes(w) && !/^[!.?,]+$/.test(w));
  const bare = bareWords.join(' ');
  // "again pls, same thing": words of the repeats alone, one of them saying it again.
  const repeat = PARSER_WORDS.repeats.has(bare) || (bareWords.length > 1 && bareWords.every((w) => REPEAT_WORDS.has(w)) && bareWords.some((w) => PARSER_WORDS.repeatCores.has(w)));
  // "half of that", "double it": the previous amount scaled, with whatever else the message changes.
  const scaling = [...PARSER_WORDS.halves, ...PARSER_WORDS.doubles].find((phrase) => text.includes(` ${phrase} `));
  // "I would halve it" wishes rather than asks: before the phrase, only the words of a follow-up's opening or its verb.
  const opening = (w: string) => SOFT_WORDS.includes(w) || LEADING_FILLERS.includes(w) || VERBS[w] !== undefined;
  const scaled = scaling !== undefined && text.slice(0, text.indexOf(` ${scaling} `)).trim().split(' ').filter(Boolean).every(opening);
  const scale = !scaled ? undefined : PARSER_WORDS.halves.includes(scaling!) ? 'half' : 'double';
  if (!opener && !repeat && !scale) return undefined;
  // "sry 3", "nah, 3 jup": after a terse opener, an amount (with its token) or an address and nothing else ("sry 2 bother u").
  const terseOpener = opener && IN_MESSAGE_CORRECTIONS.terse.some((phrase) => phrase.join(' ') === opener.join(' '));
  if (terseOpener && !isTerseEdit(items.filter((item) => item.kind !== 'punct' && !opener.includes(item.text.toLowerCase())))) return undefined;
  // "make it 2, wait", "make it 3 hmm actually", "I meant USDC, hmm": a follow-up that hesitates after what it changes is not yet one.
  const firstSaid = words.findIndex((w) => content.some((item) => item.text.toLowerCase() === w && (isAmount(item) || item.kind === 'token' || item.kind === 'address')));
  const hesitation = words.find((w, k) => k > Math.max(0, firstSaid) && PARSER_WORDS.hesitations.has(w));
  if (hesitation) return refuse('unclear', `"${hesitation}" after the change leaves it undecided. Say the change alone when you are sure, for example "make it 2".`);
  // "do 3 to my wife", "make it 3, wrong address": a follow-up that names someone or another wallet, without the address, may pay someone else.
  // Every word said, asides too ("wrong address" is one); "the same address", "that wallet" are the earlier one.
  const all = everyWord(items);
  const payee = (w: string, k: number) => RULE_WORDS.people.has(w) || PARSER_WORDS.someone.has(w) || (PARSER_WORDS.otherPayees.has(w) && !PARSER_WORDS.samePayee.has(all[k - 1] ?? ''));
  const someoneElse = !content.some((item) => item.kind === 'address') && all.find(payee);
  if (someoneElse) return refuse('unclear', `"${someoneElse}" may change who is paid. Say the whole command with the address, for example "send 10 USDC to <address>".`);
  // "price of BONK" → "do the same with JUP": right after a question, the question asked again of another token (the query's askAgain).
  if (ctx.previousQuery && !content.some(isAmount) && (saysAt(words, PARSER_WORDS.askAgain) || saysAt(words, PARSER_WORDS.askSame))) return undefined;
  const previous = ctx.previous;
  if (!previous) {
    if (!repeat && !scale && PARSER_WORDS.discourseOpeners.some((phrase) => phrase.join(' ') === opener?.join(' '))) return undefined;
    return refuse('missing', 'There is no earlier swap or transfer in this session to refer to. Say the whole command, for example "swap 1 SOL for USDC".');
  }
  // "now send it to <address>" after "send all my BONK to …": a second transfer of a share would size by what is left.
  if (previous.action === 'transfer' && previous.amount.kind !== 'exact' && PARSER_WORDS.sequenceWords.has(words[0]) && content.some((item) => item.kind === 'address')) {
    return refuse('unclear', `The last transfer was a share of your balance: say how much to send now, for example "send 20 ${previous.token.symbol} to <address>".`);
  }
  // "do it again with 2% slippage": the same command, with the slippage it now names.
  if (repeat && slippageBps === undefined) return done(previous, CONFIDENCE.followUp, true);
  if (repeat && previous.action === 'swap') return done({ ...previous, slippageBps }, CONFIDENCE.followUp, true);
  if (repeat) return refuse('unclear', SLIPPAGE_ON_TRANSFER);
  let command: SwapCommand | TransferCommand = { ...previous };
  let factor = CONFIDENCE.followUp;
  let rest = content.filter((item) => !(item.kind === 'number' && item.words && /^(one|a)$/.test(item.text.toLowerCase())) || content.length === 1);
  if (scale) {
    if (previous.amount.kind !== 'exact') return refuse('unclear', `The earlier amount was not a fixed number, so I can't ${scale === 'half' ? 'halve' : 'double'} it. Say the amount, for example "make it 2".`);
    const value = parseDecimal(previous.amount.value)!;
    command = { ...command, amount: { kind: 'exact', value: format(scale === 'half' ? divide(value, 2)! : multiply(value, decimal(2))) } };
    const scalingWords = scaling!.split(' ');
    rest = rest.filter((item) => !scalingWords.includes(item.text.toLowerCase()));
    // "send half as much SOL to <address>" after 20 USDC, "sell half as much USDC", "send half as much to me", "halve it for my sister":
    // besides the scaling, a follow-up may say its verb again and, for a transfer, the token and a new address; anything else
    // (another token, a side, someone named in words) is a change it cannot read.
    const said = items.filter((item) => item.kind !== 'punct');
    const verbOfPrevious = (item: Item) => item.kind === 'verb' && (previous.action === 'transfer' ? item.role === 'send' : item.role === 'pay' && !hasTrait(item, 'sells'));
    const allowed = (item: Item, k: number) =>
      verbOfPrevious(item) ||
      item.kind === 'address' ||
      (item.kind === 'marker' && item.marker === 'to' && said[k + 1]?.kind === 'address') ||
      (item.kind === 'token' && previous.action === 'transfer' && item.token.mint === previous.token.mint) ||
      (item.kind === 'filler' && SOFT_WORDS.includes(item.text.toLowerCase())) ||
      LEADING_FILLERS.includes(item.text.toLowerCase()) ||
      scalingWords.includes(item.text.toLowerCase());
    if (!said.every(allowed)) return refuse('unclear', `I could not tell what else "${clip(words.join(' '), 40)}" changes. Say the whole command, for example "send 10 USDC to <address>".`);
  }
  const amounts = rest.filter(isAmount);
  let tokens = rest.filter((item) => item.kind === 'token');
  const addresses = rest.filter((item) => item.kind === 'address' || item.kind === 'bad-address');
  // The token a follow-up turns from, whose side the other replaces: the first token after "instead of" ("use JUP instead
  // of the SOL"), or one filler "not USDC" ("sorry, I meant USDT, not USDC").
  const insteadOf = words.findIndex((_, k) => phraseAt(words, PARSER_WORDS.insteadOf, k));
  const turnedFromAt = insteadOf >= 0 ? insteadOf + PARSER_WORDS.insteadOf.length : replacing ? words.indexOf(lead[0]) + 1 : -1;
  const replacedWord = turnedFromAt >= 0 ? words.slice(turnedFromAt).find((w) => tokens.some((item) => item.text.toLowerCase() === w)) : undefined;
  const replaced = tokens.find((item) => item.text.toLowerCase() === replacedWord);
  const turnedFrom = replaced?.kind === 'token' ? replaced.token.mint : notMint;
  const replacement = tokens.find((item) => item !== replaced);
  const turnable = replaced ? tokens.length === 2 && amounts.length <= 1 : tokens.length === 1;
  // A transfer's token turned from too ("send 5 USDT instead of the USDC"): the amount stays, as "make it USDT" keeps it.
  if (turnedFrom && turnable && replacement?.kind === 'token' && !addresses.length) {
    const side = sideOf(previous, turnedFrom);
    if (!side && !replaced && notSaid) return refuse('unclear', `The last command was ${describe(previous)}, so I could not tell what "${notSaid}" refers to. Say the whole command again.`);
    if (side) {
      command = { ...command, [side]: replacement.token } as SwapCommand | TransferCommand;
      // "5 PYTH instead of the JUP": the amount is of the replacement, on its side.
      if (amounts[0] && command.action === 'swap') command = { ...command, swapMode: side === 'input' ? 'ExactIn' : 'ExactOut' };
      tokens = [];
    }
  }
  const sideReplaced = tokens.length === 0 && turnedFrom !== undefined;
  const unknown = rest.filter((item) => item.kind === 'word' && !(opener ?? []).includes(item.text.toLowerCase()) && !PARSER_WORDS.followUpWords.has(item.text.toLowerCase()) && !LEADING_FILLERS.includes(item.text.toLowerCase()));
  if (unknown.length > 0) return undefined;
  const verb = content.some((item) => item.kind === 'verb');
  // With a verb, or both tokens of a swap, a whole command is new ("swap 2 SOL for BONK instead", "send 50 BONK to <address> instead",
  // "do 10 USDC to JTO instead").
  const swapSaid = tokens.length === 2 && rest.some(receives);
  if ((verb || swapSaid) && amounts.length > 0 && tokens.length > 0 && (addresses.length > 0 || previous.action === 'swap')) return undefined;
  if (amounts.length > 1 || tokens.length > 1 || addresses.length > 1) {
    if (verb) return undefined;
    return refuse('unclear', 'Change one thing at a time, for example "make it 2" or "same but to BONK".');
  }
  if (slippageBps !== undefined && command.action === 'swap') command = { ...command, slippageBps };
  if (amounts.length + tokens.length + addresses.length === 0 && !scale && !sideReplaced && slippageBps === undefined) return undefined;
  // The marker that says a token's side is the one right before it ("I meant to pay with USDC": "with", not "to").
  const marker = tokens[0] ? rest.slice(0, rest.indexOf(tokens[0])).filter((item) => item.kind === 'marker').at(-1) : rest.find((item) => item.kind === 'marker');
  if (amounts[0]) {
    const amount = amountSpec(amounts[0]);
    if ('rule' in amount) return amount;
    // "make it half" after 10 USDC: half of the 10, or of the balance? "half my USDC" says which.
    const part = amount.spec.kind === 'fraction' && amount.spec.numerator < amount.spec.denominator;
    if (part && previous.amount.kind === 'exact' && !words.some((w) => PARSER_WORDS.ofTheBalance.has(w))) {
      return refuse('unclear', `Is "${amounts[0].text}" of the ${previous.amount.value} or of your balance? Say the amount, for example "make it half of that" or "make it half my balance".`);
    }
    // "make it 30" after $20 of SOL: dollars again, or 30 SOL?
    if (previous.amount.kind === 'usd' && amount.spec.kind === 'exact' && !tokens.length) {
      const symbol = previous.action === 'transfer' ? previous.token.symbol : previous.input.symbol;
      return refuse('unclear', `Is that $${amount.spec.value} or ${amount.spec.value} ${symbol}? Say for example "make it $${amount.spec.value}" or "make it ${amount.spec.value} ${symbol}".`);
    }
    // "make it 2 more": added to what, or instead of it? Said plainly, the whole amount is.
    const said = words.indexOf(amounts[0].text.toLowerCase());
    if (said >= 0 && PARSER_WORDS.relativeAmounts.has(words[said + 1] ?? '') && !PARSER_WORDS.repeatOpeners.some((phrase) => phraseAt(words, phrase, 0))) {
      return refuse('unclear', `Say the whole amount, for example "make it 3", rather than how much more or less.`);
    }
    command = { ...command, amount: amount.spec };
    factor *= amount.factor;
    // "i want 300 instead": 300 of which token?
    if (command.action === 'swap' && !tokens.length && words.some((w) => PARSER_WORDS.wishes.has(w) && w !== 'like')) {
      return refuse('unclear', `Say which token: for example "make it 300 ${command.output.symbol}" or "make it 3 ${command.input.symbol}".`);
    }
    // "same but get 300", "spend 5 instead": the verb says which side the new amount is on.
    const sideVerb = content.find((item) => item.kind === 'verb');
    if (command.action === 'swap' && sideVerb?.kind === 'verb' && !tokens.length) command = { ...command, swapMode: sideVerb.role === 'get' ? 'ExactOut' : 'ExactIn' };
    if (command.action === 'swap' && !sideVerb && !tokens.length && marker?.kind === 'marker' && marker.marker === 'in') command = { ...command, swapMode: 'ExactIn' };
    // A share of what is received means nothing ("buy 100 BONK with USDC" → "make it all").
    if (command.action === 'swap' && command.swapMode === 'ExactOut' && amount.spec.kind === 'fraction') {
      return shareOfReceived(command.output.symbol, 'BONK');
    }
  }
  if (command.action === 'swap' && command.input.mint === command.output.mint) return refuse('same-token', `Both sides would be ${command.input.symbol}: choose another token.`);
  if (tokens[0] && tokens[0].kind === 'token') {
    const token = tokens[0].token;
    const beforeToken = content[content.indexOf(tokens[0]) - 1];
    const verbBefore = !amounts[0] && beforeToken?.kind === 'verb' ? beforeToken : undefined;
    // "selling BONK instead" after a transfer: a verb of another action is no change of the transfer.
    // ("change the token to USDT": the verb of the follow-up's own opener.)
    const openedBy = (item: Item, k: number) => k === 0 && (opener ?? []).includes(item.text.toLowerCase());
    if (command.action === 'transfer' && content.some((item, k) => item.kind === 'verb' && item.role !== 'send' && !PARSER_WORDS.payingVerbs.has(item.lemma) && !openedBy(item, k))) {
      return refuse('unclear', `The earlier command was a transfer: say the whole command, for example "send 10 ${token.symbol} to <address>" or "swap 10 USDC for ${token.symbol}".`);
    }
    if (command.action === 'transfer') command = { ...command, token };
    else if (marker?.kind === 'marker' && marker.marker === 'in') command = { ...command, input: token };
    // "use USDT instead", "pay USDT instead" after "buy 100 BONK with USDC", "sell JUP instead" after a swap: the verb names what is paid.
    else if (verbBefore && namesPaid(verbBefore)) command = { ...command, input: token };
    // "swapping JUP instead", "converting JUP instead": a verb of the swap itself right before the token says no side.
    else if (verbBefore?.kind === 'verb' && verbBefore.role === 'pay') {
      return refuse('unclear', `I could not tell whether ${token.symbol} is to be paid or received. Say the whole command again, for example "swap 2 SOL for USDC".`);
    }
    else if (token.mint === command.input.mint && amounts[0]) command = { ...command, swapMode: 'ExactIn' };
    else if (token.mint === command.output.mint && amounts[0]?.kind === 'share') return shareOfReceived(token.symbol, 'USDC');
    else if (token.mint === command.output.mint && amounts[0]) command = { ...command, swapMode: 'ExactOut' };
    // "swap 2 SOL for BONK, i mean 500 USDC", "make it 5 BONK": a new amount of a token on neither side could size either.
    else if (amounts[0]) return refuse('unclear', `I could not tell which side "${amounts[0].text} ${tokens[0].text}" is on: say the whole command again, for example "swap 2 SOL for USDC".`);
    else command = { ...command, output: token };
    if (command.action === 'swap' && command.input.mint === command.output.mint) {
      return refuse('same-token', `Both sides would be ${command.input.symbol}: choose another token.`);
    }
  }
  if (addresses[0]) {
    if (command.action !== 'transfer') return refuse('unclear', 'The earlier command was a swap, not a transfer: say what to send and to which address.');
    const problem = recipientProblem(addresses[0], ctx);
    if (problem) return refuse('bad-recipient', problem);
    command = { ...command, recipient: addresses[0].text };
  }
  return done(command, factor, true);
}

/** The token an item of a question names: a token, or a mint address. */
const tokenOf = (item: Item, ctx: ParseContext) => (item.kind === 'token' ? item.token : ctx.lookup(item.text));

/** Questions about the wallet and the market: price, balance, portfolio, help. */
function parseQuery(all: Item[], words: string[], ctx: ParseContext, raw: string): ParseResult {
  // In a question a symbol that is also a word ("how much w do i have", "price check: render") is the token.
  const items = all.map((item): Item => {
    const token = item.kind === 'word' || item.kind === 'guard' ? ctx.lookup(item.text.toLowerCase()) : undefined;
    return token ? { ...item, kind: 'token', token, fuzzy: false, dollar: false } : item;
  });
  const tokens = items.filter((item) => item.kind === 'token' || (item.kind === 'address' && ctx.lookup(item.text)));
  // "how many USDC is 1 SOL": of several tokens, the one an amount is said of is asked about.
  const counted = tokens.length > 1 ? tokens.filter((item) => { const k = items.indexOf(item); return k > 0 && isAmount(items[k - 1]); }) : [];
  // "price of wif? no, I mean popcat": after a correction, the token named last is asked about.
  const corrected = tokens.length > 1 && items.slice(items.indexOf(tokens[0]) + 1, items.indexOf(tokens.at(-1)!)).some((item) => PARSER_WORDS.queryCorrections.has(item.text.toLowerCase()));
  const asked = corrected ? tokens.at(-1) : counted.length === 1 ? counted[0] : tokens[0];
  const token = asked && tokenOf(asked, ctx);
  const text = ` ${words.join(' ')} `;
  const mentions = (cues: string[]) => cues.some((cue) => saysWords(text, cue));
  const unknown = items.filter((item) => (item.kind === 'word' && !item.fixed) || item.kind === 'verb');
  const fixed = items.filter((item) => item.kind === 'word' && item.fixed).length;
  const q = (subject: QuerySubject, confidence: number, withToken?: TokenRef | TokenRef[]): ParseResult =>
    done(
      { action: 'query', subject, ...(Array.isArray(withToken) ? { tokens: withToken } : withToken && { token: withToken }) },
      Math.max(MIN_CONFIDENCE, confidence * CONFIDENCE.queryWord ** unknown.length * CONFIDENCE.fuzzyQueryWord ** fixed),
    );
  // "price of SOL, JUP and BONK", "how much is USDC and USDT": tokens listed, with nothing but "and" or commas between them.
  const refs = tokens.map((item) => tokenOf(item, ctx)!);
  const listed = tokens.length > 1 && !corrected && counted.length === 0 && new Set(refs.map((ref) => ref.mint)).size === tokens.length &&
    tokens.slice(1).every((item, k) => {
      const between = items.slice(items.indexOf(tokens[k]) + 1, items.indexOf(item));
      return between.length > 0 && between.every((said) => said.kind === 'joiner' || (said.kind === 'punct' && said.text === ','));
    });

  const mine = mentions(FIRST_PERSON);
  const balanceWords = mentions(BALANCE_CUES);
  // "check my wallet balance" asks for the balance, as every writer labels it; "my wallet" alone asks about the whole wallet.
  const walletBalance = mentions(PARSER_WORDS.walletBalance);
  const portfolioWords = mentions(PORTFOLIO_CUES.filter((cue) => !(walletBalance && cue === 'my wallet')));
  const priceWords = mentions(PRICE_CUES);

  // "what about USDC?" after "how much JUP do I have": the same question of another token.
  if (token && ctx.previousQuery?.token && tokens.length === 1 && (saysAt(words, PARSER_WORDS.askAgain) || saysAt(words, PARSER_WORDS.askSame))) return q(ctx.previousQuery.subject, QUERY_CONFIDENCE.askedAgain, token);
  // "sol usdc 5", "request 2 SOL from the faucet": an amount that no question word explains may be a command left unsaid.
  if (token && !priceWords && !balanceWords && !portfolioWords && !words.some((w) => w === '?' || ASKING_WORDS.includes(w)) && items.some(isAmount)) {
    return refuse('unclear', `I see an amount but not what to do with it. Say it plainly, for example "swap 5 USDC for SOL", "send 5 USDC to <address>" or "price of SOL".`);
  }
  if (token) {
    if (balanceWords && mine) return q('balance', QUERY_CONFIDENCE.myBalance, token);
    if (mine && !priceWords) return q('balance', QUERY_CONFIDENCE.mine, token);
    if (mentions(PARSER_WORDS.balanceWords) || (mentions(PARSER_WORDS.heldWords) && !priceWords && !items.some((item) => item.kind === 'address'))) return q('balance', QUERY_CONFIDENCE.balanceWord, token);
    if (priceWords || words.includes('?') || tokens.length === items.filter((i) => i.kind !== 'filler' && i.kind !== 'punct').length) {
      if (listed && !mentions(PARSER_WORDS.inAnother)) return q('price', QUERY_CONFIDENCE.price, refs);
      return q('price', tokens.length > 1 && !mentions(PARSER_WORDS.inAnother) ? QUERY_CONFIDENCE.priceOfSeveral : QUERY_CONFIDENCE.price, token);
    }
    if (mine) return q('balance', QUERY_CONFIDENCE.mineAtLast, token);
    return q('price', QUERY_CONFIDENCE.priceAtLast, token);
  }
  const unknownWord = unknown.find((item) => item.kind === 'word');
  // "how much do I have", "cuánto tengo": the balance, as writers and harvested phrasings label it ("how much money do I have" asks the worth).
  const heldAsked = mentions(PARSER_WORDS.balanceAsks);
  if (portfolioWords || (mine && priceWords) || (mine && balanceWords && !mentions(BALANCE_WORDS) && !heldAsked)) return q('portfolio', QUERY_CONFIDENCE.portfolio);
  if ((priceWords && !mine) && unknown.length === 1 && unknownWord) return unknownToken(unknownWord.text, ctx);
  if (priceWords && !mine && !balanceWords) return refuse('missing', 'Which token\'s price? Say for example "price of SOL".', { ask: 'token' });
  if (balanceWords && (mine || mentions(BALANCE_WORDS))) return q('balance', QUERY_CONFIDENCE.balance);
  if (isHelp(words)) return q('help', QUERY_CONFIDENCE.help);
  if (unknownWord && unknown.length === 1 && items.filter((i) => i.kind !== 'filler' && i.kind !== 'punct').length === 1 && /^\$/.test(raw.trim())) return unknownToken(unknownWord.text, ctx);
  return refuse('unclear', `I could not find a command in "${clip(raw.trim(), 80)}". ${EXAMPLES}`);
}

/**
 * "from my other wallet", "out of my ledger", "with my cold wallet", "my other wallet's USDC",
 * "my ledger's SOL": a wallet other than the session's named as where the funds come from, as
 * said. Named as the recipient ("to my other wallet <address>", "my sister's wallet is <address>") it is no
 * source, and neither is someone's thing in chat that names no token, amount or verb ("back from my cousin's
 * wedding."). The words keep their punctuation, which ends that chat.
 */
function otherSource(words: string[], ctx: ParseContext, sending: boolean, addressed: boolean): string | undefined {
  const { determiners, nouns, openers, recipientMarkers } = OTHER_SOURCES;
  const stem = (word: string | undefined) => word?.replace(/'s$/, '') ?? '';
  const transfer = sending && addressed;
  const isAddress = (word: string | undefined) => /^[1-9a-z]{32,44}$/.test(word ?? '');
  const addressAt = words.findIndex(isAddress);
  for (let k = 0; k < words.length; k++) {
    // "from his wallet", "using their funds": someone else's said as paying; beside a swap, anywhere ("it's her wallet",
    // "for her wallet": a swap receives into the session's wallet only).
    const theirs = OTHER_SOURCES.pronouns.has(words[k]) && ((nouns.has(words[k + 1] ?? '') && !OTHER_SOURCES.addressNouns.has(words[k + 1])) || OTHER_SOURCES.funds.has(words[k + 1] ?? ''));
    // ("…, it's her money": funds, never a wallet, which may be the recipient's: "<address>, that's her wallet".)
    const fundsOwned = OTHER_SOURCES.owning.has(words[k - 1] ?? '') && OTHER_SOURCES.funds.has(words[k + 1] ?? '');
    if (theirs && (openers.has(words[k - 1] ?? '') || fundsOwned || (!sending && !addressed))) return words.slice(Math.max(0, k - 1), k + 2).join(' ');
    // "It's not my money.", "It isn't my SOL.": funds disowned; beside a swap, a wallet too.
    const mine = words[k + 2] ?? '';
    if (OTHER_SOURCES.disowning.has(words[k]) && words[k + 1] === 'my' && (OTHER_SOURCES.funds.has(mine) || ctx.lookup(mine) || (!sending && nouns.has(mine)))) return words.slice(k, k + 3).join(' ');
    // ("My mom gave me her SOL.": after "me", "her" is whose the funds are, not whom a transfer pays.)
    const payee = sending && !OTHER_SOURCES.givenTo.has(words[k - 1] ?? '');
    if ((payee ? OTHER_SOURCES.theirs : OTHER_SOURCES.theirsBesideSwap).has(words[k]) && (/^\d|^\$/.test(words[k + 1] ?? '') || ctx.lookup(words[k + 1] ?? '') || SHARES[words[k + 1] ?? ''] || UNITS[words[k + 1] ?? ''] !== undefined)) return words.slice(k, k + 2).join(' ');
    // "swap all my landlord bonk", "swap 2 sol of my coworker": beside a swap, a person right before what is paid, or after "of my", owns it.
    const owner = !sending && RULE_WORDS.people.has(words[k]) && words[k - 1] === 'my' && (/^\d|^\$/.test(words[k + 1] ?? '') || ctx.lookup(words[k + 1] ?? '') || SHARES[words[k + 1] ?? ''] || words[k - 2] === 'of');
    if (owner) return words.slice(Math.max(0, k - 1), k + 2).join(' ');
    // "send 25 USDC of his to …", "swap 1 SOL of hers for USDC": someone else's, right after what is paid.
    const ofTheirs = words[k] === 'of' && OTHER_SOURCES.ofTheirs.has(words[k + 1] ?? '') && (!!ctx.lookup(words[k - 1] ?? '') || /^\d/.test(words[k - 1] ?? ''));
    if (ofTheirs) return words.slice(k, k + 2).join(' ');
    if (!OTHER_SOURCES.words.has(stem(words[k]))) continue;
    const possessive = words[k].endsWith("'s") || (nouns.has(stem(words[k + 1])) && words[k + 1].endsWith("'s"));
    let opener = k - 1;
    while (determiners.has(words[opener] ?? '')) opener--;
    const opened = openers.has(words[opener] ?? '');
    // "<address> is my friend's wallet", "This is my sister's wallet.": beside a transfer, whose wallet the recipient is.
    // "swap 2 sol to usdc into my vault": a swap receives into the session's wallet only; "send 1 SOL to <address> to my
    // ledger": a second recipient after the address.
    const walletSaid = opener < k - 1 || nouns.has(words[k + 1] ?? '');
    const destination = OTHER_SOURCES.destinations.has(words[opener] ?? '') && walletSaid && !possessive && (!sending || (addressed && addressAt >= 0 && k > addressAt));
    if (destination) return words.slice(opener, k + 1).join(' ');
    // Said of the address right before it, ending its sentence; never where anything is said to pay ("… , send 2 SOL from it"),
    // nor of a wallet the words do not tie to the address ("… . This is my dad's wallet, debit it.").
    let said = opener - 1;
    while (SENTENCE_BREAKS.has(words[said] ?? '') || words[said] === ',') said--;
    const ofAddress = isAddress(words[said]) && (k + 2 >= words.length || SENTENCE_BREAKS.has(words[k + 2]));
    const identifies =
      transfer && ofAddress && OTHER_SOURCES.identifying.has(words[opener] ?? '') && words[k].endsWith("'s") && OTHER_SOURCES.nouns.has(words[k + 1] ?? '') && !words.some((w) => OTHER_SOURCES.sourceMarkers.has(w));
    if ((!possessive || (recipientMarkers.has(words[opener] ?? '') && sending) || identifies) && !opened) continue;
    const after = k + (nouns.has(stem(words[k + 1])) ? 2 : 1);
    if (possessive && !opened && OTHER_SOURCES.addressGivers.has(words[after] ?? '') && isAddress(words[after + 1])) continue;
    if (possessive && !opened && OTHER_SOURCES.addressNouns.has(stem(words[k + 1]))) continue;
    const owned = stem(words[k + 1]);
    // "back from my cousin's wedding. anyway swap …": someone's thing that is no wallet or funds, in a sentence that names no token, amount or verb, is chat.
    const rest = words.slice(k + 1);
    const stop = rest.findIndex((w) => SENTENCE_BREAKS.has(w));
    const sentence = stop < 0 ? rest : rest.slice(0, stop);
    const namesNothing = sentence.every((w) => /^[a-z']+$/.test(w) && !ctx.lookup(w) && !VERBS[w] && !SHARES[w] && UNITS[w] === undefined && SCALES[w] === undefined);
    if (words[k].endsWith("'s") && /^[a-z]+$/.test(owned) && !nouns.has(owned) && !OTHER_SOURCES.funds.has(owned) && !FILLERS.has(owned) && namesNothing) continue;
    const from = opened ? opener : Math.max(0, k - 1);
    return words.slice(from, after).join(' ');
  }
  return undefined;
}

/**
 * "send 20 USDC to <address> and my sister": a second recipient named by who they are; "my wife will send 20 USDC to …",
 * "my friend is going to swap …": what someone else does, not a request.
 */
function otherPeople(tagged: Item[], address: number): ParseResult | undefined {
  const joined = address >= 0 ? tagged[address + 1] : undefined;
  if (joined?.kind === 'joiner' && RULE_WORDS.peopleJoiners.has(joined.text.toLowerCase())) {
    const [first, second] = tagged.slice(address + 2).filter((item) => item.kind === 'filler' || item.kind === 'word').map((item) => item.text.toLowerCase());
    if (RULE_WORDS.people.has(first) || (RULE_WORDS.peopleOwners.has(first) && RULE_WORDS.people.has(second))) {
      return refuse('two-actions', 'That names more than one recipient. I send to one address per message: send them one at a time.');
    }
  }
  const verb = tagged.findIndex((item) => item.kind === 'verb');
  const subject = tagged.slice(0, Math.max(verb, 0)).map((item) => item.text.toLowerCase());
  const person = subject.findIndex((w) => RULE_WORDS.people.has(w));
  if (person >= 0 && subject.length > person + 1 && subject.slice(person + 1).every((w) => RULE_WORDS.auxiliaries.has(w))) {
    return refuse('unclear', `That tells what your ${subject[person]} does rather than asking me to do it. If you want it done from this wallet, say it as a command, for example "send 20 USDC to <address>".`);
  }
  return undefined;
}

/** "send 20 USDC to <address> right?", "swap 1 SOL for USDC, sound good?": a command, then words of a tag question and "?" (or a question's opening word). */
function endsInTagQuestion(tagged: Item[]): boolean {
  // "…, is this the right address? cheers", "…, ok?? thx": a sign-off after the question leaves it one.
  const signOff = (item: Item) => item.kind === 'punct' || (item.kind === 'filler' && (item.aside === 'thanks' || item.aside === 'politeness' || item.aside === 'greeting'));
  let end = tagged.length;
  while (end > 0 && signOff(tagged[end - 1]) && tagged[end - 1].text !== '?') end--;
  if (end === 0) return false;
  // "…\nis this right", "… . has that gone through": a clause of its own that opens as a question asks, "?" or not.
  const marked = tagged[end - 1].text === '?';
  while (marked && end > 1 && tagged[end - 2].text === '?') end--;
  const tagEnd = marked ? end - 1 : end;
  // "…, that's right?", "… i guess?", "…, that's right..?": a hedge asked doubts the command.
  const hedged = tagged.slice(0, tagEnd).filter((item) => item.kind !== 'punct').at(-1);
  if (marked && hedged?.kind === 'filler' && hedged.aside === 'hedge') return true;
  let start = tagEnd;
  const plain = (item: Item) => item.kind === 'word' || (item.kind === 'filler' && !item.aside);
  while (start > 0 && plain(tagged[start - 1])) start--;
  const tag = tagged.slice(start, tagEnd).map((item) => item.text.toLowerCase());
  const commanded = tagged.slice(0, start).some((item) => item.kind === 'verb' || item.kind === 'arrow');
  // "…, will this create an account for them?", "… . does it open a BONK account?": a clause of its own that asks of the
  // command, whatever asides it holds ("…, will you?" pleads).
  if (marked) {
    const opens = tagged.findLastIndex((item, k) => k < tagEnd && item.kind === 'punct') + 1;
    const asking = tagged.slice(opens, tagEnd).flatMap((item) => item.text.toLowerCase().split(/\s+/));
    const askedOf = PARSER_WORDS.askingAuxiliaries.has(asking[0] ?? '') && PARSER_WORDS.askedOfCommand.has(asking[1] ?? '');
    if (opens > 0 && askedOf && tagged.slice(0, opens).some((item) => item.kind === 'verb' || item.kind === 'arrow')) return true;
  }
  if (!commanded || tag.length === 0) return false;
  // A clause of its own after the command ("…, is this his address?", "…, safe?") asks about it, unless it only pleads ("…, can you?").
  const own = tagged[start - 1]?.kind === 'punct';
  // "Is for my sister.", "is urgent": without its subject after it, such a word opens a statement as non-native speakers say it.
  if (!marked) return own && PARSER_WORDS.unmarkedQuestions.has(tag[0]) && PARSER_WORDS.askedSubjects.has(tag[1] ?? '');
  return tag.every((w) => PARSER_WORDS.tagQuestions.has(w)) || (own && !tag.every((w) => PARSER_WORDS.pleas.has(w)));
}

function isHelp(words: string[]): boolean {
  const text = ` ${words.join(' ')} `;
  if (HELP_PHRASES.some((phrase) => saysWords(text, phrase))) return true;
  const plain = plainWords(words);
  if (words.some((_, k) => longestMatch(HELP_PATTERNS, plain, k))) return true;
  return words.length > 0 && words.every((w) => GREETINGS.includes(w) || /^[!.?]+$/.test(w));
}
