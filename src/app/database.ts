import { MikroORM } from '@mikro-orm/postgresql';
import { loadMigrations, migrations } from '../migrations';
import type { Logger } from '../shared/logger';
import type { Config } from './config';
import { EMBEDDED_POOL, ensureTemplate, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { ormOptions } from './orm.config';

/**
 * The database the service runs on: the server at DATABASE_URL, or else the embedded PGlite in
 * DATA_DIR. Opened once by `main` (or a test), which closes it on shutdown.
 */
export interface Database {
  orm: MikroORM;
  /** `embedded` or `server`: reported by /ready. */
  kind: 'embedded' | 'server';
  close(): Promise<void>;
}

const SERVER_POOL = 10;

/** The embedded-database template holding every migration; built by `npm run build`. */
export function prepareEmbeddedTemplate(logger: Logger): Promise<string> {
  return ensureTemplate((url) => migrateTemplate(url, logger));
}

/**
 * Applies every migration to the new cluster at `url`: how the embedded template is made. It
 * then drops the template0 and template1 databases, which only CREATE DATABASE reads (never
 * run on the embedded database): 407 files to copy into a new DATA_DIR rather than 1,007.
 */
export async function migrateTemplate(url: string, logger: Logger): Promise<void> {
  const orm = await MikroORM.init(ormOptions(url, 1, logger));
  try {
    await migrate(orm);
    const connection = orm.em.getConnection();
    for (const name of ['template0', 'template1']) {
      await connection.execute(`alter database ${name} is_template false`);
      await connection.execute(`drop database ${name}`);
    }
  } finally {
    await orm.close();
  }
}

/**
 * Connects to DATABASE_URL, or else to the embedded database (`starting`, when the caller
 * started it already, or one started here), and applies pending migrations.
 */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  logger: Logger,
  starting?: Promise<EmbeddedPostgres>,
): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  if (!config.DATABASE_URL) {
    embedded = await (starting ?? startEmbeddedPostgres(config.DATA_DIR, EMBEDDED_POOL, (url) => migrateTemplate(url, logger)));
  }
  try {
    const url = config.DATABASE_URL ?? embedded!.url;
    const orm = await MikroORM.init(ormOptions(url, embedded ? EMBEDDED_POOL : SERVER_POOL, logger));
    if (await hasPendingMigrations(orm)) await migrate(orm);
    return {
      orm,
      kind: embedded ? 'embedded' : 'server',
      async close() {
        await orm.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

/**
 * Whether a migration of the list is not recorded as executed: one or two queries, where the
 * migrator's `up()` would create its table if missing and read it through umzug at every
 * start. When one is pending, `migrate` decides for itself what to run.
 */
async function hasPendingMigrations(orm: MikroORM): Promise<boolean> {
  const connection = orm.em.getConnection();
  const [{ present }] = await connection.execute<{ present: boolean }[]>(
    `select to_regclass('mikro_orm_migrations') is not null as present`,
  );
  if (!present) return true;
  const executed = new Set((await connection.execute<{ name: string }[]>('select name from mikro_orm_migrations')).map((row) => row.name));
  return migrations.some((migration) => !executed.has(migration.name));
}

/** Applies the pending migrations, loading the migrator and the migrations' classes for it. */
async function migrate(orm: MikroORM): Promise<void> {
  const { Migrator } = await import('@mikro-orm/migrations');
  orm.config.set('migrations', { ...orm.config.get('migrations'), migrationsList: await loadMigrations() });
  Migrator.register(orm);
  await orm.getMigrator().up();
}
