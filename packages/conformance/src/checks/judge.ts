// Judging one exchange: every registered check with a `judge` says what the exchange shows about it.
import type { OperationSpec } from '@mediagen/schema';
import type { Exchange } from '../engine/http.js';
import { CHECKS, type CheckId } from './catalog.js';
import type { Expectation, Verdict } from './define.js';

export type CheckVerdict = Verdict<CheckId>;

/** The verdicts of every check that judges single exchanges, for one exchange sent with `expect`. */
export function verdictsFor(op: OperationSpec, exchange: Exchange, expect: Expectation, options: { pagination: boolean }): CheckVerdict[] {
  const verdicts: CheckVerdict[] = [];
  for (const check of CHECKS) {
    const verdict = check.judge?.({ op, exchange, expect, pagination: options.pagination });
    if (verdict) verdicts.push({ ...verdict, check: check.id });
  }
  return verdicts;
}

/** The response checks alone (what every response is judged on, whatever it was sent for). */
export function responseVerdicts(op: OperationSpec, exchange: Exchange, options: { pagination: boolean }): CheckVerdict[] {
  return verdictsFor(op, exchange, 'none', options).filter((v) => v.check !== 'not_a_server_error');
}
