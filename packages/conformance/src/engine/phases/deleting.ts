// Which deleting operations need a resource made for their example: every one whose deletes a stateful
// check's sequence does not already make (use_after_free deletes a media item and a generation).
import type { OperationSpec } from '@mediagen/schema';
import { checksById } from '../../checks/catalog.js';
import type { PhaseContext } from '../context.js';

/** Whether a stateful check's own requests stand for the operation's example (use_after_free deletes media and a generation). */
export function coveredBySequence(run: Pick<PhaseContext, 'selects' | 'target' | 'writes'>, op: OperationSpec): string | undefined {
  if (!run.target.stateful || !run.writes) return undefined;
  const check = Object.values(checksById).find((c) => c.sequence && c.category === 'stateful' && run.selects(c.id) && c.operations?.includes(op.operationId));
  return check && op.effect === 'delete' ? check.id : undefined;
}

/** The deleting examples that need a generation made for them, and its size (a media delete keeps a sibling). */
export function deletingExamples(run: Pick<PhaseContext, 'selects' | 'target' | 'writes' | 'ops'>): { op: OperationSpec; items: number }[] {
  return run.ops
    .filter((op) => op.deletes && op.deletes.kind !== 'asset' && !coveredBySequence(run, op))
    .map((op) => ({ op, items: op.deletes?.kind === 'media' ? 2 : 1 }));
}
