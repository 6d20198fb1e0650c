// Version keys: `'baseline'` (the API before the first ledger entry) and the date of each entry.
// Any calendar date resolves to the newest entry in effect on that day.
import { ledger as defaultLedger } from './changes.js';
import { BASELINE, isIsoDate, resolveAgainst, type VersionKey } from './dates.js';
import type { VersionChange } from './instructions.js';

export { BASELINE, isIsoDate, resolveAgainst, type VersionKey } from './dates.js';

/** Checks that entry dates are real dates in strictly ascending order; throws otherwise. */
export function checkLedgerDates(ledger: readonly VersionChange[]): void {
  let previous: string | undefined;
  for (const change of ledger) {
    if (!isIsoDate(change.date)) {
      throw new Error(`Ledger entry ${JSON.stringify(change.date)} (${change.name}): the date must be written YYYY-MM-DD.`);
    }
    if (previous !== undefined && change.date <= previous) {
      throw new Error(`Ledger entry ${change.date} (${change.name}): entries must be in strictly ascending date order (follows ${previous}).`);
    }
    previous = change.date;
  }
}

/** Maps any YYYY-MM-DD (or `'baseline'`) to the version in effect on that day. */
export function resolveVersion(dateOrKey: string, ledger: readonly VersionChange[] = defaultLedger): VersionKey {
  return resolveAgainst(
    ledger.map((change) => change.date),
    dateOrKey,
  );
}

/** `'baseline'` followed by every entry date, oldest first. */
export function versionKeys(ledger: readonly VersionChange[] = defaultLedger): VersionKey[] {
  return [BASELINE, ...ledger.map((change) => change.date)];
}
