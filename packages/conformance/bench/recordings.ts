// `npm run bench` (recordings): judging large HAR recordings with `--from-har`, read as a stream —
// 600 MiB and just under the 1 GiB a recording may have — in a child process (the CLI from source):
// wall time, entries per second and peak resident memory (getrusage at exit). The recordings are the
// entries of a real full sandbox run, repeated, written entry by entry and removed afterwards.
// Usage: tsx --conditions=@mediagen/source bench/recordings.ts [--sizes 600,1023.9] (MiB)

import { mkdtempSync } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox } from '@mediagen/mock';
import { HarWriter, MAX_HAR_BYTES, runConformance } from '../src/index.js';
import { writeRecording } from '../test/har/recordings.js';
import { runSuite } from '../test/hostile/suite-process.js';

const MIB = 1024 * 1024;
const { values } = parseArgs({ options: { sizes: { type: 'string' } } });
const sizes = (values.sizes ?? `600,${(MAX_HAR_BYTES - 64 * 1024) / MIB}`).split(',').map((s) => Math.round(Number(s) * MIB));
const KEY = 'bench-recordings-key';

const dir = mkdtempSync(join(tmpdir(), 'bench-recordings-'));
const sandbox = await startSandbox({ apiKeys: [KEY], credits: 1_000_000, delays: { pendingMs: 20, completeMs: 60 } });
let source: unknown[];
try {
  const recorded = join(dir, 'run.har');
  await runConformance({ baseUrl: sandbox.url, apiKey: KEY, seed: 1, maxExamples: 20, recorders: [new HarWriter(recorded)] });
  source = (JSON.parse(await readFile(recorded, 'utf8')) as { log: { entries: unknown[] } }).log.entries;
} finally {
  await sandbox.stop();
}

process.stdout.write(`Judging large recordings (--from-har, read as a stream; the entries of a full sandbox run, ${source.length} of them, repeated)\n`);
let failed = false;
for (const bytes of sizes) {
  const path = join(dir, `recording-${bytes}.har`);
  const entries = writeRecording(path, bytes, (i) => source[i % source.length]);
  const size = (await stat(path)).size;
  const run = await runSuite(['--from-har', path], { limitMs: 1_800_000, memoryGuardMiB: 4096 });
  await rm(path);
  const seconds = run.wallMs / 1000;
  process.stdout.write(
    `  ${(size / MIB).toFixed(0).padStart(5)} MiB, ${String(entries).padStart(7)} entries: exit ${run.code ?? run.signal}, ${seconds.toFixed(1)} s (${Math.round(
      entries / seconds,
    )} entries/s, ${(size / MIB / seconds).toFixed(1)} MiB/s, start-up included), peak RSS ${run.peakMiB.toFixed(0)} MiB\n`,
  );
  // A recording repeated over itself replays deletes and creations: sequence checks may fail (exit 1).
  if (run.code !== 0 && run.code !== 1) {
    failed = true;
    process.stdout.write(`    ${run.stderr.trim().split('\n').at(-1)}\n`);
  }
}
await rm(dir, { recursive: true, force: true });
if (failed) process.exitCode = 1;
