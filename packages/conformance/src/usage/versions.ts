// Versions in usage: the order of version keys, the version a consumer's traffic speaks, and a field
// path said at one version as another says it (the ledger's renames, from the schema package's
// transform plan: `data[].images[].size` at the baseline is `data[].media[].dim` since 2024-09-04).
import {
  BASELINE,
  compareVersions,
  type Location,
  latestDate,
  ledgerDates,
  type RequestParts,
  requestVersionRange,
  responseVersionRange,
  transformPlan,
  translatePath,
  type VersionKey,
  type VersionRange,
} from '@mediagen/schema';
import type { FieldCounts, OperationUsage, UsageFile } from './format.js';

// Versions' order, and a field path said at one version as another says it, are the ledger's.
export { compareVersions, type Location, planAt, translatePath } from '@mediagen/schema';

export const olderOf = (a: string, b: string): string => (compareVersions(a, b) <= 0 ? a : b);
export const newerOf = (a: string, b: string): string => (compareVersions(a, b) >= 0 ? a : b);

/** The versions one exchange is consistent with: what its request and (a success's) answer show together. */
export function exchangeVersions(
  operationId: string,
  request: RequestParts,
  answer?: { status: number; body: unknown },
  clientDate?: string,
): VersionRange | undefined {
  // The client's own traffic names its date (createClient's User-Agent): its shapes are that date's,
  // though older dates share many of them. A guess from shapes alone would take the oldest.
  if (clientDate !== undefined && (clientDate === BASELINE || ledgerDates.includes(clientDate))) return { lowest: clientDate, highest: clientDate };
  const sent = requestVersionRange(transformPlan, operationId, request);
  const got = answer === undefined || answer.body === undefined ? undefined : responseVersionRange(transformPlan, operationId, answer.status, answer.body);
  if (!sent || !got) return sent ?? got;
  return { lowest: newerOf(sent.lowest, got.lowest), highest: olderOf(sent.highest, got.highest) };
}

/**
 * What a consumer's traffic says of its version: at least `version` (`told` when anything said so);
 * `mixed` when exchanges disagree (some show names a later version renamed): `version` is then the older end.
 */
export interface SpokenVersion {
  version: VersionKey;
  told: boolean;
  mixed: boolean;
}

export function spokenVersion(usage: UsageFile): SpokenVersion {
  let lowest: string = BASELINE;
  let highest: string = latestDate;
  let told = false;
  for (const op of Object.values(usage.operations)) {
    if (!op.version) continue;
    told = true;
    lowest = newerOf(lowest, op.version.lowest);
    highest = olderOf(highest, op.version.highest);
  }
  const mixed = compareVersions(lowest, highest) > 0;
  // Disagreeing exchanges: the older names are still in use, so the consumer is taken at the older end.
  return { version: mixed ? highest : lowest, told, mixed };
}

/** The version an operation's field paths are said in, to translate them from: the oldest it shows. */
const sourceOf = (op: OperationUsage): string => (op.version ? olderOf(op.version.lowest, op.version.highest) : BASELINE);

function translated(counts: FieldCounts, operationId: string, location: Location, from: string, to: string): FieldCounts {
  const out: FieldCounts = {};
  for (const [path, n] of Object.entries(counts)) {
    // Up to the newest names, then down to `to`: names of any older version are recognised.
    const newest = translatePath(operationId, location, path, from, latestDate);
    const at = translatePath(operationId, location, newest, latestDate, to);
    out[at] = (out[at] ?? 0) + n;
  }
  return out;
}

/** The usage with every field path said as version `to` says it (what the gate and the site compare with a document of `to`). */
export function usageAt(usage: UsageFile, to: string): UsageFile {
  const operations: Record<string, OperationUsage> = {};
  for (const [id, op] of Object.entries(usage.operations)) {
    const from = sourceOf(op);
    const received: Record<string, FieldCounts> = {};
    for (const [status, counts] of Object.entries(op.received)) received[status] = translated(counts, id, { kind: 'response', status }, from, to);
    operations[id] = {
      ...op,
      // Its paths are now said as `to` says them: so is its version.
      ...(op.version ? { version: { lowest: to, highest: to, exchanges: op.version.exchanges } } : {}),
      sent: { query: translated(op.sent.query, id, { kind: 'query' }, from, to), body: translated(op.sent.body, id, { kind: 'body' }, from, to) },
      received,
    };
  }
  return { ...usage, operations };
}
