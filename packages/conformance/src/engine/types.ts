// What a run produces: one result per (operation, check), the version fingerprint, the verdicts on the
// contract's assumptions, what was spent and cleaned up, and the progress events on the way. Everything
// in it is already masked. The report layer adds the summary and the tiers (report/types.ts).
import type { FingerprintReport, OperationReport, ProvenanceVerdict } from '../judging/results.js';
import type { Mode, Outcome, TargetKind } from '../model/terms.js';
import type { SpendReport } from './spend.js';

export type { CheckResult, FingerprintReport, OperationReport, ProvenanceStatus, ProvenanceVerdict } from '../judging/results.js';
export type { Citation, Failure, Mode, Outcome, Phase, TargetKind } from '../model/terms.js';
export { RunError } from '../model/terms.js';
export type { SpendReport } from './spend.js';

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
