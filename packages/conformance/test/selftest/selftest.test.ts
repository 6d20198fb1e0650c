// Does the suite catch broken servers? Every entry of the catalogue must fail through the check and the
// rule it names, and the faithful targets (Prism, the sandbox, the lenient replica, and the variants that
// differ from our guesses only where the sources are silent) must pass. The catch rate and the false-failure
// count are written to the test output.
import { beforeAll, describe, expect, it } from 'vitest';
import { brokenTargets, faithfulVariants, formatSelftest, runSelftest, type SelftestResult } from '../../src/selftest/index.js';

describe('self-test', () => {
  let result: SelftestResult;
  beforeAll(async () => {
    result = await runSelftest({ maxExamples: 10 });
    console.log(`\n${formatSelftest(result)}\n`);
    // About a minute of one core's work, run four at a time: minutes on a loaded machine. The limit only catches a hang.
  }, 1_200_000);

  it('has at least 15 broken targets, each naming a check', () => {
    expect(brokenTargets.length).toBeGreaterThanOrEqual(15);
    expect(new Set(brokenTargets.map((t) => t.id)).size).toBe(brokenTargets.length);
    expect(new Set(brokenTargets.map((t) => t.upstream))).toEqual(new Set(['sandbox', 'prism']));
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

  it('passes against the faithful Prism mock, the sandbox, the lenient replica and every faithful variant (no false failure)', () => {
    const byDefault = result.faithful.filter((f) => f.mode === 'default');
    expect(byDefault.map((f) => f.target)).toEqual(['prism', 'sandbox', 'lenient', ...faithfulVariants().map((v) => `variant:${v.id}`)]);
    expect(byDefault.flatMap((f) => f.failures)).toEqual([]);
  });

  it('lists what each faithful variant refutes, and fails the variant under --strict', () => {
    const variants = result.faithful.filter((f) => f.target.startsWith('variant:'));
    expect(variants.length).toBe(2 * faithfulVariants().length);
    for (const variant of variants) expect(variant.ok, `${variant.target} (${variant.mode}): ${variant.missingRefutations?.join(', ') ?? ''}`).toBe(true);
  });

  it('lists what the lenient replica refutes instead of failing it', () => {
    const lenient = result.faithful.find((f) => f.target === 'lenient' && f.mode === 'default')!;
    expect(lenient.refuted).toEqual(
      expect.arrayContaining([
        'rule:json_types_strict',
        'rule:TrueTouch.enhance_strength.range',
        'rule:TrueTouch.scale_factor.range',
        'rule:CatalogueQuery.type.enum',
        'rule:query_values_case_sensitive',
      ]),
    );
  });

  it('under --strict, Prism and the sandbox still pass and the lenient replica fails on its refuted assumptions', () => {
    const strict = result.faithful.filter((f) => f.mode === 'strict');
    expect(strict.filter((f) => f.target === 'prism' || f.target === 'sandbox').flatMap((f) => f.failures)).toEqual([]);
    expect(strict.find((f) => f.target === 'lenient')?.failures.length).toBeGreaterThan(0);
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
