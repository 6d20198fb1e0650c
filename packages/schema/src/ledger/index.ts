// The ledger engine: the dated changes, the documents as of every version, the compiled transform
// plan and the runtime transforms that apply it, and the generated changelog.
export * from './instructions.js';
export * from './changes.js';
export { BASELINE, isIsoDate, resolveAgainst, resolveVersion, versionKeys, type VersionKey } from './versions.js';
export { documentAt, documentsByVersion, validateLedger, type OpenApiDocument } from './document.js';
export {
  compilePlan,
  renderPlanModule,
  type OperationPlan,
  type PathSegment,
  type PlanChangeSteps,
  type PlanPath,
  type PlanStep,
  type TransformPlan,
} from './plan.js';
export {
  downgradeRequest,
  downgradeResponse,
  fingerprintResponse,
  formatTrail,
  upgradeRequest,
  upgradeResponse,
  VersionIncompatibleError,
  type DowngradeResponseOptions,
  type RequestParts,
  type RequestResult,
  type TransformResult,
} from './transform.js';
export { describeInstruction, renderChangelog } from './changelog.js';
