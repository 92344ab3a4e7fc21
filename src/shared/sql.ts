import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * Runs one SQL statement and resolves with its rows. MikroORM writes `params` into the
 * statement's text at its `?` placeholders (`Connection.execute`), so each statement is one
 * simple-protocol message: on the embedded database a statement whose parameters were bound
 * beside it (the extended protocol) was once answered with another request's rows
 * (`git show 726bdeb`); eslint.config.js refuses the ways around MikroORM that bind them. It
 * reads rows, never entities: nothing read through it enters an identity map.
 */
export type Sql = <T extends object>(sql: string, params?: readonly unknown[]) => Promise<T[]>;

/** Statements on `orm`'s connection pool, outside any unit of work or transaction. Built once per app. */
export function sqlOf(orm: MikroORM): Sql {
  const connection = orm.em.getConnection();
  return <T extends object>(sql: string, params: readonly unknown[] = []) => connection.execute<T[]>(sql, [...params], 'all');
}
