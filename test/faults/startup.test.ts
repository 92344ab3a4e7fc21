import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/processes';

/**
 * `npm start` with PostgreSQL or Redis unreachable: one line naming it and where (never its
 * password), then exit 1. Run as `node dist/src/app/main.js`, as `npm start` runs it.
 */
const root = path.join(__dirname, '..', '..');
let dataDir: string;

beforeAll(() => {
  execFileSync('node', [path.join(root, 'scripts/ensure-build.js')], { stdio: 'ignore' });
  dataDir = mkdtempSync(path.join(tmpdir(), 'parley-startup-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [path.join(root, 'dist/src/app/main.js')], {
    cwd: root,
    env: { PATH: process.env.PATH!, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

it.each([
  ['PostgreSQL', 'DATABASE_URL', (port: number) => `postgres://parley:s3cret@127.0.0.1:${port}/parley`],
  ['Redis', 'REDIS_URL', (port: number) => `redis://:s3cret@127.0.0.1:${port}`],
])('%s unreachable: one line naming it and host:port, no password, exit 1', async (name, variable, url) => {
  const port = await freePort();
  const { code, stderr } = await start({ [variable]: url(port) });
  expect(code).toBe(1);
  expect(stderr).toBe(`Parley failed to start: ${name} at 127.0.0.1:${port} is unreachable (ECONNREFUSED)\n`);
}, 120_000);
