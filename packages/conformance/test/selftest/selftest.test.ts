// Does the suite catch broken servers? Every entry of the catalogue must fail through the check and the
// rule it names; the catch rate is written to the test output. Whether the suite passes faithful servers
// is faithful.test.ts's: the self-test's two halves are two files, so that they run on two cores.
import { beforeAll, describe, expect, it } from 'vitest';
import { brokenTargets, formatSelftest, runSelftest, type SelftestResult } from '../../src/selftest/index.js';

describe('self-test: broken targets', () => {
  let result: SelftestResult;
  beforeAll(async () => {
    result = await runSelftest({ maxExamples: 10, skipFaithful: true, only: brokenTargets.map((t) => t.id) });
    console.log(`\n${formatSelftest(result)}\n`);
    // About half a minute of one core's work, runs four at a time: minutes on a loaded machine. The limit only catches a hang.
  }, 1_200_000);

  it('has at least 15 broken targets, each naming a check', () => {
    expect(brokenTargets.length).toBeGreaterThanOrEqual(15);
    expect(new Set(brokenTargets.map((t) => t.id)).size).toBe(brokenTargets.length);
    expect(new Set(brokenTargets.map((t) => t.upstream))).toEqual(new Set(['sandbox', 'prism']));
  });

  it('ran every broken target, and no faithful run', () => {
    expect(result.broken.map((b) => b.id)).toEqual(brokenTargets.map((t) => t.id));
    expect(result.faithful).toEqual([]);
  });

  it.each(brokenTargets.map((t) => [t.id, t.expect, t.rule] as const))('catches %s through %s (rule %s)', (id) => {
    const entry = result.broken.find((b) => b.id === id)!;
    expect(entry.failedChecks, entry.description).toContain(entry.expect);
    expect(entry.caught, `${entry.description}: no failure of ${entry.expect} names ${entry.rule}`).toBe(true);
  });

  it('names for every broken target a rule whose basis is a source, unless the fault is against an assumption (--strict)', async () => {
    const { ruleById } = await import('@mediagen/schema');
    for (const target of brokenTargets) expect(ruleById(target.rule)?.source === 'assumption', target.id).toBe(target.strict !== undefined);
  });

  it('never spends more than --max-credits 50 in any run', () => {
    for (const run of result.broken) expect(run.spent, run.id).toBeLessThanOrEqual(50);
  });

  it('judging each broken run’s own recording offline fails the same cells as the live run (credits aside)', () => {
    const disagreeing = result.broken
      .filter((b) => !b.recording.agrees)
      .map((b) => `${b.id}: only live ${b.recording.onlyLive}; only recording ${b.recording.onlyRecording}`);
    expect(disagreeing).toEqual([]);
    expect(result.disagreements).toBe(0);
  });

  it('reaches a 100 % catch rate', () => {
    expect(result.catchRate).toBe(1);
  });
});
