// The report of a run: what the run recorded, with the summary of the grid and the three tiers.
import type { CheckId, Severity } from '../checks/catalog.js';
import type { RunRecord } from '../judging/run-record.js';
import type { UnjudgedLine } from '../judging/unjudged.js';

export type {
  CheckResult,
  Citation,
  Failure,
  FingerprintReport,
  Mode,
  OperationReport,
  Outcome,
  Phase,
  ProgressEvent,
  ProvenanceStatus,
  ProvenanceVerdict,
  SpendReport,
  Stopped,
  TargetInfo,
  TargetKind,
} from '../judging/run-record.js';
export { RunError } from '../judging/run-record.js';
export type { UnjudgedLine } from '../judging/unjudged.js';

export interface CheckSummary {
  passed: number;
  failed: number;
  skipped: number;
}

/** The three tiers of a report: obligations fail a server, assumptions get verdicts, warnings inform. */
export interface TierSummary {
  /** Documented obligations (interface description, live docs; every rule under --strict). */
  obligations: CheckSummary;
  /** Assumptions of the contract: verdicts, never failures unless --strict. */
  assumptions: { confirmed: number; refuted: number; untested: number };
  /** One line per refuted assumption (and other things a reader should know). */
  warnings: string[];
}

export interface Report extends Omit<RunRecord, 'startedMs'> {
  tool: '@mediagen/conformance';
  startedAt: string;
  durationMs: number;
  checks: { id: CheckId; description: string; severity: Severity }[];
  summary: CheckSummary & { byCheck: Record<string, CheckSummary>; requests: number };
  tiers: TierSummary;
  /**
   * Cells the server's behaviour left unjudged (the spend guard held requests back for its sake), one
   * line per reason: the run could not judge everything, so it is not a pass.
   */
  unjudged: UnjudgedLine[];
  ok: boolean;
}
