// Provenance: where each field and operation of the contract comes from.
//
// The interface description hides many wire names and shapes, the live docs show only the start of
// each page, and the rest we had to decide. Every element therefore records its source, so a reader
// (and the conformance suite) can tell a documented fact from a guess. An assumption carries a claim
// that a run against the live service can confirm or refute.
import { getOpenApiMetadata } from '@asteasolutions/zod-to-openapi';
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
  /** `Schema.field` for schema fields, `operationId.query.name` / `operationId.path.name` for parameters, `operation:operationId` for operations. */
  element: string;
}

// The provenance lives in the schema's own OpenAPI metadata (`x-provenance`), where the document
// emitter finds it too: nothing is registered at import, so importing a schema module has no effect
// beyond building its schemas. The list of records is derived on demand (./provenance-records.ts).
function tag<T extends z.ZodType>(schema: T, provenance: Provenance): T {
  return schema.openapi({ 'x-provenance': provenance } as never);
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

/** The provenance of a schema built with the helpers above, looking through `.optional()`. */
export function provenanceOf(schema: z.ZodType): Provenance | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; depth < 4 && current; depth++) {
    const found = (getOpenApiMetadata(current as never) as { 'x-provenance'?: Provenance } | undefined)?.['x-provenance'];
    if (found) return found;
    current = (current as unknown as { _zod?: { def?: { innerType?: z.ZodType } } })._zod?.def?.innerType;
  }
  return undefined;
}
