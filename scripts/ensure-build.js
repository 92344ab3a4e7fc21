// `npm start` runs this first: it builds when dist/ is missing or older than the sources,
// so a fresh clone needs no manual build step and an unchanged one starts at once.
const { execSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
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

const sources = ['src', 'rest-adapter', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'].map((name) =>
  path.join(root, name),
);
const newest = Math.max(...sources.map((source) => (statSync(source).isDirectory() ? newestSource(source) : statSync(source).mtimeMs)));
if (!existsSync(stamp) || statSync(stamp).mtimeMs < newest) {
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
