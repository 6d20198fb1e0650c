// The suite against answers that would hold it forever: one byte a second (an announced megabyte
// that never finishes), on one operation or on everything. Each per-request, per-run and cleanup
// budget must end what it bounds, the report must say which budget ended what, and a Ctrl-C during
// the drip must end the run within cleanup's own deadline with an `interrupted` report.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BUDGETS } from '../../src/index.js';
import { hostileTarget } from './sandbox.js';
import { drip, type FrontRequest, type Hostility } from './servers.js';
import { costLine, RSS_CEILING_MIB, RUN_LIMIT_MS, reportText, runSuite, type SuiteOptions, sinceRunStart } from './suite-process.js';

/** Listing generations: first asked after the run created some, so every stop has something to clean up. */
const HOSTILE_OP = 'listGenerations';
/**
 * Cleanup, the sandbox's answers and the reports after a stop, on a loaded two-core machine; counted
 * from the run's start (not the process's: start-up is what load stretches most). Well below the 60 s
 * --timeout of the request in flight, so a stop that waited for it still fails.
 */
const MARGIN_MS = 30_000;
/** The --deadline of the run cut by it: far below the dripped request's 60 s --timeout. */
const DEADLINE_S = 15;

/**
 * Cleanup ran: what the run made is gone, or named in the report as left with why. Cleanup has bounds of
 * its own (its deadline, each request's limit), which a loaded machine can reach: a leftover it names is
 * honest, one it does not name is a run that lost track of what it made.
 */
function expectCleanedUp(run: { json?: { cleanup: { leftover: string[] } } }, target: { left(): string[] }): void {
  const named = run.json!.cleanup.leftover.join('\n');
  for (const id of target.left()) expect(named, `${id} was left and the report does not name it`).toContain(id);
}

let stopTarget: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stopTarget?.();
  stopTarget = undefined;
});

async function against(hostility: Hostility, args: string[], options: SuiteOptions = {}) {
  const target = await hostileTarget(hostility);
  stopTarget = target.stop;
  const run = await runSuite([...target.args, '--max-examples', '3', ...args], { env: target.env, ...options });
  console.log(costLine(expect.getState().currentTestName ?? '', run));
  expect(run.killed).toBeUndefined();
  expect(run.peakMiB).toBeLessThan(RSS_CEILING_MIB);
  expect(run.json).toBeDefined();
  expect(run.junit).toContain('<testsuites');
  return { run, target };
}

const dripOn = (request: { operationId?: string }) => (request.operationId === HOSTILE_OP ? drip() : undefined);
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

describe('a creation on the wire when the run stops', () => {
  it("is awaited within cleanup's time, and what it made is removed (cut at the stop, it would be left behind unknown)", {
    timeout: RUN_LIMIT_MS + 60_000,
  }, async () => {
    // The first upload slot is made by the sandbox at once, its answer held; the run is stopped (Ctrl-C)
    // as soon as that request arrives, so the answer lands after the stop whatever the machine's speed
    // (a deadline of a few seconds was reached before the first upload on a loaded machine).
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let seen = false;
    const holdFirstUpload = (request: FrontRequest) => {
      if (request.operationId !== 'uploadAssetV2' || seen) return undefined;
      seen = true;
      holding();
      return 8_000;
    };
    const target = await hostileTarget(() => undefined, { hold: holdFirstUpload });
    stopTarget = target.stop;
    const run = await runSuite([...target.args, '--max-examples', '3'], { env: target.env, interrupt: { signal: 'SIGINT', after: held } });
    console.log(costLine(expect.getState().currentTestName ?? '', run));
    expect(seen).toBe(true);
    expect(run.code).toBe(130);
    expect(run.json!.stopped?.by).toBe('signal');
    expect(run.json!.cleanup.created).toBeGreaterThan(0);
    expectCleanedUp(run, target);
  });
});

describe('Ctrl-C during a drip', () => {
  it('ends the run at once: cleanup runs, an interrupted report is written, exit 130', { timeout: RUN_LIMIT_MS + 60_000 }, async () => {
    let dripping!: () => void;
    const first = new Promise<void>((resolve) => (dripping = resolve));
    const hostility: Hostility = (request) => {
      const answer = dripOn(request);
      if (answer) dripping();
      return answer;
    };
    const { run, target } = await against(hostility, ['--timeout', '60'], { interrupt: { signal: 'SIGINT', after: first } });
    expect(run.code).toBe(130);
    expect(run.json!.stopped?.by).toBe('signal');
    expect(run.json!.interrupted).toBe('SIGINT');
    expect(reportText(run)).toContain('no answer: stopped: SIGINT');
    expect(run.afterInterruptMs).toBeLessThan(DEFAULT_BUDGETS.cleanupMs);
    expect(run.stderr).toContain('SIGINT: stopping, cleaning up and writing the reports');
    expect(run.json!.cleanup.created).toBeGreaterThan(0);
    expectCleanedUp(run, target);
  });

  it('when cleanup drips too, its requests run in parallel and end at its own deadline', { timeout: RUN_LIMIT_MS + 60_000 }, async () => {
    let interrupted = false;
    let dripping!: () => void;
    const first = new Promise<void>((resolve) => (dripping = resolve));
    // After the interrupt every request drips; each of cleanup's records how many of cleanup's had
    // already been cut (their connection closed) when it arrived. In parallel, several are on the wire
    // before the first is cut; one after another, each would arrive after the one before it was cut.
    // Counted, not timed: a loaded machine cannot fail it.
    let cutBefore = 0;
    const cutAtArrival: number[] = [];
    const cleanupOf = (request: FrontRequest) => request.method === 'DELETE' || request.operationId === 'archiveAssets';
    const hostility: Hostility = (request) => {
      if (interrupted) {
        // Only cleanup's own requests count (the run's last ones may still arrive before the signal).
        if (!cleanupOf(request)) return drip();
        cutAtArrival.push(cutBefore);
        const answer = drip();
        return (res, bounds) => {
          res.once('close', () => cutBefore++);
          answer(res, bounds);
        };
      }
      const answer = dripOn(request);
      if (answer) dripping();
      return answer;
    };
    const after = first.then(() => {
      interrupted = true;
    });
    const { run, target } = await against(hostility, ['--timeout', '60'], { interrupt: { signal: 'SIGINT', after } });
    expect(run.code).toBe(130);
    const left = target.left();
    // Something was left to delete, each deletion dripped, and the run still ended within cleanup's deadline.
    expect(left.length).toBeGreaterThan(0);
    expect(run.json!.cleanup.leftover.length).toBeGreaterThanOrEqual(left.length);
    expect(reportText(run)).toMatch(/cleanup request\(s\) ended by their own time limit|stopped: the time of cleanup ran out|cleanup deadline reached/);
    // In parallel: every cleanup request arrived before any of them was cut.
    // (One after another, exactly one would find none cut.)
    expect(cutAtArrival.filter((cut) => cut === 0).length).toBeGreaterThan(1);
    // The drips never end: the run ending at all is cleanup's bounds at work. A creation on the wire at
    // the signal may be awaited up to its own limit (--timeout 60) before cleanup's time starts; the
    // rest is slack for a loaded machine (only a cleanup that waited without end reaches it).
    expect(run.afterInterruptMs).toBeLessThan(60_000 + DEFAULT_BUDGETS.cleanupMs + 60_000);
  });
});
