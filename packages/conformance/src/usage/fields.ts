// Field paths: the names a body holds, never its values. A path lists the names from the body's
// root, `[]` after an array (its items), as the breaking-change gate names fields: `[].prompt.positive`
// (an item of a request that is an array), `data[].media[].dim`. A name that is not an identifier
// (an id used as a key, text, a URL) is kept as `?`, so no value can pass for a name.
import { pathSegments, pathText } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { MAX_FIELD_DEPTH, MAX_FIELDS_PER_LOCATION } from './format.js';

// A path's segments and text are the ledger's (`[]` the items of an array, `*` in the plan's segments).
export { ITEMS, pathSegments, pathText } from '@mediagen/schema';

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** What a name that is not kept becomes. */
export const OTHER_NAME = '?';

/** A name as a path keeps it. */
export const nameOf = (key: string): string => (NAME.test(key) ? key : OTHER_NAME);

/** The parent of a field path (the object holding the field), `''` for a field at the root. */
export function holderOf(path: string): string {
  const segments = pathSegments(path);
  return pathText(segments.slice(0, -1));
}

/**
 * Every field path of a JSON value, each once, at most MAX_FIELD_DEPTH deep and
 * 4 × MAX_FIELDS_PER_LOCATION of them (a body cannot grow the set without bound).
 */
export function fieldPaths(value: unknown): Set<string> {
  const found = new Set<string>();
  const limit = 4 * MAX_FIELDS_PER_LOCATION;
  const walk = (node: unknown, prefix: string, depth: number): void => {
    if (depth > MAX_FIELD_DEPTH || found.size >= limit) return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, `${prefix}[]`, depth + 1);
      return;
    }
    if (!isObject(node)) return;
    for (const key of Object.keys(node)) {
      if (found.size >= limit) return;
      const path = prefix === '' ? nameOf(key) : `${prefix}.${nameOf(key)}`;
      found.add(path);
      walk(node[key], path, depth + 1);
    }
  };
  walk(value, '', 0);
  return found;
}

/** The names of a query string's parameters. */
export function queryNames(query: Record<string, unknown> | undefined): Set<string> {
  return new Set(Object.keys(query ?? {}).map(nameOf));
}
