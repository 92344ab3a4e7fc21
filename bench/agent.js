// `npm run bench:agent`: exact-match accuracy of the command parser on the labelled corpus
// (test/agent/corpus.ts) per intent, recall of the commands it must refuse, the calibration
// of its confidence, and parse latency over 100,000 parses. Targets (issue 6): ≥ 98% exact,
// p99 < 1 ms per parse.
require('reflect-metadata');
require('./ts-register');
const { parseCommand } = require('../src/agent/parser.ts');
const { corpus, corpusContext, normalise } = require('../test/agent/corpus.ts');

const rows = corpus.map((entry) => {
  const result = parseCommand(entry.text, { ...corpusContext, previous: entry.previous });
  const got = result.ok ? normalise(result.command) : null;
  const right = JSON.stringify(got) === JSON.stringify(entry.expected) || (entry.expected === null && !result.ok);
  return { entry, result, right };
});

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');
console.log(`corpus: ${rows.length} commands`);
console.log('\nexact match by intent');
for (const action of ['swap', 'transfer', 'query']) {
  const of = rows.filter((r) => r.entry.expected?.action === action);
  console.log(`  ${action.padEnd(9)} ${String(of.length).padStart(4)}  ${pct(of.filter((r) => r.right).length, of.length)}`);
}
const refusals = rows.filter((r) => r.entry.expected === null);
console.log(`  ${'refuse'.padEnd(9)} ${String(refusals.length).padStart(4)}  recall ${pct(refusals.filter((r) => !r.result.ok).length, refusals.length)}`);
console.log(`  ${'all'.padEnd(9)} ${String(rows.length).padStart(4)}  ${pct(rows.filter((r) => r.right).length, rows.length)}`);

console.log('\ncalibration (accepted commands)');
for (const [low, high] of [[0.9, 1.01], [0.8, 0.9], [0.7, 0.8], [0.6, 0.7]]) {
  const of = rows.filter((r) => r.result.ok && r.result.confidence >= low && r.result.confidence < high);
  console.log(`  confidence ${low.toFixed(1)}–${Math.min(high, 1).toFixed(1)}  ${String(of.length).padStart(4)} commands  ${pct(of.filter((r) => r.right).length, of.length)} right`);
}

const N = 100_000;
const times = new Float64Array(N);
for (let i = 0; i < 2000; i++) parseCommand(corpus[i % corpus.length].text, corpusContext);
for (let i = 0; i < N; i++) {
  const entry = corpus[i % corpus.length];
  const started = process.hrtime.bigint();
  parseCommand(entry.text, { ...corpusContext, previous: entry.previous });
  times[i] = Number(process.hrtime.bigint() - started) / 1e6;
}
times.sort();
const at = (q) => times[Math.min(N - 1, Math.floor(q * N))];
console.log(`\nparse latency over ${N} parses: p50 ${(at(0.5) * 1000).toFixed(1)} µs, p99 ${(at(0.99) * 1000).toFixed(1)} µs, max ${(times[N - 1] * 1000).toFixed(1)} µs`);
