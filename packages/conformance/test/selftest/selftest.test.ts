// Does the suite catch broken servers? Every entry of the catalogue must fail through the check it
// names, and the faithful Prism mock and sandbox must pass. The catch rate and the false-failure
// count are written to the test output.
import { beforeAll, describe, expect, it } from 'vitest';
import { brokenTargets, formatSelftest, runSelftest, type SelftestResult } from '../../src/selftest/index.js';

describe('self-test', () => {
  let result: SelftestResult;
  beforeAll(async () => {
    result = await runSelftest({ maxExamples: 10 });
    console.log(`\n${formatSelftest(result)}\n`);
  }, 600_000);

  it('has at least 15 broken targets, each naming a check', () => {
    expect(brokenTargets.length).toBeGreaterThanOrEqual(15);
    expect(new Set(brokenTargets.map((t) => t.id)).size).toBe(brokenTargets.length);
    expect(new Set(brokenTargets.map((t) => t.upstream))).toEqual(new Set(['sandbox', 'prism']));
  });

  it.each(brokenTargets.map((t) => [t.id, t.expect] as const))('catches %s through %s', (id) => {
    const entry = result.broken.find((b) => b.id === id)!;
    expect(entry.failedChecks, entry.description).toContain(entry.expect);
  });

  it('passes against the faithful Prism mock, the sandbox and the lenient replica (no false failure)', () => {
    const byDefault = result.faithful.filter((f) => f.mode === 'default');
    expect(byDefault.map((f) => f.target)).toEqual(['prism', 'sandbox', 'lenient']);
    expect(byDefault.flatMap((f) => f.failures)).toEqual([]);
  });

  it('lists what the lenient replica refutes instead of failing it', () => {
    const lenient = result.faithful.find((f) => f.target === 'lenient' && f.mode === 'default')!;
    expect(lenient.refuted).toEqual(
      expect.arrayContaining([
        'rule:json_types_strict',
        'rule:TrueTouch.enhance_strength.range',
        'rule:TrueTouch.scale_factor.range',
        'rule:listModels.query.type.enum',
        'rule:query_values_case_sensitive',
      ]),
    );
  });

  it('under --strict, Prism and the sandbox still pass and the lenient replica fails on its refuted assumptions', () => {
    const strict = result.faithful.filter((f) => f.mode === 'strict');
    expect(strict.filter((f) => f.target !== 'lenient').flatMap((f) => f.failures)).toEqual([]);
    expect(strict.find((f) => f.target === 'lenient')?.ok).toBe(false);
  });

  it('never spends more than --max-credits 50 in any run', () => {
    for (const run of [...result.broken, ...result.faithful]) expect(run.spent, 'id' in run ? run.id : run.target).toBeLessThanOrEqual(50);
  });

  it('reaches a 100 % catch rate with 0 false failures in either mode', () => {
    expect(result.catchRate).toBe(1);
    expect(result.falseFailures).toBe(0);
    expect(result.falseFailuresStrict).toBe(0);
  });
});
