// @mediagen/conformance: one conformance suite for the mock, the sandbox and the live API.
// `runConformance(options)` runs every selected check and returns the report; the checks, the
// reporters and the building blocks are exported for teams that compose their own runs. The vitest
// integration (`describeConformance`) is in `@mediagen/conformance/vitest`.

export { SANDBOX_API_KEY } from '@mediagen/mock';
export { carriesMedia, hasConstrainedInput, hasTypeFilter } from './checks/applies.js';
export { CHECK_IDS, CHECKS, type CheckDefinition, type CheckId, checksById, gridCells, isCheckId } from './checks/catalog.js';
export { type CheckCategory, type CheckSpec, defineCheck, type Judged, type Severity } from './checks/define.js';
export { type CheckVerdict, type JudgeContext, responseVerdicts, verdictsFor } from './checks/judge.js';
export type { CheckPort, MadeGeneration, Recorded, Sent, TargetView } from './checks/port.js';
export {
  checkContentType,
  checkEnvelope,
  checkPagination,
  checkRenamedFields,
  checkResponseSchema,
  checkStatusCode,
  errFilled,
  errorObject,
  served,
} from './checks/response.js';
export { main as cli } from './cli/main.js';
export { type ConformanceOptions, runConformance } from './conformance.js';
export { type CleanupEntry, CleanupRegistry } from './engine/cleanup.js';
export { parseSelection, selectedChecks, type UntypedSelection } from './engine/options.js';
export type { ProfiledPhase, RunProfile, WaitKind } from './engine/profile.js';
export { type Admission, SpendLedger, type SpendReport } from './engine/spend.js';
export { RunStopped } from './engine/stop.js';
export { MOCK_HEADER, PRISM_API_KEY, recogniseMock } from './engine/target.js';
export { Transport } from './engine/transport.js';
export { emptyEvidence, formatEvidence } from './evidence/file.js';
// The evidence entry's exports (@mediagen/conformance/evidence), and what writes and merges the file.
export * from './evidence/index.js';
export { type JudgedAssumption, judgedAssumptions, mergeEvidence } from './evidence/merge.js';
export { recordEvidence } from './evidence/store.js';
export { evidenceTable } from './evidence/table.js';
export { type HarJudgeOptions, inferBaseUrl, judgeHar } from './har/judge.js';
export { type HarItem, type HarReadOptions, type HarSurvey, MAX_HAR_BYTES, MAX_RECORDING_KEYS, readHar, recordingMasker, surveyHar } from './har/read.js';
// The one judge every driver feeds (a live run, a recording, the proxy): for a driver of your own.
export { type Intent, Judge, type Judgement, type JudgeOptions, type Meta, type Violation } from './judging/judge.js';
export { acceptanceBasis, type Basis, breachBasis, isObligation, issueBasis, probeBasis, ruleBasis } from './model/basis.js';
export { buildUrl, type Exchange, type RequestSpec, requestFor, toCurl, WRONG_API_KEY } from './model/exchange.js';
export type { ExchangeRecorder } from './model/recording.js';
export type { Assertion, Expectation, Verdict } from './model/verdict.js';
export { DEFAULT_BUDGETS, MAX_TIMER_MS, type RunBudgets } from './plumbing/budgets.js';
export { isLoopbackAddress, isLoopbackHost, resolvesToLoopback } from './plumbing/loopback.js';
export { type ProxyOptions, type RunningProxy as RunningValidatingProxy, startValidatingProxy, upstreamOf, violationLine } from './proxy/server.js';
export type { ProxyStats } from './proxy/stats.js';
export { buildReport } from './report/build.js';
export { citation } from './report/cite.js';
export { consoleProgress, formatProgress, formatSummary } from './report/console.js';
export { type Har, HarWriter, toHar, toHarEntry } from './report/har.js';
export { toJson } from './report/json.js';
export { toJunit } from './report/junit.js';
// The report and the words of a run it is made of.
export type * from './report/types.js';
export { RunError } from './report/types.js';
export { type ArbitraryOptions, arbitraryFor } from './requests/arbitrary.js';
export { casesFor, type OperationCases, type RequestCase } from './requests/cases.js';
export { baseItem, invalidGenerationBodies, validGenerationBodies } from './requests/generation-bodies.js';
export { invalidGenerationBody, propertiesFor, validGenerationBody } from './requests/properties.js';
export { type JudgedTraffic, TrafficJudge, type TrafficOptions, type TrafficViolation } from './traffic/judge.js';
export type { Observed, ObservedKey } from './traffic/observed.js';
export type { Action, OperationChanges, UpgradeChange } from './upgrade/analyse.js';
export { formatUpgrade } from './upgrade/console.js';
export { upgradeHtml } from './upgrade/html.js';
export type { FailingCall, ReplayCounts } from './upgrade/replay.js';
export { UPGRADE_FORMAT, type UpgradeOperation, type UpgradeReport, upgradeJson } from './upgrade/report.js';
export { type UpgradeOptions, upgradeReport } from './upgrade/run.js';
