// Which operations a check means something for, from the operations table's traits, and what a
// catalogue filter is judged on.
import { FLUX_FILTER_DOCUMENTED, normalizeBaseModel, type OperationSpec } from '@mediagen/schema';

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

/** A catalogue item whose base model is Flux (matched loosely: case and spelling). */
export const isFluxItem = (item: Record<string, unknown>): boolean =>
  typeof item.base_model === 'string' && normalizeBaseModel(item.base_model) === normalizeBaseModel('flux');

/** The rule a listing's `?type=flux` is judged on: documented for control nets and styles, ours elsewhere. */
export const fluxFilterRule = (op: OperationSpec): 'type_flux_filter' | 'type_flux_filter_assumed' =>
  op.catalogue && FLUX_FILTER_DOCUMENTED.has(op.catalogue) ? 'type_flux_filter' : 'type_flux_filter_assumed';
