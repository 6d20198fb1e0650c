// Which operations a check means something for, from the operations table's traits.
import type { OperationSpec } from '@mediagen/schema';

/** Operations whose responses carry generations or media items (the renamed fields live there). */
export const carriesMedia = (op: OperationSpec): boolean => op.carriesMedia;

/** Catalogue listings filtered by `?type` (base model). */
export function hasTypeFilter(op: OperationSpec): boolean {
  return op.catalogue !== undefined && op.query !== undefined && 'type' in op.query.shape;
}

/** Operations that take input the contract constrains: a body, or a query with rules. */
export function hasConstrainedInput(op: OperationSpec): boolean {
  return op.body !== undefined || (op.query !== undefined && Object.keys(op.query.shape).length > 0);
}
