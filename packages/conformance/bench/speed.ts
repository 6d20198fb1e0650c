// `npm run bench` (first part): how fast a full run is, and where its time goes. The current suite
// and the suite as of a baseline commit run side by side against the same kind of local server — a
// fresh sandbox per run that answers like the live API — interleaved, in pairs, each in a process of
// its own; then the ratios of wall time, CPU (the child's user + system) and requests, and the cells
// judged by each (no fewer checks may run). Before them, one profiled run of the current suite and
// one of the suite before the run-speed work (--before: the baseline with only the profile option
// added, which the baseline itself lacks), printed phase by phase, before → after.
//
// The server: the sandbox with every answer after 25 ms (a nearby region's round trip and handling,
// at the low end of what a remote API answers in, so overlapping requests is not flattered) and the
// sandbox's own lifecycle defaults (media pending after 1 s, done after 3 s: the lifecycle checks wait
// for the end as they would live). Each is a flag.
//
// Usage: tsx --conditions=@mediagen/source bench/speed.ts [--pairs N] [--baseline COMMIT] [--before COMMIT] [--fresh]
//          [--latency-ms N] [--pending-ms N] [--complete-ms N] [--max-examples N] [--seed N] [--write]
// --write keeps the results in bench/speed.json (the README's performance section is rendered from
// it by `npm run emit`). Needs the current suite built (`npm run bench` builds it first).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox } from '@mediagen/mock';
import type { RunProfile } from '../src/engine/profile.js';
import { baselineSuite } from './speed/baseline.js';
import { comparisonLines, mediansOf, profileComparisonLines, profileLines, type RunRow, ratio, type SpeedResults } from './speed/format.js';

const here = dirname(fileURLToPath(import.meta.url));
const KEY = 'bench-key';
const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '3' },
    baseline: { type: 'string', default: 'f94e6f0' },
    // The suite as of the baseline's line of work with the profile option added, and nothing else.
    before: { type: 'string', default: '327240b' },
    fresh: { type: 'boolean', default: false },
    'latency-ms': { type: 'string', default: '25' },
    'pending-ms': { type: 'string', default: '1000' },
    'complete-ms': { type: 'string', default: '3000' },
    'max-examples': { type: 'string', default: '50' },
    seed: { type: 'string', default: '1' },
    write: { type: 'boolean', default: false },
  },
});
const whole = (name: string, text: string | undefined, min: number) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) {
    process.stderr.write(`bench: --${name} must be a whole number ≥ ${min}, got ${text}\n`);
    process.exit(2);
  }
  return n;
};
const pairs = whole('pairs', values.pairs, 1);
const server = {
  latencyMs: whole('latency-ms', values['latency-ms'], 0),
  pendingMs: whole('pending-ms', values['pending-ms'], 0),
  completeMs: whole('complete-ms', values['complete-ms'], 0),
};
const maxExamples = whole('max-examples', values['max-examples'], 0);
const seed = whole('seed', values.seed, 0);
const currentEntry = join(here, '..', 'dist', 'index.js');

type ChildResult = Omit<RunRow, 'suite' | 'wallMs'> & { profile?: RunProfile };

/** One run of a suite against a fresh sandbox, in a child process. */
async function runOnce(entry: string, profiled: boolean): Promise<ChildResult & { wallMs: number }> {
  const sandbox = await startSandbox({
    apiKeys: [KEY],
    credits: 100_000,
    latencyMs: server.latencyMs,
    delays: { pendingMs: server.pendingMs, completeMs: server.completeMs },
  });
  try {
    const started = performance.now();
    const args = [join(here, 'speed', 'child.mjs'), entry, sandbox.url, KEY, String(seed), String(maxExamples), ...(profiled ? ['--profile'] : [])];
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`the run of ${entry} exited with ${code}`))));
    });
    const wallMs = performance.now() - started;
    return { ...(JSON.parse(out.trim().split('\n').at(-1)!) as ChildResult), wallMs };
  } finally {
    await sandbox.stop();
  }
}

const write = (lines: string[]) => process.stdout.write(`${lines.join('\n')}\n`);

const baseline = await baselineSuite(values.baseline!, { fresh: values.fresh! });
const before = await baselineSuite(values.before!, { fresh: values.fresh! });
const where = `a fresh sandbox per run: answers after ${server.latencyMs} ms, media pending after ${server.pendingMs} ms and done after ${server.completeMs} ms; max-examples ${maxExamples}, seed ${seed}`;

const profiledBefore = await runOnce(before.entry, true);
const profiled = await runOnce(currentEntry, true);
write([
  `Where a run's time goes, before (${before.commit.slice(0, 7)}) → after (the current suite), one profiled run each (${where})`,
  '',
  ...profileComparisonLines(profiledBefore.profile!, profiled.profile!).map((l) => `  ${l}`),
  '',
  'Profile of the current suite in full',
  '',
  ...profileLines(profiled.profile!).map((l) => `  ${l}`),
  '',
]);

const rows: RunRow[] = [];
for (let pair = 0; pair < pairs; pair++) {
  // Interleaved, the order swapped every pair: a machine that grows busier weighs on both alike.
  const order: RunRow['suite'][] = pair % 2 === 0 ? ['current', 'baseline'] : ['baseline', 'current'];
  for (const suite of order) {
    const { profile: _profile, ...row } = await runOnce(suite === 'current' ? currentEntry : baseline.entry, false);
    rows.push({ suite, ...row });
    process.stderr.write(`[bench] ${suite}: ${(row.wallMs / 1000).toFixed(2)} s wall, ${(row.cpuMs / 1000).toFixed(2)} s CPU, ${row.requests} requests\n`);
  }
}
write([
  `Side by side: the current suite and the suite as of ${baseline.commit.slice(0, 7)} (${where}; ${pairs} pairs, interleaved)`,
  '',
  ...comparisonLines(rows, baseline.commit).map((l) => `  ${l}`),
]);

const failing = rows.filter((r) => r.failed > 0);
for (const r of failing) write([`  ${r.suite} failed against a faithful server:`, ...r.failures.map((f) => `    ${f}`)]);
if (failing.length > 0) process.exitCode = 1;

if (values.write) {
  const current = mediansOf(rows.filter((r) => r.suite === 'current'));
  const base = mediansOf(rows.filter((r) => r.suite === 'baseline'));
  const results: SpeedResults = {
    generatedBy: 'npm run bench (bench/speed.ts --write); the README performance section is rendered from this file by npm run emit',
    date: new Date().toISOString().slice(0, 10),
    machine: { cpus: cpus().length, node: process.version },
    server,
    maxExamples,
    seed,
    baseline: baseline.commit,
    pairs,
    current,
    baselineRun: base,
    ratios: { wall: ratio(current.wallMs, base.wallMs), cpu: ratio(current.cpuMs, base.cpuMs), requests: ratio(current.requests, base.requests) },
    profile: profiled.profile!,
    before: before.commit,
    profileBefore: profiledBefore.profile!,
  };
  writeFileSync(join(here, 'speed.json'), `${JSON.stringify(results, null, 2)}\n`);
  process.stderr.write('[bench] kept in bench/speed.json: run `npm run emit` to bring the README up to date\n');
}
