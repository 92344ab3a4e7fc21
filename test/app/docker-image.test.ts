import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The Docker image's start-up as the image runs it, without a Docker engine: the final stage of
 * the Dockerfile is read (its COPY lines with their --chown, ENV, the data directory it makes,
 * USER, HEALTHCHECK and CMD) and reproduced in a folder, its files owned by root as COPY leaves
 * them, and CMD runs as an unprivileged user (`node` is uid 1000 in the image; here `nobody`)
 * with no DATABASE_URL: the embedded default. The HEALTHCHECK must pass, the printed key work and
 * the widget's bundle be served.
 * Switching user needs root, which CI is; elsewhere the test is skipped with a warning.
 */
const root = path.join(__dirname, '../..');
const UNPRIVILEGED = 65534;
const asRoot = process.getuid?.() === 0;
if (!asRoot) console.warn('not root: the Docker image start-up test is skipped (it runs the image as another user)');
const rootIt = asRoot ? it : it.skip;

interface FinalStage {
  env: Record<string, string>;
  copies: Array<{ from: string; to: string; chown: boolean }>;
  chownedDirs: string[];
  user: string;
  healthcheck: string;
  cmd: string[];
}

function finalStage(): FinalStage {
  const text = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const lines = text.slice(text.lastIndexOf('\nFROM ')).split('\n');
  const stage: FinalStage = { env: {}, copies: [], chownedDirs: [], user: 'root', healthcheck: '', cmd: [] };
  for (const line of lines) {
    const [instruction, ...rest] = line.trim().split(/\s+/);
    const args = rest.join(' ');
    if (instruction === 'ENV') for (const pair of rest) stage.env[pair.split('=')[0]] = pair.slice(pair.indexOf('=') + 1);
    if (instruction === 'COPY') {
      const from = /\/app\/(\S+)/.exec(args)?.[1];
      // `COPY … ./` keeps the source's name; `COPY … ./x` names the target.
      const to = rest[rest.length - 1].replace(/^\.\//, '');
      if (from) stage.copies.push({ from, to: to === '' || to.endsWith('/') ? path.join(to, path.basename(from)) : to, chown: args.includes('--chown=node:node') });
    }
    if (instruction === 'RUN') for (const match of args.matchAll(/chown node:node (\S+)/g)) stage.chownedDirs.push(match[1]);
    if (instruction === 'USER') stage.user = args;
    if (instruction === 'HEALTHCHECK') stage.healthcheck = args.slice(args.indexOf('CMD ') + 4);
    if (instruction === 'CMD') stage.cmd = JSON.parse(args);
  }
  return stage;
}

/** The image's /app and /data in `image`, as COPY and RUN leave them (node_modules linked, not copied: same owner, root). */
function buildImage(stage: FinalStage, image: string): void {
  const app = path.join(image, 'app');
  mkdirSync(app, { recursive: true });
  for (const copy of stage.copies) {
    const target = path.join(app, copy.to);
    if (copy.from === 'node_modules') {
      mkdirSync(target);
      for (const entry of readdirSync(path.join(root, 'node_modules'))) {
        if (entry === '.cache') cpSync(path.join(root, 'node_modules', entry), path.join(target, entry), { recursive: true });
        else symlinkSync(path.join(root, 'node_modules', entry), path.join(target, entry));
      }
    } else {
      cpSync(path.join(root, copy.from), target, { recursive: true });
    }
    if (copy.chown) execFileSync('chown', ['-R', `${UNPRIVILEGED}:${UNPRIVILEGED}`, target]);
  }
  for (const dir of stage.chownedDirs) {
    mkdirSync(path.join(image, dir), { recursive: true });
    chownSync(path.join(image, dir), UNPRIVILEGED, UNPRIVILEGED);
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const asUnprivileged = (command: string[]) => ['--reuid', String(UNPRIVILEGED), '--regid', String(UNPRIVILEGED), '--clear-groups', ...command];

describe('the Docker image', () => {
  rootIt('starts as its unprivileged user on the embedded default, passes its HEALTHCHECK on PORT, and prints a working key', async () => {
    execFileSync('node', [path.join(root, 'scripts/ensure-build.js')], { stdio: 'ignore' });
    const stage = finalStage();
    expect(stage.user).toBe('node');
    const image = mkdtempSync(path.join(tmpdir(), 'parley-image-'));
    chmodSync(image, 0o755);
    buildImage(stage, image);
    const port = await freePort();
    // The image's environment, its PORT changed (the HEALTHCHECK must follow it) and its data
    // directory moved under the folder that stands for the image's root.
    const env: Record<string, string> = { PATH: process.env.PATH!, ...stage.env, PORT: String(port), HOST: '127.0.0.1' };
    if (stage.env.DATA_DIR?.startsWith('/')) env.DATA_DIR = path.join(image, stage.env.DATA_DIR);
    const service = spawn('setpriv', asUnprivileged(stage.cmd), { cwd: path.join(image, 'app'), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    service.stdout.on('data', (chunk) => (output += chunk));
    service.stderr.on('data', (chunk) => (output += chunk));
    try {
      const key = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no key printed within 60 s:\n${output}`)), 60_000);
        service.on('exit', (code) => reject(new Error(`the service exited (${code}):\n${output}`)));
        service.stdout.on('data', () => {
          const printed = /parley_live_[0-9A-Za-z]{32}/.exec(output)?.[0];
          if (printed) {
            clearTimeout(timer);
            resolve(printed);
          }
        });
      });
      const healthcheck = spawn('setpriv', asUnprivileged(['sh', '-c', stage.healthcheck]), { env, stdio: 'ignore' });
      expect(await new Promise((resolve) => healthcheck.on('exit', resolve))).toBe(0);
      const usage = await fetch(`http://127.0.0.1:${port}/v1/analytics/usage`, { headers: { Authorization: `Bearer ${key}` } });
      expect(usage.status).toBe(200);
      // The widget's bundle is a build output: the image serves it from dist/.
      const widget = await fetch(`http://127.0.0.1:${port}/widget.js`);
      expect({ status: widget.status, type: widget.headers.get('content-type') }).toEqual({ status: 200, type: expect.stringMatching(/javascript/) });
      expect(output).not.toMatch(/EACCES|Error/);
    } finally {
      service.kill('SIGTERM');
      await new Promise((resolve) => (service.exitCode === null ? service.on('exit', resolve) : resolve(null)));
      rmSync(image, { recursive: true, force: true });
    }
  }, 120_000);
});
