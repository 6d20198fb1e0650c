// Provenance: where each field and operation of the contract comes from.
//
// The interface description hides many wire names and shapes, the live docs show only the start of
// each page, and the rest we had to decide. Every element therefore records its source, so a reader
// (and the conformance suite) can tell a documented fact from a guess. An assumption carries a claim
// that a run against the live service can confirm or refute.
import type { z } from './zod.js';

export type ProvenanceSource = 'interface' | 'live-docs' | 'assumption';

export interface Provenance {
  source: ProvenanceSource;
  /** For assumptions: the claim a live run can confirm or refute. Otherwise a short citation. */
  note?: string;
  /**
   * Where a constraint on the field comes from when that differs from the field itself: a field
   * the docs show whose range we decided (`true_touch.scale_factor`), or a required-ness the docs
   * state. Without an entry, a constraint shares the field's basis (required-ness in requests
   * excepted: no source marks a request field required unless said here).
   */
  constraints?: Partial<Record<ConstraintKind, Provenance>>;
}

/** The kinds of constraint a field can carry; each is a rule of its own (`GenerationItem.steps.range`). */
export type ConstraintKind = 'type' | 'required' | 'enum' | 'range' | 'length';
export type ConstraintBasis = Partial<Record<ConstraintKind, Provenance>>;

export interface ProvenanceRecord extends Provenance {
  /** `Schema.field` for schema fields, `operation:operationId` for operations. */
  element: string;
}

const bySchema = new WeakMap<object, Provenance>();
/** The element name a field schema was first recorded under (`GenerationItem.steps`). */
const elementBySchema = new WeakMap<object, string>();
const records = new Map<string, ProvenanceRecord>();

function tag<T extends z.ZodType>(schema: T, provenance: Provenance): T {
  const tagged = schema.openapi({ 'x-provenance': provenance } as never);
  bySchema.set(tagged, provenance);
  return tagged;
}

const make = (source: ProvenanceSource, note: string | undefined, constraints: ConstraintBasis | undefined): Provenance => ({
  source,
  ...(note ? { note } : {}),
  ...(constraints && Object.keys(constraints).length ? { constraints } : {}),
});

/** A field whose name and shape the live documentation shows. */
export const fromDocs = <T extends z.ZodType>(schema: T, note?: string, constraints?: ConstraintBasis): T => tag(schema, make('live-docs', note, constraints));

/** A field the interface description states (and the live docs do not contradict). */
export const fromInterface = <T extends z.ZodType>(schema: T, note?: string, constraints?: ConstraintBasis): T =>
  tag(schema, make('interface', note, constraints));

/** A decision of ours that neither source settles; `claim` is what a live run can test. */
export const assumed = <T extends z.ZodType>(schema: T, claim: string, constraints?: ConstraintBasis): T => tag(schema, make('assumption', claim, constraints));

/** Constraint basis helpers: `{ range: assumption('scale_factor is at least 1') }`. */
export const assumption = (claim: string): Provenance => ({ source: 'assumption', note: claim });
export const documented = (note?: string): Provenance => (note ? { source: 'live-docs', note } : { source: 'live-docs' });

/**
 * Records the provenance of every property of an object shape under `Name.field`. Called by
 * `documentedObject`; a property without a provenance tag is a programming error caught at import.
 */
export function recordShape(name: string, shape: Record<string, z.ZodType>): void {
  for (const [field, schema] of Object.entries(shape)) {
    const provenance = provenanceOf(schema);
    if (!provenance) throw new Error(`${name}.${field} has no provenance: wrap it in fromDocs/fromInterface/assumed`);
    records.set(`${name}.${field}`, { element: `${name}.${field}`, ...provenance });
    if (!elementBySchema.has(schema)) elementBySchema.set(schema, `${name}.${field}`);
  }
}

export function recordOperation(operationId: string, provenance: Provenance): void {
  records.set(`operation:${operationId}`, { element: `operation:${operationId}`, ...provenance });
}

/** The provenance of a schema built with the helpers above, looking through `.optional()`. */
export function provenanceOf(schema: z.ZodType): Provenance | undefined {
  let current: unknown = schema;
  for (let depth = 0; depth < 4 && current; depth++) {
    const found = bySchema.get(current as object);
    if (found) return found;
    current = (current as { _zod?: { def?: { innerType?: unknown } } })._zod?.def?.innerType;
  }
  return undefined;
}

/** The element a field schema was first recorded under, e.g. `VideoAnyone.prompt`. */
export function elementOf(schema: z.ZodType): string | undefined {
  return elementBySchema.get(schema);
}

/** Every recorded element, sorted by name. Complete once the schema modules are imported. */
export function provenanceRecords(): ProvenanceRecord[] {
  return [...records.values()].sort((a, b) => a.element.localeCompare(b.element));
}

/** The assumptions only: the claims the conformance suite gives verdicts on. */
export function assumptions(): ProvenanceRecord[] {
  return provenanceRecords().filter((r) => r.source === 'assumption');
}
