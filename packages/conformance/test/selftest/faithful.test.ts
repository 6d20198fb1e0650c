// Does the suite pass faithful servers? The faithful targets (Prism, the sandbox, the lenient replica)
// and the variants that differ from our guesses only where the sources are silent must pass by default;
// the false-failure count is written to the test output. Whether it catches broken servers is
// selftest.test.ts's: the self-test's two halves are two files, so that they run on two cores.
import { beforeAll, describe, expect, it } from 'vitest';
import { faithfulVariants, formatSelftest, runSelftest, type SelftestResult } from '../../src/selftest/index.js';

describe('self-test: faithful targets and variants', () => {
  let result: SelftestResult;
  beforeAll(async () => {
    result = await runSelftest({ maxExamples: 10, only: faithfulVariants().map((v) => v.id) });
    console.log(`\n${formatSelftest(result)}\n`);
    // About half a minute of one core's work, runs four at a time: minutes on a loaded machine. The limit only catches a hang.
  }, 1_200_000);

  it('ran every faithful target and variant, and no broken target', () => {
    expect(result.broken).toEqual([]);
    expect(result.faithful.length).toBe(6 + 2 * faithfulVariants().length);
  });

  it('passes against the faithful Prism mock, the sandbox, the lenient replica and every faithful variant (no false failure)', () => {
    const byDefault = result.faithful.filter((f) => f.mode === 'default');
    expect(byDefault.map((f) => f.target)).toEqual(['prism', 'sandbox', 'lenient', ...faithfulVariants().map((v) => `variant:${v.id}`)]);
    expect(byDefault.flatMap((f) => f.failures)).toEqual([]);
  });

  it('judges every cell against each faithful target, but generate’s after a Prism run found its balance does not move', () => {
    // Under the self-test's --max-credits (a live run's budget) the spend guard stops spending once a served
    // generation left the balance where it was: Prism answers with examples, its balance never moves. The
    // generate cells whose requests came after are unjudged, so a Prism run is no pass, with nothing failed.
    for (const run of result.faithful.filter((f) => f.target === 'prism')) {
      const cells = run.unjudged.flatMap((line) => line.cells);
      expect(
        cells.filter((cell) => !cell.startsWith('generateMedia › ')),
        run.mode,
      ).toEqual([]);
      for (const line of run.unjudged) expect(line.reason, run.mode).toMatch(/^spending ended: .*the balance did not fall \(from (\d+) to \1\)/);
      expect(run.ok, run.mode).toBe(cells.length === 0);
    }
    expect(result.faithful.filter((f) => f.target !== 'prism').flatMap((f) => f.unjudged)).toEqual([]);
    // The table says what such a run came to: incomplete, not wrong.
    const table = formatSelftest(result);
    expect(table).not.toMatch(/WRONG/);
    for (const run of result.faithful.filter((f) => f.target === 'prism' && !f.ok)) {
      const count = run.unjudged.flatMap((line) => line.cells).length;
      expect(table).toMatch(new RegExp(`incomplete: ${count} cells? unjudged +prism \\(${run.mode}\\)`));
    }
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
        // A listed value in another case (`?type=SDXL`, `?status=Success`): no source calls them case sensitive.
        'rule:enum_values_case_sensitive',
      ]),
    );
  });

  it('under --strict, Prism and the sandbox still pass and the lenient replica fails on its refuted assumptions', () => {
    const strict = result.faithful.filter((f) => f.mode === 'strict');
    expect(strict.filter((f) => f.target === 'prism' || f.target === 'sandbox').flatMap((f) => f.failures)).toEqual([]);
    expect(strict.find((f) => f.target === 'lenient')?.failures.length).toBeGreaterThan(0);
  });

  it('never spends more than --max-credits 50 in any run', () => {
    for (const run of result.faithful) expect(run.spent, run.target).toBeLessThanOrEqual(50);
  });

  it('has 0 false failures in either mode', () => {
    expect(result.falseFailures).toBe(0);
    expect(result.falseFailuresStrict).toBe(0);
  });
});
