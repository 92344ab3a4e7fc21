import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/**
 * Dependencies of a test's own, to kill and bring back: a `redis-server` or `postgres` process
 * on a free port. The machine's shared PostgreSQL and Redis are never touched.
 */

/** Whether a program is on the PATH. */
function installed(program: string): boolean {
  try {
    execFileSync('which', [program], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * `it`, or `it.skip` with a warning when a program the test starts is missing (never on CI,
 * where a missing program is a failure).
 */
export function itWith(programs: string[]): jest.It {
  const missing = programs.filter((program) => !installed(program));
  if (!missing.length || process.env.CI) return it;
  console.warn(`${missing.join(', ')} not installed: skipped`);
  return it.skip;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server process of the test's own: `stop` kills it (SIGKILL, as a crash), `start` brings it back on the same port. */
export interface OwnServer {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it for good and removes its files. */
  remove(): Promise<void>;
}

export async function ownRedis(): Promise<OwnServer> {
  const port = await freePort();
  return ownServer(port, `redis://127.0.0.1:${port}`, () => spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' }), 'redis');
}

/**
 * A PostgreSQL cluster in a temporary directory. Its data survives `stop`, as a crashed server's does.
 */
export async function ownPostgres(): Promise<OwnServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-pg-'));
  // initdb and postgres refuse to run as root: as root, they run as the postgres user.
  const owner = process.getuid?.() === 0 ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) } : {};
  if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid!);
  execFileSync('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'], { stdio: 'ignore', ...owner });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const server = await ownServer(
    port,
    url,
    () => spawn('postgres', ['-D', dir, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off'], { stdio: 'ignore', ...owner }),
    'postgres',
    () => answersQueries(url),
  );
  return {
    ...server,
    async remove() {
      await server.remove();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function ownServer(port: number, url: string, run: () => ChildProcess, what: string, ready: () => Promise<void> = async () => undefined): Promise<OwnServer> {
  let child: ChildProcess | undefined;
  const server: OwnServer = {
    url,
    port,
    async start() {
      child = run();
      await untilListening(port, what);
      await ready();
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
      await untilClosed(port);
    },
    remove: () => server.stop(),
  };
  await server.start();
  return server;
}

async function untilListening(port: number, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await accepts(port))) {
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Until PostgreSQL answers a query: it refuses connections while it starts up or recovers from a crash. */
async function answersQueries(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

async function untilClosed(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (await accepts(port)) {
    if (Date.now() > deadline) throw new Error(`port ${port} still open 10 s after its server was killed`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
