// Does the suite catch broken servers? Every entry of the catalogue must fail through the check it
// names, and the faithful Prism mock and sandbox must pass. The catch rate and the false-failure
// count are written to the test output.
import { beforeAll, describe, expect, it } from 'vitest';
import { type SelftestResult, brokenTargets, formatSelftest, runSelftest } from '../../src/selftest/index.js';

describe('self-test', () => {
  let result: SelftestResult;
  beforeAll(async () => {
    result = await runSelftest({ maxExamples: 10 });
    console.log(`\n${formatSelftest(result)}\n`);
  }, 300_000);

  it('has at least 15 broken targets, each naming a check', () => {
    expect(brokenTargets.length).toBeGreaterThanOrEqual(15);
    expect(new Set(brokenTargets.map((t) => t.id)).size).toBe(brokenTargets.length);
    expect(new Set(brokenTargets.map((t) => t.upstream))).toEqual(new Set(['sandbox', 'prism']));
  });

  it.each(brokenTargets.map((t) => [t.id, t.expect] as const))('catches %s through %s', (id) => {
    const entry = result.broken.find((b) => b.id === id)!;
    expect(entry.failedChecks, entry.description).toContain(entry.expect);
  });

  it('passes against the faithful Prism mock and sandbox (no false failure)', () => {
    expect(result.faithful.map((f) => f.target)).toEqual(['prism', 'sandbox']);
    expect(result.faithful.flatMap((f) => f.failures)).toEqual([]);
  });

  it('reaches a 100 % catch rate with 0 false failures', () => {
    expect(result.catchRate).toBe(1);
    expect(result.falseFailures).toBe(0);
  });
});
