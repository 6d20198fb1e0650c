// The broken-target catalogue in shards, each run by a test file of its own (broken-<n>.test.ts), so
// that vitest's workers run them side by side: the runs are mostly the suite's own CPU, and one file
// kept them on one core. The partition is made from the catalogue alone: a target added lands in a
// shard with nothing written for it. selftest.test.ts holds that the shards cover the catalogue, each
// target once, and that a test file runs each shard.
import { beforeAll, describe, expect, it } from 'vitest';
import { type BrokenTarget, brokenTargets, formatSelftest, runSelftest, type SelftestResult } from '../../src/selftest/index.js';

/** How many shards (and broken-<n>.test.ts files, n = 1..SHARDS). */
export const SHARDS = 4;

/** The suite runs a target costs: a --strict target is run twice (by --strict, and by default for its verdict). */
const runsOf = (target: BrokenTarget) => (target.strict ? 2 : 1);

/**
 * The catalogue's targets in SHARDS shards of about as many runs each. The targets in front of Prism
 * stay together (they share one Prism mock and go one after another, and each shard that has one starts
 * a Prism); the others go, in catalogue order, each to the shard with the fewest runs so far.
 */
export function brokenShards(targets: readonly BrokenTarget[] = brokenTargets, count = SHARDS): BrokenTarget[][] {
  const shards: BrokenTarget[][] = Array.from({ length: count }, () => []);
  const runs = (shard: BrokenTarget[]) => shard.reduce((n, t) => n + runsOf(t), 0);
  const lightest = () => shards.reduce((best, shard) => (runs(shard) < runs(best) ? shard : best));
  const prism = targets.filter((t) => t.upstream === 'prism');
  if (prism.length) lightest().push(...prism);
  for (const target of targets.filter((t) => t.upstream !== 'prism')) lightest().push(target);
  // Each shard in catalogue order (the self-test keeps its results in the order it is given).
  return shards.map((shard) => targets.filter((t) => shard.includes(t)));
}

/** The tests of shard `n` (1..SHARDS): every one of its targets caught through its check and rule. */
export function describeBrokenShard(n: number): void {
  const shard = brokenShards()[n - 1] ?? [];
  describe(`self-test: broken targets, shard ${n} of ${SHARDS}`, () => {
    let result: SelftestResult;
    beforeAll(async () => {
      result = await runSelftest({ maxExamples: 10, skipFaithful: true, only: shard.map((t) => t.id) });
      console.log(`\n${formatSelftest(result)}\n`);
      // Some fifteen seconds of one core's work, runs four at a time: minutes on a loaded machine. The limit only catches a hang.
    }, 1_200_000);

    it('ran every broken target of its shard, and no faithful run', () => {
      expect(shard.length).toBeGreaterThan(0);
      expect(result.broken.map((b) => b.id)).toEqual(shard.map((t) => t.id));
      expect(result.faithful).toEqual([]);
    });

    it.each(shard.map((t) => [t.id, t.expect, t.rule] as const))('catches %s through %s (rule %s)', (id) => {
      const entry = result.broken.find((b) => b.id === id)!;
      expect(entry.failedChecks, entry.description).toContain(entry.expect);
      expect(entry.caught, `${entry.description}: no failure of ${entry.expect} names ${entry.rule}`).toBe(true);
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

    it('reaches a 100 % catch rate on its shard', () => {
      expect(result.total).toBe(shard.length);
      expect(result.catchRate).toBe(1);
    });
  });
}
