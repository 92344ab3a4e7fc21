// `npm run bench:startup`: how fast `npm start`'s server is ready on the embedded database,
// first on an empty DATA_DIR, then on the same one again, and how much memory it holds.
// Ready = GET /ready answers 200 (the database answers). Targets (issue 2): < 3 s, < 2 s, < 450 MB.
const { spawn } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

const main = path.join(__dirname, '..', 'dist', 'src', 'app', 'main.js');
const RUNS = Number(process.env.RUNS ?? 3);

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

async function startOnce(dataDir, port) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: 'ignore',
  });
  const stopped = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    return exited;
  };
  let result;
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/ready`);
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      if (Number(process.hrtime.bigint() - started) / 1e9 > 60) throw new Error('not ready after 60 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const readyMs = Number(process.hrtime.bigint() - started) / 1e6;
    await new Promise((resolve) => setTimeout(resolve, 500));
    result = { readyMs, rss: rssMb(child.pid) };
  } catch (error) {
    await stopped();
    throw error;
  }
  const code = await stopped();
  if (code !== 0) throw new Error(`server exited with ${code} after SIGTERM`);
  return result;
}

(async () => {
  const rows = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-'));
    try {
      rows.push({ start: 'first (empty DATA_DIR)', ...(await startOnce(dataDir, 39000 + run)) });
      rows.push({ start: 'later (same DATA_DIR)', ...(await startOnce(dataDir, 39100 + run)) });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  for (const kind of ['first (empty DATA_DIR)', 'later (same DATA_DIR)']) {
    const of = rows.filter((row) => row.start === kind);
    const ms = of.map((row) => row.readyMs).sort((a, b) => a - b);
    const rss = of.map((row) => row.rss).sort((a, b) => a - b);
    console.log(
      `${kind.padEnd(24)} ready in ${ms.map((v) => v.toFixed(0)).join(' / ')} ms (median ${ms[Math.floor(ms.length / 2)].toFixed(0)}),` +
        ` RSS ${rss.map((v) => v.toFixed(0)).join(' / ')} MB`,
    );
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
