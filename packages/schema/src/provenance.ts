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
}

export interface ProvenanceRecord extends Provenance {
  /** `Schema.field` for schema fields, `operation:operationId` for operations. */
  element: string;
}

const bySchema = new WeakMap<object, Provenance>();
const records = new Map<string, ProvenanceRecord>();

function tag<T extends z.ZodType>(schema: T, provenance: Provenance): T {
  const tagged = schema.openapi({ 'x-provenance': provenance } as never);
  bySchema.set(tagged, provenance);
  return tagged;
}

/** A field whose name and shape the live documentation shows. */
export const fromDocs = <T extends z.ZodType>(schema: T, note?: string): T =>
  tag(schema, note ? { source: 'live-docs', note } : { source: 'live-docs' });

/** A field the interface description states (and the live docs do not contradict). */
export const fromInterface = <T extends z.ZodType>(schema: T, note?: string): T =>
  tag(schema, note ? { source: 'interface', note } : { source: 'interface' });

/** A decision of ours that neither source settles; `claim` is what a live run can test. */
export const assumed = <T extends z.ZodType>(schema: T, claim: string): T =>
  tag(schema, { source: 'assumption', note: claim });

/**
 * Records the provenance of every property of an object shape under `Name.field`. Called by
 * `documentedObject`; a property without a provenance tag is a programming error caught at import.
 */
export function recordShape(name: string, shape: Record<string, z.ZodType>): void {
  for (const [field, schema] of Object.entries(shape)) {
    const provenance = provenanceOf(schema);
    if (!provenance) throw new Error(`${name}.${field} has no provenance: wrap it in fromDocs/fromInterface/assumed`);
    records.set(`${name}.${field}`, { element: `${name}.${field}`, ...provenance });
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

/** Every recorded element, sorted by name. Complete once the schema modules are imported. */
export function provenanceRecords(): ProvenanceRecord[] {
  return [...records.values()].sort((a, b) => a.element.localeCompare(b.element));
}

/** The assumptions only: the claims the conformance suite gives verdicts on. */
export function assumptions(): ProvenanceRecord[] {
  return provenanceRecords().filter((r) => r.source === 'assumption');
}
