// `npm start` (and the other scripts that run the compiled code) run this first: it builds when
// dist/ is missing or older than the sources, so a fresh clone needs no manual build step and
// an unchanged one starts at once. `npm run build` runs it with --force. Each step says what it
// does and how long it took, on stderr (stdout stays the commands' own: keys, listings).
const { spawn } = require('node:child_process');
const { setInterval, clearInterval } = require('node:timers');
const { existsSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale() {
  if (!existsSync(stamp)) return true;
  const sources = ['src', 'rest-adapter', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'].map((name) => path.join(root, name));
  const newest = Math.max(...sources.map((source) => (statSync(source).isDirectory() ? newestSource(source) : statSync(source).mtimeMs)));
  return statSync(stamp).mtimeMs < newest;
}

const say = (text) => process.stderr.write(text);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs one step as a child process, its output passed through. On a terminal the line shows
 * the seconds passing, so a long step is not mistaken for a hang.
 */
function step(title, command, args) {
  const started = Date.now();
  const live = process.stderr.isTTY;
  say(`  ${title}…${live ? '' : '\n'}`);
  const ticker = live ? setInterval(() => say(`\r  ${title}… ${seconds(started)}`), 1000) : undefined;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearInterval(ticker);
      say(`${live ? `\r  ${title}… ` : `  ${title}: `}${code === 0 ? 'done' : 'failed'} in ${seconds(started)}\n`);
      // Output only when there is something to act on: tsc's errors, a failed migration.
      if (code !== 0) {
        process.stderr.write(Buffer.concat(output));
        reject(new Error(`${title} failed (${signal ?? `exit code ${code}`})`));
      } else resolve();
    });
  });
}

async function build(reason) {
  const started = Date.now();
  say(`Building Parley (${reason}):\n`);
  await step('compiling TypeScript into dist/ (tsc)', process.execPath, [
    require.resolve('typescript/bin/tsc'),
    '-p',
    'tsconfig.build.json',
  ]);
  await step('bundling the <parley-chat> widget into dist/widget.js (esbuild)', process.execPath, [path.join(root, 'scripts', 'bundle-widget.js')]);
  // A migrated PGlite cluster, made once per set of migrations (PGlite's initdb takes 5–6 s):
  // every new DATA_DIR starts as a copy of it.
  await step('preparing the embedded database template', process.execPath, [
    path.join(root, 'dist', 'src', 'app', 'cli.js'),
    'prepare',
  ]);
  writeFileSync(stamp, '');
  say(`Built in ${seconds(started)}.\n`);
}

const force = process.argv.includes('--force');
if (force || isStale()) {
  build(force ? 'npm run build' : existsSync(stamp) ? 'the sources changed since the last build' : 'no complete build in dist/ yet').catch((error) => {
    say(`${error.message}\n`);
    process.exit(1);
  });
}
