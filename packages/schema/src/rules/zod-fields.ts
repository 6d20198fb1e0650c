// What a zod field schema says, read from zod's own definitions: the schema under its optional and
// default wrappers, the component it is named as, and the constraint kinds it carries.
import { getOpenApiMetadata, getRefId } from '@asteasolutions/zod-to-openapi';
import type { ConstraintKind } from '../provenance.js';
import type { z } from '../zod.js';

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  entries?: Record<string, unknown>;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number } } }[];
};
export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'default', 'nullable', 'readonly', 'catch', 'prefault', 'nonoptional']);

/** The schema under optional/default/nullable wrappers, and whether a value may be left out. */
export function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let current = schema;
  let optional = false;
  for (let depth = 0; depth < 8; depth++) {
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') optional = true;
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else break;
  }
  return { inner: current, optional };
}

/** Each schema's component name, read once: zod-to-openapi merges the metadata of every wrapper on each read. */
const refIds = new WeakMap<object, string | undefined>();
export const refId = (schema: z.ZodType): string | undefined => {
  if (refIds.has(schema)) return refIds.get(schema);
  const id = getRefId(schema as never);
  refIds.set(schema, id);
  return id;
};
const bound = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < Number.MAX_SAFE_INTEGER;

/** The constraint kinds a field carries, each with a one-line description. */
export function constraintsOf(schema: z.ZodType, optional: boolean, inObject: boolean): [ConstraintKind, string][] {
  const def = defOf(schema);
  const s = schema as unknown as { minValue?: number; maxValue?: number; minLength?: number | null; maxLength?: number | null };
  const out: [ConstraintKind, string][] = [
    [`type`, `is ${def.type === 'number' ? 'a number' : def.type === 'enum' ? 'a string' : `${/^[aeiou]/.test(def.type) ? 'an' : 'a'} ${def.type}`}`],
  ];
  if (inObject && !optional) out.push(['required', 'is required']);
  if (def.type === 'enum' && def.entries)
    out.push([
      'enum',
      `is one of ${Object.values(def.entries)
        .map((v) => JSON.stringify(v))
        .join(', ')}`,
    ]);
  if (def.type === 'number' && (bound(s.minValue) || bound(s.maxValue))) {
    out.push(['range', [bound(s.minValue) ? `≥ ${s.minValue}` : '', bound(s.maxValue) ? `≤ ${s.maxValue}` : ''].filter(Boolean).join(' and ')]);
  }
  // `maxChars` counts code points in a refinement and says `maxLength` only in the OpenAPI metadata.
  const maxChars = (getOpenApiMetadata(schema as never) as { maxLength?: unknown } | undefined)?.maxLength;
  if (def.type === 'string' && (bound(s.minLength) || bound(s.maxLength) || bound(maxChars))) {
    const max = bound(s.maxLength) ? s.maxLength : maxChars;
    out.push([
      'length',
      [bound(s.minLength) ? `at least ${s.minLength} characters` : '', bound(max) ? `at most ${max} characters` : ''].filter(Boolean).join(', '),
    ]);
  }
  if (def.type === 'array') {
    const min = def.checks?.find((c) => c._zod.def.check === 'min_length')?._zod.def.minimum;
    if (bound(min)) out.push(['length', `at least ${min} item${min === 1 ? '' : 's'}`]);
  }
  return out;
}
