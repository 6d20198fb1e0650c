// Arbitraries from the schema package's zod schemas. The structure (objects, arrays, enums, number
// and length bounds) comes from the schemas; rules written as refinements are enforced afterwards by
// filtering with the schema itself, so every generated value is valid by the contract. `override`
// replaces the arbitrary at a field (by name), e.g. ids and names that must exist on the target.

import type { z } from '@mediagen/schema';
import fc from 'fast-check';

type Def = { type: string; [key: string]: unknown };
type Check = { _zod: { def: { check: string; [key: string]: unknown } } };

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check['_zod']['def'][] => ((def.checks as Check[] | undefined) ?? []).map((c) => c._zod.def);

export interface ArbitraryOptions {
  /** Arbitrary for a field, by field name (and the parent path for disambiguation). */
  override?: (field: string, path: readonly string[]) => fc.Arbitrary<unknown> | undefined;
  /** Weight of leaving an optional field out, against 1 for including it (default 1). */
  absentWeight?: (path: readonly string[], fieldCount: number) => number;
  /** Longest generated string (default 16) and array (default 3). */
  maxStringLength?: number;
  maxArrayLength?: number;
}

const ABSENT = Symbol('absent');

function numberBounds(def: Def): { min?: number; max?: number; minExcluded: boolean; maxExcluded: boolean; integer: boolean } {
  let integer = def.format === 'safeint' || def.format === 'int32';
  let min: number | undefined;
  let max: number | undefined;
  let minExcluded = false;
  let maxExcluded = false;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format' && (check.format === 'safeint' || check.format === 'int32')) integer = true;
    if (check.check === 'greater_than') {
      min = Number(check.value);
      minExcluded = check.inclusive === false;
    }
    if (check.check === 'less_than') {
      max = Number(check.value);
      maxExcluded = check.inclusive === false;
    }
  }
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), minExcluded, maxExcluded, integer };
}

function lengthBounds(def: Def, fallbackMax: number): { minLength: number; maxLength: number } {
  let minLength = 0;
  let maxLength = fallbackMax;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') minLength = Number(check.minimum);
    if (check.check === 'max_length') maxLength = Math.min(Number(check.maximum), Math.max(fallbackMax, minLength));
    if (check.check === 'length_equals') minLength = maxLength = Number(check.length);
  }
  return { minLength, maxLength: Math.max(minLength, maxLength) };
}

/** An arbitrary for values of `schema` (before refinements; filter with the schema for those). */
export function arbitraryFor(schema: z.ZodType, options: ArbitraryOptions = {}, path: readonly string[] = []): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const maxString = options.maxStringLength ?? 16;
  const maxArray = options.maxArrayLength ?? 3;
  switch (def.type) {
    case 'string': {
      const { minLength, maxLength } = lengthBounds(def, maxString);
      return fc.string({ minLength, maxLength });
    }
    case 'number': {
      const b = numberBounds(def);
      if (b.integer) {
        const min = b.min === undefined ? -1_000_000 : b.minExcluded ? Math.floor(b.min) + 1 : Math.ceil(b.min);
        const max = b.max === undefined ? Math.max(min, 0) + 1_000_000 : b.maxExcluded ? Math.ceil(b.max) - 1 : Math.floor(b.max);
        return fc.integer({ min, max });
      }
      const min = b.min ?? -1_000_000;
      const max = b.max ?? Math.max(min, 0) + 1_000_000;
      return fc
        .double({ min, max, minExcluded: b.minExcluded, maxExcluded: b.maxExcluded, noNaN: true, noDefaultInfinity: true })
        .map((n) => (Object.is(n, -0) ? 0 : n));
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'nonoptional':
      return arbitraryFor(def.innerType as z.ZodType, options, path);
    case 'pipe':
      return arbitraryFor(def.in as z.ZodType, options, path);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => arbitraryFor(o, options, path)));
    case 'array': {
      const { minLength, maxLength } = lengthBounds(def, maxArray);
      return fc.array(arbitraryFor(def.element as z.ZodType, options, [...path, '*']), { minLength, maxLength: Math.min(maxLength, maxArray) });
    }
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const keys = Object.keys(shape);
      const entries: Record<string, fc.Arbitrary<unknown>> = {};
      for (const key of keys) {
        const fieldPath = [...path, key];
        const field = shape[key]!;
        const value = options.override?.(key, path) ?? arbitraryFor(field, options, fieldPath);
        const optional = defOf(field).type === 'optional';
        if (!optional) {
          entries[key] = value;
          continue;
        }
        const absent = options.absentWeight?.(fieldPath, keys.length) ?? 1;
        // Cross-shrinking lets a failing case lose the optional fields it does not need.
        entries[key] = fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(ABSENT), weight: absent }, { arbitrary: value, weight: 1 });
      }
      return fc.record(entries).map((record) => {
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(record)) if (value !== ABSENT) out[key] = value;
        return out;
      });
    }
    case 'unknown':
    case 'any':
      return fc.constant(undefined);
    default:
      throw new Error(`no arbitrary for zod type "${def.type}" at ${path.join('.') || '(root)'}`);
  }
}
