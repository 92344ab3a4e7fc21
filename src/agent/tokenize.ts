import { isSolanaAddress } from '../shared/solana-address';
import type { TokenRef } from './command';
import { add, decimal, divide, format, parseDecimal, shift, type Decimal } from './decimal';
import {
  ACCOUNT_REMARKS, DETERMINERS, TRAILING_CHAT, DOLLAR_WORDS, POINTERS, FILLERS, FUZZY_VERBS, JOINERS, MARKERS, NEGATIONS, OTHER_CHAINS, OTHER_SOURCES, AMBIGUOUS_CHAINS, SCALES, SCALES_ABROAD, SHARES,
  AMBIGUOUS_SYMBOLS, APPROXIMATE, ARABIC_SCRIPT_WORDS, ASIDES, VERB_TRAITS, SPELLINGS, CJK_EXCHANGE, CJK_POSTPOSITIONS, CJK_WORDS, RULE_WORDS, SLIPPAGE, CONTESTED_NAMES, FUZZY_QUERY_WORDS, GREETING_WORDS, NOT_TOKEN_TYPOS, OTHER_LANGUAGE_WORDS, NOT_VERB_TYPOS, TIME_WORDS, UNITS, UNSUPPORTED, VENUES, VERB_PHRASES, VERBS, HYPOTHETICALS, QUESTION_WORDS, WRAPPED_BASES, IN_MESSAGE_CORRECTIONS, PARSER_WORDS, SENTENCE_BREAKS, NOT_PLAIN, NOTE_LINKS, OTHER_TICKERS, YIELD_BEARING,
  type AsideKind, type Marker, type VerbRole,
} from './lexicon';
import { isEnglish } from './english';
import { compile, longestMatch, type Words } from './patterns';

/**
 * The tokenizer: text in, typed items out, each with the span of text it came from. Numbers,
 * number words, money, percentages and shares become values; token symbols, names and mints
 * become registry tokens; verbs, prepositions and the words that forbid a transaction get
 * their role from the lexicon. What it cannot place is a `word`, which the frames must
 * account for.
 */

export type Guard = 'negation' | 'time' | 'chain' | 'unsupported';

export type Item = { text: string; start: number; end: number } & (
  | { kind: 'address'; address: string }
  | { kind: 'bad-address'; why: 'shortened' | 'invalid' | 'evm' }
  | { kind: 'number'; value: Decimal; negative: boolean; words: boolean; malformed: boolean }
  | { kind: 'money'; value: Decimal }
  | { kind: 'percent'; value: Decimal; negative: boolean }
  | { kind: 'bps'; value: Decimal; negative: boolean }
  | { kind: 'share'; numerator: number; denominator: number }
  | { kind: 'token'; token: TokenRef; fuzzy: boolean; dollar: boolean }
  | { kind: 'verb'; role: VerbRole; lemma: string; fuzzy: boolean }
  | { kind: 'marker'; marker: Marker }
  | { kind: 'arrow' }
  | { kind: 'joiner' }
  | { kind: 'guard'; guard: Guard; what: string }
  | { kind: 'filler'; aside?: AsideKind }
  /** `foreign`: letters of a script the lexicon does not read, or a word that may contradict the command (a swap mode away from its amount); never read past as chat. */
  | { kind: 'word'; fixed?: string; foreign?: true }
  | { kind: 'punct' }
);

export interface Vocabulary {
  /** A registry token by symbol, name or mint; undefined when unknown. */
  lookup(text: string): TokenRef | undefined;
  /** Every symbol of the registry, for typo matching. */
  symbols: readonly string[];
  /** Names and aliases of the registry's tokens in lower case ("solana", "dogwifhat"), for typo matching. */
  names?: readonly string[];
  /** Whether an address is a listed token's mint on any network: never a recipient. */
  isMint?(address: string): boolean;
  /** A listed token's name by its mint ("Jito Staked SOL"), for an answer that picks a token by it ("the jito one"). */
  nameOf?(mint: string): string | undefined;
}

interface Lexeme {
  /** `postposition`: a Japanese or Korean particle, only until the lexer moves it before what it marks. */
  type: 'evm' | 'short' | 'address' | 'number' | 'clock' | 'arrow' | 'word' | 'symbol' | 'postposition';
  text: string;
  raw: string;
  start: number;
  end: number;
  /** No space before it (so "2.5k", "25$", "10x" read as one). */
  joined: boolean;
  /** A word of Chinese, Japanese or Korean as written, where `text` is the English word it stands for. */
  said?: string;
  /** Letters of a script the lexicon does not read (Hangul, Cyrillic …, or CJK characters it does not know). */
  foreign?: true;
}

