// The live and read-only policy, in one place: which operations are safe to call on any host, which
// ones create, spend or delete, and the one reason a read-only run gives for what it does not send.
import type { OperationSpec } from '@mediagen/schema';

/** Why a read-only run leaves a request out (written once: every skip in read-only mode says this). */
export const READ_ONLY = 'read-only mode: requests that create, spend or delete are not sent';

/** Operations that only read (the estimate too: it spends nothing): safe on a live host. */
export function isSafe(op: OperationSpec): boolean {
  return op.effect === 'read';
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
