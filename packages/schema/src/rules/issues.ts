// Path-precise issues: `[0].video_anyone.prompt: at most 500 characters`. Every validation in the
// toolkit (client, sandbox, conformance, CLI) reports through these, so a user sees one wording.
import type { ConstraintKind, ProvenanceSource } from '../provenance.js';
import { isCaseSensitive } from '../provenance.js';
import { formatIssue, formatPath, type IssuePath } from '../util/path.js';
import type { z } from '../zod.js';
import { ruleById, type Severity } from './catalog.js';
import { constraintRule, elementAt, schemaOf } from './fields.js';

export { formatIssue, formatPath, type IssuePath };

export interface Issue {
  path: IssuePath;
  message: string;
  /** Machine-readable kind: zod's issue code, or a code such as `lora_base_model` or `ignored_field`. */
  code: string;
  /** The id of the rule broken, from `rules()` (e.g. `VideoAnyone.prompt.length`, `narrator_input`). */
  rule: string;
  /** Where the rule comes from: only `interface` and `live-docs` rules are obligations of the service. */
  source: ProvenanceSource;
  severity: Severity;
}

/** An issue of a named rule; source and default severity come from the rule table. */
export function ruleIssue(rule: string, path: IssuePath, message: string, options: { code?: string; severity?: Severity } = {}): Issue {
  const record = ruleById(rule);
  if (!record) throw new Error(`unknown rule ${JSON.stringify(rule)}`);
  return { path, message, code: options.code ?? rule, rule, source: record.source, severity: options.severity ?? record.severity };
}

export type ValidationResult<T> = { success: true; data: T; errors: [] } | { success: false; data?: undefined; errors: Issue[] };

const quote = (v: unknown) => JSON.stringify(v);

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function bound(origin: string, limit: number | bigint, inclusive: boolean | undefined, big: boolean): string {
  const n = Number(limit);
  if (origin === 'string') return big ? `at most ${n} characters` : `at least ${n} character${n === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return big ? `at most ${n} items` : `at least ${n} item${n === 1 ? '' : 's'}`;
  if (big) return inclusive === false ? `must be < ${n}` : `must be ≤ ${n}`;
  return inclusive === false ? `must be > ${n}` : `must be ≥ ${n}`;
}

function message(raw: z.core.$ZodIssue, input: unknown): string {
  switch (raw.code) {
    case 'too_big':
      return bound(raw.origin, raw.maximum as number, raw.inclusive, true);
    case 'too_small':
      return bound(raw.origin, raw.minimum as number, raw.inclusive, false);
    case 'invalid_type':
      if (input === undefined) return 'required';
      if (raw.expected === 'int' || raw.expected === 'number') {
        if (typeof input === 'number' && !Number.isInteger(input)) return `must be a whole number, got ${input}`;
        if (typeof input === 'number') return 'must be a safe integer';
      }
      return `expected ${raw.expected === 'int' ? 'integer' : raw.expected}, got ${describe(input)}`;
    case 'invalid_value': {
      // zod reports a missing enum field as a wrong value; it is a missing one.
      if (input === undefined) return 'required';
      const values = raw.values as unknown[];
      const hint = typeof input === 'string' ? values.find((v) => typeof v === 'string' && v.toLowerCase() === input.toLowerCase()) : undefined;
      const list = values.map(quote).join(', ');
      return hint !== undefined
        ? `must be one of ${list} (case-sensitive); got ${quote(input)}, did you mean ${quote(hint)}?`
        : `must be one of ${list}${typeof input === 'string' ? `; got ${quote(input)}` : ''}`;
    }
    case 'invalid_union':
      return 'does not match any allowed shape';
    case 'invalid_format':
      return `must be a valid ${raw.format}`;
    default:
      return raw.message;
  }
}

function valueAt(root: unknown, path: IssuePath): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function constraintKind(raw: z.core.$ZodIssue, input: unknown): ConstraintKind {
  const declared = raw.code === 'custom' ? (raw.params as { constraint?: ConstraintKind } | undefined)?.constraint : undefined;
  if (declared) return declared;
  switch (raw.code) {
    case 'invalid_type':
      return input === undefined ? 'required' : 'type';
    case 'too_big':
    case 'too_small':
      return raw.origin === 'string' || raw.origin === 'array' || raw.origin === 'set' ? 'length' : 'range';
    case 'invalid_value':
      return input === undefined ? 'required' : 'enum';
    default:
      return 'type';
  }
}

/** A string that is one of the allowed values in another case. */
const isCaseVariant = (raw: z.core.$ZodIssue, input: unknown): boolean =>
  typeof input === 'string' &&
  Array.isArray((raw as { values?: unknown }).values) &&
  ((raw as { values: unknown[] }).values as unknown[]).some((v) => typeof v === 'string' && v !== input && v.toLowerCase() === input.toLowerCase());

/**
 * The rule a zod issue breaks: the refinement's named rule, a value in another case of an enum no
 * source calls case sensitive (our reading of case, not the field's rule), or the constraint rule of
 * the field.
 */
function ruleOf(raw: z.core.$ZodIssue, input: unknown, schema: z.ZodType | undefined): Pick<Issue, 'rule' | 'source'> {
  const named = raw.code === 'custom' ? (raw.params as { rule?: unknown } | undefined)?.rule : undefined;
  if (typeof named === 'string') {
    const record = ruleById(named);
    if (record) return { rule: named, source: record.source };
  }
  const element = schema ? elementAt(schema, raw.path as PropertyKey[]) : undefined;
  if (raw.code === 'invalid_value' && isCaseVariant(raw, input) && element !== undefined) {
    const field = schemaOf(element);
    if (!field || !isCaseSensitive(field)) return { rule: 'enum_values_case_sensitive', source: ruleById('enum_values_case_sensitive')!.source };
  }
  const { id, provenance } = constraintRule(element, constraintKind(raw, input));
  return { rule: id, source: provenance.source };
}

/** Turns zod's issues into ours, each with the rule it breaks and that rule's basis. */
export function fromZodIssues(issues: readonly z.core.$ZodIssue[], root: unknown, prefix: IssuePath = [], schema?: z.ZodType): Issue[] {
  const out: Issue[] = [];
  for (const raw of issues) {
    const path = [...prefix, ...(raw.path as (string | number)[])];
    const input = valueAt(root, raw.path as IssuePath);
    if (raw.code === 'unrecognized_keys') {
      for (const key of raw.keys) out.push(ruleIssue('unknown_field', [...path, key], 'not a field of the contract', { severity: 'error' }));
      continue;
    }
    out.push({ path, message: message(raw, input), code: raw.code, ...ruleOf(raw, input, schema), severity: 'error' });
  }
  return out;
}

/** Parses `value` with `schema`; failures come back as path-precise issues, never thrown. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, prefix: IssuePath = []): ValidationResult<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { success: true, data: result.data, errors: [] };
  return { success: false, errors: fromZodIssues(result.error.issues, value, prefix, schema) };
}
