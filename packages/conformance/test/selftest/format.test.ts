// The self-test's table says what each run came to, and why when it is not what it must be: a missed
// --strict target names its check's failures in the default run, a faithful run that failed nothing but
// left cells unjudged reads incomplete (with the cells and why), one that failed reads WRONG.
import { describe, expect, it } from 'vitest';
import { type BrokenTargetResult, type FaithfulResult, formatSelftest, type SelftestResult } from '../../src/selftest/index.js';

const agrees = { onlyLive: [], onlyRecording: [], agrees: true };
const broken = (over: Partial<BrokenTargetResult>): BrokenTargetResult => ({
  id: 'generate-answers-202',
  description: 'a successful generate answers 202',
  upstream: 'sandbox',
  expect: 'status_code_conformance',
  rule: 'generateMedia.success_status',
  caught: true,
  failedChecks: ['status_code_conformance'],
  spent: 43,
  recording: agrees,
  durationMs: 1000,
  ...over,
});
const faithful = (over: Partial<FaithfulResult>): FaithfulResult => ({
  target: 'sandbox',
  mode: 'default',
  refuted: [],
  spent: 43,
  ok: true,
  failures: [],
  unjudged: [],
  durationMs: 1000,
  ...over,
});
const result = (b: BrokenTargetResult[], f: FaithfulResult[]): SelftestResult => ({
  broken: b,
  faithful: f,
  caught: b.filter((x) => x.caught).length,
  total: b.length,
  catchRate: b.length ? b.filter((x) => x.caught).length / b.length : 1,
  falseFailures: 0,
  falseFailuresStrict: 0,
  disagreements: 0,
  durationMs: 2000,
});

describe('the self-test table', () => {
  it('names the failures of the expected check in the default run of a missed --strict target', () => {
    const failure = 'generateMedia › status_code_conformance: no answer: no answer within 15000 ms (--timeout)';
    const table = formatSelftest(
      result([broken({ caught: false, strict: { refutes: 'rule:generateMedia.success_status', refuted: false, failures: [failure] } })], []),
    );
    expect(table).toMatch(/MISSED {2}generate-answers-202 .* default mode: NOT refuted rule:generateMedia\.success_status/);
    expect(table).toContain(`default mode failed: ${failure}`);
    // Caught, nothing more is said.
    const caught = formatSelftest(result([broken({ strict: { refutes: 'rule:generateMedia.success_status', refuted: true } })], []));
    expect(caught).not.toMatch(/default mode failed/);
  });

  it('reads incomplete for a faithful run that failed nothing but left cells unjudged, WRONG for one that failed', () => {
    const reason = 'spending ended: the balance did not fall (from 20 to 20)';
    const table = formatSelftest(
      result(
        [],
        [
          faithful({ target: 'prism', ok: false, unjudged: [{ reason, cells: ['generateMedia › auth_required', 'generateMedia › negative_data_rejection'] }] }),
          faithful({ target: 'sandbox', ok: false, failures: ['listModels › status_code_conformance: answered 500'] }),
          faithful({ target: 'lenient' }),
        ],
      ),
    );
    expect(table).toMatch(/incomplete: 2 cells unjudged +prism \(default\)/);
    expect(table).toContain(`unjudged generateMedia › auth_required, generateMedia › negative_data_rejection: ${reason}`);
    expect(table).toMatch(/WRONG +sandbox \(default\)/);
    expect(table).toMatch(/ok +lenient \(default\)/);
  });
});
