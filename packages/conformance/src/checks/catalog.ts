// The registry of the suite's checks: every check is one file under registry/, registered here once.
// The check ids (what `--only` and `--skip` take and the reports show) are derived from this list, and
// its order is the order of the reports and of the stateful sequences.
import { type OperationId, type OperationSpec, operationList } from '@mediagen/schema';
import type { CheckSpec } from './define.js';
import authRequired from './registry/auth-required.js';
import contentTypeConformance from './registry/content-type-conformance.js';
import creditsArithmetic from './registry/credits-arithmetic.js';
import ensureResourceAvailability from './registry/ensure-resource-availability.js';
import envelopeConformance from './registry/envelope-conformance.js';
import filterConformance from './registry/filter-conformance.js';
import ignoredAuth from './registry/ignored-auth.js';
import lifecycleTerminal from './registry/lifecycle-terminal.js';
import listingFigures from './registry/listing-figures.js';
import negativeDataRejection from './registry/negative-data-rejection.js';
import notAServerError from './registry/not-a-server-error.js';
import paginationConformance from './registry/pagination-conformance.js';
import positiveDataAcceptance from './registry/positive-data-acceptance.js';
import renamedFields from './registry/renamed-fields.js';
import requestRelations from './registry/request-relations.js';
import responseSchemaConformance from './registry/response-schema-conformance.js';
import statusCodeConformance from './registry/status-code-conformance.js';
import useAfterFree from './registry/use-after-free.js';

export { carriesMedia, hasConstrainedInput } from './applies.js';
export { type CheckCategory, defineCheck, type Severity } from './define.js';

export const CHECKS = [
  statusCodeConformance,
  notAServerError,
  contentTypeConformance,
  envelopeConformance,
  responseSchemaConformance,
  renamedFields,
  paginationConformance,
  authRequired,
  ignoredAuth,
  negativeDataRejection,
  positiveDataAcceptance,
  ensureResourceAvailability,
  filterConformance,
  lifecycleTerminal,
  useAfterFree,
  creditsArithmetic,
  requestRelations,
  listingFigures,
] as const;

export type CheckId = (typeof CHECKS)[number]['id'];
export type CheckDefinition = CheckSpec<CheckId>;
export const CHECK_IDS: readonly CheckId[] = CHECKS.map((c) => c.id);

export const checksById: Readonly<Record<CheckId, CheckDefinition>> = Object.fromEntries(CHECKS.map((c) => [c.id, c])) as Record<CheckId, CheckDefinition>;

/** Whether a string from input (a CLI flag, a config file) is a check id: own keys only. */
export function isCheckId(value: string): value is CheckId {
  return Object.hasOwn(checksById, value);
}

/** The (operation, check) cells of the grid for a selection of checks. */
export function gridCells(selected: readonly CheckId[], ops: readonly OperationSpec[] = operationList): { operationId: OperationId; check: CheckId }[] {
  const cells: { operationId: OperationId; check: CheckId }[] = [];
  for (const op of ops) for (const id of selected) if (checksById[id].appliesTo(op)) cells.push({ operationId: op.operationId, check: id });
  return cells;
}
