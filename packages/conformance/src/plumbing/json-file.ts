// The file layer's reading of a JSON format (files.ts reads the bytes): the text parsed into objects
// without a prototype, so a key that is data (a field `constructor`, `__proto__` or `toString`, an
// operation's or a consumer's name) is only ever an own key, then checked against the format's zod
// schema. The first thing wrong is one line naming the file and the place (`runs[0].date must be …,
// got a string`): never a value of the file, and never the parser's words, which quote the text around
// the mistake (the start of a file that is not JSON at all: a token file a symbolic link led to).
import type { z } from '@mediagen/schema';
import { RunError } from '../model/terms.js';

/** Drops the prototype of every object of `data` in place (JSON.parse's own fresh objects: no copy); any depth, no recursion. */
function withoutPrototypes<T>(data: T): T {
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    Object.setPrototypeOf(node, null);
    for (const key of Object.keys(node)) {
      const value = (node as Record<string, unknown>)[key];
      if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
  return data;
}

/** JSON with every object made without a prototype (keys are data: none is inherited, none is special; `__proto__` is an own key). */
export function parseJsonData(text: string): unknown {
  return withoutPrototypes(JSON.parse(text) as unknown);
}

/** A record to fill with data keys: no prototype, so `record.constructor` is what the data put there, or nothing. */
export const dataRecord = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

const IDENTIFIER = /^[A-Za-z_]\w*$/;

/** A place in a JSON value as the messages say it: `operations.listModels.received["200"]`, `runs[0]`. */
export function placeText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else {
      const name = String(part);
      out += IDENTIFIER.test(name) ? (out === '' ? name : `.${name}`) : `[${JSON.stringify(name.slice(0, 60))}]`;
    }
  }
  return out === '' ? 'the file' : out;
}

/** What a value is, in words, without saying the value. */
function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string' ? 'a string' : typeof value === 'number' ? 'a number' : 'a boolean';
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let node = data;
  for (const part of path) node = node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[part] : undefined;
  return node;
}

/** The first issue of a failed check, in one line; `message` of each schema part says what is wanted. */
function issueText(issue: z.core.$ZodIssue, data: unknown): string {
  if (issue.code === 'invalid_key') {
    const key = issue.path[issue.path.length - 1];
    const wanted = issue.issues[0]?.message ?? issue.message;
    return `the key ${JSON.stringify(String(key).slice(0, 60))} of ${placeText(issue.path.slice(0, -1))} must be ${wanted}`;
  }
  if (issue.code === 'unrecognized_keys') return `${placeText(issue.path)} must not hold ${JSON.stringify(issue.keys[0]?.slice(0, 60))}`;
  return `${placeText(issue.path)} must be ${issue.message}, got ${kindOf(valueAt(data, issue.path))}`;
}

/** What a key named `__proto__` is checked as: zod passes over that key unchecked. */
const STAND_IN = '__proto_0x5f__';

/** The data as the schema checks it: every `__proto__` key under its stand-in (the data itself when it has none). */
function shadowOf(data: unknown, depth = 0): unknown {
  if (data === null || typeof data !== 'object' || depth > 64) return data;
  if (Array.isArray(data)) {
    let changed = false;
    const items = data.map((item) => {
      const shown = shadowOf(item, depth + 1);
      changed ||= shown !== item;
      return shown;
    });
    return changed ? items : data;
  }
  const record = data as Record<string, unknown>;
  let changed = Object.hasOwn(record, '__proto__');
  const out = dataRecord<unknown>();
  for (const key of Object.keys(record)) {
    const shown = shadowOf(record[key], depth + 1);
    changed ||= shown !== record[key];
    out[key === '__proto__' ? STAND_IN : key] = shown;
  }
  return changed ? out : data;
}

/**
 * `text` parsed as JSON (objects without a prototype) and checked against `schema`; a RunError
 * `${label}: …` says what is wrong. Returns the parsed data itself (not the schema's copy: zod drops
 * a key named `__proto__` from what it gives back, and a reader must read back what a writer wrote).
 */
export function parseJsonFormat<T>(text: string, label: string, schema: z.ZodType): T {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const at = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new RunError(`${label}: not JSON${at === undefined ? '' : ` (broken at byte ${at})`}`);
  }
  // Checked as JSON.parse made it (the schema's fast path), a key `__proto__` under its stand-in (also
  // one spelled with escapes); then every object loses its prototype, in place.
  const shown = text.includes('__proto__') || text.includes('\\u') ? shadowOf(data) : data;
  const checked = schema.safeParse(shown);
  if (!checked.success) throw new RunError(`${label}: ${issueText(checked.error.issues[0]!, shown).replaceAll(STAND_IN, '__proto__')}`);
  return withoutPrototypes(data) as T;
}
