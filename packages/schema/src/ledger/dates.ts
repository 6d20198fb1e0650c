// Version keys and calendar dates, with no other dependency: the runtime transforms use this
// without pulling in the ledger itself.

/** `'baseline'` or the date (YYYY-MM-DD) of a ledger entry. */
export type VersionKey = 'baseline' | (string & {});

export const BASELINE = 'baseline' as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Resolves `'baseline'` or any date against ascending entry dates: the newest date on or before it,
 * or `'baseline'` when it is earlier than all of them.
 */
export function resolveAgainst(dates: readonly string[], dateOrKey: string): VersionKey {
  if (dateOrKey === BASELINE) return BASELINE;
  if (typeof dateOrKey !== 'string' || !isIsoDate(dateOrKey)) {
    throw new Error(`Invalid API version ${JSON.stringify(dateOrKey)}: expected a date written YYYY-MM-DD or "baseline".`);
  }
  let found: VersionKey = BASELINE;
  for (let i = 0; i < dates.length; i++) {
    const date = dates[i]!;
    if (date <= dateOrKey) found = date;
    else break;
  }
  return found;
}
