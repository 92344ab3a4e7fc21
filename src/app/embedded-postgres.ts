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

// `initdb` costs 5–6 s and most of PGlite's memory. A freshly initialised, empty cluster is
// made once (at build time, or on first use) and copied into every new DATA_DIR instead, which
// then opens like an existing one. It is keyed by the PGlite version, which fixes the on-disk format.
const pgliteVersion: string = JSON.parse(
  readFileSync(path.join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
).version;

export const templateDir = path.join(projectRoot, 'node_modules', '.cache', 'parley', `pglite-${pgliteVersion}`);

/** Creates the empty-cluster template if it is missing. Run by `npm run build`. */
export async function ensureTemplate(): Promise<string> {
  if (existsSync(path.join(templateDir, 'PG_VERSION'))) return templateDir;
  // Built aside and renamed into place, so a concurrent start never copies half a cluster.
  const partial = `${templateDir}.${process.pid}.tmp`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const db = await PGlite.create(partial);
  await db.close();
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
export async function startEmbeddedPostgres(dataDir: string, maxConnections: number): Promise<EmbeddedPostgres> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) cpSync(await ensureTemplate(), dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
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
