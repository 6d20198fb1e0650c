// The profile a run hands back when asked (`npm run bench` prints it): every request counted once, in
// the phase that sent it and under the operation it went to; the stateful sequences; the waits on the
// balance and the spending windows of a capped run; the CPU of judging by section.
import { startSandbox } from '@mediagen/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS, type Report, type RunProfile, runConformance } from '../../src/index.js';

describe('a profiled run against the sandbox', () => {
  let report: Report;
  let profile: RunProfile | undefined;
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;

  beforeAll(async () => {
    sandbox = await startSandbox({ apiKeys: ['sandbox-key'], credits: 100_000, delays: { pendingMs: 30, completeMs: 90 } });
    report = await runConformance({
      baseUrl: sandbox.url,
      apiKey: 'sandbox-key',
      seed: 3,
      maxExamples: 6,
      maxCredits: 400,
      profile: (p) => {
        profile = p;
      },
    });
  });
  afterAll(() => sandbox.stop());

  it('is handed over once the run ended, and the run is as without it', () => {
    expect(report.ok).toBe(true);
    expect(profile).toBeDefined();
    expect(profile!.wallMs).toBeGreaterThan(0);
    expect(profile!.wallMs).toBeLessThanOrEqual(report.durationMs);
    expect(profile!.cpuMs).toBeGreaterThan(0);
  });

  it('counts every request once, by the phase that sent it and by its operation', () => {
    const phases = profile!.phases.map((p) => p.phase);
    expect(phases).toEqual(expect.arrayContaining(['probe', 'setup', 'stateful', 'examples', 'coverage', 'auth', 'fuzzing', 'cleanup']));
    const sum = (rows: { requests: number }[]) => rows.reduce((n, row) => n + row.requests, 0);
    expect(sum(profile!.phases)).toBe(report.summary.requests);
    expect(sum(profile!.operations)).toBe(report.summary.requests);
    for (const op of report.operations) {
      const row = profile!.operations.find((o) => o.operationId === op.operationId);
      expect(row, op.operationId).toBeDefined();
      expect(row!.endMs).toBeGreaterThanOrEqual(row!.startMs);
    }
    for (const phase of profile!.phases) expect(phase.endMs, phase.phase).toBeLessThanOrEqual(profile!.wallMs);
  });

  it('times each stateful sequence, the waits of the spend guard and the cleanup', () => {
    const stateful = CHECKS.filter((c) => c.category === 'stateful' && c.sequence).map((c) => c.id);
    expect(profile!.sequences.map((s) => s.check)).toEqual(expect.arrayContaining(stateful));
    // A capped run reads the balance and sends its spending requests through windows.
    expect(profile!.waits.balanceReadings.count).toBeGreaterThan(0);
    expect(profile!.waits.spendingWindows.count).toBeGreaterThan(0);
    const cleanup = profile!.phases.find((p) => p.phase === 'cleanup')!;
    expect(cleanup.requests).toBeGreaterThan(0);
  });

  it('times the CPU of judging by section: each single-exchange check, each history judge, tiering, intent', () => {
    const sections = new Map(profile!.cpu.map((s) => [s.section, s]));
    const judged = sections.get('check:response_schema_conformance');
    expect(judged?.calls).toBeGreaterThan(report.summary.requests / 2);
    for (const name of ['history:use_after_free', 'history:credits_arithmetic', 'tiering', 'assumptions', 'intent (sent)', 'intent (inferred)']) {
      expect(sections.get(name)?.calls, name).toBeGreaterThan(0);
    }
  });
});
