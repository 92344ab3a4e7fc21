import type { EntityManager } from '@mikro-orm/postgresql';

// With the u flag a well-formed pair is one code point, so only lone surrogates match.
const LONE_SURROGATES = /\p{Cs}/gu;

/**
 * The rows of `sql` with its `?` placeholders bound to `params`: the values go to PostgreSQL
 * beside the statement (the extended protocol), never into its text, so nothing is escaped.
 * MikroORM's `execute` inlines its parameters instead; this runs on the same connection pool
 * (in the EntityManager's transaction, if it has one), logs the statement (without values) and
 * converts errors as `execute` does. The statement must hold no other `?`.
 */
export async function queryBound<T>(em: EntityManager, sql: string, params: ReadonlyArray<string | number | null>): Promise<T[]> {
  const query = em.getKnex().raw(sql, [...params]);
  const transaction = em.getTransactionContext();
  if (transaction) query.transacting(transaction);
  const logger = em.config.getLogger();
  const started = Date.now();
  try {
    const { rows } = (await query) as { rows: T[] };
    logger.logQuery({ query: sql, took: Date.now() - started, results: rows.length, level: 'info' });
    return rows;
  } catch (error) {
    logger.logQuery({ query: sql, took: Date.now() - started, level: 'error' });
    throw em.getDriver().convertException(error as Error);
  }
}

/**
 * A value as JSON text that jsonb accepts, for a `?::jsonb` parameter. `JSON.stringify`
 * writes a lone surrogate (a JS string may hold one: JSON escapes such as "\uD800" carry it in)
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
