// With the u flag a well-formed pair is one code point, so only lone surrogates match.
const LONE_SURROGATES = /\p{Cs}/gu;

/**
 * A value as a jsonb literal, to splice into a statement that MikroORM runs without
 * parameters. MikroORM inlines parameters itself, escaping a string one character at a time
 * (pg's `escapeLiteral`), which for the JSON of a batch of turns allocated much of what a message
 * did (why: bench/README.md#app-layer-tricks-measured-for-issue-22). Escaped as `escapeLiteral` escapes
 * (quotes doubled; with a backslash, an E'' string with backslashes doubled), so it reads the
 * same whatever `standard_conforming_strings` says.
 *
 * The statement must hold no `?` placeholder: MikroORM would look for them inside the literal.
 */
export function jsonbLiteral(value: unknown): string {
  const text = jsonbText(value).replaceAll("'", "''");
  return text.includes('\\') ? `E'${text.replaceAll('\\', '\\\\')}'::jsonb` : `'${text}'::jsonb`;
}

/**
 * JSON text that jsonb accepts. `JSON.stringify` writes a lone surrogate (a JS string may hold
 * one: JSON escapes such as "\uD800" carry it in) as an escape that PostgreSQL's jsonb refuses,
 * failing the whole statement; here it becomes U+FFFD, as it does in text sent to PostgreSQL as
 * UTF-8, so a key holding one simply names nothing. Only text with such an escape (a lone
 * surrogate, or a backslash followed by "ud") is written a second time, replacing them.
 */
function jsonbText(value: unknown): string {
  const text = JSON.stringify(value);
  if (!text.includes('\\ud')) return text;
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' ? item.replace(LONE_SURROGATES, '\uFFFD') : item));
}
