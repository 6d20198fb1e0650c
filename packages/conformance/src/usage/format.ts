// The usage file (`format: "mediagen-usage/1"`): what one consumer of the API was seen to use, per
// operation — the query parameters and request fields it sent, the response fields that came back
// (by status), the range of API versions its exchanges speak, counts and when they were first and
// last seen. Names of fields only: never a value, a key, a header, an id or a URL. It is kept beside
// the contract (one file per consumer) and read by `media-conformance upgrade`, the breaking-change
// gate (`npm run api:check -- --usage DIR`) and the reference site (`npm run docs -- --usage DIR`).
import { isObject } from '@mediagen/schema/util';
import { RunError } from '../model/terms.js';

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

export const emptyUsage = (consumer: string): UsageFile => ({ format: USAGE_FORMAT, consumer, exchanges: 0, operations: {} });

const sortKeys = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** An operation's usage with its keys in the file's order and every map sorted (so equal usage is equal text). */
export function canonicalOperation(op: OperationUsage): OperationUsage {
  const received: Record<string, FieldCounts> = {};
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
const KEY = (name: string) => (/^[A-Za-z_]\w*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`);

function need(ok: boolean, path: string, wanted: string, value: unknown): void {
  if (!ok) throw new RunError(`${path} must be ${wanted}, got ${value === undefined ? 'nothing' : JSON.stringify(value)?.slice(0, 60)}`);
}

const count = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

function checkCounts(value: unknown, path: string, keys: RegExp, wanted: string): void {
  need(isObject(value), path, 'an object of counts', value);
  for (const [key, n] of Object.entries(value as Record<string, unknown>)) {
    need(keys.test(key), `the key ${JSON.stringify(key).slice(0, 60)} of ${path}`, wanted, key);
    need(count(n), `${path}${KEY(key)}`, 'a whole number ≥ 0', n);
  }
}

function checkOperation(op: unknown, path: string): void {
  need(isObject(op), path, 'an object', op);
  const o = op as Record<string, unknown>;
  need(typeof o.method === 'string' && /^[A-Z]+$/.test(o.method), `${path}.method`, 'an HTTP method', o.method);
  need(typeof o.path === 'string' && o.path.startsWith('/'), `${path}.path`, 'a path template', o.path);
  need(count(o.calls), `${path}.calls`, 'a whole number ≥ 0', o.calls);
  for (const key of ['firstSeen', 'lastSeen'] as const) need(typeof o[key] === 'string' && INSTANT.test(o[key]), `${path}.${key}`, 'an ISO 8601 time', o[key]);
  checkCounts(o.statuses, `${path}.statuses`, STATUS, 'an HTTP status');
  if (o.version !== undefined) {
    const v = o.version as Record<string, unknown>;
    need(isObject(v), `${path}.version`, 'an object', v);
    for (const key of ['lowest', 'highest'] as const)
      need(typeof v[key] === 'string' && VERSION.test(v[key]), `${path}.version.${key}`, 'a date YYYY-MM-DD or "baseline"', v[key]);
    need(count(v.exchanges), `${path}.version.exchanges`, 'a whole number ≥ 0', v.exchanges);
  }
  need(isObject(o.sent), `${path}.sent`, 'an object with query and body', o.sent);
  const sent = o.sent as Record<string, unknown>;
  checkCounts(sent.query, `${path}.sent.query`, FIELD_PATH, 'a field path');
  checkCounts(sent.body, `${path}.sent.body`, FIELD_PATH, 'a field path');
  need(isObject(o.received), `${path}.received`, 'an object keyed by status', o.received);
  for (const [status, fields] of Object.entries(o.received as Record<string, unknown>)) {
    need(STATUS.test(status), `the key ${JSON.stringify(status).slice(0, 60)} of ${path}.received`, 'an HTTP status', status);
    checkCounts(fields, `${path}.received${KEY(status)}`, FIELD_PATH, 'a field path');
  }
  if (o.dropped !== undefined) need(count(o.dropped), `${path}.dropped`, 'a whole number ≥ 0', o.dropped);
}

/** The usage file in `text` (named `name` in errors), checked; a RunError names the first thing wrong by its path. */
export function parseUsage(text: string, name: string): UsageFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new RunError(`usage file ${name}: not JSON (${(error as Error).message.split('\n')[0]})`);
  }
  try {
    need(isObject(data), 'the file', 'a JSON object', data);
    const file = data as Record<string, unknown>;
    need(file.format === USAGE_FORMAT, 'format', `"${USAGE_FORMAT}"`, file.format);
    need(typeof file.consumer === 'string' && CONSUMER_NAME.test(file.consumer), 'consumer', 'a consumer name', file.consumer);
    need(count(file.exchanges), 'exchanges', 'a whole number ≥ 0', file.exchanges);
    need(isObject(file.operations), 'operations', 'an object keyed by operationId', file.operations);
    for (const [id, op] of Object.entries(file.operations as Record<string, unknown>)) checkOperation(op, `operations${KEY(id)}`);
    return data as UsageFile;
  } catch (error) {
    if (error instanceof RunError) throw new RunError(`usage file ${name}: ${error.message}`);
    throw error;
  }
}

/** The file's text: two-space JSON with sorted keys (what `mergeUsage` gives is sorted), a final newline. */
export function formatUsage(usage: UsageFile): string {
  return `${JSON.stringify(usage, null, 2)}\n`;
}
