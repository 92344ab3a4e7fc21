// With the u flag a well-formed pair is one code point, so only lone surrogates match.
const LONE_SURROGATES = /\p{Cs}/gu;

/**
 * JSON text for a jsonb parameter. `JSON.stringify` writes a lone surrogate (a JS string may
 * hold one: JSON escapes such as "\uD800" carry it in) as an escape that PostgreSQL's jsonb
 * refuses, failing the whole statement; here it becomes U+FFFD, as it does in text sent to
 * PostgreSQL as UTF-8. So a key holding one simply names nothing.
 */
export function jsonbText(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' ? item.replace(LONE_SURROGATES, '\uFFFD') : item));
}
