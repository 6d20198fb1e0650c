// Judging one exchange: every registered check with a `judge` says what the exchange shows about
// the rules it asserts.
import type { OperationSpec, VersionKey } from '@mediagen/schema';
import type { Basis } from '../model/basis.js';
import { type SectionClock, untimed } from '../model/clock.js';
import type { Exchange } from '../model/exchange.js';
import type { Expectation, Verdict } from '../model/verdict.js';
import { CHECKS, type CheckId } from './catalog.js';

export type CheckVerdict = Verdict<CheckId>;

export interface JudgeContext {
  /** The target computes pages (not Prism's examples). */
  pagination: boolean;
  /** The API version judged against (`--at`, resolved); default the newest. */
  version?: VersionKey;
  /** What a request sent to be refused breaks. */
  breach?: Basis;
  /** The assumption a request sent to be served relies on. */
  relies?: Basis;
}

const SECTIONS = new Map(CHECKS.map((check) => [check.id, `check:${check.id}`]));

/** The verdicts of every check that judges single exchanges, for one exchange sent with `expect` (each check timed by `clock`). */
export function verdictsFor(op: OperationSpec, exchange: Exchange, expect: Expectation, context: JudgeContext, clock: SectionClock = untimed): CheckVerdict[] {
  const verdicts: CheckVerdict[] = [];
  const judged = { op, exchange, expect, ...context };
  for (const check of CHECKS) {
    if (!check.judge) continue;
    const assertions = clock.time(SECTIONS.get(check.id)!, () => check.judge!(judged));
    if (assertions && assertions.length > 0) verdicts.push({ check: check.id, assertions });
  }
  return verdicts;
}

/** The response checks alone (what every response is judged on, whatever it was sent for). */
export function responseVerdicts(op: OperationSpec, exchange: Exchange, context: JudgeContext): CheckVerdict[] {
  return verdictsFor(op, exchange, 'none', context);
}
