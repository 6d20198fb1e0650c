// Recording: one cell per (operation, check) with its passes, its first failures and its skip reason,
// the requests per operation and the version evidence of the responses. What arrives here is already
// masked; the recorder turns it into the run's operation results and fingerprint.
import { latestDate, type OperationId, type OperationSpec, transformPlan } from '@mediagen/schema';
import { CHECKS, type CheckId } from '../checks/catalog.js';
import type { Failure } from '../model/terms.js';
import type { CheckResult, FingerprintReport, OperationReport } from './results.js';
import { type CellHold, HeldBack } from './unjudged.js';

interface Cell {
  passes: number;
  failures: Failure[];
  failureCount: number;
  /** Judgements that were about assumptions only (verdicts, not passes or failures). */
  verdicts: number;
  skipReason?: string;
  /** The spend guard's hold its skip reason passed on, if it passed one on. */
  hold?: CellHold;
}

/** Failures kept per cell (the count covers all of them; shrunk counterexamples are always kept). */
const FAILURES_KEPT = 100;

/** The reason of a cell whose every judgement was about an assumption. */
export const ASSUMPTIONS_ONLY = 'every judgement here was about an assumption of the contract: see the assumption verdicts (--strict judges them)';

export class Recorder {
  private readonly cells = new Map<string, Cell>();
  private readonly requestsByOp = new Map<string, number>();
  private readonly fingerprints = new Map<string, Map<string, number>>();
  private readonly selected: ReadonlySet<CheckId>;

  constructor(
    selected: readonly CheckId[],
    private readonly judgedAt: string = latestDate,
    /** The requests the spend guard held back for the server's sake: what makes an empty cell unjudged. */
    readonly heldBack: HeldBack = new HeldBack(),
  ) {
    this.selected = new Set(selected);
  }

  private cell(operationId: string, check: CheckId): Cell {
    const key = `${operationId}|${check}`;
    let cell = this.cells.get(key);
    if (!cell) {
      cell = { passes: 0, failures: [], failureCount: 0, verdicts: 0 };
      this.cells.set(key, cell);
    }
    return cell;
  }

  pass(operationId: string, check: CheckId): void {
    if (this.selected.has(check)) this.cell(operationId, check).passes++;
  }

  fail(operationId: string, check: CheckId, failure: Failure): void {
    if (!this.selected.has(check)) return;
    const cell = this.cell(operationId, check);
    cell.failureCount++;
    const room = cell.failures.filter((f) => !f.shrunk).length < FAILURES_KEPT || failure.shrunk !== undefined;
    if (room && !cell.failures.some((f) => f.message === failure.message)) cell.failures.push(failure);
  }

  /** A judgement about an assumption only: it neither passes nor fails the cell. */
  verdict(operationId: string, check: CheckId): void {
    if (this.selected.has(check)) this.cell(operationId, check).verdicts++;
  }

  /** Marks a cell skipped (the first reason wins, with the guard's hold it passes on; a judged cell is not skipped). */
  skip(operationId: string, check: CheckId, reason: string, hold?: CellHold): void {
    if (!this.selected.has(check)) return;
    const cell = this.cell(operationId, check);
    if (cell.skipReason !== undefined) return;
    cell.skipReason = reason;
    if (hold) cell.hold = hold;
  }

  /** How a check stands across the operations it applies to: its progress line. */
  checkProgress(check: CheckId, ops: readonly OperationSpec[]): { outcome: 'passed' | 'failed' | 'skipped'; detail: string } {
    let passes = 0;
    let failures = 0;
    let verdicts = 0;
    let reason: string | undefined;
    for (const op of ops) {
      const cell = this.cells.get(`${op.operationId}|${check}`);
      if (!cell) continue;
      passes += cell.passes;
      failures += cell.failureCount;
      verdicts += cell.verdicts;
      reason ??= cell.skipReason;
    }
    const also = verdicts > 0 ? ` (${verdicts} verdict(s) on assumptions)` : '';
    if (failures > 0) return { outcome: 'failed', detail: `${failures} of ${failures + passes} judgement(s) failed${also}` };
    if (passes > 0) return { outcome: 'passed', detail: `${passes} judgement(s) held${also}` };
    return { outcome: 'skipped', detail: reason ?? (verdicts > 0 ? ASSUMPTIONS_ONLY : 'nothing judged') };
  }

  countRequest(operationId: string): void {
    this.requestsByOp.set(operationId, (this.requestsByOp.get(operationId) ?? 0) + 1);
  }

  /** A response consistent with this ledger version. */
  fingerprint(operationId: string, version: string): void {
    const byVersion = this.fingerprints.get(operationId) ?? new Map<string, number>();
    byVersion.set(version, (byVersion.get(version) ?? 0) + 1);
    this.fingerprints.set(operationId, byVersion);
  }

  /** The operation's results, one per selected check that applies; `unexercised` is the reason of an empty cell. */
  operationReport(op: OperationSpec, unexercised: string): OperationReport {
    const results: CheckResult[] = [];
    for (const check of CHECKS) {
      if (!this.selected.has(check.id) || !check.appliesTo(op)) continue;
      const cell = this.cells.get(`${op.operationId}|${check.id}`);
      const base = { operationId: op.operationId as OperationId, check: check.id, severity: check.severity };
      if (!cell || (cell.passes === 0 && cell.failureCount === 0)) {
        const reason = cell?.skipReason ?? (cell?.verdicts ? ASSUMPTIONS_ONLY : unexercised);
        // Judged no obligation where one could have failed, because of a request held back for the server's sake.
        const held = this.heldBack.why(op.operationId, check, cell ?? {});
        results.push({ ...base, outcome: 'skipped', reason, ...(held !== undefined ? { unjudged: held } : {}), passes: 0, failureCount: 0, failures: [] });
      } else {
        results.push({
          ...base,
          outcome: cell.failureCount > 0 ? 'failed' : 'passed',
          passes: cell.passes,
          failureCount: cell.failureCount,
          failures: cell.failures,
        });
      }
    }
    return { operationId: op.operationId, method: op.method.toUpperCase(), path: op.path, requests: this.requestsByOp.get(op.operationId) ?? 0, results };
  }

  fingerprintReport(): FingerprintReport {
    const matches: Record<string, number> = {};
    let responses = 0;
    let version: string | undefined;
    const olderOperations: string[] = [];
    const order = ['baseline', ...transformPlan.changes.map((c) => c.date)];
    for (const [operationId, byVersion] of this.fingerprints) {
      for (const [key, count] of byVersion) {
        matches[key] = (matches[key] ?? 0) + count;
        responses += count;
        if (version === undefined || order.indexOf(key) < order.indexOf(version)) version = key;
        if (order.indexOf(key) < order.indexOf(this.judgedAt) && !olderOperations.includes(operationId)) olderOperations.push(operationId);
      }
    }
    return { ...(version !== undefined ? { version } : {}), judgedAt: this.judgedAt, latest: latestDate, responses, matches, olderOperations };
  }
}
