// `pnpm bench`: wall time of a full run against the Prism mock and against the sandbox (each started
// by the suite itself, start-up included), and the self-test's catch rate and false failures.
// Usage: tsx --conditions=@mediagen/source bench/run.ts [--max-examples N] [--runs N]
import { parseArgs } from 'node:util';
import { type Report, runConformance } from '../src/index.js';
import { formatSelftest, runSelftest } from '../src/selftest/index.js';

const { values } = parseArgs({ options: { 'max-examples': { type: 'string' }, runs: { type: 'string' }, 'skip-selftest': { type: 'boolean' } } });
const maxExamples = values['max-examples'] ? Number(values['max-examples']) : 50;
const runs = values.runs ? Number(values.runs) : 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function time(target: 'prism' | 'sandbox') {
  const walls: number[] = [];
  let last: Report | undefined;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await runConformance({ target, maxExamples, seed: 1 });
    walls.push(performance.now() - t0);
  }
  const r = last!;
  return {
    target,
    wallMs: median(walls),
    allMs: walls.map((w) => Math.round(w)),
    requests: r.summary.requests,
    runMs: r.durationMs,
    passed: r.summary.passed,
    failed: r.summary.failed,
    skipped: r.summary.skipped,
  };
}

const rows = [await time('prism'), await time('sandbox')];
process.stdout.write(`Full run (max-examples ${maxExamples}, median of ${runs}, start-up included)\n`);
process.stdout.write('  target    wall      engine    requests  req/s   passed  failed  skipped\n');
for (const row of rows) {
  const rps = Math.round(row.requests / (row.runMs / 1000));
  process.stdout.write(
    `  ${row.target.padEnd(9)} ${`${(row.wallMs / 1000).toFixed(2)} s`.padEnd(9)} ${`${(row.runMs / 1000).toFixed(2)} s`.padEnd(9)} ${String(row.requests).padEnd(9)} ${String(rps).padEnd(7)} ${String(row.passed).padEnd(7)} ${String(row.failed).padEnd(7)} ${row.skipped}   (runs: ${row.allMs.join(', ')} ms)\n`,
  );
}
if (!values['skip-selftest']) {
  const result = await runSelftest();
  process.stdout.write(`\n${formatSelftest(result)}\n`);
  if (result.catchRate < 1 || result.falseFailures > 0) process.exitCode = 1;
}
if (rows.some((r) => r.failed > 0)) process.exitCode = 1;
