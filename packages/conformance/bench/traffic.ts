// `npm run bench` (traffic): judging a 10,000-entry HAR recording (entries per second, and the peak
// memory while judging), and the validating proxy's added latency per exchange, as a ratio to the
// same call made directly, measured side by side (calls alternate between the two paths).
// Usage: tsx --conditions=@mediagen/source bench/traffic.ts [--entries N] [--calls N]
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox } from '@mediagen/mock';
import { operations } from '@mediagen/schema';
import { HarWriter, judgeHar, runConformance, startValidatingProxy } from '../src/index.js';

const { values } = parseArgs({ options: { entries: { type: 'string' }, calls: { type: 'string' } } });
const ENTRIES = values.entries ? Number(values.entries) : 10_000;
const CALLS = values.calls ? Number(values.calls) : 400;
const KEY = 'bench-traffic-key';
const MIB = 1024 * 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = await mkdtemp(join(tmpdir(), 'bench-traffic-'));
const sandbox = await startSandbox({ apiKeys: [KEY], credits: 1_000_000, delays: { pendingMs: 20, completeMs: 60 } });
try {
  // A real recording (a full sandbox run), repeated up to ENTRIES entries.
  const recorded = join(dir, 'run.har');
  await runConformance({ baseUrl: sandbox.url, apiKey: KEY, seed: 1, maxExamples: 20, recorders: [new HarWriter(recorded)] });
  const har = JSON.parse(await readFile(recorded, 'utf8')) as { log: { entries: unknown[] } };
  const source = har.log.entries;
  har.log.entries = Array.from({ length: ENTRIES }, (_, i) => source[i % source.length]);
  const big = join(dir, 'big.har');
  await writeFile(big, JSON.stringify(har));

  const before = process.memoryUsage().rss;
  let peak = before;
  let seen = 0;
  const t0 = performance.now();
  const report = await judgeHar(big, {
    onJudged: () => {
      if (++seen % 250 === 0) peak = Math.max(peak, process.memoryUsage().rss);
    },
  });
  const ms = performance.now() - t0;
  process.stdout.write(
    `Judging a HAR recording (${ENTRIES} entries from a full sandbox run, ${(Buffer.byteLength(JSON.stringify(har)) / MIB).toFixed(1)} MiB)\n`,
  );
  process.stdout.write(
    `  ${(ms / 1000).toFixed(2)} s, ${Math.round(ENTRIES / (ms / 1000))} entries/s; peak RSS ${(peak / MIB).toFixed(0)} MiB (+${((peak - before) / MIB).toFixed(0)} MiB while judging); ${report.summary.failed} failed cells\n`,
  );
  // A recording repeated over itself replays deletes and creations: sequence checks may fail on it.
  for (const op of report.operations)
    for (const r of op.results) if (r.outcome === 'failed') process.stdout.write(`    (${op.operationId} › ${r.check}: ${r.failures[0]?.message})\n`);

  // The proxy's added latency: the same request, alternately direct and through the proxy.
  const proxy = await startValidatingProxy({ upstream: sandbox.url, insecureUpstream: true });
  const paths = [operations.listModels.path, operations.listVoices.path, `${operations.listGenerations.path}?page=1&page_size=10`];
  const call = async (base: string, path: string) => {
    const t = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { 'x-api-key': KEY } });
    await res.arrayBuffer();
    return performance.now() - t;
  };
  for (let i = 0; i < 30; i++) await Promise.all([call(sandbox.url, paths[0]!), call(proxy.url, paths[0]!)]);
  const direct: number[] = [];
  const proxied: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const path = paths[i % paths.length]!;
    if (i % 2 === 0) {
      direct.push(await call(sandbox.url, path));
      proxied.push(await call(proxy.url, path));
    } else {
      proxied.push(await call(proxy.url, path));
      direct.push(await call(sandbox.url, path));
    }
  }
  await proxy.stop();
  const d = median(direct);
  const p = median(proxied);
  process.stdout.write(`\nValidating proxy in front of the sandbox (${CALLS} calls each way, alternating)\n`);
  process.stdout.write(
    `  direct ${d.toFixed(2)} ms, through the proxy ${p.toFixed(2)} ms (median): ratio ${(p / d).toFixed(2)}, added ${(p - d).toFixed(2)} ms per exchange\n`,
  );
} finally {
  await sandbox.stop();
  await rm(dir, { recursive: true, force: true });
}
