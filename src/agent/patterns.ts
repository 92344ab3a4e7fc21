/**
 * Word patterns: how the lexicon writes a phrasing of several words ("good evening", "on a DEX",
 * "allow 2% slippage") as data. A pattern is elements separated by spaces:
 *
 * - `a|b|c`: one of these words; `a|b?`: optional;
 * - `<token>`: a token of the registry; `<number>`: a number ("2", "$15"); `<address>`: a valid address;
 * - `…`: the rest of the clause, plain words only (no number, token, address, verb, negation,
 *   time or chain word);
 * - `^`: the message starts here; `$`: the clause ends here (punctuation or the end);
 * - `&x`: look ahead: `x` (any element above) follows, and is not part of the match; look-aheads
 *   come last (`to … &( &<address>`: a "(" then an address follow).
 *
 * The matcher holds no words: what a pattern means is the value the lexicon gives it.
 */

type Element =
  | { kind: 'word'; words: Set<string>; optional: boolean; ahead: boolean }
  | { kind: 'token' | 'number' | 'verb' | 'address' | 'rest'; optional: boolean; ahead: boolean }
  | { kind: 'start' | 'end'; optional: false; ahead: true };

export interface Pattern<T> {
  source: string;
  elements: Element[];
  value: T;
}

/** What the matcher may ask of the words of a message, by position. */
export interface Words {
  length: number;
  word(k: number): string | undefined;
  isToken(k: number): boolean;
  isNumber(k: number): boolean;
  isVerb(k: number): boolean;
  isAddress(k: number): boolean;
  /** A plain word that `…` may take. */
  isPlain(k: number): boolean;
  /** A clause ends before position k: punctuation stands there, or nothing. */
  endsBefore(k: number): boolean;
}

/** Patterns indexed by the words they can start with; `*` holds those that start with anything. */
export type PatternIndex<T> = Map<string, Array<Pattern<T>>>;

export function compile<T>(entries: ReadonlyArray<readonly [string, T]>): PatternIndex<T> {
  const index: PatternIndex<T> = new Map();
  for (const [source, value] of entries) {
    const pattern = { source, elements: source.split(/\s+/).map(element), value };
    for (const first of firstWords(pattern.elements, 0)) index.set(first, [...(index.get(first) ?? []), pattern]);
  }
  return index;
}

function element(text: string): Element {
  const ahead = text.startsWith('&');
  const body = text.replace(/^&/, '').replace(/\?$/, '');
  const optional = text.endsWith('?') && body.length > 0;
  if (body === '^') return { kind: 'start', optional: false, ahead: true };
  if (body === '$') return { kind: 'end', optional: false, ahead: true };
  if (body === '<token>') return { kind: 'token', optional, ahead };
  if (body === '<number>') return { kind: 'number', optional, ahead };
  if (body === '<verb>') return { kind: 'verb', optional, ahead };
  if (body === '<address>') return { kind: 'address', optional, ahead };
  if (body === '…') return { kind: 'rest', optional, ahead };
  return { kind: 'word', words: new Set(body.split('|')), optional, ahead };
}

function firstWords(elements: Element[], e: number): string[] {
  const el = elements[e];
  if (!el) return ['*'];
  if (el.kind === 'start' || el.kind === 'end' || el.ahead) return firstWords(elements, e + 1);
  if (el.kind !== 'word') return ['*'];
  return [...el.words, ...(el.optional ? firstWords(elements, e + 1) : [])];
}

/** The longest match of any pattern at position k: its end and value, or undefined. */
export function longestMatch<T>(index: PatternIndex<T>, words: Words, k: number): { end: number; value: T; source: string } | undefined {
  let best: { end: number; value: T; source: string } | undefined;
  for (const patterns of [index.get(words.word(k) ?? ''), index.get('*')]) {
    for (const pattern of patterns ?? []) {
      const end = matchFrom(pattern.elements, 0, k, words);
      if (end > k && (!best || end > best.end)) best = { end, value: pattern.value, source: pattern.source };
    }
  }
  return best;
}

/**
 * The end of a match of elements[e..] from word k, or -1. Look-ahead elements (`&x`, only at
 * the pattern's end) are matched in turn like the others, from where the match stopped, which
 * is `stop`: the end returned. (Plain recursion, no closures: it runs at every word of every
 * message, and the garbage of closures set the parse's p99.)
 */
function matchFrom(elements: Element[], e: number, k: number, words: Words, stop?: number): number {
  if (e === elements.length) return stop ?? k;
  const el = elements[e];
  const from = el.ahead && el.kind !== 'start' && el.kind !== 'end' ? (stop ?? k) : stop;
  if (el.kind === 'start') return k === 0 ? matchFrom(elements, e + 1, k, words, from) : -1;
  if (el.kind === 'end') return words.endsBefore(k) ? matchFrom(elements, e + 1, k, words, from) : -1;
  if (el.kind === 'rest') {
    let j = k;
    while (j < words.length && words.isPlain(j)) j++;
    const end = j === k ? -1 : matchFrom(elements, e + 1, j, words, from);
    return end >= 0 ? end : skipOptional(elements, e, k, words, stop);
  }
  if (fits(el, words, k)) {
    const end = matchFrom(elements, e + 1, k + 1, words, from);
    if (end >= 0) return end;
  }
  return skipOptional(elements, e, k, words, stop);
}

/** The match without elements[e], if it is optional. */
function skipOptional(elements: Element[], e: number, k: number, words: Words, stop?: number): number {
  return elements[e].optional ? matchFrom(elements, e + 1, k, words, stop) : -1;
}

function fits(el: Element, words: Words, k: number): boolean {
  if (el.kind === 'word') return el.words.has(words.word(k) ?? '');
  if (el.kind === 'token') return words.isToken(k);
  if (el.kind === 'number') return words.isNumber(k);
  if (el.kind === 'address') return words.isAddress(k);
  return words.isVerb(k);
}
