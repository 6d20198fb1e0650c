// @mediagen/conformance: one conformance suite for the mock, the sandbox and the live API.
// `runConformance(options)` runs every selected check and returns the report; the checks, the
// reporters and the building blocks are exported for teams that compose their own runs. The vitest
// integration (`describeConformance`) is in `@mediagen/conformance/vitest`.
export { CHECKS, CHECK_IDS, type CheckCategory, type CheckDefinition, type CheckId, type Severity, checksById, gridCells, isCheckId } from './checks/catalog.js';
export { type OperationCases, type RequestCase, casesFor, invalidGenerationBodies, validGenerationBodies } from './checks/cases.js';
export { type CheckVerdict as Verdict, responseVerdicts, verdictsFor } from './checks/judge.js';
export { type CheckSpec, type Expectation as CheckExpectation, type Judged, defineCheck } from './checks/define.js';
export {
  checkContentType,
  checkEnvelope,
  checkPagination,
  checkRenamedFields,
  checkResponseSchema,
  checkNotServerError,
  checkStatusCode,
  declaredStatuses,
  PLAUSIBLE_CLIENT_ERRORS,
} from './checks/response.js';
export { type ArbitraryOptions, arbitraryFor } from './fuzz/arbitrary.js';
export { invalidGenerationBody, propertiesFor, validGenerationBody } from './fuzz/properties.js';
export { type Basis, breachBasis, isObligation, issueBasis } from './engine/basis.js';
export { BudgetExceeded, BudgetTracker, type Reservation } from './engine/budget.js';
export { type CleanupEntry, CleanupRegistry } from './engine/cleanup.js';
export { type Exchange, type RequestSpec, HttpClient, WRONG_API_KEY, buildUrl, toCurl } from './engine/http.js';
export { MASK, Masker } from './engine/mask.js';
export { type ConformanceOptions, type Expectation, RunInterrupted, runConformance, selectedChecks } from './engine/run.js';
export { MOCK_HEADER, PRISM_API_KEY, SANDBOX_API_KEY, isLoopbackAddress, isLoopbackHost, recogniseMock, resolvesToLoopback } from './engine/target.js';
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
export { consoleProgress, formatProgress, formatSummary } from './report/console.js';
export { toJunit } from './report/junit.js';
export { toJson } from './report/json.js';
export { type Har, toHar } from './report/har.js';
export { main as cli } from './cli/main.js';
