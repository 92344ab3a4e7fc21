// `npm run bench:agent`: the parser scored on the labelled corpus (test/agent/corpus/), on the
// dev split and on the test split, per family and per category, with the calibration of its
// confidence, the count of transactions built from must-refuse cases and of swaps built the wrong
// way round (both must be 0), and parse latency. `npm run bench:agent -- --failures` also lists the dev split's failures (the test
// split's cases are never printed: tuning must not read them).
require('reflect-metadata');
require('./ts-register');
const { parseCommand } = require('../src/agent/parser.ts');
const { builtLabel, cases, contextCommands, dialogues, directionError, saidAfter, saidBefore, scoreCases, scoreDialogues, vocabulary } = require('../test/agent/corpus/load.ts');
const banks = {
  'context-bank.json': require('../test/agent/corpus/context-bank.json'),
  'context-bank-2.json': require('../test/agent/corpus/context-bank-2.json'),
  'context-bank-3.json': require('../test/agent/corpus/context-bank-3.json'),
};

const rows = [...scoreCases(cases), ...scoreDialogues(dialogues)];
const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');
const line = (label, of) => `  ${label.padEnd(34)} ${String(of.length).padStart(5)}  ${pct(of.filter((r) => r.right).length, of.length).padStart(6)}`;

for (const split of ['dev', 'test']) {
  const of = rows.filter((r) => r.split === split);
  console.log(`\n${split} split: ${of.length} cases, ${pct(of.filter((r) => r.right).length, of.length)} exact`);
  console.log('  by family');
  for (const family of ['hand-written', 'must-refuse', 'harvested', 'grammar', 'dialogue']) {
    console.log(line(family, of.filter((r) => r.family === family)));
  }
  const blind = of.filter((r) => r.batch);
  for (const batch of [...new Set(blind.map((r) => r.batch))]) {
    const ofBatch = blind.filter((r) => r.batch === batch);
    console.log(line(`blind batch ${batch}`, ofBatch));
    for (const family of ['hand-written', 'harvested', 'dialogue']) console.log(line(`  ${family}`, ofBatch.filter((r) => r.family === family)));
  }
  console.log(line('blind batches together', blind));
  console.log('  by category');
  const categories = [...new Set(of.map((r) => r.category.split('/')[0] + '/' + (r.category.split('/')[1] ?? '')))].sort();
  for (const category of categories) console.log(line(category, of.filter((r) => `${r.category.split('/')[0]}/${r.category.split('/')[1] ?? ''}` === category)));
  const refusals = of.filter((r) => r.expect.refuse !== undefined || r.expect.noTransaction);
  console.log(`  must not transact: ${refusals.length} cases, ${pct(refusals.filter((r) => !r.unsafe).length, refusals.length)} without a transaction, ${of.filter((r) => r.unsafe).length} transactions built, ${of.filter((r) => directionError(r.result, r.expect)).length} swaps the wrong way round`);
  console.log('  calibration (accepted commands)');
  for (const [low, high] of [[0.95, 1.01], [0.9, 0.95], [0.8, 0.9], [0.7, 0.8], [0.6, 0.7]]) {
    const band = of.filter((r) => r.result.ok && r.result.confidence >= low && r.result.confidence < high);
    console.log(`    confidence ${low.toFixed(2)}–${Math.min(high, 1).toFixed(2)}  ${String(band.length).padStart(5)} commands  ${pct(band.filter((r) => r.right).length, band.length).padStart(6)} right`);
  }
}

// The blind context bank around every request of contextCommands: a harmless sentence must leave the request as it was,
// one that blocks must not (context.test.ts holds the second).
const alone = new Map(contextCommands.map((command) => [command, builtLabel(command)]));
const share = (sentences, around, keeps) => {
  const tries = sentences.flatMap((context) => contextCommands.map((command) => (builtLabel(around(context, command)) === alone.get(command)) === keeps));
  return `${pct(tries.filter(Boolean).length, tries.length)} of ${tries.length}`;
};
for (const [name, bank] of Object.entries(banks)) {
  console.log(`\n${name} (blind sentences around requests)`);
  console.log(`  harmless before kept ${share(bank.harmless, saidBefore, true)}, after kept ${share(bank.harmless, saidAfter, true)}`);
  console.log(`  blocking before blocked ${share(bank.blockingBefore, saidBefore, false)}, after blocked ${share(bank.blockingAfter, saidAfter, false)}`);
}

if (process.argv.includes('--failures')) {
  console.log('\ndev split failures');
  for (const r of rows.filter((row) => row.split === 'dev' && !row.right)) {
    const got = r.result.ok ? JSON.stringify({ ...r.result.command, confidence: r.result.confidence }) : `refused (${r.result.rule}${r.result.ask ? `, ask ${r.result.ask}` : ''}): ${r.result.reason}`;
    console.log(`- [${r.id} ${r.category}] ${r.text}\n    expect ${JSON.stringify(r.expect)}\n    got    ${got}`);
  }
}

// Wall time counts the moments the process waits for a core; CPU time (user + system, from
// process.cpuUsage) is the parser's own cost. On a shared machine the two differ at the tail,
// so both are printed, with the load average they were measured under.
// The first pass over the corpus is timed on its own: V8 compiles and optimises the parser's paths the first time a
// message takes them, stalls a server sees in its first thousands of messages only. The 100,000 parses after it are
// the steady state.
const texts = cases.map((c) => c.text);
const first = new Float64Array(texts.length);
texts.forEach((text, i) => {
  const started = process.hrtime.bigint();
  parseCommand(text, vocabulary);
  first[i] = Number(process.hrtime.bigint() - started) / 1e3;
});
const N = 100_000;
const wall = new Float64Array(N);
const cpu = new Float64Array(N);
for (let i = 0; i < N; i++) {
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  parseCommand(texts[i % texts.length], vocabulary);
  wall[i] = Number(process.hrtime.bigint() - started) / 1e3;
  const spent = process.cpuUsage(cpuBefore);
  cpu[i] = spent.user + spent.system;
}
const at = (times, q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
const report = (label, times) => `${label} p50 ${at(times, 0.5)} µs, p99 ${at(times, 0.99)} µs, max ${times.at(-1).toFixed(1)} µs`;
wall.sort();
cpu.sort();
first.sort();
console.log(`\nparse latency over ${N} parses after one pass over the corpus (load average ${require('node:os').loadavg()[0].toFixed(1)} on ${require('node:os').cpus().length} cores):`);
console.log(`  ${report('wall', wall)}`);
console.log(`  ${report('CPU ', cpu)}`);
console.log(`  ${report(`first pass (${texts.length} parses, cold), wall`, first)}`);
