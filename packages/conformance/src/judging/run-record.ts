// What a run produces: one result per (operation, check), the version fingerprint, the verdicts on the
// contract's assumptions, what was spent and cleaned up, and the progress events on the way. Everything
// in it is already masked. The report layer adds the summary and the tiers (report/types.ts).

import type { Mode, Outcome, TargetKind } from '../model/terms.js';
import type { FingerprintReport, OperationReport, ProvenanceVerdict } from './results.js';

export type { Citation, Failure, Mode, Outcome, Phase, TargetKind } from '../model/terms.js';
export { RunError } from '../model/terms.js';
export type { CheckResult, FingerprintReport, OperationReport, ProvenanceStatus, ProvenanceVerdict } from './results.js';

export interface SpendReport {
  maxCredits?: number;
  /** Credits the planner kept for the stateful checks (priced before anything spent). */
  planned: number;
  /** Credits the balance fell by, summed over every drop the run observed. */
  observed: number;
  /** Credits the balance rose by (refunds), summed. */
  refunded: number;
  /**
   * What the run cost the account, never below 0: what the balance says (observed − refunded) while the
   * balance could be believed; otherwise what the cap counted (`counted`), and a finding says why.
   */
  spent: number;
  /** Where `spent` comes from: the balance, or (a balance not believed) what was admitted. */
  spentFrom?: 'balance' | 'admitted';
  /**
   * Credits admitted under the cap: the prices of the spending requests sent, what estimates cost when
   * they steadily do, and every charge nobody announced that the readings saw.
   */
  admitted?: number;
  /** What the cap held the run to: the larger of what the balance says was spent and what was admitted. */
  counted?: number;
  /** Why spending stopped before the run's end, when it did. */
  ended?: string;
  /** Balance at the first and the last reading. */
  startBalance?: number;
  endBalance?: number;
  /** Spending requests not sent, with why. */
  refused: string[];
  /**
   * Charges nobody announced (one that cannot be priced ends all spending; one laid on reads prices
   * them), estimates found to cost, balances not believed, and charges counted without a reading of their own.
   */
  findings: string[];
  /** What the stateful checks needed (the planner's minimum). */
  needed?: number;
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
