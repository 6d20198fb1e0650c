// The upgrade report (`format: "mediagen-upgrade/1"`): for one consumer, the version its traffic
// speaks, the target date, per operation it calls the ledger's changes that touch its calls (with the
// paths before and after, what to do and the code change) and, from a recording, how its calls fare
// upgraded and judged against the target's contract. The console, JSON and HTML reporters print it.
import type { Action, OperationChanges } from './analyse.js';
import type { FailingCall, ReplayCounts, ReplayResult } from './replay.js';

export const UPGRADE_FORMAT = 'mediagen-upgrade/1';

export interface UpgradeOperation extends OperationChanges {
  /** How its recorded calls fare upgraded (a report from a recording only). */
  replay?: ReplayCounts;
}

export interface UpgradeReport {
  format: typeof UPGRADE_FORMAT;
  /** What was read: a recording (with its entries and the base URL judged) or a usage file. */
  source: { kind: 'har' | 'usage'; file: string; consumer?: string; entries?: number; ignored?: number; baseUrl?: string };
  /** The version the consumer speaks: given (`--from`), told by its traffic, or assumed (nothing told). */
  from: { version: string; how: 'given' | 'traffic' | 'assumed'; mixed: boolean };
  to: string;
  /** Every operation the consumer calls, those with changes or failing calls first. */
  operations: UpgradeOperation[];
  replay?: { calls: number; passing: number; failing: number; alreadyFailing: number; failures: FailingCall[] };
  summary: { calls: number; required: number; recommended: number; available: number; failingCalls: number };
  /** No change to make and no upgraded call failing. */
  nothingToChange: boolean;
  /** Whether a call the consumer makes would break (exit code 1). */
  breaks: boolean;
  notes: string[];
}

interface Called {
  operationId: string;
  method: string;
  path: string;
  calls: number;
}

/** Puts the findings together: constrained changes whose rule an upgraded call breaks become required. */
export function buildUpgradeReport(input: {
  source: UpgradeReport['source'];
  from: UpgradeReport['from'];
  to: string;
  called: Called[];
  changes: OperationChanges[];
  replay?: ReplayResult;
  notes?: string[];
}): UpgradeReport {
  const { replay } = input;
  const changed = new Map(input.changes.map((o) => [o.operationId, o]));
  const operations: UpgradeOperation[] = input.called.map((op) => {
    const changes = (changed.get(op.operationId)?.changes ?? []).map((c) => {
      const broken = c.rule ? (replay?.rulesBroken[c.rule] ?? 0) : 0;
      return broken > 0 ? { ...c, action: 'required' as Action, todo: `${c.todo}: ${broken} upgraded call(s) break it` } : c;
    });
    const counts = replay?.byOperation[op.operationId];
    return { ...op, changes, ...(counts ? { replay: counts } : {}) };
  });
  const weight = (o: UpgradeOperation) => (o.changes.some((c) => c.action === 'required') || (o.replay?.failing ?? 0) > 0 ? 0 : o.changes.length > 0 ? 1 : 2);
  operations.sort((a, b) => weight(a) - weight(b) || a.operationId.localeCompare(b.operationId));
  const all = operations.flatMap((o) => o.changes);
  const count = (action: Action) => all.filter((c) => c.action === action).length;
  const failingCalls = replay?.failing ?? 0;
  const summary = {
    calls: operations.reduce((n, o) => n + o.calls, 0),
    required: count('required'),
    recommended: count('recommended'),
    available: count('none'),
    failingCalls,
  };
  return {
    format: UPGRADE_FORMAT,
    source: input.source,
    from: input.from,
    to: input.to,
    operations,
    ...(replay
      ? { replay: { calls: replay.calls, passing: replay.passing, failing: replay.failing, alreadyFailing: replay.alreadyFailing, failures: replay.failures } }
      : {}),
    summary,
    nothingToChange: summary.required === 0 && summary.recommended === 0 && failingCalls === 0,
    breaks: summary.required > 0 || failingCalls > 0,
    notes: input.notes ?? [],
  };
}

/** The report as JSON (two-space, a final newline). */
export const upgradeJson = (report: UpgradeReport): string => `${JSON.stringify(report, null, 2)}\n`;
