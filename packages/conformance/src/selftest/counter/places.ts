// Where each response element sits in the answers: the operations' success schemas and ErrorEnvelope
// walked once, every field named as the schema package names it (`elementAt`). A counter-server's
// answer targets are put into runs from it: two targets one of which holds the other (a listing's
// `data` and the `name` of its items) cannot be broken in the same answers.
import { ErrorEnvelope, elementAt, operationList, type z } from '@mediagen/schema';

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType>; options?: z.ZodType[] };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'default', 'nullable', 'readonly', 'catch', 'prefault', 'nonoptional', 'lazy']);

type Path = readonly (string | number)[];

/** The schema under its wrappers (optional, default, a pipe's input, …). */
function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 8; depth++) {
    const def = defOf(current);
    const inner = WRAPPERS.has(def.type) ? def.innerType : def.type === 'pipe' ? def.in : undefined;
    if (!inner) break;
    current = inner;
  }
  return current;
}

/** Every field path of a schema (array items as index 0, every union branch), bounded in depth. */
function fieldPaths(schema: z.ZodType, prefix: Path, out: Path[], depth = 0): void {
  if (depth > 24) return;
  const def = defOf(unwrapped(schema));
  if (def.type === 'array' && def.element) fieldPaths(def.element, [...prefix, 0], out, depth + 1);
  else if (def.type === 'union' && def.options) for (const option of def.options) fieldPaths(option, prefix, out, depth + 1);
  else if (def.type === 'object' && def.shape) {
    for (const [key, field] of Object.entries(def.shape)) {
      out.push([...prefix, key]);
      fieldPaths(field, [...prefix, key], out, depth + 1);
    }
  }
}

/** `root › path` of every place of each response element. */
let cache: Map<string, string[]> | undefined;

export function responsePlaces(): ReadonlyMap<string, readonly string[]> {
  if (cache) return cache;
  cache = new Map();
  const roots: [string, z.ZodType][] = [
    ...operationList.map((op) => [op.operationId, op.success.schema] as [string, z.ZodType]),
    ['ErrorEnvelope', ErrorEnvelope],
  ];
  for (const [name, schema] of roots) {
    const paths: Path[] = [];
    fieldPaths(schema, [], paths);
    for (const path of paths) {
      const element = elementAt(schema, path);
      if (element === undefined) continue;
      const places = cache.get(element) ?? [];
      places.push(`${name} › ${path.join('.')}`);
      cache.set(element, places);
    }
  }
  return cache;
}

/** Whether one element sits inside the other anywhere (either way round). */
export function nested(a: string, b: string): boolean {
  const places = responsePlaces();
  const inside = (outer: string, inner: string) =>
    (places.get(outer) ?? []).some((o) => (places.get(inner) ?? []).some((i) => i !== o && i.startsWith(`${o}.`)));
  return inside(a, b) || inside(b, a);
}
