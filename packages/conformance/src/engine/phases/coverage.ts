// The coverage phase: the hand-written cases, one invalid request per rule of the contract and the
// boundary-valid ones beside them, within the live and budget policy.
import { type OperationSpec, operations } from '@mediagen/schema';
import { breachBasis, isObligation } from '../../model/basis.js';
import { mapLimit } from '../../plumbing/map-limit.js';
import { casesFor } from '../../requests/cases.js';
import { generationContext } from '../../requests/fixtures.js';
import type { PhaseContext } from '../context.js';
import { isSafe, leavesResidue, READ_ONLY, RESIDUE } from '../policy.js';

/** Why the valid cases of a spending operation are judged on the estimate instead: or undefined to send them. */
const estimateOnly = (run: PhaseContext) => !run.writes || run.target.live || run.capped;

export async function runCoverage(run: PhaseContext, op: OperationSpec): Promise<void> {
  const id = op.operationId;
  const cases = casesFor(op, run.fixtures);
  const live = run.target.live;
  // Positive cases. Under a budget (and always live) valid generation bodies are judged on the
  // estimate (whose own cases are the same bodies): only the planner's generations spend.
  if (op.spendsCredits) {
    if (!estimateOnly(run)) for (const c of cases.positive) await run.exercise(c, 'coverage', 'accept');
  } else if (isSafe(op) || (run.writes && !(live && leavesResidue(op)))) {
    await mapLimit(cases.positive, run.concurrency, async (c) => void (await run.exercise(c, 'coverage', 'accept')));
    // Tolerance probes (allowed with a warning): only a 5xx can be wrong. Not sent to generate, where
    // one taken would spend: the estimate carries the same bodies.
    await mapLimit(cases.probes, run.concurrency, async (c) => void (await run.exercise(c, 'coverage', 'probe')));
  }
  if (cases.negative.length === 0) return;
  if (!isSafe(op)) {
    if (!run.writes) return run.skip(id, 'negative_data_rejection', READ_ONLY);
    if (live && op.spendsCredits) {
      return run.skip(
        id,
        'negative_data_rejection',
        `live target: invalid bodies go to ${operations.estimateGeneration.operationId} only (a wrongly taken one would spend)`,
      );
    }
    if (live && leavesResidue(op)) return run.skip(id, 'negative_data_rejection', RESIDUE);
  }
  // Under a budget every invalid body sent to an operation that spends is priced like a valid one;
  // those that break only assumptions are judged on the estimate alone (a lenient server would rightly
  // take them, and charge).
  const context = generationContext(run.fixtures);
  const negatives =
    op.spendsCredits && run.capped
      ? cases.negative.filter((c) => isObligation(c.basis ?? breachBasis(op, { body: c.body }, context), run.strict))
      : cases.negative;
  await mapLimit(negatives, run.concurrency, async (c) => void (await run.exercise(c, 'coverage', 'reject')));
}
