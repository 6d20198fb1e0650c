// The fuzzing phase: requests generated from the zod schemas with fast-check, valid ones (positive)
// and valid ones with one rule broken (negative); a failure is shrunk to a minimal case. The requests
// fast-check would try, one after another, are drawn up front (fc.sample with the same seed gives the
// same ones, in its order) and go out side by side; only when one failed does fast-check run the property itself, in
// its order, to find the first failure and shrink it — the requests already sent answer from what they
// got, and only the shrinking sends new ones.
import type { OperationSpec } from '@mediagen/schema';
import fc from 'fast-check';
import type { Expectation } from '../../model/verdict.js';
import { mapLimit } from '../../plumbing/map-limit.js';
import type { RequestCase } from '../../requests/cases.js';
import { propertiesFor } from '../../requests/properties.js';
import type { PhaseContext } from '../context.js';
import { isSafe } from '../policy.js';
import { RunStopped } from '../stop.js';

export async function runFuzzing(run: PhaseContext, op: OperationSpec, index: number): Promise<void> {
  if (run.maxExamples === 0) return;
  const local = !run.target.live;
  const scope = { writes: run.writes && local };
  if (!isSafe(op) && !scope.writes) return;
  // Generated bodies are judged on the estimate under a budget: none of them may spend.
  if (op.spendsCredits && run.capped) return;
  const properties = propertiesFor(op, run.fixtures, scope);
  const half = Math.max(1, Math.ceil(run.maxExamples / 2));
  const runs: [fc.Arbitrary<RequestCase>, Expectation][] = [];
  if (properties.positive && run.selects('positive_data_acceptance')) runs.push([properties.positive, 'accept']);
  if (properties.negative && run.selects('negative_data_rejection')) runs.push([properties.negative, 'reject']);
  for (const [arbitrary, expect] of runs) {
    const seed = (run.seed * 7919 + index * 31 + (expect === 'accept' ? 0 : 1)) | 0;
    // A run that stops mid-property must not be shrunk as a failure: the stop is carried out after it.
    let stopped: RunStopped | undefined;
    /** The failures held back of the first drawn request that failed (recorded if its re-send does not fail again). */
    let firstHeld: (() => void) | undefined;
    const holds = async (c: RequestCase) => {
      if (stopped) return true;
      try {
        const exercised = await run.exercise(c, 'fuzzing', expect, { record: 'passes' });
        if (exercised.failed) firstHeld ??= exercised.recordHeld;
        return !exercised.failed;
      } catch (error) {
        if (!(error instanceof RunStopped)) throw error;
        stopped = error;
        return true;
      }
    };
    const options = { numRuns: half, seed, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false };
    // What each request drawn up front got, by the request itself (fast-check draws the same ones again).
    const answered = new Map<string, boolean>();
    // The arbitrary sampled with the check's seed and runs gives the values the check tries, in its order
    // (sampling the property itself would draw others).
    const drawn = fc.sample(arbitrary, { numRuns: half, seed });
    // A request drawn twice is sent twice: one failing answer of it is a failure, whatever the other got.
    await mapLimit(drawn, run.concurrency, async (c) => {
      const held = await holds(c);
      const key = JSON.stringify(c);
      answered.set(key, (answered.get(key) ?? true) && held);
    });
    if (stopped) throw stopped;
    if ([...answered.values()].every(Boolean)) continue;
    const replayed = async (c: RequestCase) => answered.get(JSON.stringify(c)) ?? holds(c);
    const details = await fc.check(fc.asyncProperty(arbitrary, replayed), options);
    if (stopped) throw stopped;
    // A failure the server showed stands, whether or not sending again meets it: when the request sent
    // again (shrunk, or as it was) does not fail, the first failing answer is recorded as it came.
    const standFirst = (again: { failed: boolean }, what: string) => {
      if (again.failed || !firstHeld) return;
      firstHeld();
      run.note(`${op.operationId}: a generated request failed, and ${what} did not: the first failing answer is recorded as it came`);
    };
    if (!details.failed) {
      // Fast-check's own order did not meet the failure again (it drew other requests): the first failing one is recorded as it is.
      const failing = drawn.find((c) => answered.get(JSON.stringify(c)) === false);
      if (failing) standFirst(await run.exercise(failing, 'fuzzing', expect), 'sent again, it');
      continue;
    }
    if (details.counterexample) {
      const [minimal] = details.counterexample;
      standFirst(
        await run.exercise(minimal, 'fuzzing', expect, { shrunk: { runs: details.numRuns, shrinks: details.numShrinks, seed } }),
        'its shrunk form, sent again,',
      );
    } else {
      const error = (details as { errorInstance?: unknown }).errorInstance;
      const reason = error instanceof Error ? error.message.split('\n')[0] : 'no counterexample';
      firstHeld?.();
      run.note(`${op.operationId}: generated requests stopped: ${reason}`);
    }
  }
}
