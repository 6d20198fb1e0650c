// The examples phase: the documented example of each operation, with ids that exist on the target; a
// deleting example deletes a resource made for the occasion, so the fixtures survive.
import type { OperationSpec } from '@mediagen/schema';
import type { RequestCase } from '../../checks/cases.js';
import type { PhaseContext } from '../context.js';
import { bindToTarget, paramsFor } from '../fixtures.js';
import { isSafe, READ_ONLY } from '../policy.js';
import { examplesCoveredBySequence, uploadImage } from './setup.js';

/** A valid request for the operation (the first example), with real ids when the run has them. */
async function exampleRequest(run: PhaseContext, op: OperationSpec): Promise<RequestCase | { unavailable: string }> {
  const id = op.operationId;
  const base: RequestCase = { operationId: id, label: 'documented example' };
  if (op.exampleQuery) base.query = { ...op.exampleQuery };
  if (op.effect === 'delete' && run.fixtures.real) {
    if (!run.writes) return { unavailable: READ_ONLY };
    // use_after_free already deleted a media item and a generation, judged as valid requests.
    if ((id === 'deleteMedia' || id === 'deleteGeneration') && examplesCoveredBySequence(run))
      return { unavailable: 'the example is the use_after_free sequence’s own delete' };
    // A resource made for the occasion, so the fixtures survive.
    if (id === 'archiveAssets') {
      const asset = await uploadImage(run, 64, 64);
      return asset ? { ...base, label: 'archive an asset made for it', body: { ids: [asset] } } : { unavailable: 'could not make an asset to archive' };
    }
    // As many items as the planner priced: deleteMedia keeps a sibling, the others need one.
    const made = await run.makeGeneration(`made to be deleted by ${id}`, 'examples', id === 'deleteMedia' ? 2 : 1);
    if (!('generationId' in made)) return { unavailable: `could not make a generation to delete: ${made.refused}` };
    const mediaId = made.mediaIds[0];
    const params: Record<string, string> =
      id === 'deleteGeneration'
        ? { generation_id: made.generationId }
        : id === 'deleteMedia'
          ? { media_id: mediaId ?? '' }
          : { generation_id: made.generationId, image_id: mediaId ?? '' };
    return { ...base, label: `delete a resource made for it`, params };
  }
  if (op.params) {
    const params = paramsFor(op, run.fixtures);
    if (!params) return { unavailable: `no ${Object.keys(op.params.shape).join('/')} to read on this target (read-only and the account has none)` };
    base.params = params;
  }
  if (op.body) {
    const example = Object.values(op.requestExamples ?? {})[0];
    base.body = bindToTarget(example?.value, run.fixtures);
    if (id === 'createCharacter') base.body = { ...(base.body as object), name: `conformance_${run.runTag}_example` };
  }
  return base;
}

export async function runExamples(run: PhaseContext, op: OperationSpec): Promise<void> {
  const id = op.operationId;
  if (!isSafe(op) && !run.writes) {
    run.skip(id, 'positive_data_acceptance', READ_ONLY);
    return;
  }
  if (id === 'createCharacter' && run.target.live) {
    run.skip(id, 'positive_data_acceptance', 'live target: the API cannot delete characters, so none is created');
    return;
  }
  const example = await exampleRequest(run, op);
  if ('unavailable' in example) {
    run.skip(id, 'positive_data_acceptance', example.unavailable);
    return;
  }
  if (id === 'generateMedia') {
    if (run.budget.capped && run.target.stateful) {
      // Under a budget, bodies are judged on the free estimate; real generations are the planner's
      // (on a stateless target there are none: the example is generated, reserved like the rest).
      await run.exercise({ ...example, operationId: 'estimateGeneration', label: `${example.label} (priced, not generated)` }, 'examples', 'accept');
      return;
    }
    const { refused } = await run.generate(example, 'examples');
    if (refused) run.skip(id, 'positive_data_acceptance', refused);
    return;
  }
  await run.exercise(example, 'examples', 'accept');
}
