// The examples phase: the documented example of each operation, with ids that exist on the target; a
// deleting example deletes a resource made for the occasion, so the fixtures survive.
import { type OperationSpec, operations } from '@mediagen/schema';
import type { RequestCase } from '../../requests/cases.js';
import { bindToTarget, paramsFor } from '../../requests/fixtures.js';
import type { PhaseContext } from '../context.js';
import { isSafe, leavesResidue, READ_ONLY, RESIDUE } from '../policy.js';
import { coveredBySequence } from './deleting.js';
import { uploadAsset } from './uploads.js';

/** A valid request for a deleting operation: a resource made for the occasion. */
async function deletingRequest(run: PhaseContext, op: OperationSpec, base: RequestCase): Promise<RequestCase | { unavailable: string }> {
  if (!run.writes) return { unavailable: READ_ONLY };
  const covering = coveredBySequence(run, op);
  if (covering) return { unavailable: `the example is the ${covering} sequence’s own delete` };
  if (op.deletes?.kind === 'asset') {
    const asset = await uploadAsset(run, 64, 64);
    return asset && 'bodyList' in op.deletes.from
      ? { ...base, label: 'archive an asset made for it', body: { [op.deletes.from.bodyList]: [asset] } }
      : { unavailable: 'could not make an asset to archive' };
  }
  const items = op.deletes?.kind === 'media' ? 2 : 1;
  const made = await run.makeGeneration(`made to be deleted by ${op.operationId}`, 'examples', items);
  if (!('generationId' in made)) return { unavailable: `could not make a generation to delete: ${made.refused}` };
  // The path parameters name the generation and one of its media, by the kind each names.
  const bound = paramsFor(op, { ...run.fixtures, generationId: made.generationId, mediaIds: made.mediaIds });
  return bound ? { ...base, label: 'delete a resource made for it', params: bound } : { unavailable: 'the generation made for it has no media' };
}

/** A valid request for the operation (the first example), with real ids when the run has them. */
async function exampleRequest(run: PhaseContext, op: OperationSpec): Promise<RequestCase | { unavailable: string }> {
  const base: RequestCase = { operationId: op.operationId, label: 'documented example', ...(op.exampleQuery ? { query: { ...op.exampleQuery } } : {}) };
  if (op.effect === 'delete' && run.fixtures.real) return deletingRequest(run, op, base);
  if (op.params) {
    const params = paramsFor(op, run.fixtures);
    if (!params) return { unavailable: `no ${Object.keys(op.params.shape).join('/')} to read on this target (read-only and the account has none)` };
    base.params = params;
  }
  if (op.body) {
    const example = Object.values(op.requestExamples ?? {})[0];
    base.body = bindToTarget(example?.value, run.fixtures);
    if (op.creates?.kind === 'character') base.body = { ...(base.body as object), name: `conformance_${run.fixtures.runTag}_example` };
  }
  return base;
}

export async function runExamples(run: PhaseContext, op: OperationSpec): Promise<void> {
  const id = op.operationId;
  if (!isSafe(op) && !run.writes) return run.skip(id, 'positive_data_acceptance', READ_ONLY);
  if (run.target.live && leavesResidue(op)) return run.skip(id, 'positive_data_acceptance', RESIDUE);
  const example = await exampleRequest(run, op);
  if ('unavailable' in example) return run.skip(id, 'positive_data_acceptance', example.unavailable);
  if (op.spendsCredits && run.capped && run.target.stateful) {
    // Under a budget, bodies are judged on the free estimate; real generations are the planner's.
    await run.exercise(
      { ...example, operationId: operations.estimateGeneration.operationId, label: `${example.label} (priced, not generated)` },
      'examples',
      'accept',
    );
    return;
  }
  const { refused } = await run.exercise(example, 'examples', 'accept');
  if (refused) run.skip(id, 'positive_data_acceptance', refused);
}
