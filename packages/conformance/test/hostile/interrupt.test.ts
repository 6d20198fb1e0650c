// The suite stopped while something is on the wire: a creation whose answer is held (awaited, and what
// it made removed), Ctrl-C during a drip (the run ends at once), and cleanup's own requests dripping too
// (in parallel, ended by cleanup's bounds). The drips against each budget are time.test.ts's: the two
// files wait side by side.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGETS } from '../../src/index.js';
import { dripOn, expectCleanedUp, hostileTargets } from './drips.js';
import { drip, type FrontRequest, type Hostility } from './servers.js';
import { costLine, RUN_LIMIT_MS, reportText, runSuite } from './suite-process.js';

const { target: hostileTarget, against } = hostileTargets();

/**
 * --timeout of the run whose cleanup drips too: every request sent once the first drip began drips, and
 * a creation among them (sent before the signal reached the run) is awaited up to it before cleanup's
 * own time starts: the test's wait. Far above what a loaded machine takes to answer a request that does
 * not drip (4 s is enough for the drips of time.test.ts); nothing it asserts needs the drip to outlast it.
 */
const CLEANUP_DRIPS_TIMEOUT_S = 20;

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
    const { run, target } = await against(hostility, ['--timeout', String(CLEANUP_DRIPS_TIMEOUT_S)], { interrupt: { signal: 'SIGINT', after } });
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
    // the signal may be awaited up to its own limit (--timeout) before cleanup's time starts; the
    // rest is slack for a loaded machine (only a cleanup that waited without end reaches it).
    expect(run.afterInterruptMs).toBeLessThan(CLEANUP_DRIPS_TIMEOUT_S * 1000 + DEFAULT_BUDGETS.cleanupMs + 60_000);
  });
});
