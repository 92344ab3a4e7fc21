import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { projectRoot } from '../shared/paths';

/**
 * The embedded PostgreSQL used when no DATABASE_URL is configured: PGlite (PostgreSQL compiled
 * to WebAssembly) in this process, served over the Postgres wire protocol on loopback, so the
 * app reaches it with the same MikroORM driver and SQL as a real server.
 *
 * Caveat (STACK.md): every pooled connection shares one PGlite session, and whole transactions
 * run one after another. Code must never await, inside a transaction, a query issued on another
 * connection; it would wait forever.
 */
export interface EmbeddedPostgres {
  /** A `postgres://` URL for the wire-protocol server. */
  url: string;
  stop(): Promise<void>;
}

// A new cluster costs 5–6 s (`initdb`) plus the migrations. A template cluster, initialised
// and migrated, is made once (at build time, or on first use) and copied into every new
// DATA_DIR instead, which then opens like an existing one. Its name carries the PGlite version
// (the on-disk format) and a key of the migrations it holds, so a stale template is never used.
const pgliteVersion: string = JSON.parse(
  readFileSync(path.join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
).version;

const templateRoot = path.join(projectRoot, 'node_modules', '.cache', 'parley');

/**
 * The template for `key`, created if missing: a fresh cluster served for a moment so that
 * `prepare` (the migrations) can run against it over the wire protocol.
 */
export async function ensureTemplate(key: string, prepare: (url: string) => Promise<void>): Promise<string> {
  const templateDir = path.join(templateRoot, `pglite-${pgliteVersion}-${key}`);
  if (existsSync(path.join(templateDir, 'PG_VERSION'))) return templateDir;
  // Built aside and renamed into place, so a concurrent start never copies half a cluster.
  const partial = `${templateDir}.${process.pid}.tmp`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const served = await serve(await PGlite.create(partial), 1);
  try {
    await prepare(served.url);
  } finally {
    await served.stop();
  }
  try {
    renameSync(partial, templateDir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another process won the race; its template is as good as ours.
    if (!existsSync(path.join(templateDir, 'PG_VERSION'))) throw error;
  }
  return templateDir;
}

/**
 * Opens (or creates) the cluster in `dataDir` and serves it on 127.0.0.1 at a free port.
 * The caller owns the result until it calls `stop()`, which flushes and closes the files.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  maxConnections: number,
  template: () => Promise<string>,
): Promise<EmbeddedPostgres> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) cpSync(await template(), dataDir, { recursive: true });
  return serve(await PGlite.create(dataDir), maxConnections);
}

async function serve(db: PGlite, maxConnections: number): Promise<EmbeddedPostgres> {
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
