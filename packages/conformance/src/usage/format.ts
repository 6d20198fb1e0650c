// The usage file (`format: "mediagen-usage/1"`): what one consumer of the API was seen to use, per
// operation — the query parameters and request fields it sent, the response fields that came back
// (by status), the range of API versions its exchanges speak, counts and when they were first and
// last seen. Names of fields only: never a value, a key, a header, an id or a URL. It is kept beside
// the contract (one file per consumer) and read by `media-conformance upgrade`, the breaking-change
// gate (`npm run api:check -- --usage DIR`) and the reference site (`npm run docs -- --usage DIR`).
import { z } from '@mediagen/schema';
import { RunError } from '../model/terms.js';
import { dataRecord, parseJsonFormat } from '../plumbing/json-file.js';

export const USAGE_FORMAT = 'mediagen-usage/1';
/** The largest usage file read: past it the file is refused (a usage file of this format stays far below). */
export const MAX_USAGE_BYTES = 2 * 1024 * 1024;
/** Distinct field paths kept per location (the query, the body, one status): the rest are counted in `dropped`. */
export const MAX_FIELDS_PER_LOCATION = 512;
/** How deep a body is read for field names. */
export const MAX_FIELD_DEPTH = 12;
/** A consumer's name: a letter or digit, then letters, digits, `.`, `_` or `-` (at most 64). */
export const CONSUMER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The versions every exchange that told something is consistent with (`lowest` > `highest`: they disagree). */
export interface VersionSeen {
  lowest: string;
  highest: string;
  /** How many exchanges told something about the version. */
  exchanges: number;
}

/** Field paths and how many calls carried each: `prompt.positive`, `[].character.mode`, `data[].media[].dim`. */
export type FieldCounts = Record<string, number>;

export interface OperationUsage {
  method: string;
  /** The operation's path template, e.g. `/pub/v1/generations/{generation_id}`. */
  path: string;
  calls: number;
  /** ISO 8601 times of the first and the last call seen. */
  firstSeen: string;
  lastSeen: string;
  /** Calls by the status that answered them (`0`: no answer). */
  statuses: Record<string, number>;
  version?: VersionSeen;
  /** What the consumer sent: query parameter names, request body field paths. */
  sent: { query: FieldCounts; body: FieldCounts };
  /** What came back, by status: response body field paths. */
  received: Record<string, FieldCounts>;
  /** Distinct field paths not kept past MAX_FIELDS_PER_LOCATION. */
  dropped?: number;
}

export interface UsageFile {
  format: typeof USAGE_FORMAT;
  consumer: string;
  /** Exchanges counted, over every operation. */
  exchanges: number;
  /** By operationId, sorted. */
  operations: Record<string, OperationUsage>;
}

export const emptyUsage = (consumer: string): UsageFile => ({ format: USAGE_FORMAT, consumer, exchanges: 0, operations: dataRecord() });

/** A record of the same entries, keys sorted, without a prototype (its keys are data). */
function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  const out = dataRecord<T>();
  for (const key of Object.keys(record).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) out[key] = record[key]!;
  return out;
}

/** An operation's usage with its keys in the file's order and every map sorted (so equal usage is equal text). */
export function canonicalOperation(op: OperationUsage): OperationUsage {
  const received = dataRecord<FieldCounts>();
  for (const [status, counts] of Object.entries(sortKeys(op.received))) received[status] = sortKeys(counts);
  return {
    method: op.method,
    path: op.path,
    calls: op.calls,
    firstSeen: op.firstSeen,
    lastSeen: op.lastSeen,
    statuses: sortKeys(op.statuses),
    ...(op.version ? { version: { lowest: op.version.lowest, highest: op.version.highest, exchanges: op.version.exchanges } } : {}),
    sent: { query: sortKeys(op.sent.query), body: sortKeys(op.sent.body) },
    received,
    ...(op.dropped ? { dropped: op.dropped } : {}),
  };
}

/** The consumer name, checked; a RunError says what a name may be. */
export function consumerName(name: string | undefined, flag = '--consumer'): string {
  if (name === undefined || !CONSUMER_NAME.test(name)) {
    throw new RunError(
      `${flag} must name the consumer: a letter or digit, then letters, digits, ".", "_" or "-" (at most 64), got ${name === undefined ? 'nothing' : JSON.stringify(name).slice(0, 80)}`,
    );
  }
  return name;
}

const VERSION = /^(baseline|\d{4}-\d{2}-\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** A field path: names, `?` for a name not kept, `[]` after an array. */
const FIELD_PATH = /^(\[\]|[A-Za-z_][A-Za-z0-9_]*|\?)(\[\]|\.([A-Za-z_][A-Za-z0-9_]*|\?))*$/;
const STATUS = /^\d{1,3}$/;

const WHOLE = 'a whole number ≥ 0';
const count = z.number({ error: WHOLE }).int({ error: WHOLE }).min(0, { error: WHOLE });
const object = <S extends z.ZodRawShape>(shape: S, error = 'an object') => z.object(shape, { error });
const matching = (pattern: RegExp, wanted: string) => z.string({ error: wanted }).regex(pattern, { error: wanted });
const counts = (keys: RegExp, wanted: string) => z.record(matching(keys, wanted), count, { error: 'an object of counts' });
const fieldCounts = counts(FIELD_PATH, 'a field path');

const operationSchema = object({
  method: matching(/^[A-Z]+$/, 'an HTTP method'),
  path: matching(/^\//, 'a path template'),
  calls: count,
  firstSeen: matching(INSTANT, 'an ISO 8601 time'),
  lastSeen: matching(INSTANT, 'an ISO 8601 time'),
  statuses: counts(STATUS, 'an HTTP status'),
  version: object({
    lowest: matching(VERSION, 'a date YYYY-MM-DD or "baseline"'),
    highest: matching(VERSION, 'a date YYYY-MM-DD or "baseline"'),
    exchanges: count,
  }).optional(),
  sent: object({ query: fieldCounts, body: fieldCounts }, 'an object with query and body'),
  received: z.record(matching(STATUS, 'an HTTP status'), fieldCounts, { error: 'an object keyed by status' }),
  dropped: count.optional(),
});

/** The usage format's schema: the one reading of it, by `upgrade`, the gate and the site alike. */
export const usageSchema = object(
  {
    format: z.literal(USAGE_FORMAT, { error: `"${USAGE_FORMAT}"` }),
    consumer: matching(CONSUMER_NAME, 'a consumer name'),
    exchanges: count,
    operations: z.record(z.string(), operationSchema, { error: 'an object keyed by operationId' }),
  },
  'a JSON object',
);

/**
 * The usage file in `text` (named `name` in errors), checked; a RunError names the first thing wrong
 * by its path, never a value. Objects come back without a prototype: field names are data (a field
 * `constructor` is counted like any other).
 */
export function parseUsage(text: string, name: string): UsageFile {
  return parseJsonFormat<UsageFile>(text, `usage file ${name}`, usageSchema);
}

/** The file's text: two-space JSON with sorted keys (what `mergeUsage` gives is sorted), a final newline. */
export function formatUsage(usage: UsageFile): string {
  return `${JSON.stringify(usage, null, 2)}\n`;
}
