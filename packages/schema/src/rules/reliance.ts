// What a valid value relies on: the assumed fields it carries and the assumed enum values it picks.
// A request the contract allows only because of an assumption of ours (a field no source shows, a
// listing `type` value no source lists) tests that assumption when a server takes or refuses it; it
// is no obligation of the service.
import type { z } from '../zod.js';
import { elementAt, elementInfo, exampleOf, fieldConstraints, schemaOf } from './fields.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every path to a value present in `value` (objects' fields and arrays' items, depth first, bounded). */
type Present = { path: (string | number)[]; value: unknown };

function presentPaths(value: unknown, prefix: (string | number)[] = [], out: Present[] = []): Present[] {
  if (prefix.length > 32) return out;
  if (Array.isArray(value)) value.forEach((item, i) => presentPaths(item, [...prefix, i], out));
  else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      out.push({ path: [...prefix, key], value: item });
      presentPaths(item, [...prefix, key], out);
    }
  }
  return out;
}

/** A scalar equal to the field's documented example relies on nothing: the docs sent it. */
const isExample = (element: string, value: unknown) => {
  const example = exampleOf(element);
  return example !== undefined && (typeof value !== 'object' || value === null) && String(example) === String(value);
};

type Bounded = {
  minValue?: number | null;
  maxValue?: number | null;
  minLength?: number | null;
  maxLength?: number | null;
  _zod: { def: { type: string; checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number } } }[] } };
};

/**
 * Whether a value sits on a bound of its field (a range's minimum or maximum, a length's shortest or
 * longest): only there does an assumed bound decide validity; a value well inside any reading of it
 * relies on nothing.
 */
function onBound(element: string, value: unknown): boolean {
  const schema = schemaOf(element) as unknown as Bounded | undefined;
  if (!schema) return true;
  const def = schema._zod.def;
  const size = typeof value === 'number' ? value : typeof value === 'string' ? [...value].length : Array.isArray(value) ? value.length : undefined;
  if (size === undefined) return true;
  const arrayBound = (check: string) => def.checks?.find((c) => c._zod.def.check === check)?._zod.def;
  const bounds =
    def.type === 'array'
      ? [arrayBound('min_length')?.minimum, arrayBound('max_length')?.maximum]
      : typeof value === 'number'
        ? [schema.minValue, schema.maxValue]
        : [schema.minLength, schema.maxLength];
  return bounds.some((bound) => typeof bound === 'number' && Number.isFinite(bound) && bound === size);
}

/** Whether a source bounds the field on both sides of its range (steps, cfg_scale): every value inside is stated. */
function sourcedRange(element: string): boolean {
  const range = fieldConstraints().get(`${element}.range`);
  const schema = schemaOf(element) as unknown as Bounded | undefined;
  const finite = (n: number | null | undefined) => typeof n === 'number' && Number.isFinite(n);
  return range !== undefined && range.provenance.source !== 'assumption' && finite(schema?.minValue) && finite(schema?.maxValue);
}

/**
 * Whether a value lies in an open range: a number of a field no source bounds on both sides, away
 * from what the docs show of it. A source shows such a field by its example; values of the example's
 * sign up to ten times its size (the magnitude the docs show) are read as what it shows, anything
 * beyond (a seed of −505179, a control mode of 583232, a LoRA weight of 462596) relies on the service
 * taking values no source bounds. An empty string relies on it too where no source says how short a
 * value may be.
 */
function inOpenRange(element: string, value: unknown): boolean {
  if (typeof value === 'string') return value.length === 0 && !fieldConstraints().has(`${element}.length`);
  if (typeof value !== 'number' || sourcedRange(element)) return false;
  const example = exampleOf(element);
  const shown = typeof example === 'number' && Number.isFinite(example) ? example : 1;
  const magnitude = Math.max(Math.abs(shown), 1) * 10;
  return shown >= 0 ? value < 0 || value > magnitude : value > 0 || value < -magnitude;
}

/**
 * The assumptions a valid value relies on: for each field it carries, the field's element when its
 * provenance is an assumption; or, for a documented field, the constraint rule (`Element.enum`,
 * `Element.range`, `Element.length`) whose bounds are ours, unless the value is the documented example;
 * and `open_range_values_accepted` for a value in a range no source bounds. Sorted, without repeats.
 */
export function assumptionsRelied(schema: z.ZodType, value: unknown): string[] {
  const found = new Set<string>();
  for (const { path, value: item } of presentPaths(value)) {
    const element = elementAt(schema, path);
    const info = element === undefined ? undefined : elementInfo(element);
    if (!element || !info || element.startsWith('(')) continue;
    if (info.provenance.source === 'assumption') {
      if (!isExample(element, item)) found.add(element);
      continue;
    }
    // An element's own bounds may be ours while the field is documented (steps is; true_touch's ranges are not).
    for (const kind of ['enum', 'range', 'length'] as const) {
      const constraint = fieldConstraints().get(`${element}.${kind}`);
      if (constraint?.provenance.source !== 'assumption' || isExample(element, item)) continue;
      if (kind === 'enum' || onBound(element, item)) found.add(constraint.id);
    }
    if (!isExample(element, item) && inOpenRange(element, item)) found.add('open_range_values_accepted');
  }
  return [...found].sort();
}
