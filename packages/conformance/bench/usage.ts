// `npm run bench` (usage): change management from traffic on recordings of growing size — a real
// recording (a full run of the suite against the sandbox answering as the baseline API, so the
// ledger's renames are in it), repeated up to N entries. For each size, in a child process of its own
// (so its peak memory is its own): the usage of the recording (entries/s), the whole upgrade report
// (the usage pass, the changes, and every call replayed and judged at the newest date: entries/s,
// wall time) and the peak resident memory; and the usage file's size per 10,000 exchanges.
// Usage: tsx --conditions=@mediagen/source bench/usage.ts [--sizes 1000,10000,40000]
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox } from '@mediagen/mock';
import { HarWriter, runConformance, upgradeReport } from '../src/index.js';
import { formatUsage, usageOfHar } from '../src/usage/index.js';

const MIB = 1024 * 1024;
const { values } = parseArgs({ options: { sizes: { type: 'string' }, child: { type: 'string' } } });

if (values.child) {
  // One measurement: the usage pass alone, then the whole report; peak RSS is the process's own.
  const t0 = performance.now();
  const { usage } = await usageOfHar(values.child, 'bench');
  const usageMs = performance.now() - t0;
  const t1 = performance.now();
  const report = await upgradeReport({ fromHar: values.child });
  const upgradeMs = performance.now() - t1;
  const maxRssKiB = process.resourceUsage().maxRSS;
  process.stdout.write(
    JSON.stringify({
      usageMs,
      upgradeMs,
      usageBytes: Buffer.byteLength(formatUsage(usage)),
      exchanges: usage.exchanges,
      maxRssKiB,
      breaks: report.breaks,
      replay: report.replay,
    }),
  );
  process.exit(0);
}

const SIZES = (values.sizes ?? '1000,10000,40000').split(',').map(Number);
const KEY = 'bench-usage-key';
const dir = await mkdtemp(join(tmpdir(), 'bench-usage-'));
const sandbox = await startSandbox({ apiKeys: [KEY], at: 'baseline', credits: 1_000_000, delays: { pendingMs: 20, completeMs: 60 } });
try {
  const recorded = join(dir, 'run.har');
  await runConformance({ baseUrl: sandbox.url, apiKey: KEY, at: 'baseline', seed: 1, maxExamples: 20, recorders: [new HarWriter(recorded)] });
  const har = JSON.parse(await readFile(recorded, 'utf8')) as { log: { entries: unknown[] } };
  const source = har.log.entries;
  process.stdout.write(`Usage and the upgrade report on recordings (a full sandbox run at the baseline API, ${source.length} entries, repeated)\n`);
  for (const size of SIZES) {
    har.log.entries = Array.from({ length: size }, (_, i) => source[i % source.length]);
    const file = join(dir, `${size}.har`);
    const text = JSON.stringify(har);
    await writeFile(file, text);
    const child = spawnSync(process.execPath, ['--conditions=@mediagen/source', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', file], {
      encoding: 'utf8',
      maxBuffer: 64 * MIB,
    });
    if (child.status !== 0) throw new Error(`measuring ${size} entries failed: ${child.stderr}`);
    const m = JSON.parse(child.stdout) as { usageMs: number; upgradeMs: number; usageBytes: number; exchanges: number; maxRssKiB: number; breaks: boolean };
    const rate = (ms: number) => Math.round(size / (ms / 1000));
    process.stdout.write(
      `  ${size} entries (${(Buffer.byteLength(text) / MIB).toFixed(1)} MiB): usage ${(m.usageMs / 1000).toFixed(2)} s (${rate(m.usageMs)} entries/s); ` +
        `upgrade report ${(m.upgradeMs / 1000).toFixed(2)} s (${rate(m.upgradeMs)} entries/s, every call replayed and judged); ` +
        `peak RSS ${(m.maxRssKiB / 1024).toFixed(0)} MiB; usage file ${m.usageBytes} bytes (${Math.round((m.usageBytes / m.exchanges) * 10_000)} bytes per 10,000 exchanges)\n`,
    );
    await rm(file, { force: true });
  }
} finally {
  await sandbox.stop();
  await rm(dir, { recursive: true, force: true });
}
