// Path-precise issues: `[0].video_anyone.prompt: at most 500 characters`. Every validation in the
// toolkit (client, sandbox, conformance, CLI) reports through these, so a user sees one wording.
import type { z } from '../zod.js';

export type IssuePath = ReadonlyArray<string | number>;

export interface Issue {
  path: IssuePath;
  message: string;
  /** Machine-readable kind: zod's issue code, or a rule id such as `lora_base_model`. */
  code: string;
}

export type ValidationResult<T> = { success: true; data: T; errors: [] } | { success: false; data?: undefined; errors: Issue[] };

/** `[0].video_anyone.prompt`; `(root)` for the value itself. */
export function formatPath(path: IssuePath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${segment}` : segment;
  }
  return out || '(root)';
}

export function formatIssue(issue: Issue): string {
  return `${formatPath(issue.path)}: ${issue.message}`;
}

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
      const values = raw.values as unknown[];
      const hint =
        typeof input === 'string'
          ? values.find((v) => typeof v === 'string' && v.toLowerCase() === input.toLowerCase())
          : undefined;
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

/** Turns zod's issues into ours; an unknown key becomes one issue at that key's own path. */
export function fromZodIssues(issues: readonly z.core.$ZodIssue[], root: unknown, prefix: IssuePath = []): Issue[] {
  const out: Issue[] = [];
  for (const raw of issues) {
    const path = [...prefix, ...(raw.path as (string | number)[])];
    if (raw.code === 'unrecognized_keys') {
      for (const key of raw.keys) out.push({ path: [...path, key], message: 'unknown field', code: raw.code });
      continue;
    }
    out.push({ path, message: message(raw, valueAt(root, raw.path as IssuePath)), code: raw.code });
  }
  return out;
}

/** Parses `value` with `schema`; failures come back as path-precise issues, never thrown. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, prefix: IssuePath = []): ValidationResult<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { success: true, data: result.data, errors: [] };
  return { success: false, errors: fromZodIssues(result.error.issues, value, prefix) };
}
