// What the benches share: starting Parley as `npm start` runs it, waiting for a URL, a process's
// CPU time, percentiles, and the line that says on what machine a figure was taken.
const { spawn } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { createServer } = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { freshServerDatabase } = require('./server-database');

const root = path.join(__dirname, '..');
/** The admin key Parley is started with (`PARLEY_ADMIN_KEY`). */
const ADMIN_KEY = `parley_live_${'B'.repeat(32)}`;
/** `npm start`'s node arguments (its flags, then the entry point), so a bench runs what users run. */
const START_ARGS = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start.split(/\s+/).slice(1);
// /proc/<pid>/stat counts CPU time in clock ticks, 100 a second on Linux.
const TICKS_PER_SECOND = 100;

/**
 * Resolves once GET `url` answers 2xx. Polls every `every` ms for at most `within` ms; when
 * `child` (a ChildProcess) exits first, rejects at once with `stderr()` (what it said) instead
 * of waiting out the time.
 */
async function waitFor(url, { every = 100, within = 60_000, child, stderr = () => '' } = {}) {
  const started = Date.now();
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before ${url} answered\n${stderr()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > within) throw new Error(`${url} did not answer within ${within / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/** CPU seconds (user + system, all threads) a process has used, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** A port free at the moment: other engineers' benches and servers run beside this one. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Parley on `port` (a free one when not given), started as `npm start` starts it (without npm), `NODE_ENV=production`, on a
 * new DATA_DIR; from the built checkout `root`, this one when not given. With `databaseUrl` (a PostgreSQL server), in a fresh database of its own; with
 * `redisUrl`, on that Redis; without them on the embedded defaults, whatever this process's
 * environment says. Resolves once /ready answers; `stop()` ends it and removes its data.
 */
async function startParley({ root: checkout = root, port, databaseUrl, redisUrl, env = {}, stdio = ['ignore', 'ignore', 'pipe'] }) {
  port ??= await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const database = databaseUrl ? await freshServerDatabase(databaseUrl) : null;
  const child = spawn(process.execPath, START_ARGS, {
    cwd: checkout,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      REDIS_URL: redisUrl ?? '',
      LOG_LEVEL: 'warn',
      PARLEY_ADMIN_KEY: ADMIN_KEY,
      TIER_LIMITS: '{"enterprise":{"requestsPerMinute":100000000,"transactionsPerDay":null}}',
      ...env,
    },
    stdio,
  });
  let said = '';
  child.stderr?.on('data', (chunk) => (said = (said + chunk).slice(-4000)));
  let stopping = false;
  // A server that dies under load would otherwise show only as the bench's connection errors.
  child.once('exit', (code, signal) => stopping || process.stderr.write(`Parley (pid ${child.pid}) exited with ${code ?? signal} while measured:\n${said}\n`));
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/ready`, { child, stderr: () => said });
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, base, stop };
}

/** The `p`th percentile (0–100) of `sorted` (ascending), nearest rank. */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The CPU model (as `lscpu` names it), cores, memory, Node and the date: printed with every figure. */
function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0].model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${os.loadavg()[0].toFixed(1)}`;
}

module.exports = { ADMIN_KEY, START_ARGS, waitFor, cpuSeconds, freePort, startParley, percentile, median, machine };
