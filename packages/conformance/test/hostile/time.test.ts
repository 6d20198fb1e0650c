// The suite against answers that would hold it forever: one byte a second (an announced megabyte
// that never finishes), on one operation or on everything. Each per-request and per-run budget must end
// what it bounds, the report must say which budget ended what, and cleanup must still run. A stop while
// something is on the wire (Ctrl-C, a creation awaited) is interrupt.test.ts's: the two files wait side by side.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGETS } from '../../src/index.js';
import { dripOn, expectCleanedUp, HOSTILE_OP, hostileTargets } from './drips.js';
import { RUN_LIMIT_MS, reportText, sinceRunStart } from './suite-process.js';

const { against } = hostileTargets();
/**
 * Cleanup, the sandbox's answers and the reports after a stop, on a loaded two-core machine; counted
 * from the run's start (not the process's: start-up is what load stretches most). Well below the 60 s
 * --timeout of the request in flight, so a stop that waited for it still fails.
 */
const MARGIN_MS = 30_000;
/** The --deadline of the run cut by it: far below the dripped request's 60 s --timeout. */
const DEADLINE_S = 15;

/**
 * The per-request limit against the drip: far above what a loaded machine takes to answer any other
 * request (the probe included, which at 1 s ended a run on a busy machine with exit 2), and still
 * ended long before the drip's megabyte would be.
 */
const TIMEOUT_S = 4;

describe('one byte a second', () => {
  it('on one operation: each of its requests ends at --timeout, the run goes on and says so', { timeout: RUN_LIMIT_MS + 60_000 }, async () => {
    // One check (status codes: a request ended without an answer fails it), so that the dripping
    // operation is asked a dozen times, not the thirty times of every check: each of its requests still
    // waits out --timeout, one after another, and every one must end for the run to end.
    const { run, target } = await against(dripOn, ['--timeout', String(TIMEOUT_S), '--max-silent', '1000', '--only', 'status_code_conformance']);
    expect(run.code).toBe(1);
    expect(run.json!.stopped).toBeUndefined();
    // Every request to it ended by the limit (another one on a machine slower than the limit would be counted too).
    const dripped = target.front.seen.filter((request) => request.operationId === HOSTILE_OP).length;
    expect(dripped).toBeGreaterThan(1);
    const ended = new RegExp(`(\\d+) request\\(s\\) ended by the time limit of ${TIMEOUT_S * 1000} ms \\(--timeout\\), first: listGenerations GET`).exec(
      reportText(run),
    );
    expect(Number(ended?.[1])).toBeGreaterThanOrEqual(dripped);
    expect(run.stdout).toContain('(--timeout)');
    expectCleanedUp(run, target);
  });

  it('answers in a row that never come stop the run at --max-silent (exit 2)', { timeout: RUN_LIMIT_MS + 60_000 }, async () => {
    const { run, target } = await against(dripOn, ['--timeout', String(TIMEOUT_S)]);
    expect(run.code).toBe(2);
    expect(run.json!.stopped?.by).toBe('silence');
    expect(run.json!.stopped?.reason).toContain(`(--max-silent ${DEFAULT_BUDGETS.maxSilentInARow})`);
    expect(run.stdout).toContain('stopped early (silence)');
    expectCleanedUp(run, target);
  });

  it('with a long --timeout, --deadline ends the run (exit 2), cleanup still runs', { timeout: RUN_LIMIT_MS + 60_000 }, async () => {
    // The deadline must pass while a dripped request waits out its 60 s (so the run cannot end first,
    // however fast the machine), and after the setup made something for cleanup to remove (at 4 s a loaded
    // machine had made nothing yet).
    const { run, target } = await against(dripOn, ['--timeout', '60', '--deadline', String(DEADLINE_S)]);
    expect(run.code).toBe(2);
    expect(run.json!.stopped?.by).toBe('deadline');
    expect(run.json!.stopped?.reason).toContain(`deadline of ${DEADLINE_S} s (--deadline)`);
    // The request in flight says what stopped it.
    expect(reportText(run)).toContain(`no answer: stopped: the run's deadline of ${DEADLINE_S} s (--deadline) passed`);
    expect(sinceRunStart(run)).toBeLessThan(DEADLINE_S * 1000 + MARGIN_MS);
    expect(run.json!.cleanup.created).toBeGreaterThan(0);
    expectCleanedUp(run, target);
  });
});
