// `npm run bench:startup`: how fast `npm start`'s server is ready on the embedded database,
// first on an empty DATA_DIR, then on the same one again, and how much memory it holds.
// Ready = GET /ready answers 200 (the database answers). Targets (issue 22): < 3 s, < 2 s,
// < 450 MB on a 2-core AMD EPYC host. See bench/README.md, "Start-up".
//
//   RUNS=5                      pairs of starts (first, later) per build; medians are printed
//   BUILDS=dist/base,dist       builds to compare (each a folder holding src/app/main.js),
//                               started in turn within each round, so drift hits them alike
//   NPM=1                       start with `npm start` itself (npm, the prestart check, then
//                               the server), as a user does; else the command `npm start` runs
const { spawn } = require('node:child_process');
const { existsSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { START_ARGS, cpuSeconds, freePort, machine, median, waitFor } = require('./support');

const root = path.join(__dirname, '..');
const RUNS = Number(process.env.RUNS ?? 3);
const BUILDS = (process.env.BUILDS ?? 'dist').split(',');
const NPM = process.env.NPM === '1';
// `npm start`'s own node options (e.g. the young generation's size), so the figures are its.
const nodeOptions = START_ARGS.filter((word) => word.startsWith('--'));

/**
 * CPU time (all threads) of the process and its live descendants (npm's, the server's), and
 * the resident memory of the server (the last of them).
 */
function usage(pid) {
  const pids = [pid, ...descendants(pid)];
  const cpuMs = 1000 * pids.reduce((sum, each) => sum + cpuSeconds(each), 0);
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pids[pids.length - 1]}/status`, 'utf8'))[1]) / 1024;
  return { rss, cpuMs };
}

function descendants(pid) {
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

async function startOnce(build, dataDir, port) {
  const started = process.hrtime.bigint();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' };
  const child = NPM
    ? spawn('npm', ['start', '--silent'], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true })
    : spawn(process.execPath, [...nodeOptions, path.join(root, build, 'src', 'app', 'main.js')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const stop = async () => {
    const done = child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve(child.exitCode);
    if (!NPM) {
      child.kill('SIGTERM');
      return done;
    }
    // The whole group (npm, its shell, the server); npm may exit before the server has stopped,
    // which must not overlap the next start.
    const server = [child.pid, ...descendants(child.pid)].pop();
    process.kill(-child.pid, 'SIGTERM');
    await done;
    while (existsSync(`/proc/${server}`)) await new Promise((resolve) => setTimeout(resolve, 20));
    return 0;
  };
  let result;
  try {
    await waitFor(`http://127.0.0.1:${port}/ready`, { every: 10, child, stderr: () => `${build}:\n${stderr}` });
    const readyMs = Number(process.hrtime.bigint() - started) / 1e6;
    const { cpuMs } = usage(child.pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    result = { readyMs, cpuMs, rss: usage(child.pid).rss };
  } catch (error) {
    await stop();
    throw error;
  }
  const code = await stop();
  if (code !== 0) throw new Error(`server exited with ${code} after SIGTERM`);
  return result;
}

(async () => {
  console.log(`${machine()}; ${NPM ? 'npm start' : `node ${nodeOptions.join(' ')} <build>/src/app/main.js`}; ${RUNS} runs`);
  const rows = [];
  for (let run = 0; run < RUNS; run++) {
    for (const build of BUILDS) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-'));
      try {
        rows.push({ build, start: 'first', ...(await startOnce(build, dataDir, await freePort())) });
        rows.push({ build, start: 'later', ...(await startOnce(build, dataDir, await freePort())) });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  for (const build of BUILDS) {
    for (const [start, label] of [
      ['first', 'first (empty DATA_DIR)'],
      ['later', 'later (same DATA_DIR)'],
    ]) {
      const of = rows.filter((row) => row.build === build && row.start === start);
      const list = (key, digits = 0) => of.map((row) => row[key].toFixed(digits)).join(' / ');
      console.log(
        `${BUILDS.length > 1 ? `${build.padEnd(12)} ` : ''}${label.padEnd(24)} ready in median ${median(of.map((row) => row.readyMs)).toFixed(0)} ms (${list('readyMs')}),` +
          ` CPU ${median(of.map((row) => row.cpuMs)).toFixed(0)} ms, RSS ${median(of.map((row) => row.rss)).toFixed(0)} MB (${list('rss')})`,
      );
    }
  }
  // Issue 22's targets, on the medians; they are set for a 2-core AMD EPYC host (the line above names this one).
  console.log('\nTargets (issue 22, on the medians):');
  for (const build of BUILDS) {
    const of = (start) => rows.filter((row) => row.build === build && row.start === start);
    const checks = [
      ['first start < 3 s', median(of('first').map((row) => row.readyMs)), 3000, 'ms'],
      ['later start < 2 s', median(of('later').map((row) => row.readyMs)), 2000, 'ms'],
      ['resident memory < 450 MB', Math.max(median(of('first').map((row) => row.rss)), median(of('later').map((row) => row.rss))), 450, 'MB'],
    ];
    for (const [name, value, limit, unit] of checks) {
      console.log(`  ${value < limit ? 'MET   ' : 'MISSED'}  ${BUILDS.length > 1 ? `${build}, ` : ''}${name}: ${value.toFixed(0)} ${unit}`);
    }
  }
  console.log(machine());
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
