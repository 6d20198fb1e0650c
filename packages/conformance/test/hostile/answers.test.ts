// The suite against answers that would exhaust its memory if read whole: a body that never ends,
// 1 GiB and 2.5 GiB bodies (announced or chunked), gzip bombs of a gibibyte (with and without a
// Content-Length), and 5 MB answers with the HAR reporter on. Each run is the real command line in a
// child process against a real sandbox behind a hostile front; each must end within its time limit,
// under the memory ceiling, with its reports written, the per-answer budget named, and nothing it
// created left behind.
import { statSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hostileTarget } from './sandbox.js';
import { type Answer, bomb, endless, GIB, gzipBomb, huge, largeJson, MIB, reply } from './servers.js';
import { costLine, RSS_CEILING_MIB, RUN_LIMIT_MS, reportText, runSuite } from './suite-process.js';

/** The one operation whose answers turn hostile (every other request reaches the sandbox). */
const HOSTILE_OP = 'listStyles';

let stopTarget: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stopTarget?.();
  stopTarget = undefined;
});

let gibBomb: Buffer;
beforeAll(async () => {
  gibBomb = await gzipBomb(GIB);
});

async function against(answer: () => Answer, args: string[] = [], har = false, ceilingMiB = RSS_CEILING_MIB) {
  const target = await hostileTarget((request) => (request.operationId === HOSTILE_OP ? answer() : undefined));
  stopTarget = target.stop;
  // Killed past the limit (the test then fails on `killed`): sized for a loaded machine, only a hang reaches it.
  // --timeout far above what any answer takes on a loaded machine, so '(--timeout)' in a report can only
  // mean a hostile answer read until its time limit instead of cut by its byte budget.
  const run = await runSuite([...target.args, '--max-examples', '10', '--timeout', '120', ...args], { env: target.env, har });
  console.log(costLine(expect.getState().currentTestName ?? '', run));
  expect(run.killed).toBeUndefined();
  expect(run.peakMiB).toBeGreaterThan(0);
  expect(run.peakMiB).toBeLessThan(ceilingMiB);
  expect(run.json?.summary.requests).toBeGreaterThan(100);
  expect(run.junit).toContain('<testsuites');
  expect(target.front.seen.some((r) => r.operationId === HOSTILE_OP)).toBe(true);
  expect(target.left()).toEqual([]);
  return run;
}

describe('answers too large to hold: the per-answer budget cuts them, memory stays under the ceiling', () => {
  const cases: [string, () => Answer][] = [
    ['a body that never ends', () => endless()],
    ['1 GiB announced', () => huge(GIB, true)],
    ['2.5 GiB announced', () => huge(2.5 * GIB, true)],
    ['2.5 GiB chunked', () => huge(2.5 * GIB, false)],
    ['a gzip bomb of 1 GiB with Content-Length', () => bomb(gibBomb, true)],
    ['a gzip bomb of 1 GiB, chunked', () => bomb(gibBomb, false)],
  ];
  for (const [name, answer] of cases) {
    it(name, { timeout: RUN_LIMIT_MS + 60_000 }, async () => {
      const run = await against(answer);
      expect(run.code).toBe(1);
      // The report says which budget cut the answer, and no request waited for its time limit instead
      // (a hostile answer read until --timeout would: the wall clock cannot tell that on a loaded machine).
      expect(reportText(run)).toContain('per-answer budget of 8388608 bytes (--max-answer-bytes)');
      expect(reportText(run)).not.toContain('(--timeout)');
      expect(run.stdout).toContain('--max-answer-bytes');
    });
  }

  it('a smaller --max-answer-bytes cuts earlier, and says so', { timeout: RUN_LIMIT_MS + 60_000 }, async () => {
    const run = await against(() => huge(GIB, true), ['--max-answer-bytes', '65536']);
    expect(reportText(run)).toContain('per-answer budget of 65536 bytes (--max-answer-bytes)');
  });
});

describe('5 MB answers with the HAR reporter on', () => {
  it('streams every exchange to disk: the HAR holds them all, memory stays under the ceiling', { timeout: RUN_LIMIT_MS + 60_000 }, async () => {
    const big = largeJson(5 * MIB);
    // Answers read whole, several at once (the run's workers), each held a few times over while it is
    // judged and written (bytes, text, parsed value, the HAR entry): more than the ceiling of cut answers,
    // and still far below what keeping them would take (every answer of the run: gibibytes).
    const run = await against(() => reply(200, big), [], true, RSS_CEILING_MIB + 256);
    expect(run.code).toBe(1);
    const answered = run.json!.summary.requests;
    expect(answered).toBeGreaterThan(100);
    // Each 5 MB answer was read whole (under the 8 MiB budget) and written to the HAR.
    expect(reportText(run)).not.toContain('--max-answer-bytes');
    expect(statSync(run.harPath).size).toBeGreaterThan(10 * 5 * MIB);
  });
});
