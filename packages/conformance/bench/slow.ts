// `npm run bench` (slow generations): a full run against a server whose generation calls are slow, as
// a generation backend's are — the sandbox behind a proxy that holds every generate and estimate
// request for 1.5–2 s (seeded) before passing it on. The current suite and the suite as of a baseline
// commit, each once in a process of its own against a fresh server: the calls the backend got, the
// most in flight at once (generate alone, and all), the requests, wall and CPU, and the ratios. The
// tests assert on the counts (test/runs/slow-generations.test.ts); the wall time is measured here.
//
// Usage: tsx --conditions=@mediagen/source bench/slow.ts [--baseline COMMIT] [--min-ms N] [--max-ms N] [--max-examples N] [--fresh]
// Needs the current suite built (`npm run bench` builds it first).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox } from '@mediagen/mock';
import { operations } from '@mediagen/schema';
import { startSlowGenerations } from '../test/support/slow.js';
import { baselineSuite } from './speed/baseline.js';
import { ratio } from './speed/format.js';

const here = dirname(fileURLToPath(import.meta.url));
const KEY = 'bench-key';
const { values } = parseArgs({
  options: {
    baseline: { type: 'string', default: 'cd00658' },
    'min-ms': { type: 'string', default: '1500' },
    'max-ms': { type: 'string', default: '2000' },
    'max-examples': { type: 'string', default: '50' },
    fresh: { type: 'boolean', default: false },
  },
});
const whole = (name: string, text: string | undefined) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`bench: --${name} must be a whole number ≥ 0, got ${text}\n`);
    process.exit(2);
  }
  return n;
};
const delay = { minMs: whole('min-ms', values['min-ms']), maxMs: whole('max-ms', values['max-ms']) };
if (delay.maxMs < delay.minMs) {
  process.stderr.write('bench: --max-ms must be at least --min-ms\n');
  process.exit(2);
}
const maxExamples = whole('max-examples', values['max-examples']);

interface SlowRow {
  wallMs: number;
  cpuMs: number;
  requests: number;
  failed: number;
  calls: number;
  generates: number;
  estimates: number;
  maxInFlight: number;
  maxGenerating: number;
  refusedAgain: number;
}

async function runOnce(entry: string): Promise<SlowRow> {
  const sandbox = await startSandbox({ apiKeys: [KEY], credits: 100_000, latencyMs: 25, delays: { pendingMs: 1000, completeMs: 3000 } });
  const slow = await startSlowGenerations(sandbox.url, KEY, delay);
  try {
    const started = performance.now();
    const args = [join(here, 'speed', 'child.mjs'), entry, slow.url, KEY, '1', String(maxExamples)];
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
    const row = JSON.parse(out.trim().split('\n').at(-1)!) as { cpuMs: number; requests: number; failed: number };
    const { stats } = slow;
    const generate = stats.byOperation[operations.generateMedia.operationId]!;
    const estimate = stats.byOperation[operations.estimateGeneration.operationId]!;
    return {
      wallMs,
      cpuMs: row.cpuMs,
      requests: row.requests,
      failed: row.failed,
      calls: stats.calls,
      generates: generate.calls,
      estimates: estimate.calls,
      maxInFlight: stats.maxInFlight,
      maxGenerating: generate.maxInFlight,
      refusedAgain: stats.refusedAgain,
    };
  } finally {
    await slow.stop();
    await sandbox.stop();
  }
}

const baseline = await baselineSuite(values.baseline!, { fresh: values.fresh! });
const current = await runOnce(join(here, '..', 'dist', 'index.js'));
process.stderr.write(`[bench] slow generations, current: ${(current.wallMs / 1000).toFixed(1)} s wall\n`);
const before = await runOnce(baseline.entry);
process.stderr.write(`[bench] slow generations, ${baseline.commit.slice(0, 7)}: ${(before.wallMs / 1000).toFixed(1)} s wall\n`);

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const line = (what: string, a: number | string, b: number | string, r?: number | string) =>
  `  ${what.padEnd(42)} ${String(a).padStart(10)} ${String(b).padStart(10)}${r === undefined ? '' : `  ${typeof r === 'number' ? `${r}×` : r}`}`;
process.stdout.write(
  `${[
    `Slow generation calls: each generate and estimate held ${delay.minMs}–${delay.maxMs} ms (the sandbox behind a delaying proxy; max-examples ${maxExamples}, seed 1)`,
    '',
    line('', baseline.commit.slice(0, 7), 'current', 'ratio'),
    line('wall (spawn to exit)', s(before.wallMs), s(current.wallMs), ratio(current.wallMs, before.wallMs)),
    line('CPU (user + system)', s(before.cpuMs), s(current.cpuMs), ratio(current.cpuMs, before.cpuMs)),
    line('requests', before.requests, current.requests, ratio(current.requests, before.requests)),
    line('generation calls (generate + estimate)', before.calls, current.calls, ratio(current.calls, before.calls)),
    line('  generate', before.generates, current.generates),
    line('  estimate', before.estimates, current.estimates),
    line('most generation calls in flight at once', before.maxInFlight, current.maxInFlight),
    line('  most generate calls in flight at once', before.maxGenerating, current.maxGenerating),
    line('generate refused again alike', before.refusedAgain, current.refusedAgain),
    line('failed cells (a faithful server: 0)', before.failed, current.failed),
  ].join('\n')}\n`,
);
if (current.failed > 0) process.exitCode = 1;
