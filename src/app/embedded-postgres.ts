import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { migrations } from '../migrations';
import { projectRoot } from '../shared/paths';

/**
 * The embedded PostgreSQL used when no DATABASE_URL is configured: PGlite (PostgreSQL compiled
 * to WebAssembly) in a worker thread of this process, served over the Postgres wire protocol on
 * a private Unix socket, so the app reaches it with the same MikroORM driver and SQL as a real server, and
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

// What the template holds besides the migrations; changing it names a new template. 2: the
// `postgres` database alone (see `migrateTemplate` in app/database.ts).
const TEMPLATE_FORMAT = 2;

/** The template's folder for the migrations of this build. */
function templateDir(): string {
  const key = createHash('sha256')
    .update([`format ${TEMPLATE_FORMAT}`, ...migrations.map((migration) => migration.name)].join('\n'))
    .digest('hex')
    .slice(0, 12);
  return path.join(templateRoot, `pglite-${pgliteVersion}-${key}`);
}

const isCluster = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/**
 * The template, created if missing: a fresh cluster served for a moment so that `migrate`
 * can run against it over the wire protocol.
 */
export async function ensureTemplate(migrate: (url: string) => Promise<void>): Promise<string> {
  const dir = templateDir();
  if (isCluster(dir)) return dir;
  // Built aside and renamed into place, so a concurrent start never copies half a cluster.
  const partial = `${dir}.${process.pid}.tmp`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const served = await serve(partial, 1);
  try {
    await migrate(served.url);
  } finally {
    await served.stop();
  }
  try {
    renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another process won the race; its template is as good as ours.
    if (!isCluster(dir)) throw error;
  }
  return dir;
}

/** Connections served by the embedded database: one PGlite session serves them all, so a large pool buys nothing. */
export const EMBEDDED_POOL = 4;

/**
 * Opens the cluster in `dataDir` (a copy of the template when it has none; `migrate` makes
 * the template if missing) and serves it. The caller owns the result until it calls `stop()`,
 * which flushes and closes the files. `main` calls this before loading the rest of the app,
 * so both take their ~1 s at once: when the template exists, the worker starts before this
 * returns (no await comes first).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  maxConnections: number,
  migrate: (url: string) => Promise<void>,
): Promise<EmbeddedPostgres> {
  const unlock = lockDataDir(dataDir);
  try {
    const copyFrom = isCluster(dataDir) ? undefined : isCluster(templateDir()) ? templateDir() : await ensureTemplate(migrate);
    const served = await serve(dataDir, maxConnections, copyFrom);
    return {
      url: served.url,
      async stop() {
        await served.stop();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Takes DATA_DIR for this process: PGlite is a database inside one process, and a second
 * process opening the same files (the CLI beside a running service) would overwrite the
 * other's writes. The lock is a file holding the owner's pid; a lock whose process is gone
 * (a crash, kill -9) is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockFile = path.resolve(dataDir, 'parley.lock');
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: 0o600 });
      heldHere.add(lockFile);
      return () => {
        heldHere.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(readFileSync(lockFile, 'utf8'));
    // Our own pid on a lock we do not hold is a previous life's (a container restarted as pid 1).
    const live = owner === process.pid ? heldHere.has(lockFile) : Number.isInteger(owner) && owner > 0 && isRunning(owner);
    if (live) throw new DataDirInUse(dataDir, owner);
    rmSync(lockFile, { force: true });
  }
}

/** The data-dir locks this process holds. */
const heldHere = new Set<string>();

export class DataDirInUse extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another Parley process (pid ${pid}): the embedded database takes one process at a time. ` +
        'Stop that process first, or, while the service runs, use its API with an admin key instead of the CLI ' +
        '(POST /v1/keys to create a key, GraphQL createApiKey; see the README).',
    );
    this.name = 'DataDirInUse';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// PostgreSQL clients name a socket file by its directory and a port: <dir>/.s.PGSQL.<port>.
const SOCKET_PORT = 5432;

// The worker's program. It is plain JavaScript evaluated by the Worker (it must run the same
// under the build and under the tests' TypeScript transform): it copies the template into an
// empty data dir (off the app's thread; PG_VERSION last, so a copy cut short is never taken
// for a cluster), opens the cluster, serves it, posts that it is ready, and on any message
// stops serving, closes the cluster and posts "stopped". A failure reaches the app as the
// worker's `error` event.
// PostgreSQL's shared buffers are 32 MB rather than 128: WebAssembly memory is committed as
// PostgreSQL initialises it, and the files stay in the OS page cache behind it.
const workerProgram = `
const { copyFileSync, cpSync } = require('node:fs');
const path = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
const { PGLiteSocketServer } = require(workerData.socketServer);
(async () => {
  const { copyFrom, dataDir } = workerData;
  if (copyFrom) {
    cpSync(copyFrom, dataDir, { recursive: true, filter: (source) => source !== path.join(copyFrom, 'PG_VERSION') });
    copyFileSync(path.join(copyFrom, 'PG_VERSION'), path.join(dataDir, 'PG_VERSION'));
  }
  const db = await PGlite.create(dataDir, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] });
  const server = new PGLiteSocketServer({ db, path: workerData.socket, maxConnections: workerData.maxConnections });
  await server.start();
  parentPort.once('message', async () => {
    await server.stop();
    await db.close();
    parentPort.postMessage('stopped');
  });
  parentPort.postMessage('ready');
})();
`;

/**
 * Serves the cluster on a Unix socket in a new directory only this user can open (mkdtemp
 * makes it 0700): PGlite asks for no password, so no other local user may reach it (a
 * loopback port would let any of them read every table, key hashes included).
 */
async function serve(dataDir: string, maxConnections: number, copyFrom?: string): Promise<EmbeddedPostgres> {
  const socketDir = mkdtempSync(path.join(tmpdir(), 'parley-pg-'));
  const worker = new Worker(workerProgram, {
    eval: true,
    workerData: {
      dataDir,
      copyFrom,
      maxConnections,
      socket: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
      pglite: require.resolve('@electric-sql/pglite'),
      socketServer: require.resolve('@electric-sql/pglite-socket'),
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
  try {
    await next();
  } catch (error) {
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  return {
    // The host is the socket's directory (percent-encoded), as PostgreSQL clients take it.
    url: `postgres://postgres@${encodeURIComponent(socketDir)}:${SOCKET_PORT}/postgres`,
    async stop() {
      const stopped = next();
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
