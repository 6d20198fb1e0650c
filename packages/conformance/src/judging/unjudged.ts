// Which cells the server's behaviour left unjudged. The spend guard holds a request back either for the
// user's cap (a plain skip) or because of what the server did (a charge nobody could price, a balance
// that cannot be believed): each refusal carries that cause from where it is made. A cell is unjudged
// because of the server when it judged nothing at all, its check judges stated rules (an obligation
// could have failed there), and it was left empty by a request held back for the server's sake: its
// own skip passes such a refusal on, its check's own requests were held back so (what its sequence
// skipped after is a consequence), or — with no reason of its own — a request of its operation was, or
// anything was (a cell a full run leaves "not exercised" has no plain cause). Such a run is not a pass.

import { ruleById } from '@mediagen/schema';
import type { CheckSpec } from '../checks/define.js';

/** A hold a skip reason passed on: its cause and its line (engine/holds.ts). */
export interface CellHold {
  cause: 'cap' | 'server';
  why: string;
}

/** One reason the server's behaviour left cells unjudged, with the cells (`operation › check`). */
export interface UnjudgedLine {
  reason: string;
  cells: string[];
}

/**
 * Whether a check can judge an obligation: it names a stated rule, or judges the rules a request or a
 * response field carries (those are stated unless the schema says otherwise); under --strict, every check.
 */
export function judgesObligations(check: Pick<CheckSpec, 'rules' | 'judgedRules'>, strict: boolean): boolean {
  return strict || check.rules.length === 0 || check.judgedRules !== undefined || check.rules.some((rule) => ruleById(rule)?.source !== 'assumption');
}

/** The requests the guard held back for the server's sake, by operation and by check. */
export class HeldBack {
  private readonly ops = new Map<string, string>();
  private readonly checks = new Map<string, string>();
  /** The first reason anything was held back for the server's sake. */
  private first: string | undefined;

  /** `strict`: every check judges obligations; `mask`: what the report says is masked (the key never appears), as every reason is. */
  constructor(
    private readonly strict = false,
    private readonly mask: (text: string) => string = (text) => text,
  ) {}

  /** A request of `operationId` (sent for `check`, when a check's sequence sent it) was held back for the server's sake. */
  add(reason: string, operationId?: string, check?: string): void {
    const why = this.mask(reason);
    this.first ??= why;
    if (operationId !== undefined && !this.ops.has(operationId)) this.ops.set(operationId, why);
    if (check !== undefined && !this.checks.has(check)) this.checks.set(check, why);
  }

  /**
   * Why an empty cell (it judged nothing, or assumptions only) is unjudged because of the server;
   * undefined when it is not: its check judges no obligation, it judged all it had to (assumptions
   * only, no skip of its own), or its skip is plain (the cap, the options, the target having nothing
   * to read, nothing held back).
   */
  why(
    operationId: string,
    check: Pick<CheckSpec, 'id' | 'rules' | 'judgedRules'>,
    cell: { verdicts?: number; skipReason?: string; hold?: CellHold },
  ): string | undefined {
    if (!judgesObligations(check, this.strict) || (cell.verdicts && cell.skipReason === undefined)) return undefined;
    if (cell.hold) return cell.hold.cause === 'server' ? this.mask(cell.hold.why) : undefined;
    const byCheck = this.checks.get(check.id);
    if (cell.skipReason !== undefined) return byCheck;
    return byCheck ?? this.ops.get(operationId) ?? this.first;
  }
}

/** The unjudged cells of a run's results, one line per reason. */
export function unjudgedLines(results: readonly { operationId: string; check: string; unjudged?: string }[]): UnjudgedLine[] {
  const byReason = new Map<string, string[]>();
  for (const r of results) {
    if (r.unjudged === undefined) continue;
    const cells = byReason.get(r.unjudged) ?? [];
    cells.push(`${r.operationId} › ${r.check}`);
    byReason.set(r.unjudged, cells);
  }
  return [...byReason].map(([reason, cells]) => ({ reason, cells }));
}
