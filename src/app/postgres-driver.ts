import type { Configuration } from '@mikro-orm/core';
import { PostgreSqlDriver, PostgreSqlPlatform } from '@mikro-orm/postgresql';

/**
 * A PostgreSQL string literal, exactly as pg's `escapeLiteral` writes it (quotes doubled; where
 * the text holds a backslash, backslashes doubled and the literal opened by ` E'`), in two
 * string replacements instead of a string built a character at a time. MikroORM inlines every
 * parameter into the statement this way (the embedded database takes no bound parameters,
 * eslint.config.js), and a turn's one parameter holds its reply and its record's transaction
 * JSON: pg's loop was the largest cost of a swap's statement (bench/README.md#kept-speed-tricks).
 */
export function quoteLiteral(text: string): string {
  const quoted = text.replaceAll("'", "''");
  return text.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

class Platform extends PostgreSqlPlatform {
  override escape(value: unknown): string {
    return typeof value === 'string' ? quoteLiteral(value) : super.escape(value);
  }
}

/** MikroORM's PostgreSQL driver with `quoteLiteral` for strings. Remove by naming PostgreSqlDriver in orm.config.ts. */
export class PostgresDriver extends PostgreSqlDriver {
  constructor(config: Configuration) {
    super(config);
    (this as unknown as { platform: PostgreSqlPlatform }).platform = new Platform();
  }
}
