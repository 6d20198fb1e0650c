// What the tests of the run's time budgets share (time.test.ts: a drip against each budget;
// interrupt.test.ts: a stop while something is on the wire): the suite as a child process against the
// sandbox behind a hostile front, the front stopped after each test, and what every such run must show.
import { afterEach, expect } from 'vitest';
import { hostileTarget } from './sandbox.js';
import { drip, type Hostility } from './servers.js';
import { costLine, RSS_CEILING_MIB, runSuite, type SuiteOptions } from './suite-process.js';

/** Listing generations: first asked after the run created some, so every stop has something to clean up. */
export const HOSTILE_OP = 'listGenerations';

/** One byte a second on every request of HOSTILE_OP, the rest forwarded. */
export const dripOn = (request: { operationId?: string }) => (request.operationId === HOSTILE_OP ? drip() : undefined);

/**
 * Cleanup ran: what the run made is gone, or named in the report as left with why. Cleanup has bounds of
 * its own (its deadline, each request's limit), which a loaded machine can reach: a leftover it names is
 * honest, one it does not name is a run that lost track of what it made.
 */
export function expectCleanedUp(run: { json?: { cleanup: { leftover: string[] } } }, target: { left(): string[] }): void {
  const named = run.json!.cleanup.leftover.join('\n');
  for (const id of target.left()) expect(named, `${id} was left and the report does not name it`).toContain(id);
}

/**
 * The hostile targets of a test file, each stopped after its test: `target` starts one, `against` runs
 * the suite (three examples per operation) against one and checks what every run must show (not
 * killed, memory under the ceiling, both reports written). Call at the file's top level.
 */
export function hostileTargets() {
  let stopTarget: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stopTarget?.();
    stopTarget = undefined;
  });
  const target = async (...args: Parameters<typeof hostileTarget>) => {
    const started = await hostileTarget(...args);
    stopTarget = started.stop;
    return started;
  };
  const against = async (hostility: Hostility, args: string[], options: SuiteOptions = {}) => {
    const started = await target(hostility);
    const run = await runSuite([...started.args, '--max-examples', '3', ...args], { env: started.env, ...options });
    console.log(costLine(expect.getState().currentTestName ?? '', run));
    expect(run.killed).toBeUndefined();
    expect(run.peakMiB).toBeLessThan(RSS_CEILING_MIB);
    expect(run.json).toBeDefined();
    expect(run.junit).toContain('<testsuites');
    return { run, target: started };
  };
  return { target, against };
}
