import type { Configuration } from '@mikro-orm/core';
import { PostgreSqlConnection, PostgreSqlDriver, PostgreSqlPlatform } from '@mikro-orm/postgresql';

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

/**
 * MikroORM's PostgreSQL connection, except that a transaction whose BEGIN (or SAVEPOINT) failed
 * fails there, with that statement's error. knex keeps such an error to itself: it hands the
 * transaction over anyway, marked complete, and the transaction's first statement then fails
 * with a bare `Error('Transaction query already complete, …')`, no code and no cause. A
 * connection of the pool that the server dropped (PostgreSQL stopped, a socket reset) is found
 * dead at the BEGIN of a flush as often as anywhere else, and its error ("Connection
 * terminated unexpectedly", ECONNRESET, 57P01) is what tells a database out of reach, a 503
 * (`fromUnreachable`, shared/errors.ts), from a fault, a 500.
 */
export class PostgresConnection extends PostgreSqlConnection {
  override async begin(options?: Parameters<PostgreSqlConnection['begin']>[0]): ReturnType<PostgreSqlConnection['begin']> {
    const trx = await super.begin(options);
    if (trx.isCompleted()) {
      // Already settled: rejected with BEGIN's error (knex's Transaction.query), which is thrown
      // as any other statement's error is (`executeQuery`).
      const failure = await trx.executionPromise.then(
        () => new Error('The transaction was complete before its first statement'),
        (error: unknown) => error,
      );
      throw failure instanceof Error ? this.platform.getExceptionConverter().convertException(failure) : failure;
    }
    return trx;
  }
}

/**
 * MikroORM's PostgreSQL driver with `quoteLiteral` for strings and `PostgresConnection`'s
 * transactions. Remove by naming PostgreSqlDriver in orm.config.ts.
 */
export class PostgresDriver extends PostgreSqlDriver {
  constructor(config: Configuration) {
    super(config);
    (this as unknown as { platform: PostgreSqlPlatform }).platform = new Platform();
    // Before `connect`: MikroORM gives the connection its platform and pool afterwards.
    (this as unknown as { connection: PostgreSqlConnection }).connection = new PostgresConnection(config);
  }
}
