import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { projectRoot } from '../shared/paths';

/**
 * The embedded PostgreSQL used when no DATABASE_URL is configured: PGlite (PostgreSQL compiled
 * to WebAssembly) in a worker thread of this process, served over the Postgres wire protocol on
 * loopback, so the app reaches it with the same MikroORM driver and SQL as a real server, and
 * the database's work runs beside the app's event loop rather than on it (as a server's would).
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
  const served = await serve(partial, 1);
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
  return serve(dataDir, maxConnections);
}

// The worker's program. It is plain JavaScript evaluated by the Worker (it must run the same
// under the build and under the tests' TypeScript transform): it opens the cluster, serves it,
// posts the server's host:port, and on any message stops serving, closes the cluster and
// posts "stopped". A failure reaches the app as the worker's `error` event.
const workerProgram = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
const { PGLiteSocketServer } = require(workerData.socket);
(async () => {
  const db = await PGlite.create(workerData.dataDir);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: workerData.maxConnections });
  await server.start();
  parentPort.once('message', async () => {
    await server.stop();
    await db.close();
    parentPort.postMessage('stopped');
  });
  parentPort.postMessage(server.getServerConn());
})();
`;

async function serve(dataDir: string, maxConnections: number): Promise<EmbeddedPostgres> {
  const worker = new Worker(workerProgram, {
    eval: true,
    workerData: {
      dataDir,
      maxConnections,
      pglite: require.resolve('@electric-sql/pglite'),
      socket: require.resolve('@electric-sql/pglite-socket'),
    },
  });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const exited = (code: number) => reject(new Error(`the embedded database stopped (worker exit code ${code})`));
      worker.once('error', reject).once('exit', exited);
      worker.once('message', (message: string) => {
        worker.off('error', reject).off('exit', exited);
        resolve(message);
      });
    });
  const address = await next();
  return {
    url: `postgres://postgres@${address}/postgres`,
    async stop() {
      const stopped = next();
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}
