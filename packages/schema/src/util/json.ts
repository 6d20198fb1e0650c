// Small helpers for plain JSON values, shared by the ledger (document derivation, runtime transforms)
// and by every package of the repository through `@mediagen/schema/util`.
// Plain loops and no dependencies, so the runtime half stays small and runs anywhere.

/** A plain JSON object (as parsed from JSON or built from literals). */
export type JsonObject = { [key: string]: unknown };

const hasOwnProperty = Object.prototype.hasOwnProperty;

export const hasOwn = (object: object, key: string): boolean => hasOwnProperty.call(object, key);

/** True for plain objects (not arrays, not null, not class instances such as Date). */
export function isObject(value: unknown): value is JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Assigns an own property, even one called `__proto__`, without touching the prototype. */
export function setOwn(object: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    object[key] = value;
  }
}

/** Deep copy of arrays and plain objects; every other value is shared. */
export function clone<T>(value: T): T {
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = clone(value[i]);
    return out as T;
  }
  if (isObject(value)) {
    const out: JsonObject = {};
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      setOwn(out, key, clone(value[key]));
    }
    return out as T;
  }
  return value;
}

/** Structural equality of JSON values; key order does not matter. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (!hasOwn(b, key) || !deepEqual(a[key], b[key])) return false;
    }
    return true;
  }
  return false;
}

/**
 * Renames key `from` to `to` in place, keeping the key's position. A key `to` already present is
 * replaced. Returns whether `from` was present.
 */
export function renameKey(object: JsonObject, from: string, to: string): boolean {
  if (!hasOwn(object, from)) return false;
  if (from === to) return true;
  const keys = Object.keys(object);
  const values: unknown[] = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    values[i] = object[keys[i]!];
    delete object[keys[i]!];
  }
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key === to) continue;
    setOwn(object, key === from ? to : key, values[i]);
  }
  return true;
}

export const SCHEMA_REF_PREFIX = '#/components/schemas/';

const decodePointerSegment = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The component name a `$ref` points into (`#/components/schemas/<Name>[/...]`), if any. */
export function schemaRefName(ref: unknown): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith(SCHEMA_REF_PREFIX)) return undefined;
  const rest = ref.slice(SCHEMA_REF_PREFIX.length);
  const slash = rest.indexOf('/');
  return decodePointerSegment(slash < 0 ? rest : rest.slice(0, slash));
}

/** Resolves a local JSON pointer reference (`#/...`) inside `document`. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const pointer = ref.slice(1);
  if (pointer === '') return document;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = decodePointerSegment(raw);
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node) && hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

/** Follows `$ref`s (local ones) until a node without one; stops on cycles. */
export function deref(document: unknown, node: unknown): unknown {
  let current = node;
  const seen = new Set<string>();
  while (isObject(current) && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) return undefined;
    seen.add(current.$ref);
    current = resolvePointer(document, current.$ref);
  }
  return current;
}

/**
 * Whether arrays and objects in the JSON `text` nest more than `max` deep, found by a scan of the
 * text (no parse, no recursion, so no depth can exhaust the stack); strings are skipped, escapes too.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}
