// The part of the ledger engine a client or mock server ships: the transforms driven by a compiled
// plan, with no OpenAPI document and no ledger text.
export { BASELINE, isIsoDate, resolveAgainst, type VersionKey } from './dates.js';
export type { OperationPlan, PathSegment, PlanChangeSteps, PlanPath, PlanStep, TransformPlan } from './plan.js';
export {
  type DowngradeResponseOptions,
  downgradeRequest,
  downgradeResponse,
  formatTrail,
  type RequestParts,
  type RequestResult,
  type TransformResult,
  upgradeRequest,
  upgradeResponse,
  VersionIncompatibleError,
} from './transform.js';
export { fingerprintResponse, requestVersionRange, responseVersionRange, type VersionRange } from './version-range.js';
