// @mediagen/conformance: one conformance suite for the mock, the sandbox and the live API.
// `runConformance(options)` runs every selected check and returns the report; the checks, the
// reporters and the building blocks are exported for teams that compose their own runs. The vitest
// integration (`describeConformance`) is in `@mediagen/conformance/vitest`.

export { casesFor, invalidGenerationBodies, type OperationCases, type RequestCase, validGenerationBodies } from './checks/cases.js';
export {
  CHECK_IDS,
  CHECKS,
  type CheckCategory,
  type CheckDefinition,
  type CheckId,
  checksById,
  gridCells,
  isCheckId,
  type Severity,
} from './checks/catalog.js';
export { type CheckSpec, defineCheck, type Expectation as CheckExpectation, type Judged } from './checks/define.js';
export { type CheckVerdict as Verdict, responseVerdicts, verdictsFor } from './checks/judge.js';
export {
  checkContentType,
  checkEnvelope,
  checkNotServerError,
  checkPagination,
  checkRenamedFields,
  checkResponseSchema,
  checkStatusCode,
  declaredStatuses,
  PLAUSIBLE_CLIENT_ERRORS,
} from './checks/response.js';
export { main as cli } from './cli/main.js';
export { type Basis, breachBasis, isObligation, issueBasis } from './engine/basis.js';
export { BudgetExceeded, BudgetTracker, type Reservation } from './engine/budget.js';
export { type CleanupEntry, CleanupRegistry } from './engine/cleanup.js';
export { buildUrl, type Exchange, HttpClient, type RequestSpec, toCurl, WRONG_API_KEY } from './engine/http.js';
export { MASK, Masker } from './engine/mask.js';
export { type ConformanceOptions, type Expectation, RunInterrupted, runConformance, selectedChecks } from './engine/run.js';
export { isLoopbackAddress, isLoopbackHost, MOCK_HEADER, PRISM_API_KEY, recogniseMock, resolvesToLoopback, SANDBOX_API_KEY } from './engine/target.js';
export type {
  CheckResult,
  CheckSummary,
  Failure,
  FingerprintReport,
  Mode,
  OperationReport,
  Outcome,
  Phase,
  ProgressEvent,
  ProvenanceStatus,
  ProvenanceVerdict,
  Report,
  TargetKind,
  TierSummary,
} from './engine/types.js';
export { RunError } from './engine/types.js';
export { type ArbitraryOptions, arbitraryFor } from './fuzz/arbitrary.js';
export { invalidGenerationBody, propertiesFor, validGenerationBody } from './fuzz/properties.js';
export { consoleProgress, formatProgress, formatSummary } from './report/console.js';
export { type Har, toHar } from './report/har.js';
export { toJson } from './report/json.js';
export { toJunit } from './report/junit.js';
