// What judging produces per cell and per run: one result per (operation, check), the version
// fingerprint, and the verdicts on the contract's assumptions. Plain types the judging core fills and
// every driver's report reads.
import type { OperationId } from '@mediagen/schema';
import type { CheckId, Severity } from '../checks/catalog.js';
import type { Failure, Outcome } from '../model/terms.js';

export interface CheckResult {
  operationId: OperationId;
  check: CheckId;
  severity: Severity;
  outcome: Outcome;
  /** For skipped results: why. */
  reason?: string;
  /** A skipped result the server's behaviour left unjudged (a request held back for its sake): why, in one line shared by every such cell. */
  unjudged?: string;
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
