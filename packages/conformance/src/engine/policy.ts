// The live and read-only policy, in one place: which operations are safe to call on any host, which
// ones leave something behind the API cannot delete, and the one reason each skip gives.
import { type OperationSpec, undoOf } from '@mediagen/schema';

/** Why a read-only run leaves a request out (written once: every skip in read-only mode says this). */
export const READ_ONLY = 'read-only mode: requests that create, spend or delete are not sent';

/** Operations that only read (the estimate too: it spends nothing): safe on a live host. */
export function isSafe(op: OperationSpec): boolean {
  return op.effect === 'read';
}

/** It creates what the API offers no way to delete (characters): never on a live host. */
export function leavesResidue(op: OperationSpec): boolean {
  return op.creates !== undefined && undoOf(op.creates.kind) === undefined;
}

/** Why a live run does not call an operation that would leave something behind. */
export const RESIDUE = 'live target: the API cannot delete what this creates, so the run creates none';
