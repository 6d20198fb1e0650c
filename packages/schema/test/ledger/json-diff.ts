// A small structural diff for tests: the JSON pointers where two JSON values differ. Objects are
// compared key by key; arrays index by index when their lengths match, else as a whole.
const escape = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function jsonDiff(a: unknown, b: unknown, pointer = ''): string[] {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return [pointer];
    return a.flatMap((item, i) => jsonDiff(item, b[i], `${pointer}/${i}`));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((key) => {
      const path = `${pointer}/${escape(key)}`;
      if (!(key in a) || !(key in b)) return [path];
      return jsonDiff(a[key], b[key], path);
    });
  }
  return Object.is(a, b) ? [] : [pointer];
}

/** The diff without `info` and without anything under an `example` or `examples` key. */
export function structuralDiff(a: unknown, b: unknown): string[] {
  return jsonDiff(a, b)
    .filter((pointer) => !pointer.startsWith('/info'))
    .filter((pointer) => !pointer.split('/').some((segment) => segment === 'example' || segment === 'examples'))
    .sort();
}
