import { DataloaderType, ReflectMetadataProvider, type Options } from '@mikro-orm/core';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Account } from '../accounts/account.entity';
import { ClientToken } from '../client-tokens/client-token.entity';
import { IdempotencyRecord } from '../idempotency/idempotency-record.entity';
import { ApiKey } from '../keys/api-key.entity';
import { Message } from '../messages/message.entity';
import { Session } from '../sessions/session.entity';
import { TransactionRecord } from '../transactions/transaction-record.entity';
import type { Logger } from '../shared/logger';
import { PostgresDriver } from './postgres-driver';

export const entities = [Account, ApiKey, ClientToken, Session, Message, IdempotencyRecord, TransactionRecord];

/**
 * MikroORM options for a PostgreSQL server at `clientUrl`, embedded or real alike.
 * Metadata comes from decorators plus reflect-metadata (explicit `type` on every property),
 * and migrations from a list compiled with the code, so nothing reads source files at run time.
 * The migrator is registered by `migrate` (app/database.ts) when a migration is pending.
 */
export function ormOptions(clientUrl: string, poolSize: number, logger: Logger): Options<PostgreSqlDriver> {
  return {
    driver: PostgresDriver,
    clientUrl,
    entities,
    metadataProvider: ReflectMetadataProvider,
    discovery: { requireEntitiesArray: true, disableDynamicFileAccess: true },
    allowGlobalContext: false,
    dataloader: DataloaderType.ALL,
    forceUtcTimezone: true,
    colors: false,
    // At LOG_LEVEL=debug every SQL statement is logged (tests count them), without its values:
    // they hold users' chat text and wallets.
    debug: logger.isLevelEnabled('debug') ? ['query'] : false,
    logger: (message) => logger.debug({ component: 'orm' }, withoutValues(message)),
    pool: { min: 0, max: poolSize },
    driverOptions: {
      // A server that does not answer fails a query (503) rather than hold it: connecting gives
      // up after 5 s, waiting for a free connection of the pool after 10 s.
      connection: { connectionTimeoutMillis: 5_000 },
      acquireConnectionTimeout: 10_000,
      // knex writes its warnings (a connection lost) to the console: they go to the log instead.
      log: {
        warn: (message: unknown) => logger.warn({ component: 'knex' }, String(message)),
        error: (message: unknown) => logger.error({ component: 'knex' }, String(message)),
        deprecate: (message: unknown) => logger.warn({ component: 'knex' }, String(message)),
        debug: () => undefined,
      },
    },
    migrations: { transactional: true, allOrNothing: true, snapshot: false },
  };
}

/** SQL as MikroORM logs it, with every quoted literal (parameters are inlined) replaced by `?`. */
function withoutValues(sql: string): string {
  return sql.replace(/[Ee]?'(?:[^']|'')*'/g, '?');
}
