// With the u flag a well-formed pair is one code point, so only lone surrogates match.
const LONE_SURROGATES = /\p{Cs}/gu;

/**
 * A value as JSON text that jsonb accepts, for a `?::jsonb` parameter of `EntityManager.execute`
 * (which MikroORM writes into the statement as an escaped literal: a parameter bound beside the
 * statement, the extended protocol, let PGlite's socket server answer one connection's
 * statement with another's: `git show 726bdeb`). `JSON.stringify` writes a lone surrogate (a JS string may hold one: JSON escapes such as "\uD800" carry it in)
 * as an escape that PostgreSQL's jsonb refuses, failing the whole statement; here it becomes
 * U+FFFD, as it does in text sent to PostgreSQL as UTF-8, so a key holding one simply names
 * nothing. Only text with such an escape (a lone surrogate, or a backslash followed by "ud") is
 * written a second time, replacing them.
 */
export function jsonbText(value: unknown): string {
  const text = JSON.stringify(value);
  if (!text.includes('\\ud')) return text;
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' ? item.replace(LONE_SURROGATES, '\uFFFD') : item));
}
