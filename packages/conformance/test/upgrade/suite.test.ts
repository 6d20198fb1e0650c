// The upgrade report on a recording made by the suite itself (`--reporter har=`): a run against the
// sandbox answering as the baseline API, judged `--at baseline`. Its traffic speaks the baseline; the
// changes to make are exactly the 2024-09-04 renames in what it sent and read; every one of its calls —
// the invalid requests the sandbox refused included — replayed at the newest date keeps the contract.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '@mediagen/mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { HarWriter, runConformance } from '../../src/index.js';
import type { UpgradeReport } from '../../src/upgrade/report.js';
import { upgradeReport } from '../../src/upgrade/run.js';

const KEY = 'sk-suite-recording-4410';

describe('a recording made by the suite', () => {
  let report: UpgradeReport;

  beforeAll(async () => {
    const har = join(await mkdtemp(join(tmpdir(), 'upgrade-suite-')), 'run.har');
    const sandbox = await startSandbox({ apiKeys: [KEY], at: 'baseline', credits: 100_000, delays: { pendingMs: 10, completeMs: 30 } });
    try {
      await runConformance({ baseUrl: sandbox.url, apiKey: KEY, at: 'baseline', seed: 1, maxExamples: 2, recorders: [new HarWriter(har)] });
    } finally {
      await sandbox.stop();
    }
    report = await upgradeReport({ fromHar: har });
  }, 600_000);

  it('speaks the baseline, and must make exactly the renames of 2024-09-04 it meets', async () => {
    expect(report.from).toEqual({ version: 'baseline', how: 'traffic', mixed: false });
    const required = report.operations.flatMap((o) =>
      o.changes.filter((c) => c.action === 'required').map((c) => `${o.operationId} ${c.where} ${c.before} → ${c.after}`),
    );
    expect(required.sort()).toEqual([
      'generateMedia response 200 data.images → data.media',
      'generateMedia response 200 data.images[].image_size → data.media[].dim',
      'getGeneration response 200 data.images → data.media',
      'getGeneration response 200 data.images[].size → data.media[].dim',
      'getMedia response 200 data.size → data.dim',
      'listGenerations query image_id → media_id',
      'listGenerations response 200 data[].images → data[].media',
      'listGenerations response 200 data[].images[].size → data[].media[].dim',
    ]);
    expect(report.breaks).toBe(true);
  });

  it('replays every call at the newest date, and each keeps the contract', async () => {
    expect(report.replay!.calls).toBeGreaterThan(100);
    expect(report.replay).toMatchObject({ failing: 0, alreadyFailing: 0 });
    expect(report.replay!.passing).toBe(report.replay!.calls);
    // The suite calls every operation of the contract.
    expect(report.operations).toHaveLength(22);
  });
});
