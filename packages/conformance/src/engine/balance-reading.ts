// One balance reading: the balance an estimate's answer carries, when a drop of one credit shows in it,
// or why there is none.
import { dataOf, type Exchange, isSuccess } from '../model/exchange.js';
import type { HoldCause } from './holds.js';

/**
 * A balance read, or why none could be (`inexact`: a number too large to show a drop of a few credits;
 * `cause`: held back by the guard, for the cap's sake or the server's).
 */
export type Reading = { credits: number; exchange: Exchange } | { unknown: string; inexact?: boolean; cause?: HoldCause };

export const numberIn = (exchange: Exchange, field: string): number | undefined => {
  const data = dataOf(exchange);
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** The balance an estimate's answer carries, when it is a number a drop of one credit shows in. */
export function balanceIn(exchange: Exchange): Reading {
  const credits = isSuccess(exchange.status) ? numberIn(exchange, 'balance') : undefined;
  if (credits === undefined) return { unknown: `the estimate answered ${exchange.status} without a balance` };
  if (Math.abs(credits) > Number.MAX_SAFE_INTEGER) {
    return { unknown: `the balance ${credits} is beyond 2^53, where a drop of a few credits is lost in rounding`, inexact: true };
  }
  return { credits, exchange };
}

/** An estimate answered with success: one of those an estimate's measured cost is counted for. */
export const answered = (exchange: Exchange): boolean => isSuccess(exchange.status);