const LEXEME =
  /(0x[0-9a-fA-F]{6,})|([1-9A-HJ-NP-Za-km-z]{2,12}(?:…|\.{2,})[1-9A-HJ-NP-Za-km-z]{0,12})|([1-9A-HJ-NP-Za-km-z]{25,50})(?![A-Za-z0-9])|(\d{1,2}:\d{2})|(\d+(?:[.,]\d+)*|\.\d+)|(-+>|=+>|→|⇒|➡️?|➔|>)|([A-Za-z][A-Za-z0-9']*(?:-[A-Za-z0-9']+)*)|([\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+)|(\p{L}[\p{L}\p{M}]*)|(\S)/gu;

/** Each fuzzy verb's consonants, as texting writes it ("cnvrt", "trnsfr"), for the verbs that have vowels. */
const VERB_SKELETONS = new Map(FUZZY_VERBS.filter((verb) => /[aeiou]/.test(verb)).map((verb) => [verb, verb.replace(/[aeiou]/g, '')]));

/** The bounds before an amount (RULE_WORDS.boundsBefore), by their first word. */
const BOUNDS = new Map<string, string[][]>();
for (const bound of RULE_WORDS.boundsBefore) {
  const words = bound.split(' ');
  BOUNDS.set(words[0], [...(BOUNDS.get(words[0]) ?? []), words]);
}
const WAIT_STARTS = new Set([...RULE_WORDS.waits].map((phrase) => phrase.split(' ')[0]));

/** The value of a decimal digit of any script: its distance from the first digit of its run of ten ("٣" is 3). */
function digitValue(digit: string): number {
  const code = digit.charCodeAt(0);
  let zero = code;
  while (zero > code - 9 && /\p{Nd}/u.test(String.fromCharCode(zero - 1))) zero--;
  return (code - zero) % 10;
}

/** Latin letters with a stroke, which Unicode does not decompose into a base letter and a mark. */
const STROKED: Record<string, string> = { đ: 'd', Đ: 'D', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', ı: 'i' };

function lex(raw: string): Lexeme[] {
  // Where accented Latin letters were read as their base letter: a word the lexicon does not know that held one is of a
  // language it does not read ("… aber erst nächste Woche", "… o cara do suporte disse …"), never read past as chat.
  const accented: number[] = [];
  const text = raw
    .replace(/[’‘`]/g, "'")
    .replace(/[−–—]/g, '-')
    .replace(/\bw\/(?=\s|$|[A-Za-z$])/gi, 'with ')
    // "… /s": the mark of sarcasm, as chat writes it.
    .replace(/(^|\s)\/s(?=[\s.!]|$)/gi, '$1sarcasm')
    // "~2 SOL", "approx. 10", "10ish USDC": an amount hedged, said as "about 2" is (a hedge in ASIDES).
    .replace(/~\s?(?=\$?\d)/g, 'about ')
    // "20 dollars' worth": the possessive of a unit is the unit.
    .replace(/\b(dollars|bucks)'(?=\s|$)/gi, '$1')
    // "50 US dollars": the currency's name is the unit (blanked, so positions hold).
    .replace(/\bUS (?=dollars?\b)/gi, '   ')
    .replace(/\b(approx|abt)\.(?=\s)/gi, '$1')
    .replace(/\b(\d+(?:[.,]\d+)*)-?ish\b/gi, 'about $1')
    .replace(/½/g, ' 1/2')
    .replace(/¼/g, ' 1/4')
    .replace(/¾/g, ' 3/4')
    // Full-width punctuation, as Chinese is typed ("，", "？", "％").
    .replace(/[，。！？：％،؟؛]/g, (mark) => ',.!?:%,?;'['，。！？：％،؟؛'.indexOf(mark)])
    // "٢ SOL", "۱.۵ SOL", "１０ USDC": the digits of other scripts (Arabic, Persian, Devanagari, full-width …) are the digits they
    // write, never a sign dropped ("1٠" is 10); the Arabic decimal point, thousands separator and percent sign are ours.
    // A slash between Arabic or Persian digits is the decimal point of Persian keyboards ("۱/۵" is 1.5), never a ratio: left unread.
    .replace(/(?<=[\u0660-\u0669\u06F0-\u06F9])\/(?=[\u0660-\u0669\u06F0-\u06F9])/g, '⁄')
    .replace(/\p{Nd}/gu, (digit) => (digit.length === 1 ? String(digitValue(digit)) : digit))
    .replace(/[٫٬٪]/g, (mark) => '.,%'['٫٬٪'.indexOf(mark)])
    // "mándale", "Überweise", "đổi": an accented Latin letter reads as its base letter (one for one, so positions hold),
    // except the last of a verb said in the past ("envié", "compré", "vendí", "envió", "échangé"; PAST_ACCENTS).
    .replace(/[\u00C0-\u024F\u1E00-\u1EFF]/g, (letter, at: number, said: string) => {
      const base = letter.normalize('NFD').replace(/\p{M}/gu, '');
      if (RULE_WORDS.pastAccents.has(letter) && !/\p{L}/u.test(said[at + 1] ?? '')) {
        const verb = /[A-Za-z\u00C0-\u024F]+$/.exec(said.slice(0, at))?.[0].normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
        if (verb && VERBS[verb + base.toLowerCase()] !== undefined) return letter;
      }
      accented.push(at);
      return STROKED[letter] ?? (base.length === 1 ? base : letter);
    });
  const out: Lexeme[] = [];
  // The end of what a lexeme took beyond its own match (the decimals of "swap1.5").
  let consumed = 0;
  for (const match of text.matchAll(LEXEME)) {
    const start = match.index!;
    if (start < consumed) continue;
    const end = start + match[0].length;
    const joined = start > 0 && !/\s/.test(text[start - 1]);
    const push = (type: Lexeme['type'], value = match[0]) =>
      out.push({ type, text: type === 'address' || type === 'evm' || type === 'short' ? value : value.toLowerCase(), raw: value, start, end, joined });
    if (match[1]) push('evm');
    else if (match[2]) {
      // "7xKX…" is a shortened address; "hmm..." and "USDC..." are a word and an ellipsis.
      const [prefix, suffix] = match[2].split(/…|\.{2,}/);
      if (suffix || /\d/.test(prefix) || (/[A-Z]/.test(prefix.slice(1)) && !/^[A-Z]+$/.test(prefix))) push('short');
      else {
        if (/^[A-Za-z]/.test(prefix)) push('word', prefix);
        push('symbol', '…');
      }
    } else if (match[3]) push('address');
    else if (match[4]) push('clock');
    else if (match[5]) push('number');
    else if (match[6]) push('arrow');
    // "swaaaap", "pleaseee": a letter said three times or more counts twice (then a typo of one).
    else if (match[7]) {
      const said = match[7].replace(/([a-z])\1{2,}/gi, '$1$1');
      // "swap1 sol to usdc", "swap1.5 sol": a verb typed against its amount is the two (the amount's decimals too).
      const glued = /^([a-z]+)(\d+)$/i.exec(said);
      if (glued && VERBS[glued[1].toLowerCase()] !== undefined) {
        const split = start + glued[1].length;
        const number = glued[2] + (/^(?:[.,]\d+)+/.exec(text.slice(end))?.[0] ?? '');
        out.push({ type: 'word', text: glued[1].toLowerCase(), raw: glued[1], start, end: split, joined });
        out.push({ type: 'number', text: number, raw: number, start: split, end: split + number.length, joined: true });
        consumed = split + number.length;
      } else {
        const word = SPELLINGS[said.toLowerCase()] ?? said.toLowerCase();
        const unread = accented.some((at) => at >= start && at < end) && !knownWord(word);
        out.push({ type: 'word', text: word, raw: said, start, end, joined, ...(unread && { foreign: true as const }) });
      }
    }
    else if (match[8]) out.push(...cjkWords(match[8], start, joined));
    // Letters of a script the lexicon does not read (Hangul, kana, Cyrillic …) are a word it does not know, never nothing:
    // "<address> 에게 10 USDC 보내지 마" says "don't send".
    // "envié": a verb said in the past, its accent kept, is one word the lexicon does not read.
    else if (match[9] && RULE_WORDS.pastAccents.has(match[9]) && joined && out.at(-1)?.type === 'word' && out.at(-1)!.end === start) {
      const verb = out.pop()!;
      out.push({ ...verb, text: verb.text + match[9].toLowerCase(), raw: verb.raw + match[9], end, foreign: true });
    } else if (match[9] && ARABIC_SCRIPT_WORDS[match[9]]) out.push({ type: 'word', text: ARABIC_SCRIPT_WORDS[match[9]], raw: match[9], start, end, joined, said: match[9] });
    else if (match[9]) out.push({ type: 'word', text: match[9].toLowerCase(), raw: match[9], start, end, joined, foreign: true });
    else push('symbol');
  }
  return withPostpositionsBefore(withExchangeRead(withArabiziWords(out)));
}

/**
 * "7awwel", "3ayez", "ba3den": Arabic in Latin letters writes some letters as digits. A digit it uses so, glued before letters
 * that make a word the lexicon knows, or before letters it would read past ("3ayez" is no "3" and "ayez"), is one word: never an
 * amount.
 */
function withArabiziWords(lexemes: Lexeme[]): Lexeme[] {
  const out: Lexeme[] = [];
  for (const lexeme of lexemes) {
    const digit = out.at(-1);
    const glued = digit?.type === 'number' && RULE_WORDS.arabiziDigits.has(digit.text) && !digit.joined && lexeme.type === 'word' && lexeme.joined;
    const said = glued && `${digit.text}${lexeme.text}`;
    if (said && (knownWord(said) || (FILLERS.has(lexeme.text) && !RULE_WORDS.clockSuffixes.has(lexeme.text)))) {
      out[out.length - 1] = { type: 'word', text: said, raw: `${digit.raw}${lexeme.raw}`, start: digit.start, end: lexeme.end, joined: false, ...(!knownWord(said) && { foreign: true as const }) };
    } else out.push(lexeme);
  }
  return out;
}

/** A word some table of the lexicon reads. */
export function knownWord(text: string): boolean {
  return VERBS[text] !== undefined || FILLERS.has(text) || NEGATIONS.has(text) || TIME_WORDS.has(text) || MARKERS[text] !== undefined || SHARES[text] !== undefined;
}

/**
 * "Broma. send …", "swap 2 SOL for USDC, iptal": a clause of one or two words with a word neither the lexicon nor English knows
 * (`unknown`) is in a language the agent does not read, never read past as chat. A longer clause in such a language holds one
 * of its function words (OTHER_LANGUAGE_WORDS) or an accented word, which mark it; a longer English one may name a person, a
 * place or an app the word lists lack ("paying back priya for the biryani").
 */
function withShortChatRead(items: Item[], unknown: Set<Item>): Item[] {
  if (unknown.size === 0) return items;
  const out = [...items];
  let from = 0;
  for (let k = 0; k <= out.length; k++) {
    if (k < out.length && out[k].kind !== 'punct') continue;
    if (k - from <= 2) for (let j = from; j < k; j++) if (unknown.has(out[j])) out[j] = { ...out[j], foreign: true } as Item;
    from = k + 1;
  }
  return out;
}

/** Each postposition moved before the amount and token, or the address, it follows ("USDCに" → "to USDC"). */
function withPostpositionsBefore(lexemes: Lexeme[]): Lexeme[] {
  const out: Lexeme[] = [];
  for (const lexeme of lexemes) {
    if (lexeme.type !== 'postposition') {
      out.push(lexeme);
      continue;
    }
    let at = out.length;
    if (out[at - 1]?.type === 'word' || out[at - 1]?.type === 'address') at--;
    if (out[at - 1]?.type === 'number') at--;
    const type = /^[a-z]+$/.test(lexeme.text) ? 'word' : 'symbol';
    out.splice(at, 0, { ...lexeme, type, raw: lexeme.text });
  }
  return out;
}

/**
 * A run of Chinese, Japanese or Korean split into the longest words of CJK_WORDS, each read as the English word it stands for
 * (a reply quotes that word); the characters between known words are one word, unknown.
 */
function cjkWords(run: string, from: number, joined: boolean): Lexeme[] {
  const out: Lexeme[] = [];
  const push = (text: string, start: number, end: number) =>
    out.push({
      type: /^[a-z']+$/.test(text) || !CJK_GLOSSES.has(text) ? 'word' : 'symbol',
      text,
      raw: text,
      start: from + start,
      end: from + end,
      joined: joined || start > 0,
      said: run.slice(start, end),
      ...(!CJK_GLOSSES.has(text) && { foreign: true as const }),
    });
  let unknown = -1;
  const known = (word: string) => CJK_WORDS[word] ?? CJK_POSTPOSITIONS[word];
  for (let k = 0; k < run.length; ) {
    let length = Math.min(8, run.length - k);
    while (length > 0 && !known(run.slice(k, k + length))) length--;
    if (length === 0) {
      if (unknown < 0) unknown = k;
      k++;
      continue;
    }
    if (unknown >= 0) push(run.slice(unknown, k), unknown, k);
    unknown = -1;
    const said = run.slice(k, k + length);
    if (CJK_POSTPOSITIONS[said]) out.push({ type: 'postposition', text: CJK_POSTPOSITIONS[said], raw: said, start: from + k, end: from + k + length, joined: true });
    else push(CJK_WORDS[said], k, k + length);
    k += length;
  }
  if (unknown >= 0) push(run.slice(unknown), unknown, run.length);
  return out;
}

/** 换 read by the word before it in the message (CJK_EXCHANGE): "用200 USDC换ETH" gets ETH, "把1 SOL换USDC" swaps into it. */
function withExchangeRead(lexemes: Lexeme[]): Lexeme[] {
  let before: string | undefined;
  return lexemes.map((lexeme) => {
    const said = lexeme.said ?? '';
    if (CJK_EXCHANGE.after[said]) before = CJK_EXCHANGE.after[said];
    if (!CJK_EXCHANGE.verbs.has(said) || !before) return lexeme;
    return { ...lexeme, text: before, raw: before };
  });
}
const CJK_GLOSSES = new Set(Object.values(CJK_WORDS));

/** Tags a message: the pipeline's second stage. */
export function tokenize(raw: string, vocabulary: Vocabulary): Item[] {
  const lexemes = lex(raw);
  // Where the message's first address stands (-1: none), for the rules that read words by an address.
  const firstAddress = lexemes.findIndex((lexeme) => lexeme.type === 'address');
  const items: Item[] = [];
  /** Words neither the lexicon nor English (english.ts) knows. */
  const unknown = new Set<Item>();
  let i = 0;
  const at = (k: number) => lexemes[k];
  const word = (k: number) => (lexemes[k]?.type === 'word' ? lexemes[k].text : undefined);
  /** The token a word at k names, as it is or after a French elision ("l'USDC"). */
  const tokenAt = (k: number) => {
    const [stem, ending] = (word(k) ?? '').split("'");
    return word(k) ? vocabulary.lookup(word(k)!) ?? (RULE_WORDS.elisions.has(stem) && ending ? vocabulary.lookup(ending) : undefined) : undefined;
  };
  const span = (from: number, to: number) => ({
    text: to === from + 1 ? lexemes[from].raw : lexemes.slice(from, to).map((l) => l.raw).join(' '),
    start: lexemes[from].start,
    end: lexemes[to - 1].end,
  });
  const emit = (from: number, to: number, item: DistributiveOmit<Item, 'text' | 'start' | 'end'>) => {
    items.push(Object.assign(span(from, to), item) as Item);
    i = to;
  };
  /** "usdc ko 1 sol mein swap", "SOL'u 1 USDC'ye çevir": a marker written after the token it marks goes before the token's amount. */
  const markBeforeAmount = (marker: Marker, token: Item, length = 1) => {
    const amount = items.at(-1)?.kind === 'number' ? items.pop() : undefined;
    emit(i, i + length, { kind: 'marker', marker });
    if (amount) items.push(amount);
    items.push(token);
  };
  /** An aside, its text as written ("(rent share)", "jup.ag"), for the reply to quote. */
  const emitAside = (from: number, to: number, aside: AsideKind) => {
    const text = lexemes.slice(from, to).map((l, k) => `${k > 0 && !l.joined ? ' ' : ''}${l.raw}`).join('');
    items.push({ ...span(from, to), text, kind: 'filler', aside });
    i = to;
  };

  const asideWords: Words = {
    length: lexemes.length,
    // Patterns may name punctuation ("jup . ag"); the other checks take words only.
    word: (k) => at(k)?.text,
    isToken: (k) => !!word(k) && !!vocabulary.lookup(word(k)!),
    isNumber: (k) => at(k)?.type === 'number' || (at(k)?.text === '$' && at(k + 1)?.type === 'number'),
    isVerb: (k) => !!word(k) && VERBS[word(k)!] !== undefined,
    isAddress: (k) => at(k)?.type === 'address' && isSolanaAddress(at(k).text),
    isPlain: (k) => !!word(k) && isPlainWord(word(k)!) && !vocabulary.lookup(word(k)!),
    endsBefore: (k) => k >= lexemes.length || at(k).type === 'symbol' || at(k).type === 'arrow',
  };

  while (i < lexemes.length) {
    const lexeme = at(i);
    switch (lexeme.type) {
      case 'evm':
        emit(i, i + 1, { kind: 'bad-address', why: 'evm' });
        continue;
      case 'short':
        emit(i, i + 1, { kind: 'bad-address', why: 'shortened' });
        continue;
      case 'address':
        if (isSolanaAddress(lexeme.text)) emit(i, i + 1, { kind: 'address', address: lexeme.text });
        else emit(i, i + 1, { kind: 'bad-address', why: 'invalid' });
        continue;
      case 'clock':
        emit(i, i + 1, { kind: 'guard', guard: 'time', what: lexeme.raw });
        continue;
      case 'arrow':
        emit(i, i + 1, { kind: 'arrow' });
        continue;
      case 'number': {
        // "snd 4 USDC 2 <address>": texting's "2" for "to", after an amount and right before the address.
        if (RULE_WORDS.textedTo.has(lexeme.text) && at(i + 1)?.type === 'address' && items.some((item) => item.kind === 'number' || item.kind === 'money')) {
          emit(i, i + 1, { kind: 'marker', marker: 'to' });
          continue;
        }
        // "send sol 2 <address>", "send 2 <address> sol": with no other number, "to" or the amount? A word the frame cannot place, so refused.
        const otherNumber = lexemes.some((l, k) => k !== i && l.type === 'number');
        const sends = (item: Item | undefined) => item?.kind === 'verb' && item.role === 'send';
        if (RULE_WORDS.textedMarkers.has(lexeme.text) && at(i + 1)?.type === 'address' && (items.at(-1)?.kind === 'token' || (sends(items.at(-1)) && !vocabulary.lookup(at(i + 1).text))) && !otherNumber) {
          emit(i, i + 1, { kind: 'word' });
          continue;
        }
        // "$20", and "USD 20" as a currency code writes it.
        const dollarBefore = (items.at(-1)?.text === '$' && lexeme.joined) || (items.at(-1)?.text.toLowerCase() === 'usd' && !lexeme.joined);
        const negative = items.at(-1)?.text === '-' && lexeme.joined;
        if (dollarBefore || negative) items.pop();
        readNumber(i, dollarBefore, negative);
        continue;
      }
      case 'symbol': {
        if ((lexeme.text === '~' || lexeme.text === '≈') && at(i + 1)?.type === 'number') {
          emit(i, i + 1, { kind: 'word' });
          continue;
        }
        if (lexeme.text === '$' && at(i + 1)?.type === 'word' && at(i + 1).joined) {
          const token = resolveToken(at(i + 1).text, vocabulary, true);
          if (token) {
            emit(i, i + 2, { kind: 'token', token: token.token, fuzzy: token.fuzzy, dollar: true });
            continue;
          }
        }
        if (lexeme.text === '(') {
          const aside = readAside(i);
          if (aside) {
            emitAside(i, aside.end, aside.kind);
            continue;
          }
        }
        // "1 SOL <- USDC", "←": an arrow the other way round between tokens; a word the frame cannot place, so refused.
        if (!lexemes.some((l) => l.type === 'address') && leftward(i)) {
          emit(i, lexeme.text === '<' && ['-', '='].includes(at(i + 1)?.text ?? '') ? i + 2 : i + 1, { kind: 'word' });
          continue;
        }
        // "❌ swap …", "… 🚫": a sign that says no; "⏳", "🕛": a sign that says later.
        if (RULE_WORDS.noSigns.has(lexeme.text)) {
          emit(i, i + 1, { kind: 'guard', guard: 'negation', what: lexeme.text });
          continue;
        }
        if (RULE_WORDS.doubtSigns.has(lexeme.text)) {
          emit(i, i + 1, { kind: 'word' });
          continue;
        }
        if (RULE_WORDS.laterSigns.has(lexeme.text)) {
          emit(i, i + 1, { kind: 'guard', guard: 'time', what: lexeme.text });
          continue;
        }
        // "%50 SOL": a percent sign before the number, as Turkish writes it.
        const percent = lexeme.text === '%' && at(i + 1)?.type === 'number' && at(i + 1).joined ? parseDecimal(at(i + 1).text) : null;
        if (percent) {
          emit(i, i + 2, { kind: 'percent', value: percent, negative: false });
          continue;
        }
        // "5+ SOL": at least 5, a bound rather than an amount.
        if (lexeme.text === '+' && lexeme.joined && at(i - 1)?.type === 'number') emit(i, i + 1, { kind: 'word' });
        else if (lexeme.text === '&' || lexeme.text === '+') emit(i, i + 1, { kind: 'joiner' });
        else emit(i, i + 1, { kind: 'punct' });
        continue;
      }
      case 'word':
        readWords();
        continue;
    }
  }
  return withoutForeignAccounts(withAccountRemarks(withConditionedAsides(withYieldRemarked(withoutRestatedMints(withoutPartsOfOne(withShortChatRead(items, unknown))))), raw), vocabulary);

  /**
   * The lexeme of an address that follows k, after at most an opening bracket or comma, a label
   * and two of its links ("(", ", CA:", "mint is"); -1 if none does.
   */
  function labelledAddress(k: number): number {
    if (at(k)?.text === '(' || at(k)?.text === ',') k++;
    if (RULE_WORDS.addressLabels.has(at(k)?.text ?? '')) k++;
    for (const last = k + 2; k < last && RULE_WORDS.addressLabelLinks.has(at(k)?.text ?? ''); ) k++;
    return at(k)?.type === 'address' ? k : -1;
  }

  /** Whether a hedge at k stands before an amount of something ("about 15 USDT", "around $40", "roughly 2.5k BONK"), not after "at" or "by". */
  function hedgedAmount(k: number): boolean {
    if (RULE_WORDS.timePrepositions.has(word(k - 1) ?? '')) return false;
    // "about 20", said alone, answers "how much?".
    if (k === 0 && at(k + 1)?.type === 'number' && amountEnd(k + 1) >= lexemes.length) return true;
    return amountAt(k + 1);
  }

  /** Whether an amount of something starts at k: "$40", "15 USDT", "2.5k BONK", "20 dollars", "3 of". */
  function amountAt(k: number): boolean {
    if (at(k)?.text === '$') return at(k + 1)?.type === 'number';
    if (at(k)?.type !== 'number') return false;
    const next = amountEnd(k);
    return !!vocabulary.lookup(word(next) ?? '') || DOLLAR_WORDS.has(word(next) ?? '') || at(next)?.text === '$' || word(next) === 'of';
  }

  /** Whether a time starts at k: "5pm", "friday", "fri", "the unlock", or "that," ("before that, send …" orders it after something else). */
  function datedAt(k: number): boolean {
    return (
      at(k)?.type === 'number' || at(k)?.type === 'clock' || TIME_WORDS.has(word(k) ?? '') || (word(k) === 'the' && TIME_WORDS.has(word(k + 1) ?? '')) ||
      (RULE_WORDS.pointers.has(word(k) ?? '') && (!at(k + 1) || at(k + 1).type === 'symbol')) || RULE_WORDS.dayAbbreviations.has(word(k) ?? '')
    );
  }

  /** The scale a word says ("k", "million"), or undefined; "mil" beside Spanish or Portuguese words says none (SCALES_ABROAD: "envía 2 mil USDC"). */
  function scaleOf(w: string | undefined): number | undefined {
    if (w === undefined) return undefined;
    const abroad = SCALES_ABROAD[w];
    return abroad && lexemes.some((lexeme) => abroad.has(lexeme.text)) ? undefined : SCALES[w];
  }

  /** The lexeme after a number at k and its scales ("2.5 k"). */
  function amountEnd(k: number): number {
    let next = k + 1;
    while (scaleOf(word(next)) !== undefined) next++;
    return next;
  }

  /** A number with what may follow it: a scale ("2.5k", "1.2 million"), %, bps, $, dollars. */
  function readNumber(from: number, dollar: boolean, negative: boolean) {
    const lexeme = at(from);
    // "1.000" is one in English and a thousand in much of Europe: too ambiguous for money; so is a decimal comma ("1,5":
    // 1.5, or a slip for 15?), refused as writers label it where it must not transact.
    let value = /^[1-9]\d{0,2}\.\d{3}$/.test(lexeme.text) ? null : parseDecimal(lexeme.text);
    let next = from + 1;
    // "1/2 SOL" is half a SOL; a fraction that has no finite decimal ("1/3") is not an amount.
    if (at(next)?.text === '/' && at(next).joined && at(next + 1)?.type === 'number' && at(next + 1).joined) {
      const denominator = parseDecimal(at(next + 1).text);
      value = value && denominator && denominator.scale === 0 && denominator.units > 0n && denominator.units < 1000n ? divide(value, Number(denominator.units)) : null;
      next += 2;
    }
    const fraction = next > from + 1;
    const malformed = value === null;
    value ??= decimal(0);
    let words = false;
    for (;;) {
      const scale = word(next);
      const shifted = scaleOf(scale);
      if (scale && shifted !== undefined && (at(next).joined || scale.length > 1)) {
        value = shift(value, shifted);
        next++;
        continue;
      }
      if (scale === 'dozen') {
        value = { units: value.units * 12n, scale: value.scale };
        next++;
        words = true;
        continue;
      }
      break;
    }
    // "1 and a half", "3 and a quarter": digits said with a part, as "one and a half" is.
    const andAPart = RULE_WORDS.numberJoiners.has(word(next) ?? '') && RULE_WORDS.articles.has(word(next + 1) ?? '') ? partOf(word(next + 2)) : undefined;
    if (!malformed && !fraction && value.scale === 0 && andAPart) {
      value = add(value, andAPart);
      next += 3;
    }
    const after = at(next);
    const afterWord = word(next);
    // A number that does not read before a unit ("1,5%", "0,5 bps") stays a malformed number, refused, never 0.
    const unit = (after?.type === 'symbol' && after.text === '%') || RULE_WORDS.percent.has(afterWord ?? '') || RULE_WORDS.bps.has(afterWord ?? '');
    if (malformed && unit) {
      emit(from, next, { kind: 'number', value, negative, words, malformed });
    } else if (after && after.type === 'symbol' && after.text === '%' ) {
      emit(from, next + 1, { kind: 'percent', value, negative });
    } else if (RULE_WORDS.percent.has(afterWord ?? '') || (afterWord === 'per' && word(next + 1) === 'cent')) {
      emit(from, next + (afterWord === 'per' ? 2 : 1), { kind: 'percent', value, negative });
    } else if (RULE_WORDS.bps.has(afterWord ?? '') || (afterWord === 'basis' && word(next + 1)?.startsWith('point'))) {
      emit(from, next + (afterWord === 'basis' ? 2 : 1), { kind: 'bps', value, negative });
    } else if (dollar || (after?.type === 'symbol' && after.text === '$' && after.joined)) {
      emit(from, dollar ? next : next + 1, { kind: 'money', value });
    } else if (afterWord && DOLLAR_WORDS.has(afterWord) && word(next + 1) !== 'coin') {
      emit(from, next + 1, { kind: 'money', value });
    } else if (afterWord && after.joined && RULE_WORDS.ordinalSuffixes.has(afterWord) && RULE_WORDS.personalPossessives.has(word(from - 1) ?? '')) {
      // "for her 30th", "his 21st": a birthday or an anniversary, not a date.
      emit(from, next + 1, { kind: 'word' });
    } else if (afterWord && after.joined && (RULE_WORDS.timeSuffixes.has(afterWord) || RULE_WORDS.leverageSuffixes.has(afterWord))) {
      if (RULE_WORDS.leverageSuffixes.has(afterWord)) emit(from, next + 1, { kind: 'guard', guard: 'unsupported', what: 'leveraged trading' });
      else emit(from, next + 1, { kind: 'guard', guard: 'time', what: `${lexeme.raw}${after.raw}` });
    } else if (RULE_WORDS.clockWords.has(afterWord ?? '')) {
      emit(from, next + 1, { kind: 'guard', guard: 'time', what: `${lexeme.raw} ${after.raw}` });
    } else if (fraction && (afterWord === 'of' || RULE_WORDS.possessives.has(afterWord ?? '')) && isRatio(lexeme.text, at(from + 2).text)) {
      // "3/4 of my USDT", "1/3 of my BONK", "1/2 my SOL": a share of the balance, not three quarters of a token.
      emit(from, next, { kind: 'share', numerator: Number(lexeme.text), denominator: Number(at(from + 2).text) });
    } else {
      emit(from, next, { kind: 'number', value, negative, words, malformed });
    }
    if (dollar) items[items.length - 1] = { ...items[items.length - 1], text: `$${items[items.length - 1].text}`, start: items[items.length - 1].start - 1 };
  }

  /** Whether nothing but these marks follows lexeme k ("… make it SOL.", "not WIF, BONK!"). */
  function onlyMarksFrom(k: number, marks: RegExp): boolean {
    return lexemes.slice(k).every((lexeme) => lexeme.type === 'symbol' && marks.test(lexeme.text));
  }

  /** "←", "⬅️", "⇐", "<-", "<=": an arrow that points back. */
  function leftward(k: number): boolean {
    const text = at(k).text;
    if (['←', '⬅', '⇐'].includes(text) || (text === '<' && ['-', '='].includes(at(k + 1)?.text ?? '') && at(k + 1).joined)) return true;
    // "swap usdc < sol 5", "usdc < 2 sol": "<" alone after a token, before a token or an amount, may point back too.
    const before = items.at(-1);
    return text === '<' && before?.kind === 'token' && (at(k + 1)?.type === 'number' || (at(k + 1)?.type === 'word' && !!vocabulary.lookup(at(k + 1).text)));
  }

  /** "swapp 2 sol too usdc": after a verb that pays and an amount of a token, "too" right before the message's last token marks what is received. */
  function typedTo(k: number): boolean {
    const last = at(k + 1)?.type === 'word' && vocabulary.lookup(word(k + 1)!) && (k + 2 >= lexemes.length || at(k + 2).type === 'symbol');
    const paid = items.at(-1)?.kind === 'token' && items.at(-2)?.kind === 'number' && items.some((item) => item.kind === 'verb' && item.role === 'pay');
    if (!RULE_WORDS.typedTo.has(lexemes[k].text) || !last || !paid) return false;
    emit(k, k + 1, { kind: 'marker', marker: 'to' });
    return true;
  }

  /** "u s d c": a symbol spelled letter by letter, as dictation writes it (three letters or more). */
  function spelledSymbol(k: number): { end: number; token: TokenRef } | undefined {
    let end = k;
    while (at(end)?.type === 'word' && /^[a-z]$/.test(at(end).text)) end++;
    const token = end - k >= 3 ? vocabulary.lookup(lexemes.slice(k, end).map((l) => l.text).join('')) : undefined;
    return token && { end, token };
  }

  /** A word, or the longest phrase of words that means one thing. */
  function readWords() {
    if (typedTo(i)) return;
    const spelled = spelledSymbol(i);
    if (spelled) return emit(i, spelled.end, { kind: 'token', token: spelled.token, fuzzy: false, dollar: false });
    if (RULE_WORDS.toBetweenTokens.has(word(i)!) && items.at(-1)?.kind === 'token' && at(i + 1)?.type === 'word' && vocabulary.lookup(word(i + 1)!)) return emit(i, i + 1, { kind: 'marker', marker: 'to' });
    // "bi3 kol el WIF taba3i b SOL": fillers ("mine") may stand between the token and "b".
    const lastSaid = items.findLast((item) => item.kind !== 'filler');
    if (RULE_WORDS.forBetweenTokens.has(word(i)!) && lastSaid?.kind === 'token' && tokenAt(i + 1)) return emit(i, i + 1, { kind: 'marker', marker: 'out' });
    // "over 5 USDC", "up to $50", "as much as 5 SOL", "5+ SOL", "5 USDC or more": a bound, not an amount.
    for (const words of BOUNDS.get(word(i) ?? '') ?? []) {
      // "send over 2 JTO to …": "over" after the verb is its particle.
      const last = items.at(-1);
      const particle = last?.kind === 'verb' && last.role === 'send' && words[0] === 'over';
      if (words.every((w, j) => word(i + j) === w) && amountAt(i + words.length) && !particle) return emit(i, i + words.length, { kind: 'word' });
    }
    if (word(i) === 'or' && ['number', 'token'].includes(items.at(-1)?.kind ?? '')) {
      if (RULE_WORDS.boundsAfter.has(word(i + 1) ?? '')) return emit(i, i + 2, { kind: 'word' });
      // "10 USDC or so": a hedge.
      if (word(i + 1) === 'so') return emitAside(i, i + 2, 'hedge');
    }
    // "that should cover me for a while": a span, not a time to wait for.
    if (word(i) === 'for' && word(i + 1) === 'a' && word(i + 2) === 'while') return emit(i, i + 3, { kind: 'filler' });
    // "… hold on", "… hang on", "… on hold", "… in a bit", "… on my go": wait.
    const waited = WAIT_STARTS.has(word(i) ?? '') ? [3, 2].find((n) => i + n <= lexemes.length && RULE_WORDS.waits.has(lexemes.slice(i, i + n).map((l) => l.text).join(' '))) : undefined;
    if (waited) return emit(i, i + waited, { kind: 'guard', guard: 'time', what: lexemes.slice(i, i + waited).map((l) => l.text).join(' ') });
    const first = POINTERS.has(word(i + 1) ?? '') ? i + 2 : i + 1;
    if (RULE_WORDS.trials.has(word(i) ?? '') && word(first) === 'first') return emit(i, first + 1, { kind: 'guard', guard: 'time', what: lexemes.slice(i, first + 1).map((l) => l.raw).join(' ') });
    // "about 15 USDT", "around $40": a hedged amount; "at around 5", "around 5" with no token after is a time or a price.
    if (RULE_WORDS.hedgesBeforeAmount.has(word(i) ?? '') && !hedgedAmount(i)) return emit(i, i + 1, { kind: 'word' });
    // "<address>, the SOL one", "my USDC wallet one": which of someone's addresses, neither a token nor the number 1.
    // Without an address before it, "the usdc one" names the token ("which token should I swap 25 JUP for?").
    const owned = word(i) !== 'the' || (firstAddress >= 0 && firstAddress < i);
    if (RULE_WORDS.ownersBeforeOne.has(word(i) ?? '') && owned && vocabulary.lookup(word(i + 1) ?? '')) {
      const one = RULE_WORDS.walletWords.has(word(i + 2) ?? '') ? i + 3 : i + 2;
      if (word(one) === 'one') return emit(i, one + 1, { kind: 'filler' });
    }
    const aside = readAside(i);
    if (aside) return emitAside(i, aside.end, aside.kind);
    // "this one", "that one": a pointer, not the number 1.
    const counted = at(i + 1)?.type === 'number' || !!vocabulary.lookup(word(i + 1) ?? '');
    if (word(i) === 'one' && (RULE_WORDS.pointerBeforeOne.has(word(i - 1) ?? '') || (RULE_WORDS.adjectivesBeforeOne.has(word(i - 1) ?? '') && !counted))) return emit(i, i + 1, { kind: 'filler' });
    // "before the big one", "the real one", "the usdc one": a thing described, not the number 1.
    if (word(i) === 'one' && word(i - 2) === 'the' && at(i - 1)?.type === 'word') return emit(i, i + 1, { kind: 'filler' });

    // "maybe 2 SOL": an amount to guess; left as a word the frames cannot place.
    if (APPROXIMATE.has(word(i)!) && (at(i + 1)?.type === 'number' || at(i + 1)?.text === '$')) return emit(i, i + 1, { kind: 'word' });
    // "2k BONK w SOL": a lone w between tokens is "with".
    if (word(i) === 'w' && lexemes[i].raw === 'w' && (vocabulary.lookup(word(i + 1) ?? '') || at(i + 1)?.type === 'number')) return emit(i, i + 1, { kind: 'marker', marker: 'in' });
    // "One more: transfer …", "one more thing, swap …": another request, not the number 1.
    if (word(i) === 'one' && word(i + 1) === 'more' && (at(i + 2)?.type === 'symbol' || RULE_WORDS.anotherRequest.has(word(i + 2) ?? ''))) {
      return emit(i, i + (RULE_WORDS.anotherRequest.has(word(i + 2) ?? '') ? 3 : 2), { kind: 'filler' });
    }
    // "nuke my popcat bag into usdc": the bag of a token of one's own, with no amount said, is all of it.
    const amounted = () => lexemes.some((l) => l.type === 'number') || items.some((item) => item.kind === 'share' || item.kind === 'money' || item.kind === 'percent' || item.kind === 'number');
    if (RULE_WORDS.bags.has(word(i)!) && items.at(-1)?.kind === 'token' && word(i - 2) === 'my' && !amounted()) return emit(i, i + 1, { kind: 'share', numerator: 1, denominator: 1 });
    const numberWords = readNumberWords(i);
    if (numberWords) {
      const { value, next, share } = numberWords;
      if (share) emit(i, next, { kind: 'share', numerator: share[0], denominator: share[1] });
      else if (DOLLAR_WORDS.has(word(next) ?? '') && word(next + 1) !== 'coin') emit(i, next + 1, { kind: 'money', value });
      else if (word(next) === 'percent' || at(next)?.text === '%') emit(i, next + 1, { kind: 'percent', value, negative: false });
      else emit(i, next, { kind: 'number', value, negative: false, words: true, malformed: false });
      return;
    }
    for (const [words, lemma] of VERB_PHRASES_BY_FIRST.get(word(i)!) ?? []) {
      if (matches(i, words)) return emit(i, i + words.length, { kind: 'verb', role: VERBS[lemma], lemma, fuzzy: false });
    }
    // "grab 5 usdt and make it sol": after a verb that opens a chain, its object and "and", "make it" turns it into a token.
    // Only as the message's last words: "… make it JUP instead" corrects what is bought; and never after "grab me" (bought for me).
    if (RULE_WORDS.chainedMakes.some((words) => matches(i, words)) && vocabulary.lookup(word(i + 2) ?? '')) {
      const opened = items.find((item, k) => item.kind === 'verb' && (VERB_TRAITS[item.lemma] ?? []).includes('opens-chain') && !RULE_WORDS.giveTo.has(items[k + 1]?.text.toLowerCase() ?? ''));
      const linked = items.at(-1)?.kind === 'joiner' || items.at(-1)?.text === ',';
      if (opened && linked && onlyMarksFrom(i + 3, /^[!.]+$/) && items.filter((item) => item.kind === 'verb').length === 1) return emit(i, i + 2, { kind: 'verb', role: VERBS.turn, lemma: 'turn', fuzzy: false });
    }
    // "put 1 SOL into marinade", "move 100 USDC into kamino": a deposit into a protocol, not a purchase of its token.
    const depositing = () => items.some((item) => item.kind === 'verb' && RULE_WORDS.depositVerbs.has(item.lemma));
    if (RULE_WORDS.protocols.has(word(i)!) && RULE_WORDS.intoProtocol.has(word(i - 1) ?? '') && depositing()) {
      return emit(i, i + 1, { kind: 'guard', guard: 'unsupported', what: 'deposits into protocols' });
    }
    // "what are my options": choices, not options trading.
    if (RULE_WORDS.choices.has(word(i)!) && RULE_WORDS.choicesAfter.has(word(i - 1) ?? '')) return emit(i, i + 1, { kind: 'word' });
    // "send 250 USDC to <address>, it's the deposit for the car": beside a transfer to an address, a deposit named by what it is
    // for is what the payment is, no deposit into a protocol.
    const paidTo = () => items.some((item) => item.kind === 'verb' && item.role === 'send') && lexemes.some((l) => l.type === 'address');
    if (RULE_WORDS.paymentNames.has(word(i)!) && DETERMINERS.has(word(i - 1) ?? '') && word(i + 1) === 'for' && paidTo()) return emit(i, i + 1, { kind: 'filler' });
    for (const [words, what] of UNSUPPORTED_BY_FIRST.get(word(i)!) ?? []) {
      if (matches(i, words)) return emit(i, i + words.length, { kind: 'guard', guard: 'unsupported', what });
    }
    // Tokens and markers named in several words ("usd coin", "wrapped sol", "so that i get"), longest first.
    for (const length of !vocabulary.names || phraseOpeners(vocabulary.names).has(word(i)!) ? [4, 3, 2] : []) {
      if (i + length > lexemes.length || !lexemes.slice(i, i + length).every((l) => l.type === 'word')) continue;
      const phrase = lexemes.slice(i, i + length).map((l) => l.text).join(' ');
      const token = vocabulary.lookup(phrase);
      if (token) return emit(i, i + length, { kind: 'token', token, fuzzy: false, dollar: false });
      if (CONTESTED_NAMES[phrase]) return emit(i, i + length, { kind: 'word' });
      const marker = MARKERS[phrase];
      if (marker) return emit(i, i + length, { kind: 'marker', marker });
      const share = SHARES[phrase];
      if (share) return emit(i, i + length, { kind: 'share', numerator: share[0], denominator: share[1] });
    }
    const text = word(i)!;
    if (RULE_WORDS.toBeforeAddress.has(text) && at(i + 1)?.type === 'address' && items.some((item) => item.kind === 'verb' && item.role === 'send')) return emit(i, i + 1, { kind: 'marker', marker: 'to' });
    const marks = items.at(-1);
    if (RULE_WORDS.hindiMarks.has(text) && (marks?.kind === 'address' || (marks?.kind === 'token' && text === 'ko'))) return emit(i, i + 1, { kind: 'filler' });
    if (RULE_WORDS.hindiInto.has(text) && marks?.kind === 'token' && VERBS[word(i + 1) ?? '']) {
      items.pop();
      return markBeforeAmount('out', marks);
    }
    if (RULE_WORDS.turkishWith.has(text) && marks?.kind === 'token') {
      items.pop();
      return markBeforeAmount('in', marks);
    }
    if (marks?.kind === 'token' && RULE_WORDS.hindiFor.every((w, k) => word(i + k) === w)) {
      items.pop();
      return markBeforeAmount('out', marks, RULE_WORDS.hindiFor.length);
    }
    const verbAfter = (k: number) => VERBS[word(k) ?? ''] !== undefined || (RULE_WORDS.hindiInto.has(word(k) ?? '') && VERBS[word(k + 1) ?? ''] !== undefined);
    if (RULE_WORDS.hindiFrom.has(text) && marks?.kind === 'token' && tokenAt(i + 1) && verbAfter(i + 2)) {
      items.pop();
      return markBeforeAmount('in', marks);
    }
    // "contre de l'USDC", "un peu de SOL": a partitive (some) before the token, after what marks its side or a vague quantity.
    if (RULE_WORDS.partitives.has(text) && (marks?.kind === 'marker' || RULE_WORDS.vagueBeforePartitive.has(word(i - 1) ?? '')) && tokenAt(i + 1)) return emit(i, i + 1, { kind: 'filler' });
    // "un poco de SOL", "un peu d'USDC": a vague quantity of the token, so no amount (the frame asks for one).
    const vagueAt = (k: number) => RULE_WORDS.vagueBeforePartitive.has(word(k) ?? '') && ((RULE_WORDS.partitives.has(word(k + 1) ?? '') && tokenAt(k + 2)) || /^d'/.test(word(k + 1) ?? ''));
    if (vagueAt(i)) return emit(i, i + 1, { kind: 'filler' });
    if ((text === 'un' || text === 'um') && vagueAt(i + 1)) return emit(i, i + 1, { kind: 'filler' });
    // "… çevir mı?", "sat mi": Turkish asks with a particle after the verb, which no filler reads past ("mi SOL" is Spanish "my").
    if (RULE_WORDS.questionParticles.has(text) && items.at(-1)?.kind === 'verb') return emit(i, i + 1, { kind: 'word' });
    // "ma baddel …", "la tbaddel", "mat bhejo", "ma 3ayez eb3at …": "not" before the verb, fillers between.
    if (RULE_WORDS.notBeforeVerb.has(text)) {
      const pastFillers = lexemes.slice(i + 1, i + 5).find((next) => !FILLERS.has(next.text));
      if (pastFillers?.type === 'word' && VERBS[pastFillers.text] !== undefined) return emit(i, i + 1, { kind: 'guard', guard: 'negation', what: text });
    }
    // "sell every DRIFT i have": every one of a token is all of it ("every day" stays a time).
    if (text === 'every' && lexemes[i + 1]?.type === 'word' && vocabulary.lookup(word(i + 1)!)) return emit(i, i + 1, { kind: 'share', numerator: 1, denominator: 1 });
    // "sell SOL at 150", "at $3": a price to wait for, which is a condition.
    const slippageAround = () => [at(i + 2)?.text ?? '', word(i - 1) ?? ''].some((w) => RULE_WORDS.shareUnits.has(w) || SLIPPAGE.words.has(w));
    if (text === 'at' && !slippageAround() && (at(i + 1)?.type === 'number' || (at(i + 1)?.text === '$' && at(i + 2)?.type === 'number'))) {
      return emit(i, i + (at(i + 1).type === 'number' ? 2 : 3), { kind: 'guard', guard: 'time', what: `at ${at(i + 1).raw}${at(i + 2)?.type === 'number' && at(i + 1).text === '$' ? at(i + 2).raw : ''}` });
    }
    // "at a good price", "the right moment": a price or a moment to wait for.
    if (RULE_WORDS.waitAdjectives.has(text) && RULE_WORDS.waitNouns.has(word(i + 1) ?? '')) {
      return emit(i, i + 2, { kind: 'guard', guard: 'time', what: `${text} ${word(i + 1)}` });
    }
    // "long SOL", "go short 2 SOL": leverage; "long story" is not.
    if (RULE_WORDS.positions.has(text) && (at(i + 1)?.type === 'number' || vocabulary.lookup(word(i + 1) ?? '') || word(i - 1) === 'go')) {
      return emit(i, i + 1, { kind: 'guard', guard: 'unsupported', what: 'leveraged trading' });
    }
    // "12 not 10", "USDC, not USDT": a correction; the value after "not" is the one taken back. A token the message
    // already named ("swap 2 SOL to USDC, not USDC", "… . Not SOL.") is taken back from the command: a negation.
    if (text === 'not' && items.length > 0) {
      const before = items.findLast((item) => item.kind !== 'punct');
      if (before?.kind === 'number' && at(i + 1)?.type === 'number') return emit(i, i + 2, { kind: 'filler' });
      // "swap 3 sol for usdc, not 2", "send 5 usdc to <address>, not 50", "…, not 2 sol": the one amount said, restated against
      // another (with its token, or at the end of a clause).
      const amounts = items.filter((item): item is Extract<Item, { kind: 'number' }> => item.kind === 'number');
      const takenBack = at(i + 1)?.type === 'number' ? parseDecimal(at(i + 1).text) : null;
      if (amounts.length === 1 && takenBack && format(takenBack) !== format(amounts[0].value)) {
        const amountToken = items[items.indexOf(amounts[0]) + 1];
        const sameToken = amountToken?.kind === 'token' && tokenAt(i + 2)?.mint === amountToken.token.mint;
        const ends = i + 2 >= lexemes.length || at(i + 2).type === 'symbol';
        if (sameToken || ends) return emit(i, sameToken ? i + 3 : i + 2, { kind: 'filler' });
      }
      const denied = before?.kind === 'token' ? vocabulary.lookup(word(i + 1) ?? '') : undefined;
      if (denied && items.some((item) => item.kind === 'token' && item.token.mint === denied.mint)) return emit(i, i + 1, { kind: 'guard', guard: 'negation', what: text });
      if (denied) return emit(i, i + 2, { kind: 'filler' });
    }
    // "not WIF, BONK" as the whole message: the same correction, the token taken back said first.
    if (text === 'not' && items.length === 0 && vocabulary.lookup(word(i + 1) ?? '') && at(i + 2)?.text === ',' && vocabulary.lookup(word(i + 3) ?? '') && onlyMarksFrom(i + 4, /^[!.?]+$/)) {
      return emit(i, i + 2, { kind: 'filler' });
    }
    if (text === 'do' && word(i + 1) === 'not') return emit(i, i + 2, { kind: 'guard', guard: 'negation', what: 'do not' });
    // "exact-in 3000 USDT -> PYUSD", "exact out 1000 USDC, input SOL": a swap mode right before its amount names what the
    // amount sizes, as a verb does. Said anywhere else ("swap 5 SOL for USDC, exact out", "exact-in SOL for 5 USDC") it
    // may contradict the command: a word never read past.
    const modeName = RULE_WORDS.swapModes[text] ? text : text === 'exact' ? `exact-${word(i + 1)}` : undefined;
    const mode = modeName && RULE_WORDS.swapModes[modeName];
    if (mode) {
      const end = modeName === text ? i + 1 : i + 2;
      // "exact out: 500 USDT, pay with USDC": a colon may stand before the amount.
      const colon = at(end)?.text === ':' && at(end + 1)?.type === 'number';
      if (at(end)?.type === 'number' || colon) return emit(i, colon ? end + 1 : end, { kind: 'verb', role: VERBS[mode], lemma: modeName, fuzzy: false });
      // "swap exactly 3 SOL for USDC, exact in": the mode said last, after a verb, is checked against the command (parser).
      const last = onlyMarksFrom(end, /^[!.?]+$/) && lexemes.slice(0, i).some((lexeme) => lexeme.type === 'word' && VERBS[lexeme.text] !== undefined);
      return last ? emitAside(i, end, 'grammar') : emit(i, end, { kind: 'word', foreign: true });
    }
    // "…, input SOL", "output: USDC": a power user's labels for the sides.
    if (RULE_WORDS.sideLabels[text]) {
      const end = at(i + 1)?.text === ':' ? i + 2 : i + 1;
      if (vocabulary.lookup(word(end) ?? '')) return emit(i, end, { kind: 'marker', marker: RULE_WORDS.sideLabels[text] });
    }
    if (text === 'give' && RULE_WORDS.giveTo.has(word(i + 1) ?? '')) return emit(i, i + 2, { kind: 'verb', role: 'get', lemma: 'give me', fuzzy: false });
    // "24-hr price change of ETH": after a word of a figure, "change" is that figure's, no verb.
    if (text === 'change' && RULE_WORDS.changedFigures.has(word(i - 1) ?? '')) return emit(i, i + 1, { kind: 'word' });
    // "buy 5000 W, pay USDC", "pay usdt, receive 300 usdc": "pay" and a token alone in their clause, beside another verb, label what is paid.
    // ("get me 10k BONK paying SOL": after the token bought, too.)
    const paidLabel = RULE_WORDS.paidLabels.has(text) && (i === 0 || at(i - 1).type === 'symbol' || !!tokenAt(i - 1)) && vocabulary.lookup(word(i + 1) ?? '') && (at(i + 2) === undefined || at(i + 2).type === 'symbol');
    if (paidLabel && lexemes.some((lexeme, k) => k !== i && lexeme.type === 'word' && VERBS[lexeme.text] !== undefined && !RULE_WORDS.paidLabels.has(lexeme.text))) return emit(i, i + 1, { kind: 'marker', marker: 'in' });
    // "@SolTipBot send <address> 1 SOL": a bot the message opens by mentioning, right before the verb, is who it is said to
    // ("@alice send …" asks someone else).
    if (i === 1 && at(0).text === '@') {
      let end = i + 1;
      while (at(end)?.joined) end++;
      const mention = lexemes.slice(i, end).map((lexeme) => lexeme.text).join('').toLowerCase();
      if (VERBS[word(end) ?? ''] !== undefined && RULE_WORDS.botNames.some((name) => mention.includes(name))) return emitAside(i, end, 'greeting');
    }
    if (RULE_WORDS.chainPrepositions.has(text) && isChainName(i + 1)) {
      return emit(i, i + 2 + (isChainSuffix(i + 2) ? 1 : 0), { kind: 'guard', guard: 'chain', what: word(i + 1)! });
    }
    // "… on Solana", "… on mainnet" name the chain, except after "spend" or "put" ("spend 10 USDC on solana" buys SOL).
    const spending = () => lexemes.slice(0, i).some((l) => RULE_WORDS.spendingVerbs.has(l.text));
    const closes = (k: number) => k >= lexemes.length || isChainSuffix(k) || at(k).type === 'symbol' || RULE_WORDS.afterChain.has(word(k) ?? '');
    // "<address>, that's my Solana wallet", "his SOL address <address>": the chain's name said of an address, not the token.
    const chainOf = text === 'solana' || (text === 'sol' && DETERMINERS.has(word(i - 1) ?? ''));
    if (chainOf && firstAddress >= 0 && RULE_WORDS.walletWords.has(word(i + 1) ?? '')) return emit(i, i + 1, { kind: 'filler' });
    if (text === 'on' && word(i + 1) === 'mainnet' && closes(i + 2)) return emit(i, i + 2, { kind: 'filler' });
    if ((text === 'on' || text === 'via') && word(i + 1) === 'solana' && !spending() && closes(i + 2)) {
      return emit(i, i + 2 + (isChainSuffix(i + 2) ? 1 : 0), { kind: 'filler' });
    }
    // "envoie 5 USDC de <address>": another language's "from", never a label for the address.
    if (RULE_WORDS.fromBeforeAddress.has(text) && at(i + 1)?.type === 'address' && text !== 'from') return emit(i, i + 1, { kind: 'marker', marker: 'in' });
    // "for mint <address>", "CA: <address>", "(mint is <address>)": a label for the address that follows.
    if (RULE_WORDS.addressLabels.has(text)) {
      const address = labelledAddress(i);
      // "send 5 USDC to the contract <address>": what receives a transfer is a contract, no wallet; the label says so, and is read.
      const sending = lexemes.slice(0, i).some((lexeme) => VERBS[lexeme.text] === 'send');
      const receives = sending && (word(i - 1) === 'to' || (DETERMINERS.has(word(i - 1) ?? '') && word(i - 2) === 'to'));
      if (address > 0) return emit(i, address, receives ? { kind: 'word' } : { kind: 'filler' });
    }
    // "$DEGENAI <mint>", "ai16z (<mint>)", "$MOODENG, CA: <mint>": a ticker the registry does not know, naming the address after it.
    const labelled = labelledAddress(i + 1);
    if (labelled > 0 && isSolanaAddress(at(labelled).text) && !at(i).foreign && !MARKERS[text] && !AMBIGUOUS_CHAINS.has(text) && !FILLERS.has(text) && !CORRECTION_WORDS.has(text) && isPlainWord(text) && !vocabulary.lookup(text)) {
      return emitAside(i, labelled, 'note');
    }
    // "… send me the signature after": a time word that ends the message schedules nothing.
    if (RULE_WORDS.finalAfter.has(text) && i === lexemes.length - 1) return emit(i, i + 1, { kind: 'filler' });
    if (isChainName(i) && isChainSuffix(i + 1)) return emit(i, i + 2, { kind: 'guard', guard: 'chain', what: text });
    if (isChainName(i) && RULE_WORDS.chainHoldings.has(word(i + 1) ?? '')) return emit(i, i + 1, { kind: 'guard', guard: 'chain', what: text });
    // "btc", "staked sol", "jito": a name several mints claim is no token yet (a registry symbol, "eth", is its token); the frame asks which.
    if (CONTESTED_NAMES[text] && !vocabulary.symbols.some((symbol) => symbol.toLowerCase() === text)) return emit(i, i + 1, { kind: 'word' });
    // "BONK's price": the token of a possessive.
    // "<address>'ye": the Turkish ending of an address says it receives, which an address in a transfer does anyway.
    if (RULE_WORDS.turkishTo.has(text) && at(i - 1)?.text === "'" && at(i - 2)?.type === 'address') return emit(i, i + 1, { kind: 'filler' });
    // "SOL'u", "USDC'ye": a token with a Turkish case ending, the object or what it goes to.
    const [stem, ending] = text.split("'");
    // "l'USDC", "contre d'USDC": a French article elided before the token; "d'" only as a partitive, after what marks the side
    // or a vague quantity ("2 SOL d'USDC" may be 2 SOL worth of USDC).
    const partitive = stem !== 'd' || marks?.kind === 'marker' || RULE_WORDS.vagueBeforePartitive.has(word(i - 1) ?? '');
    const elided = RULE_WORDS.elisions.has(stem) && ending && partitive ? vocabulary.lookup(ending) : undefined;
    if (elided) return emit(i, i + 1, { kind: 'token', token: elided, fuzzy: false, dollar: false });
    const cased = ending !== undefined && vocabulary.lookup(stem);
    if (cased && RULE_WORDS.turkishObject.has(ending)) return emit(i, i + 1, { kind: 'token', token: cased, fuzzy: false, dollar: false });
    if (cased && RULE_WORDS.turkishTo.has(ending)) return markBeforeAmount('to', { ...span(i, i + 1), kind: 'token', token: cased, fuzzy: false, dollar: false });
    if (cased && RULE_WORDS.turkishFrom.has(ending)) return markBeforeAmount('in', { ...span(i, i + 1), kind: 'token', token: cased, fuzzy: false, dollar: false });
    // "USDC.e": a bridged token of another name, not the token it names.
    if (at(i + 1)?.text === '.' && at(i + 1).joined && at(i + 2)?.joined && word(i + 2) === 'e' && vocabulary.lookup(text)) return emit(i, i + 3, { kind: 'word' });
    const exact = vocabulary.lookup(text) ?? (text.endsWith("'s") ? vocabulary.lookup(text.slice(0, -2)) : undefined);
    if (exact && readsAsToken(lexemes[i].raw, i)) return emit(i, i + 1, { kind: 'token', token: exact, fuzzy: false, dollar: false });
    const role = VERBS[text];
    if (role) return emit(i, i + 1, { kind: 'verb', role, lemma: text, fuzzy: false });
    // "pick up 10 usdc by selling sol": what that verb sells pays, as "with sol" says; "… into jupsol by swapping" says the way again.
    if (text === 'by' && RULE_WORDS.byPaying.has(word(i + 1) ?? '')) {
      const paid = !!vocabulary.lookup(word(i + 2) ?? '') || RULE_WORDS.sideDeterminers.has(word(i + 2) ?? '');
      return emit(i, i + 2, paid ? { kind: 'marker', marker: 'in' } : { kind: 'filler' });
    }
    if (MARKERS[text]) return emit(i, i + 1, { kind: 'marker', marker: MARKERS[text] });
    if (JOINERS.has(text)) return emit(i, i + 1, { kind: 'joiner' });
    if (NEGATIONS.has(text)) return emit(i, i + 1, { kind: 'guard', guard: 'negation', what: text });
    // "before 5pm", "before friday", "before the unlock" set a time; "before I change my mind", "before the hype fades",
    // "quick one before bed" do not, and doing it now is before them: a word for the clause rules to read.
    // "right before the close", "just before the snapshot": a moment to wait for.
    if (text === 'before' && !datedAt(i + 1) && !RULE_WORDS.closeBefore.has(word(i - 1) ?? '')) return emit(i, i + 1, { kind: 'word' });
    if (TIME_WORDS.has(text) && RULE_WORDS.dueBefore.has(word(i - 1) ?? '')) return emit(i, i + 1, { kind: 'word' });
    // "for March rent", "the april invoice": the bill a month names, not when to pay it.
    if (RULE_WORDS.months.has(text) && RULE_WORDS.bills.has(word(i + 1) ?? '')) return emit(i, i + 1, { kind: 'word' });
    if (TIME_WORDS.has(text) && !(text === 'once' && word(i + 1) === 'more')) return emit(i, i + 1, { kind: 'guard', guard: 'time', what: text });
    if (OTHER_CHAINS.has(text) && !AMBIGUOUS_CHAINS.has(text)) return emit(i, i + 1, { kind: 'guard', guard: 'chain', what: text });
    // "my grandson's wallet", "my wallet's": the possessive of a word that carries no slot carries none.
    if (FILLERS.has(text) || (text.endsWith("'s") && FILLERS.has(text.slice(0, -2)))) return emit(i, i + 1, { kind: 'filler' });
    // A symbol that is also a word, where no token stands, is a word ("what's ray going for" is asked, not paid).
    if (exact) return emit(i, i + 1, { kind: 'word' });
    // "aja", "muna", "baadaye": a word of a language the lexicon does not read, never a typo of one it does.
    if (OTHER_LANGUAGE_WORDS.has(text)) return emit(i, i + 1, { kind: 'word', foreign: true });
    const token = resolveToken(text, vocabulary, false);
    if (token) return emit(i, i + 1, { kind: 'token', token: token.token, fuzzy: true, dollar: false });
    // One edit away ("swapp", "sned"), or its consonants alone, as texting writes it ("cnvrt", "trnsfr").
    const typed = (candidate: string) => oneEditApart(candidate, text) || VERB_SKELETONS.get(candidate) === text;
    const verb = text.length >= 3 && !NOT_VERB_TYPOS.has(text) ? FUZZY_VERBS.filter(typed) : [];
    if (verb.length === 1) return emit(i, i + 1, { kind: 'verb', role: VERBS[verb[0]], lemma: verb[0], fuzzy: true });
    // "balence", "portfollio": a question's word one edit away.
    const cue = text.length >= 5 && !FUZZY_QUERY_WORDS.includes(text) ? FUZZY_QUERY_WORDS.filter((candidate) => oneEditApart(candidate, text)) : [];
    if (cue.length === 1) return emit(i, i + 1, { kind: 'word', fixed: cue[0] });
    // A word neither the lexicon nor English knows may be of another language (`withShortChatRead`); a capitalised word after
    // another word is a name ("thanks Dave"; "Ok, Broma." is not).
    const named = /^[A-Z]/.test(lexemes[i].raw) && at(i - 1)?.type === 'word';
    emit(i, i + 1, { kind: 'word', ...(lexemes[i].foreign && { foreign: true }) });
    if (!(isEnglish(text) || named || /\d/.test(text))) unknown.add(items.at(-1)!);
  }

  /**
   * An aside at lexeme k ("good evening", "I guess", "on a DEX"): the lexicon's ASIDES. A venue
   * named like a token ("on Jupiter") is one only where two other tokens fill the swap.
   */
  function readAside(k: number): { end: number; kind: AsideKind } | undefined {
    const match = longestMatch(ASIDE_PATTERNS, asideWords, k);
    if (!match) return undefined;
    // "… before my first swap": a note right after a time's preposition is what the time waits on, not an aside.
    if (match.value === 'note' && RULE_WORDS.timePrepositions.has(word(k - 1) ?? '')) return undefined;
    if (match.value === 'venue') {
      const span = lexemes.slice(k, match.end).map((l) => l.text);
      const named = span.filter((w) => VENUES.has(w) && vocabulary.lookup(w));
      // "via Jupiter" only routes; "on Jupiter", "using Orca" may name what is bought or paid.
      if (!span.some((w) => RULE_WORDS.routingOnly.has(w)) && named.length > 0 && named.length === span.filter((w) => VENUES.has(w)).length) {
        // The two others must be in the venue's own clause or sentence when that has a verb ("i have USDC, buy 2 USDT
        // with JUP" pays JUP); a venue said alone is the message's ("on raydium, trade 2 SOL for BONK", "on Jupiter: swap …").
        const sentence = (breaks: Set<string>) => {
          const ends = (j: number) => lexemes[j].type === 'symbol' && breaks.has(lexemes[j].text);
          let from = k;
          while (from > 0 && !ends(from - 1)) from--;
          let to = match.end;
          while (to < lexemes.length && !ends(to)) to++;
          return [from, to];
        };
        // (A verb of the aside's own is none: "…, use raydium".)
        const withVerb = ([start, end]: number[]) => lexemes.slice(start, end).some((l, j) => VERBS[l.text] && (start + j < k || start + j >= match.end));
        const [from, to] = [sentence(CLAUSE_BREAKS), sentence(SENTENCE_BREAKS)].find(withVerb) ?? [0, lexemes.length];
        // Only tokens said as a side of the swap count ("2 SOL", "for USDC", "swap SOL"), not ones chat names ("i have USDC so …").
        const sided = (j: number) => {
          let before = j - 1;
          while (before >= 0 && RULE_WORDS.sideDeterminers.has(lexemes[before].text)) before--;
          const named = (l: Lexeme | undefined) => !!l && (l.type === 'number' || l.type === 'arrow' || !!VERBS[l.text] || (!!MARKERS[l.text] && MARKERS[l.text] !== 'of'));
          return named(lexemes[before]) || (!!lexemes[j + 1] && (lexemes[j + 1].type === 'arrow' || (!!MARKERS[lexemes[j + 1].text] && MARKERS[lexemes[j + 1].text] !== 'of')));
        };
        const others = new Set(lexemes.filter((l, j) => l.type === 'word' && j >= from && j < to && (j < k || j >= match.end) && sided(j)).map((l) => vocabulary.lookup(l.text)?.mint).filter(Boolean));
        // "sell 1 SOL on Orca": with one other token, "on" or "at" names where, and what is bought is still asked;
        // "spend 10 USDC on JUP" buys it.
        const where = ['on', 'at'].includes(lexemes[k].text) && !lexemes.slice(from, to).some((l) => RULE_WORDS.spendingVerbs.has(l.text));
        if (others.size < (where ? 1 : 2)) return undefined;
      }
    }
    return { end: match.end, kind: match.value };
  }

  function matches(from: number, words: string[]): boolean {
    return words.every((w, k) => word(from + k) === w);
  }

  function isChainName(k: number): boolean {
    const text = word(k);
    return !!text && OTHER_CHAINS.has(text);
  }

  function isChainSuffix(k: number): boolean {
    const text = word(k);
    return RULE_WORDS.chainSuffixes.has(text ?? '');
  }

  /**
   * A symbol that is also an English word ("w", "goat", "cloud", "wen") reads as a token only
   * when written in capitals or where a token stands: after an amount, "of" or a preposition,
   * or, but a single letter, alone after the word of a correction or after "or" ("…, no, orca", "i meant ray", "ray or orca"),
   * or alone or before an account, and said already as the token in the message.
   */
  function readsAsToken(raw: string, k: number): boolean {
    const text = raw.toLowerCase();
    if (!AMBIGUOUS_SYMBOLS.has(text)) return true;
    if (raw !== text) return true;
    const said = items.findLast((item) => item.kind !== 'punct')?.text.toLowerCase().split(/\s+/).at(-1) ?? '';
    const alone = text.length > 1 && (lexemes[k + 1] === undefined || lexemes[k + 1].type === 'symbol');
    const corrected = alone && (PARSER_WORDS.restates.has(said) || said === 'or');
    const previous = items.findLast((item) => item.kind !== 'filler');
    // "swap 2 render for usdc, i meant hnt, not render": said again, the token it was read as before.
    // ("…, they'll need a drift account": before an account, as the remark names it.)
    const ofAccount = ACCOUNT_REMARKS.nouns.has(word(k + 1) ?? '') || (word(k + 1) === 'token' && ACCOUNT_REMARKS.nouns.has(word(k + 2) ?? ''));
    const again = (alone || ofAccount) && items.some((item) => item.kind === 'token' && item.text.toLowerCase() === text);
    return corrected || again || (!!previous && ['number', 'share', 'money', 'marker', 'arrow', 'verb'].includes(previous.kind));
  }

  /** Number words from lexeme k: "one hundred and fifty", "two and a half", "a dozen", shares ("half", "a quarter"). */
  function readNumberWords(k: number): { value: Decimal; next: number; share?: [number, number] } | undefined {
    const first = word(k);
    if (!first) return undefined;
    // Shares: "half", "a quarter of", "one third", "all", "max"; but "half a SOL" is 0.5.
    const article = RULE_WORDS.articles.has(first);
    const shareWord = article ? word(k + 1) : first;
    // "full", "whole", "entire" are shares only of something: "my whole bag", "the entire balance of", "full amount".
    const ofSomething =
      !RULE_WORDS.wholeWords.has(shareWord ?? '') ||
      RULE_WORDS.wholeOf.has(word(k + 1) ?? '') ||
      at(k + 1)?.text === '$' ||
      !!vocabulary.lookup(word(k + 1) ?? '');
    // "a whole SOL", "an entire USDC": one token, never the whole balance.
    if (RULE_WORDS.wholeWords.has(first) && (word(k - 1) === 'a' || word(k - 1) === 'an') && vocabulary.lookup(word(k + 1) ?? '')) return { value: decimal(1), next: k + 1 };
    // "the rest of my PYTH": all that is left of it.
    if (first === 'the' && RULE_WORDS.remainders.has(word(k + 1) ?? '') && word(k + 2) === 'of') return { value: decimal(0), next: k + 2, share: [1, 1] };
    // "half a million", "a quarter million": a part of a scale named in words is a number.
    const scaled = k + (article ? 2 : 1) + (RULE_WORDS.articles.has(word(k + (article ? 2 : 1)) ?? '') ? 1 : 0);
    if (shareWord && RULE_WORDS.scaledShares.has(shareWord) && RULE_WORDS.wordScales.has(word(scaled) ?? '')) {
      const part = divide(shift(decimal(SHARES[shareWord][0]), SCALES[word(scaled)!]), SHARES[shareWord][1]);
      if (part) return { value: part, next: scaled + 1 };
    }
    if (shareWord && SHARES[shareWord] && ofSomething && (!article || RULE_WORDS.articleShares.has(shareWord))) {
      const after = word(k + (article ? 2 : 1));
      if (shareWord === 'half' && !article && (after === 'a' || after === 'an')) return { value: decimal(5, 1), next: k + 2 };
      // "a quarter of a SOL" is 0.25 SOL, not a quarter of the balance.
      const of = word(k + (article ? 2 : 1)) === 'of' && RULE_WORDS.articles.has(word(k + (article ? 3 : 2)) ?? '');
      // "a half SOL", "a quarter USDC": with an article and right before the token, the part of one token.
      const ofOne = article && SHARES[shareWord][0] < SHARES[shareWord][1] && !!vocabulary.lookup(after ?? '');
      const exact = of || ofOne ? divide(decimal(SHARES[shareWord][0]), SHARES[shareWord][1]) : null;
      if (exact && ofOne) return { value: exact, next: k + 2 };
      if (exact) return { value: exact, next: k + (article ? 4 : 3) };
      // "half of all my SOL": "all" says what the part is of, not a second share.
      const ofAll = SHARES[shareWord][0] < SHARES[shareWord][1] && after === 'of' && SHARES[word(k + (article ? 3 : 2)) ?? ''] && SHARES[word(k + (article ? 3 : 2))!][0] === SHARES[word(k + (article ? 3 : 2))!][1];
      return { value: decimal(0), next: k + (article ? 2 : 1) + (ofAll ? 2 : 0), share: SHARES[shareWord] };
    }
    if ((first === 'two' || first === 'three') && (word(k + 1) === 'quarters' || word(k + 1) === 'thirds')) {
      return { value: decimal(0), next: k + 2, share: word(k + 1) === 'quarters' ? [first === 'three' ? 3 : 2, 4] : [2, 3] };
    }
    let total = decimal(0);
    let current = decimal(0);
    let next = k;
    let any = false;
    // The previous word was a number word, and whether it was a ten ("thirty" may take "five").
    let previous: 'none' | 'unit' | 'ten' = 'none';
    for (;;) {
      const w = word(next);
      if (w === undefined) break;
      const [tens, unit] = w.split('-');
      if (unit !== undefined && UNITS[tens] >= 20 && UNITS[tens] % 10 === 0 && UNITS[unit] > 0 && UNITS[unit] < 10 && previous === 'none') {
        current = add(current, decimal(UNITS[tens] + UNITS[unit]));
        next++;
        any = true;
        previous = 'unit';
        continue;
      }
      const value = UNITS[w];
      if (value !== undefined && w !== 'dozen') {
        if (previous === 'unit' || (previous === 'ten' && value >= 10)) break;
        current = add(current, decimal(value));
        next++;
        any = true;
        previous = value >= 20 ? 'ten' : 'unit';
        continue;
      }
      if ((w === 'a' || w === 'an') && !any && RULE_WORDS.articleScales.has(word(next + 1) ?? '')) {
        current = decimal(1);
        next++;
        any = true;
        continue;
      }
      if (w === 'dozen' && any) {
        current = { units: current.units * 12n, scale: current.scale };
        next++;
        previous = 'unit';
        continue;
      }
      if (w === 'hundred' && any) {
        current = shift(current, 2);
        next++;
        previous = 'none';
        continue;
      }
      const scale = scaleOf(w);
      if (scale !== undefined && scale >= 3 && any) {
        total = add(total, shift(current, scale));
        current = decimal(0);
        next++;
        previous = 'none';
        continue;
      }
      const andAPart = any && RULE_WORDS.numberJoiners.has(w) && RULE_WORDS.articles.has(word(next + 1) ?? '') ? partOf(word(next + 2)) : undefined;
      if (andAPart) {
        current = add(current, andAPart);
        next += 3;
        break;
      }
      if (RULE_WORDS.numberJoiners.has(w) && any && UNITS[word(next + 1) ?? ''] !== undefined && UNITS[word(next + 1)!] < 100) {
        next++;
        previous = 'none';
        continue;
      }
      if (w === 'point' && any && UNITS[word(next + 1) ?? ''] < 10) {
        let digits = '';
        next++;
        while (UNITS[word(next) ?? ''] < 10) digits += UNITS[word(next++)!];
        current = add(current, { units: BigInt(digits), scale: digits.length });
        break;
      }
      break;
    }
    if (!any) return undefined;
    return { value: add(total, current), next };
  }
}

const ASIDE_PATTERNS = compile(ASIDES);

/**
 * "1/4 of a SOL", "25% of a SOL", "a SOL and a half": a part of one token, not that share of the balance. Left as a word
 * the frames cannot place, so refused ("a quarter of a SOL", read as 0.25 by the number words, is not a share).
 */
function withoutPartsOfOne(items: Item[]): Item[] {
  const isPart = (item: Item) => item.kind === 'share' || item.kind === 'percent';
  const one = (item: Item | undefined) => !!item && RULE_WORDS.articles.has(item.text.toLowerCase());
  return items.map((item, k) => {
    const of = items[k + 1];
    const ofOne = isPart(item) && of?.kind === 'marker' && of.marker === 'of' && one(items[k + 2]) && items[k + 3]?.kind === 'token';
    const andAPart = item.kind === 'share' && items[k - 1]?.kind === 'joiner' && items[k - 2]?.kind === 'token' && one(items[k - 3]);
    return ofOne || andAPart ? ({ ...item, kind: 'word' } as Item) : item;
  });
}

/**
 * "… only with mev protection", "optimize for price only": a route or a landing asked as a condition, which Parley cannot
 * promise; the word that makes it one is no filler there, so the command is refused rather than built without it.
 */
function withConditionedAsides(items: Item[]): Item[] {
  const routed = (item: Item | undefined) => item?.kind === 'filler' && (item.aside === 'venue' || item.aside === 'fee');
  return items.map((item, k) =>
    item.kind === 'filler' && RULE_WORDS.asideConditions.has(item.text.toLowerCase()) && (routed(items[k - 1]) || routed(items[k + 1])) ? { text: item.text, start: item.start, end: item.end, kind: 'word' } : item,
  );
}

/** "buy 3 JitoSOL, I want the staking yield": beside a token that earns as it is held, its yield is why, not a product asked for. */
function withYieldRemarked(items: Item[]): Item[] {
  if (!items.some((item) => item.kind === 'token' && YIELD_BEARING.tokens.has(item.token.symbol))) return items;
  return items.map((item) => (item.kind === 'guard' && item.guard === 'unsupported' && YIELD_BEARING.remarks.has(item.text.toLowerCase()) ? { ...item, kind: 'filler', aside: 'note' } : item));
}

/** A remark about token accounts (`words` in lower case) that names someone else ("their account", "she's new to USDC"). */
export const namesSomeoneElse = (words: string[]) => words.some((w) => ACCOUNT_REMARKS.others.has(w.replace(/'(?:s|re|ve|ll|d)$/, '')) || OTHER_SOURCES.pronouns.has(w));

/** "they cover the fee", "make them pay the rent" (`words` in lower case): someone else to pay, one or two words before paying. */
export const othersPay = (words: string[]) => {
  const pays = (w: string | undefined) => ACCOUNT_REMARKS.paying.has(w ?? '') || ACCOUNT_REMARKS.payingBack.has(w ?? '');
  return words.some((w, j) => ACCOUNT_REMARKS.others.has(w.replace(/'ll$/, '')) && (pays(words[j + 1]) || pays(words[j + 2])));
};

/**
 * Remarks about token accounts that ask for more than the command, kept as words to explain, never asides read past: the
 * account of a token the command does not name ("… and open a BONK account for them as well"), someone else's account beside
 * a swap ("rent for their account is on me"), making it denied ("no account creation please"; "no ata creation needed" says
 * none is needed), someone else to pay for it ("make them pay the rent").
 */
function withoutForeignAccounts(items: Item[], vocabulary: Vocabulary): Item[] {
  if (!items.some(isAccountAside)) return items;
  const named = new Set(items.flatMap((item) => (item.kind === 'token' ? [item.token.mint] : [])));
  // ("… costs me ~0.002 SOL": the SOL of the rent the remark tells of is no token of its own.)
  const foreign = (words: string[]) => words.some((w, j) => {
    const token = vocabulary.lookup(w);
    return token !== undefined && !named.has(token.mint) && !isRentSol(words, j, vocabulary);
  });
  const around = (k: number) => [...wordsOf(items[k - 2]), ...wordsOf(items[k - 1]), ...wordsOf(items[k]), ...wordsOf(items[k + 1]), ...wordsOf(items[k + 2])];
  const deniedMaking = (words: string[]) => {
    const denial = words.findIndex((w) => ACCOUNT_REMARKS.denials.has(w));
    if (denial < 0) return false;
    // Right after it, or after the account's words ("don't create", "no account creation"; "no need to create one", "they
    // don't have one, make one" deny something else).
    let making = denial + 1;
    while (ACCOUNT_REMARKS.nouns.has(words[making] ?? '') || ACCOUNT_REMARKS.owners.has(words[making] ?? '') || vocabulary.lookup(words[making] ?? '')) making++;
    // ("not created yet", "not initialized" say it does not exist.)
    const made = (w: string) => w.endsWith('ed') || w === 'made';
    return ACCOUNT_REMARKS.making.has(words[making] ?? '') && !made(words[making]) && !ACCOUNT_REMARKS.needs.has(words[making + 1] ?? '');
  };
  // ("she's new to USDC", "rent for their account is on me" beside a swap: someone else's account, which a swap does not make.)
  const swapOnly = !items.some((item) => item.kind === 'verb' && item.role === 'send');
  const someoneElse = (words: string[]) => swapOnly && namesSomeoneElse(words);
  // ("…, that's their token account", "…, it is the USDC ata": beside a transfer, the address said to be a token account itself,
  // where a transfer pays its owner's.)
  const namesAddress = (words: string[]) => {
    if (swapOnly) return false;
    let k = OTHER_SOURCES.identifying.has(words[0]) ? 1 : ACCOUNT_REMARKS.pointing.has(words[0]) && OTHER_SOURCES.identifying.has(words[1]) ? 2 : 0;
    if (k === 0) return false;
    while (ACCOUNT_REMARKS.identified.has(words[k] ?? '') || vocabulary.lookup(words[k] ?? '')) k++;
    return ACCOUNT_REMARKS.nouns.has(words[k] ?? '');
  };
  // ("…, the recipient is ok with paying the ata rent", "…, my friend is fine with paying …", "<address> is fine with paying …",
  // "…, they don't worry about the ata": a stance on the account taken by someone else, before it or in it; never a possessive,
  // "rent for their account is fine" is the sender's.)
  const subjectWord = (w: string) => (ACCOUNT_REMARKS.otherSubjects.has(w) || ACCOUNT_REMARKS.others.has(w) || RULE_WORDS.people.has(w)) && !ACCOUNT_REMARKS.beneficiaries.has(w);
  const saidOfOthers = (k: number) => {
    const own = wordsOf(items[k]);
    const stance = own.findIndex((w) => ACCOUNT_REMARKS.stances.has(w));
    if (stance < 0) return false;
    // ("… is totally fine for them": after the stance, for whom; "they have none so fine to create it": "so" ends whose the stance is.)
    const from = own.slice(0, stance).findLastIndex((w) => TRAILING_CHAT.breaks.has(w)) + 1;
    if (own.slice(from, stance).some(subjectWord) || own.slice(stance + 1).some((w) => ACCOUNT_REMARKS.beneficiaries.has(w))) return true;
    let j = k - 1;
    const run: string[] = [];
    for (; j >= 0 && (items[j].kind === 'word' || isPlainFiller(items[j])); j--) run.push(...wordsOf(items[j]));
    // ("<address> is fine with paying …")
    return run.some(subjectWord) || (items[j]?.kind === 'address' && run.some((w) => ACCOUNT_REMARKS.being.has(w)));
  };
  // ("…, dont worry abt the ata or the price", "…, BONK needs an ata?", "…, happy with paying the ata rent with SOL", "… is fine
  // with them", "… on his dime": what comes right after the remark adds to it, asks, names what pays or who.)
  const extended = (k: number) => {
    let j = k + 1;
    while (isPlainFiller(items[j]) || items[j]?.text === ',') j++;
    const next = items[j];
    if (!next) return false;
    // ("…, she's new to MEW and has no token account for it": another remark may follow; "… and that's fine" closes it.)
    let after = j + 1;
    while (isPlainFiller(items[after])) after++;
    const adds = firstWord(next) !== 'and' || DETERMINERS.has(firstWord(items[j + 1]));
    const added = next.kind === 'joiner' && ACCOUNT_REMARKS.addedJoiners.has(firstWord(next)) && adds && !isAccountAside(items[after]);
    // ("…, on his dime": the rest of the sentence, up to a command said after the remark.)
    const rest: Item[] = [];
    for (let r = k + 1; r < items.length && !SENTENCE_BREAKS.has(items[r].text) && items[r].kind !== 'verb'; r++) rest.push(items[r]);
    const restWords = rest.flatMap(wordsOf);
    const onOthers = restWords.some((w, r) => OTHER_SOURCES.pronouns.has(w) && ACCOUNT_REMARKS.payNouns.has(restWords[r + 1] ?? ''));
    const whose = onOthers || rest.some((item) => item.kind === 'address');
    // ("… with SOL", "… is fine with them": what pays, or who agrees.)
    const paysWith = next.kind === 'marker' && next.marker === 'in' && (items[j + 1]?.kind === 'token' || items[j + 1]?.kind === 'address' || ACCOUNT_REMARKS.beneficiaries.has(firstWord(items[j + 1])));
    return next.text === '?' || added || whose || next.kind === 'address' || paysWith;
  };
  const blocked = (item: Item, k: number) =>
    item.kind === 'filler' &&
    item.aside === 'account' &&
    (foreign(wordsOf(item)) || someoneElse(wordsOf(item)) || namesAddress(wordsOf(item)) || deniedMaking(around(k)) || othersPay(around(k)) || saidOfOthers(k) || extended(k));
  // Each word of it on its own, unread, to be explained rather than read past ("make", "account", "usdt").
  const asWords = (item: Item): Item[] =>
    [...item.text.matchAll(/\S+/g)].map((word) => ({ text: word[0], start: item.start + word.index!, end: item.start + word.index! + word[0].length, kind: 'word', foreign: true }));
  return items.flatMap((item, k) => (blocked(item, k) ? asWords(item) : [item]));
}

/** Clauses about token accounts that name nothing to build, each one aside (ACCOUNT_REMARKS), with a request for the account said after one. */
function withAccountRemarks(items: Item[], raw: string): Item[] {
  if (!items.some((item) => isAccountAside(item) || /\b(?:atas?|accounts?|accts?)\b/i.test(item.text))) return items;
  const clauses = accountClauses(items);
  const remarks = new Set(clauses.filter((clause) => isAccountRemark(clause, clauses, items)));
  // "— brand new wallet, no ATAs", "(new bSOL holder, ATA needed)", "— plain SOL, so no token account stuff": beside a remark, a
  // clause that only says the wallet is new or that SOL is sent.
  const beside = (k: number) => [clauses[k - 2], clauses[k + 2]].some((other) => other !== undefined && remarks.has(other));
  clauses.forEach((clause, k) => {
    if (beside(k) && (says(clause, ACCOUNT_REMARKS.newWallets) || isNativeSol(clause)) && !says(clause, ACCOUNT_REMARKS.blocking) && clause.every((item) => isNewWalletWord(item, items))) remarks.add(clause);
  });
  const out: Item[] = [];
  let previous = false;
  for (const clause of clauses) {
    const merged: boolean = remarks.has(clause) || (previous && asksForAccount(clause));
    if (merged) {
      const [start, end] = [clause[0].start, clause.at(-1)!.end];
      out.push({ text: raw.slice(start, end), start, end, kind: 'filler', aside: 'account' });
    } else out.push(...clause);
    if (clause.some((item) => item.kind !== 'punct' && item.kind !== 'joiner')) previous = merged;
  }
  return out;
}

/** "plain SOL" beside a remark: SOL itself, which needs no token account. */
const isNativeSol = (clause: Item[]) => clause.length === 2 && ACCOUNT_REMARKS.native.has(firstWord(clause[0])) && clause[1].kind === 'token' && clause[1].token.symbol === 'SOL';

/** A word of a clause that says the wallet is new: a filler, one of ACCOUNT_REMARKS.words, or a token the command names. */
function isNewWalletWord(item: Item, items: Item[]): boolean {
  if (item.kind === 'filler') return !item.aside;
  if (item.kind === 'word') return wordsOf(item).every((w) => ACCOUNT_REMARKS.words.has(w));
  return item.kind === 'token' && namedTwice(item, items);
}

/** A token said again in the message, so one of the command's, not a remark's own ("a USDC account" beside "send 5 USDC"). */
function namedTwice(token: Extract<Item, { kind: 'token' }>, items: Item[]): boolean {
  return items.filter((other) => other.kind === 'token' && other.token.mint === token.token.mint).length > 1;
}

/** The clauses of a message, each joiner or punctuation a clause of its own between them; a label's colon joins ("dest: their token account" names where to). */
function accountClauses(items: Item[]): Item[][] {
  const clauses: Item[][] = [[]];
  for (const item of items) {
    if (item.kind === 'joiner' || (item.kind === 'punct' && item.text !== "'" && item.text !== ':')) clauses.push([item], []);
    // ("… for INF btw I have no INF acct …": a word that opens an aside opens a clause.)
    else if (item.kind === 'filler' && !item.aside && ACCOUNT_REMARKS.openers.has(item.text.toLowerCase())) clauses.push([item]);
    else clauses.at(-1)!.push(item);
  }
  return clauses;
}

const wordsOf = (item: Item | undefined) => (item ? item.text.toLowerCase().split(/\s+/) : []);
const firstWord = (item: Item | undefined) => wordsOf(item)[0] ?? '';
const says = (clause: Item[], of: Set<string>) => clause.some((item) => wordsOf(item).some((w) => of.has(w)));
const isPlainFiller = (item: Item | undefined) => item?.kind === 'filler' && !item.aside;
const isAccountAside = (item: Item | undefined) => item?.kind === 'filler' && item.aside === 'account';

/** A clause about a token account that names nothing to build, in a message of `items` split into `clauses`. */
function isAccountRemark(clause: Item[], clauses: Item[][], items: Item[]): boolean {
  if (clause.length === 0 || clauses[clauses.indexOf(clause) + 1]?.[0]?.text === '?') return false;
  // ("the account creation fee", "account rent": an account's making or cost names a token account too; "whatever rent the new
  // account needs": so does its rent said just before.)
  const rentBefore = (k: number) => clause.slice(Math.max(0, k - 3), k).some((item) => ACCOUNT_REMARKS.rent.has(firstWord(item)));
  const accountWord = (k: number) =>
    ACCOUNT_REMARKS.owners.has(firstWord(clause[k - 1])) || clause[k - 1]?.kind === 'token' || ACCOUNT_REMARKS.making.has(firstWord(clause[k + 1])) || ACCOUNT_REMARKS.costs.has(firstWord(clause[k + 1])) || rentBefore(k);
  const names = clause.some((item, k) => isAccountAside(item) || /^atas?$/.test(firstWord(item)) || (/^(?:accounts?|accts?)$/.test(firstWord(item)) && accountWord(k)));
  if (!names || says(clause, ACCOUNT_REMARKS.blocking) || ACCOUNT_REMARKS.asking.has(firstWord(clause[0]))) return false;
  // After "and" or "plus", it says something of the account ("… and the ata is fine", "… and no ata yet"): "…, plus the account
  // rent" adds a payment.
  const tells = (item: Item) => says([item], ACCOUNT_REMARKS.predicates) || item.kind === 'verb' || item.kind === 'guard' || isAccountAside(item);
  if (clauses[clauses.indexOf(clause) - 1]?.[0]?.kind === 'joiner' && !clause.some(tells)) return false;
  // One token at most ("the usdc account for sol" names two), and nobody's by name ("the ata is my dad's").
  if (new Set(clause.map((item) => item.kind === 'token' && item.token.mint).filter(Boolean)).size > 1) return false;
  if (clause.some((item) => /'s$/.test(item.text.toLowerCase()) && !ACCOUNT_REMARKS.ownWords.has(item.text.toLowerCase()))) return false;
  return clause.every((item, k) => fitsAccountRemark(item, k, clause, clauses, items));
}

/** Whether the item at k of a clause about a token account may stand in a remark. */
function fitsAccountRemark(item: Item, k: number, clause: Item[], clauses: Item[][], items: Item[]): boolean {
  const before = firstWord(clause[k - 1]);
  const next = clause[k + 1];
  switch (item.kind) {
    case 'filler':
      return true;
    case 'punct':
      // "ATA: create if missing": a label's colon.
      return item.text === ':';
    case 'word':
      // "ATA rent ≈ 0.002 SOL".
      if (ACCOUNT_REMARKS.about.has(item.text) && isRentFigure(clause, k + 1)) return true;
      // "create it if required", "the ata is needed": a need said of the account, never a requirement of the command ("existing token account required").
      // ("whatever rent the new account needs": the account's need, a verb said of it.)
      return wordsOf(item).every(
        (w) => ACCOUNT_REMARKS.words.has(w) || ACCOUNT_REMARKS.making.has(w) || (ACCOUNT_REMARKS.needs.has(w) && (ACCOUNT_REMARKS.needSaidAfter.has(before) || (ACCOUNT_REMARKS.needsOf.has(w) && ACCOUNT_REMARKS.nouns.has(before)))),
      );
    case 'marker':
      // "it needs to be created": "to" before making it, never before whose account ("to their ata"); "in my wallet": here.
      if (ACCOUNT_REMARKS.markers.has(firstWord(item))) return true;
      if (firstWord(item) === 'to') return says(clause.slice(k + 1, k + 3), ACCOUNT_REMARKS.making);
      // ("… on this wallet yet": only a word of when after it.)
      return (
        ACCOUNT_REMARKS.places.has(firstWord(item)) &&
        ACCOUNT_REMARKS.here.some((place) => place.every((w, j) => firstWord(clause[k + 1 + j]) === w) && clause.slice(k + 1 + place.length).every((rest) => ACCOUNT_REMARKS.stillWords.has(firstWord(rest))))
      );
    case 'share':
      // "no token accounts at all".
      return before === 'at' && firstWord(item) === 'all' && k === clause.length - 1;
    case 'number':
      // "create one", "set one up", "they'll need one": the account; "make it one", "one usdc to their ata": an amount.
      return (firstWord(item) === 'one' && (ACCOUNT_REMARKS.orders.has(before) || ACCOUNT_REMARKS.needs.has(before))) || isRentFigure(clause, k);
    case 'token': {
      // "costs me ~0.002 SOL": the rent's SOL.
      if (isRentFigure(clause, k - 1)) return true;
      // The command's own token, said of the account: "a USDC account", "an account for bonk", "never held pengu".
      const commands = namedTwice(item, items);
      const ofAccount = isAccountAside(next) || wordsOf(next).some((w) => ACCOUNT_REMARKS.nouns.has(w) || ACCOUNT_REMARKS.owners.has(w));
      // ("receiving native SOL so no token account involved": native SOL needs none.)
      const native = item.token.symbol === 'SOL' && (ACCOUNT_REMARKS.native.has(before) || (firstWord(next) === 'is' && ACCOUNT_REMARKS.native.has(firstWord(clause[k + 2]))));
      return commands && (ofAccount || clause[k - 1]?.kind === 'marker' || ACCOUNT_REMARKS.denied.has(before) || native);
    }
    case 'verb':
      return wordsOf(item).every((w) => ACCOUNT_REMARKS.making.has(w) || (ACCOUNT_REMARKS.paying.has(w) && ACCOUNT_REMARKS.payers.has(before)));
    case 'guard':
      // "I don't have a USDC account", "no ata yet": a negation denies having it, never making it ("don't create a token account").
      if (item.guard === 'negation') return !!next && !(next.kind === 'filler' && next.aside) && (ACCOUNT_REMARKS.denied.has(firstWord(next)) || next.kind === 'token');
      return item.guard === 'time' && ACCOUNT_REMARKS.conditions.has(firstWord(item)) && isAccountCondition(clause, k, clauses);
    default:
      return false;
  }
}

/**
 * "costs me ~0.002 SOL", "ATA rent ≈ 0.002 SOL" at k of a clause: an amount of SOL no larger than a token account's rent
 * (ACCOUNT_REMARKS.rentAtMost), said as about so much, in a clause of its cost; "…, and 0.002 SOL for their ATA" and a figure
 * alone ("…, ~0.002 SOL") ask for a second transfer.
 */
function isRentFigure(clause: Item[], k: number): boolean {
  const [item, next, hedge] = [clause[k], clause[k + 1], clause[k - 1]];
  if (item?.kind !== 'number' || item.negative || item.malformed || next?.kind !== 'token' || next.token.symbol !== 'SOL' || !atMostRent(item.value)) return false;
  return ACCOUNT_REMARKS.about.has(firstWord(hedge)) && says(clause, ACCOUNT_REMARKS.costs);
}

/** Whether word j of a remark (`words`, in lower case) is the SOL of a rent figure said before it, as about so much ("costs me ~0.002 sol"). */
export function isRentSol(words: string[], j: number, vocabulary: Vocabulary): boolean {
  const hedged = /^[~≈]/.test(words[j - 1] ?? '') || ACCOUNT_REMARKS.about.has(words[j - 2] ?? '');
  const figure = parseDecimal(words[j - 1]?.replace(/^[~≈]/, '') ?? '');
  return vocabulary.lookup(words[j])?.symbol === 'SOL' && hedged && figure !== null && atMostRent(figure);
}

const atMostRent = (value: Decimal) => value.units * 10n ** BigInt(ACCOUNT_REMARKS.rentAtMost.scale) <= ACCOUNT_REMARKS.rentAtMost.units * 10n ** BigInt(value.scale);

/** "create one if they don't have one", "if needed", "fine if it creates an ATA": a condition said of the account, not of the command. */
function isAccountCondition(clause: Item[], k: number, clauses: Item[][]): boolean {
  const after = clause.slice(k + 1);
  const needed = ACCOUNT_REMARKS.needs.has(firstWord(after[0])) || (firstWord(after[0]) === "it's" && ACCOUNT_REMARKS.needs.has(firstWord(after[1])));
  // "if they need an ata, refuse": a condition with no order of its own may rule the clause after it, unless one
  // of them only accepts ("fine if it creates an ATA", "if it needs a new token account for that, fine by me").
  const following = clauses.slice(clauses.indexOf(clause) + 1).find((other) => other.some((item) => item.kind !== 'punct' && item.kind !== 'joiner'));
  const accepts = (other: Item[]) => says(other, ACCOUNT_REMARKS.accepting) && other.every((item) => item.kind === 'filler' || ACCOUNT_REMARKS.accepting.has(firstWord(item)) || firstWord(item) === 'by');
  // ("if a WIF account has to be created, do it", "If their account doesn't exist, please create it": an order for it after.)
  const accepted = says(clause.slice(0, k), ACCOUNT_REMARKS.accepting) || (!!following && (accepts(following) || asksForAccount(following)));
  if (needed || firstWord(clause[k]) === 'when' || !(says(clause, ACCOUNT_REMARKS.orders) || accepted)) return needed;
  const denial = after.some((item, j) => item.kind === 'guard' && item.guard === 'negation' && ACCOUNT_REMARKS.having.has(firstWord(after[j + 1])));
  return says(after, ACCOUNT_REMARKS.conditionedBy) || after.some(isAccountAside) || denial;
}

/**
 * "…, so please set one up", "…, I'll pay", "…, whatever, pay it" after a remark: the account asked for or its rent taken on
 * ("make it one" is as much an amount of 1).
 */
function asksForAccount(clause: Item[]): boolean {
  if (clause.length === 0 || ACCOUNT_REMARKS.amountOrAccount.every((w) => says(clause, new Set([w])))) return false;
  // ("…, I'll pay", "…, whatever, pay it": only these words, never "pay you back", "refund them", "charge me".)
  const words = clause.flatMap(wordsOf);
  const paid = words.some((w, k) => ACCOUNT_REMARKS.paying.has(w) && (k === 0 || ACCOUNT_REMARKS.payers.has(words[k - 1])));
  const takesOn = (w: string) => ACCOUNT_REMARKS.paying.has(w) || ACCOUNT_REMARKS.payers.has(w) || ACCOUNT_REMARKS.accepting.has(w) || ACCOUNT_REMARKS.takingOn.has(w);
  if (paid || words.every((w) => ACCOUNT_REMARKS.accepting.has(w) || w === 'whatever')) return words.every(takesOn);
  if (!says(clause, ACCOUNT_REMARKS.orders)) return false;
  return clause.every((item) => item.kind === 'filler' || wordsOf(item).every((w) => ACCOUNT_REMARKS.making.has(w) || ACCOUNT_REMARKS.pointers.has(w) || ACCOUNT_REMARKS.needs.has(w)));
}

/** "USDC (mint is EPjF…)", "BONK DezX…": a token's own mint said after it names that token again, not a second one. */
function withoutRestatedMints(items: Item[]): Item[] {
  let token: TokenRef | undefined;
  return items.map((item) => {
    if (item.kind === 'token') token = item.token;
    else if (item.kind === 'address' && token?.mint === item.text) return { ...item, kind: 'filler' } as Item;
    else if (item.kind !== 'punct' && item.kind !== 'filler') token = undefined;
    return item;
  });
}

/** Whether `text` is `symbol` with one of its letters said twice ("jupp" of "jup", "sool" of "sol"). */
function isDoubled(text: string, symbol: string): boolean {
  return text.length === symbol.length + 1 && [...text].some((letter, k) => letter === text[k - 1] && text.slice(0, k) + text.slice(k + 1) === symbol);
}

/** A word that changes nothing wherever it stands, so an aside's `…` may take it. */
function isPlainWord(text: string): boolean {
  if (NOT_PLAIN.has(text) || NOTE_LINKS.has(text)) return false;
  if (FILLERS.has(text) || GREETING_WORDS.has(text)) return true;
  return !(
    VERBS[text] || NEGATIONS.has(text) || TIME_WORDS.has(text) || OTHER_CHAINS.has(text) || SHARES[text] || UNITS[text] !== undefined ||
    UNSUPPORTED_WORDS.has(text) || HYPOTHETICAL_WORDS.has(text) || QUESTION_WORDS.has(text)
  );
}

const UNSUPPORTED_WORDS = new Set(UNSUPPORTED.map(([words]) => words[0]));

/** A table of phrases, each listed under its first word: a word is checked only against the phrases it can open. */
function byFirstWord<T>(table: Array<[string[], T]>): Map<string, Array<[string[], T]>> {
  const index = new Map<string, Array<[string[], T]>>();
  for (const entry of table) index.set(entry[0][0], [...(index.get(entry[0][0]) ?? []), entry]);
  return index;
}
const VERB_PHRASES_BY_FIRST = byFirstWord(VERB_PHRASES);
const UNSUPPORTED_BY_FIRST = byFirstWord(UNSUPPORTED);

/** The first words of the names, contested names, markers and shares of several words ("usd", "so", "every"), per list of a vocabulary's names. */
const openersOf = new WeakMap<readonly string[], Set<string>>();
function phraseOpeners(names: readonly string[]): Set<string> {
  let openers = openersOf.get(names);
  if (!openers) {
    openers = new Set([...names, ...Object.keys(CONTESTED_NAMES), ...Object.keys(MARKERS), ...Object.keys(SHARES)].filter((phrase) => phrase.includes(' ')).map((phrase) => phrase.split(' ')[0]));
    openersOf.set(names, openers);
  }
  return openers;
}
/** "half", "quarter": the part of one a share word says, where it has a finite decimal ("and a half" is 0.5). */
function partOf(word: string | undefined): Decimal | undefined {
  const share = word === undefined ? undefined : SHARES[word];
  return share && share[0] < share[1] && RULE_WORDS.articleShares.has(word!) ? divide(decimal(share[0]), share[1]) ?? undefined : undefined;
}

/** Where a clause ends, for rules that read one: a sentence's end, or a comma. */
const CLAUSE_BREAKS = new Set([...SENTENCE_BREAKS, ',']);
/** "correction: <address>", "wait, <address>": a word that opens a correction is no ticker naming the address. */
const CORRECTION_WORDS = new Set(IN_MESSAGE_CORRECTIONS.openers.flat());
/** "(just kidding)", "(simulate it)": a word that alone makes a message hypothetical is never an aside's. */
const HYPOTHETICAL_WORDS = new Set(HYPOTHETICALS.filter((phrase) => phrase.length === 1).map(([word]) => word));

/**
 * A registry token by symbol, name or mint. A zero for an o counts, fuzzily ("S0L"); so does a
 * typo of 4+ letters one edit from exactly one symbol of 4+ ("bonkk", "bnok"), or from one of 3
 * with a letter said twice ("jupp"). Three letters are too few to tell a typo from another
 * ticker ("$PYT", "bnk"), and so is a three-letter symbol with a letter added ("JTIO") or a
 * short symbol with another first letter ("tBTC", "jSOL"): the token is asked for.
 */
export function resolveToken(text: string, vocabulary: Vocabulary, dollar: boolean): { token: TokenRef; fuzzy: boolean } | undefined {
  const exact = vocabulary.lookup(text);
  if (exact) return { token: exact, fuzzy: false };
  if (text.length < 3 || !/^[a-z0-9]+$/.test(text) || (!dollar && (FILLERS.has(text) || NOT_TOKEN_TYPOS.has(text))) || OTHER_TICKERS.has(text)) return undefined;
  // "S0L", "B0NK": a zero typed for the letter o between letters.
  const lettered = /[a-z]0|0[a-z]/.test(text) && /^[a-z0]+$/.test(text) ? vocabulary.lookup(text.replaceAll('0', 'o')) : undefined;
  if (lettered) return { token: lettered, fuzzy: true };
  const near = new Map<string, TokenRef>();
  for (const symbol of vocabulary.symbols) {
    // (Most words are no symbol's length: skipped before a lower-case copy is made.)
    if (Math.abs(symbol.length - text.length) > 1) continue;
    // A symbol of three letters is a typo's only with a letter said twice ("jupp", "sool"): "JTIO" may be another ticker.
    const fits = text.length >= 4 && (symbol.length >= 4 || (symbol.length === 3 && isDoubled(text, symbol.toLowerCase())));
    // Another first letter on a short symbol is another ticker ("tBTC" is no WBTC, "jSOL" no mSOL), unless its key is next to the symbol's ("ysdt").
    const otherTicker = () => symbol.length <= 5 && symbol.length === text.length && symbol[0].toLowerCase() !== text[0] && !(isNeighbourKey(symbol[0].toLowerCase(), text[0]) && !WRAPPED_BASES.has(text.slice(1)));
    if (fits && oneEditApart(symbol.toLowerCase(), text) && !otherTicker()) {
      const token = vocabulary.lookup(symbol);
      if (token) near.set(token.mint, token);
    }
  }
  if (near.size === 0 && text.length >= 5) {
    for (const name of vocabulary.names ?? []) {
      if (name.length >= 5 && oneEditApart(name, text)) {
        const token = vocabulary.lookup(name);
        if (token) near.set(token.mint, token);
      }
    }
  }
  return near.size === 1 ? { token: [...near.values()][0], fuzzy: true } : undefined;
}

/** The letter keys of a QWERTY keyboard, row by row. */
const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/**
 * Whether two letters are neighbours on a QWERTY keyboard. Each row sits half a key right of the
 * one above, so the keys above a key are at its column and the next, those below at its column
 * and the one before ("s": "w", "e" above, "z", "x" below).
 */
function isNeighbourKey(a: string, b: string): boolean {
  const at = (key: string) => {
    const row = KEY_ROWS.findIndex((keys) => keys.includes(key));
    return row < 0 ? undefined : { row, column: KEY_ROWS[row].indexOf(key) };
  };
  const [from, to] = [at(a), at(b)];
  if (!from || !to) return false;
  const across = to.column - from.column;
  switch (to.row - from.row) {
    case 0: return Math.abs(across) === 1;
    case -1: return across === 0 || across === 1;
    case 1: return across === 0 || across === -1;
    default: return false;
  }
}

/**
 * Whether one edit turns a into b: a letter changed, added or dropped, or two adjacent letters swapped ("sned" → "send").
 * The same answer as `editDistance(a, b) === 1`, in one pass: every unknown word of a message is held against each
 * verb, question word and symbol the lexicon knows.
 */
export function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  const sameFrom = (j: number, k: number) => a.length - j === b.length - k && a.startsWith(b.slice(k), j);
  if (a.length === b.length) return sameFrom(i + 1, i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && sameFrom(i + 2, i + 2));
  return a.length > b.length ? sameFrom(i + 1, i) : sameFrom(i, i + 1);
}

/** Edit distance with adjacent transpositions counted as one edit ("sned" → "send"); 3 stands for "more than 2". */
export function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  // Three rolling rows of the optimal-string-alignment table.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length];
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** "1/3", "3/4": whole numbers, a part of the whole (at most all of it), over fewer than 1,000 parts. */
function isRatio(numerator: string, denominator: string): boolean {
  if (!/^\d+$/.test(numerator) || !/^\d+$/.test(denominator)) return false;
  return Number(numerator) > 0 && Number(numerator) <= Number(denominator) && Number(denominator) < 1000;
}
