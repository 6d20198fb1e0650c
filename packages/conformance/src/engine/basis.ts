// The basis of a rule: where it comes from decides what breaking it means. A rule of the interface
// description or of the live docs is an obligation (a server that breaks it fails); an assumption of
// ours only earns a verdict (confirmed / refuted) unless the run is --strict.
//
// Today the schema package records provenance per field (`provenanceOf`, `assumptions()`); the rules
// of its refinements carry none. This module is the one place that turns a validation issue into a
// basis, so moving to per-rule records (an Issue that carries its own `source`) changes only here.
import { type Issue, type OperationSpec, type ProvenanceSource, provenanceOf, validate, type z } from '@mediagen/schema';

export type Basis = { source: ProvenanceSource; rule: string; note?: string };

/** Rules the schema enforces that no source states: a live run settles them. */
const ASSUMED_RULES: { rule: string; note: string; matches(issue: Issue, where: 'body' | 'query', value: unknown): boolean }[] = [
  {
    rule: 'unknown_fields_rejected',
    note: 'a request with an unknown field is rejected (the sources do not say; FastAPI-style servers ignore them)',
    matches: (issue) => issue.code === 'unrecognized_keys',
  },
  {
    rule: 'narrator_single_input',
    note: 'a narrator item with both script and audio_asset_id is rejected (the docs’ own example carries both)',
    matches: (issue) => issue.code === 'custom' && /audio_asset_id, not both/.test(issue.message),
  },
  {
    rule: 'item_chooses_a_kind',
    note: 'an item that names no kind field is rejected (the docs say it "should carry only one of")',
    matches: (issue) => issue.code === 'custom' && /^choose a kind/.test(issue.message),
  },
  {
    rule: 'json_types_strict',
    note: 'a number sent as a numeric string, or null for a field, is rejected (a lax server, as pydantic is by default, reads "20" as 20 and null as absent)',
    matches: (issue, _where, value) => issue.code === 'invalid_type' && (value === null || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))),
  },
  {
    rule: 'query_values_case_sensitive',
    note: 'query values are matched case-sensitively (no source says so; servers often match loosely)',
    matches: (issue, where) => where === 'query' && issue.code === 'invalid_value' && /case-sensitive/.test(issue.message),
  },
];

/** The value an issue points at (undefined when the path leaves the value). */
function valueAt(root: unknown, path: Issue['path']): unknown {
  let node = root;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

type Def = { type?: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[]; left?: z.ZodType; right?: z.ZodType };
const defOf = (schema: unknown): Def => ((schema as { _zod?: { def?: Def } })?._zod?.def ?? {});

/** Every schema one step down `segment` from `schema` (through wrappers and unions). */
function children(schema: z.ZodType, segment: string | number, depth = 0): z.ZodType[] {
  if (depth > 8) return [];
  const def = defOf(schema);
  if (def.innerType) return children(def.innerType, segment, depth + 1);
  if (def.type === 'pipe' && def.in) return children(def.in, segment, depth + 1);
  if (def.options) return def.options.flatMap((o) => children(o, segment, depth + 1));
  if (def.left && def.right) return [...children(def.left, segment, depth + 1), ...children(def.right, segment, depth + 1)];
  if (typeof segment === 'number' && def.element) return [def.element];
  if (typeof segment === 'string' && def.shape && segment in def.shape) return [def.shape[segment]!];
  return [];
}

/** The provenance of the field an issue points at (the deepest tagged schema on its path). */
function fieldSource(root: z.ZodType, path: Issue['path']): { source: ProvenanceSource; note?: string } | undefined {
  let level: z.ZodType[] = [root];
  let found: { source: ProvenanceSource; note?: string } | undefined;
  for (const segment of path) {
    level = level.flatMap((s) => children(s, segment));
    if (level.length === 0) break;
    const tags = level.map((s) => provenanceOf(s)).filter((p) => p !== undefined);
    // Any branch that documents the field makes it documented.
    if (tags.length > 0) found = tags.find((p) => p.source !== 'assumption') ?? tags[0];
  }
  return found;
}

/** The basis of one issue of a request that breaks the contract. */
export function issueBasis(issue: Issue, schema: z.ZodType, where: 'body' | 'query', root?: unknown): Basis {
  const own = issue as Issue & { source?: ProvenanceSource; rule?: string };
  if (own.source) return { source: own.source, rule: own.rule ?? issue.code };
  const value = valueAt(root, issue.path);
  for (const assumed of ASSUMED_RULES) if (assumed.matches(issue, where, value)) return { source: 'assumption', rule: assumed.rule, note: assumed.note };
  const tag = fieldSource(schema, issue.path);
  const field = issue.path.filter((s) => typeof s === 'string').join('.') || '(root)';
  if (tag?.source === 'assumption') return { source: 'assumption', rule: field, ...(tag.note ? { note: tag.note } : {}) };
  return { source: tag?.source ?? 'interface', rule: `${field}: ${issue.code}` };
}

/**
 * What an invalid request breaks: documented when any rule it breaks is documented, an assumption
 * (named) when every rule it breaks is one. A request the schema accepts breaks nothing (undefined).
 */
export function breachBasis(op: OperationSpec, parts: { body?: unknown; query?: Record<string, unknown> }): Basis | undefined {
  const bases: Basis[] = [];
  if (op.body && parts.body !== undefined) {
    const result = validate(op.body, parts.body);
    if (!result.success) bases.push(...result.errors.map((issue) => issueBasis(issue, op.body!, 'body', parts.body)));
  }
  if (op.query && parts.query !== undefined) {
    const result = validate(op.query, parts.query);
    if (!result.success) bases.push(...result.errors.map((issue) => issueBasis(issue, op.query!, 'query', parts.query)));
  }
  if (bases.length === 0) return undefined;
  return bases.find((b) => b.source !== 'assumption') ?? bases[0];
}

/** Whether breaking this basis can fail a server (documented, or any rule under --strict). */
export function isObligation(basis: Basis | undefined, strict: boolean): boolean {
  return strict || basis === undefined || basis.source !== 'assumption';
}
