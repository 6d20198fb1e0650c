// What a run produces: one result per (operation, check), the version fingerprint, the verdicts on the
// contract's assumptions, what was spent and cleaned up, and the progress events on the way. Everything
// in it is already masked. The report layer adds the summary and the tiers (report/types.ts).
import type { OperationId } from '@mediagen/schema';
import type { CheckId, Severity } from '../checks/catalog.js';
import type { Failure, Mode, Outcome, TargetKind } from '../model/terms.js';
import type { SpendReport } from './spend.js';

export type { Citation, Failure, Mode, Outcome, Phase, TargetKind } from '../model/terms.js';
export { RunError } from '../model/terms.js';
export type { SpendReport } from './spend.js';

export interface CheckResult {
  operationId: OperationId;
  check: CheckId;
  severity: Severity;
  outcome: Outcome;
  /** For skipped results: why. */
  reason?: string;
  /** How many judgements passed, and how many failed (failures holds the first few, the count covers all). */
  passes: number;
  failureCount: number;
  failures: Failure[];
}

export interface OperationReport {
  operationId: OperationId;
  method: string;
  path: string;
  requests: number;
  results: CheckResult[];
}

export interface FingerprintReport {
  /** The newest ledger version every fingerprinted response is consistent with. */
  version?: string;
  /** The version the run judged against (`--at`, default the newest). */
  judgedAt: string;
  /** The newest version of the ledger. */
  latest: string;
  /** Responses that carried version evidence, and how many matched each version. */
  responses: number;
  matches: Record<string, number>;
  /** Operations whose responses point to an older version than the one judged against. */
  olderOperations: string[];
}

export type ProvenanceStatus = 'confirmed' | 'refuted' | 'untested';

export interface ProvenanceVerdict {
  /** `Schema.field`, `operation:<id>` or `rule:<id>`. */
  element: string;
  /** What was assumed (the claim). */
  note?: string;
  status: ProvenanceStatus;
  /** What decided it: counts, or the first refuting observation (what was observed). */
  evidence: string;
  /** The refuting exchange replayed as curl (key masked) and its status. */
  curl?: string;
  statusCode?: number;
  exchange?: { method: string; url: string };
  counts: { confirmed: number; refuted: number };
}

export interface TargetInfo {
  baseUrl: string;
  kind: TargetKind;
  live: boolean;
  stateful: boolean;
  mode: Mode;
  strict: boolean;
  recognised?: string;
}

/** Which budget ended the run early, if one did. */
export interface Stopped {
  by: 'deadline' | 'silence' | 'signal' | 'no-start';
  reason: string;
}

/** Everything a run recorded, masked, before the report layer sums it up. */
export interface RunRecord {
  target: TargetInfo;
  startedMs: number;
  seed: number;
  maxExamples: number;
  operations: OperationReport[];
  requests: number;
  fingerprint: FingerprintReport;
  provenance: ProvenanceVerdict[];
  budget: SpendReport;
  cleanup: { created: number; deleted: number; leftover: string[] };
  notes: string[];
  /** Set when the run was stopped before its end: by a signal, its deadline, or a silent target. */
  interrupted?: string;
  stopped?: Stopped;
}

export type ProgressEvent =
  | { type: 'start'; target: TargetInfo }
  | { type: 'operation'; operation: OperationReport }
  | { type: 'stateful'; check: string; outcome: Outcome; detail: string }
  | { type: 'note'; message: string };
