// Fields the contract does not name. No source forbids them (the service ignores what it does not
// know), so the published document allows them; a misspelt field would silently do nothing, so the
// request checks name each one, with the nearest field of the contract when one is close enough.
import type { z } from '../zod.js';
import type { Severity } from './catalog.js';
import { type Issue, type IssuePath, ruleIssue } from './issues.js';
import { unwrap } from './zod-fields.js';

type Def = { type: string; element?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Edit distance counting a swap of neighbours as one edit (`stpes` is one from `steps`). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The known name `name` most likely stands for: equal ignoring case and separators
 * (`aspectRatio`), within about a third of its length in edits (`stpes`), or containing a known
 * name of four letters or more (`steps_count`). `undefined` when nothing is that close.
 */
export function didYouMean(name: string, known: readonly string[]): string | undefined {
  const key = squash(name);
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const other = squash(candidate);
    if (other === key) return candidate;
    const distance = editDistance(key, other);
    const allowed = Math.max(1, Math.floor(Math.max(key.length, other.length) / 3));
    const close = distance <= allowed || (other.length >= 4 && key.includes(other));
    if (close && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** One issue per field of `value` that `schema` does not name, at any depth. */
export function unknownFieldIssues(schema: z.ZodType, value: unknown, severity: Severity = 'warning', prefix: IssuePath = []): Issue[] {
  const out: Issue[] = [];
  const walk = (current: z.ZodType, node: unknown, path: (string | number)[]) => {
    const inner = unwrap(current).inner;
    const def = defOf(inner);
    if (def.type === 'array' && def.element && Array.isArray(node)) {
      node.forEach((item, i) => walk(def.element!, item, [...path, i]));
    } else if (def.type === 'object' && def.shape && node !== null && typeof node === 'object' && !Array.isArray(node)) {
      const known = Object.keys(def.shape);
      for (const [key, child] of Object.entries(node)) {
        const field = Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
        if (field) {
          walk(field, child, [...path, key]);
          continue;
        }
        const guess = didYouMean(key, known);
        out.push(
          ruleIssue('unknown_field', [...path, key], `not a field of the contract${guess ? `; did you mean ${JSON.stringify(guess)}?` : ''}`, { severity }),
        );
      }
    }
  };
  walk(schema, value, [...prefix]);
  return out;
}
