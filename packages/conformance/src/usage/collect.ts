// Collecting a consumer's usage from observed exchanges (a recording, a proxy session): each exchange
// for an operation of the contract adds the names it sent and got back, its status, its time and the
// versions it is consistent with. Values are read only to find names and are never kept; the key is
// never read at all. Memory is bounded by the operations table and MAX_FIELDS_PER_LOCATION.

import { isSuccess } from '../model/exchange.js';
import { dataRecord } from '../plumbing/json-file.js';
import { fieldPaths, queryNames } from './fields.js';
import { canonicalOperation, type FieldCounts, MAX_FIELDS_PER_LOCATION, type OperationUsage, USAGE_FORMAT, type UsageFile } from './format.js';
import { type Base, baseOf, bodyOf, type Observed, pathUnder, queryOf, routeOf } from './traffic.js';
import { exchangeVersions, newerOf, olderOf } from './versions.js';

/** Adds one to each path of `paths` in `counts`; a new path past the bound is dropped (and counted). */
function tally(counts: FieldCounts, paths: Iterable<string>, op: OperationUsage): void {
  let size = Object.keys(counts).length;
  for (const path of paths) {
    if (counts[path] !== undefined) counts[path]++;
    else if (size < MAX_FIELDS_PER_LOCATION) {
      counts[path] = 1;
      size++;
    } else op.dropped = (op.dropped ?? 0) + 1;
  }
}

const iso = (ms: number) => new Date(Math.max(ms, 0)).toISOString();

/** Usage of one consumer, gathered exchange by exchange. */
export class UsageCollector {
  private readonly base: Base;
  private readonly operations = new Map<string, OperationUsage>();
  private counted = 0;

  constructor(
    private readonly consumer: string,
    baseUrl: string,
  ) {
    this.base = baseOf(baseUrl);
  }

  /** Adds an exchange; false when it is not for an operation of the contract under the base URL. */
  add(observed: Observed): boolean {
    let url: URL;
    try {
      url = new URL(observed.url);
    } catch {
      return false;
    }
    const path = pathUnder(this.base, url);
    const route = path === undefined ? undefined : routeOf(observed.method, path);
    if (!route) return false;
    const id = route.op.operationId;
    const op = this.operations.get(id) ?? this.start(route.op.method.toUpperCase(), route.op.path, observed.startedMs);
    this.operations.set(id, op);
    this.counted++;
    op.calls++;
    const when = iso(observed.startedMs);
    if (when < op.firstSeen) op.firstSeen = when;
    if (when > op.lastSeen) op.lastSeen = when;
    const status = String(observed.status);
    op.statuses[status] = (op.statuses[status] ?? 0) + 1;
    const query = queryOf(url);
    const { body } = bodyOf(observed.requestBody);
    tally(op.sent.query, queryNames(query), op);
    if (body !== undefined) tally(op.sent.body, fieldPaths(body), op);
    const answer = this.answerOf(observed);
    if (answer !== undefined) tally((op.received[status] ??= dataRecord()), fieldPaths(answer), op);
    const range = exchangeVersions(
      id,
      { body, query },
      isSuccess(observed.status) ? { status: observed.status, body: answer } : undefined,
      observed.clientDate,
    );
    if (range) {
      const seen = op.version;
      op.version = seen
        ? { lowest: newerOf(seen.lowest, range.lowest), highest: olderOf(seen.highest, range.highest), exchanges: seen.exchanges + 1 }
        : { lowest: range.lowest, highest: range.highest, exchanges: 1 };
    }
    return true;
  }

  /** Exchanges counted so far. */
  get exchanges(): number {
    return this.counted;
  }

  /** The usage gathered so far, keys sorted (as a usage file is written). */
  usage(): UsageFile {
    const operations = dataRecord<OperationUsage>();
    for (const id of [...this.operations.keys()].sort()) operations[id] = canonicalOperation(this.operations.get(id)!);
    return { format: USAGE_FORMAT, consumer: this.consumer, exchanges: this.counted, operations };
  }

  private start(method: string, path: string, startedMs: number): OperationUsage {
    const when = iso(startedMs);
    return {
      method,
      path,
      calls: 0,
      firstSeen: when,
      lastSeen: when,
      statuses: dataRecord(),
      sent: { query: dataRecord(), body: dataRecord() },
      received: dataRecord(),
    };
  }

  /** The answer's JSON when it was recorded whole and parses; nothing otherwise. */
  private answerOf(observed: Observed): unknown {
    if (observed.status === 0 || observed.truncated || observed.bodyUnknown || observed.responseText.length === 0) return undefined;
    try {
      return JSON.parse(observed.responseText) as unknown;
    } catch {
      return undefined;
    }
  }
}
