// The report of a run: one result per (operation, check), the version fingerprint, the provenance
// verdicts, and what the run created and cleaned up. Everything in it is already masked.
import type { CheckId, Severity } from '../checks/catalog.js';
import type { Failure, Mode, Outcome, TargetKind } from './terms.js';

export type { Failure, Mode, Outcome, Phase, TargetKind } from './terms.js';
export { RunError } from './terms.js';

export interface CheckResult {
  operationId: string;
  check: CheckId;
  severity: Severity;
  outcome: Outcome;
  /** For skipped results: why. */
  reason?: string;
  /** How many judgements passed, and how many failed (failures holds the first few). */
  passes: number;
  failureCount: number;
  failures: Failure[];
}

export interface OperationReport {
  operationId: string;
  method: string;
  path: string;
  requests: number;
  results: CheckResult[];
}

export interface FingerprintReport {
  /** The newest ledger version every fingerprinted response is consistent with. */
  version?: string;
  /** The newest version of the ledger (what a current server should match). */
  latest: string;
  /** Responses that carried version evidence, and how many matched each version. */
  responses: number;
  matches: Record<string, number>;
  /** Operations whose responses point to an older version than the latest. */
  olderOperations: string[];
}

export type ProvenanceStatus = 'confirmed' | 'refuted' | 'untested';

export interface ProvenanceVerdict {
  element: string;
  note?: string;
  status: ProvenanceStatus;
  /** What decided it: counts, or the first refuting observation. */
  evidence: string;
  /** The refuting exchange replayed as curl (key masked) and its status. */
  curl?: string;
  /** Status code of the refuting exchange. */
  statusCode?: number;
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

export interface CheckSummary {
  passed: number;
  failed: number;
  skipped: number;
}

export interface Report {
  tool: '@mediagen/conformance';
  target: { baseUrl: string; kind: TargetKind; live: boolean; stateful: boolean; mode: Mode; strict: boolean; recognised?: string };
  startedAt: string;
  durationMs: number;
  seed: number;
  maxExamples: number;
  checks: { id: CheckId; description: string; severity: Severity }[];
  operations: OperationReport[];
  summary: CheckSummary & { byCheck: Record<string, CheckSummary>; requests: number };
  fingerprint: FingerprintReport;
  provenance: ProvenanceVerdict[];
  tiers: TierSummary;
  budget: { maxCredits?: number; spent: number; refused: string[] /** What the stateful checks needed (the planner's minimum). */; needed?: number };
  cleanup: { created: number; deleted: number; leftover: string[] };
  notes: string[];
  /** Set when the run was stopped by a signal (cleanup ran, the report is partial). */
  interrupted?: string;
  ok: boolean;
}

export type ProgressEvent =
  | { type: 'start'; target: Report['target'] }
  | { type: 'operation'; operation: OperationReport }
  | { type: 'stateful'; check: string; outcome: Outcome; detail: string }
  | { type: 'note'; message: string };
