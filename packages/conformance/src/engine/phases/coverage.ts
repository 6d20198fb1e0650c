// The coverage phase: the hand-written cases, one invalid request per rule of the contract and the
// boundary-valid ones beside them, within the live and budget policy.
import type { OperationSpec } from '@mediagen/schema';
import { casesFor } from '../../checks/cases.js';
import { breachBasis, isObligation } from '../basis.js';
import type { PhaseContext } from '../context.js';
import { mapLimit } from '../map-limit.js';
import { isSafe, READ_ONLY } from '../policy.js';

export async function runCoverage(run: PhaseContext, op: OperationSpec): Promise<void> {
  const id = op.operationId;
  const cases = casesFor(op, run.fixtures, run.runTag);
  const live = run.target.live;
  // Positive cases.
  let positive = cases.positive;
  if (id === 'generateMedia') {
    // Under a budget (and always live) valid bodies are judged on the estimate (estimateGeneration's
    // own cases are the same bodies): only the planner's generations spend.
    if (!run.writes || live || run.budget.capped) positive = [];
    for (const c of positive) await run.generate(c, 'coverage');
  } else if (isSafe(op) || (run.writes && !(live && id === 'createCharacter'))) {
    await mapLimit(positive, run.concurrency, async (c) => void (await run.exercise(c, 'coverage', 'accept')));
    // Tolerance probes (allowed with a warning): judged only on not answering 5xx. Not sent to
    // generateMedia, where one taken would spend: estimateGeneration carries the same bodies.
    await mapLimit(cases.probes, run.concurrency, async (c) => void (await run.exercise(c, 'coverage', 'none')));
  }
  // Negative cases.
  if (cases.negative.length === 0) return;
  if (!isSafe(op)) {
    if (!run.writes) {
      run.skip(id, 'negative_data_rejection', READ_ONLY);
      return;
    }
    if (live && (id === 'generateMedia' || id === 'createCharacter')) {
      run.skip(
        id,
        'negative_data_rejection',
        'live target: invalid bodies go to estimateGeneration only (a wrongly accepted one would spend credits or leave a character behind)',
      );
      return;
    }
  }
  // Under a budget every invalid body sent to an operation that spends is reserved at the price of a
  // valid one; those that break only assumptions are judged on the estimate alone (a lenient server
  // would rightly take them, and charge).
  const negatives =
    op.spendsCredits && run.budget.capped
      ? cases.negative.filter((c) => isObligation(c.basis ?? breachBasis(op, { body: c.body }), run.strict))
      : cases.negative;
  await mapLimit(negatives, run.concurrency, async (c) => void (await run.exercise(c, 'coverage', 'reject')));
}
