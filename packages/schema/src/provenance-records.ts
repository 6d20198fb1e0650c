// The provenance records of the contract: every field the operations table reaches and every
// operation, each with its source. Derived on demand from the table (nothing registers itself at
// import), so the list is complete whatever a consumer imported first.
import { operationList } from './operations.js';
import type { ProvenanceRecord } from './provenance.js';
import { fieldElements } from './rules/fields.js';

let cache: ProvenanceRecord[] | undefined;

function build(): ProvenanceRecord[] {
  const records = new Map<string, ProvenanceRecord>();
  for (const { element, provenance } of fieldElements()) records.set(element, { element, ...provenance });
  for (const op of operationList) records.set(`operation:${op.operationId}`, { element: `operation:${op.operationId}`, ...op.provenance });
  return [...records.values()].sort((a, b) => a.element.localeCompare(b.element));
}

/** Every recorded element, sorted by name. */
export function provenanceRecords(): ProvenanceRecord[] {
  cache ??= build();
  return cache.map((record) => ({ ...record }));
}

/** The assumptions only: the claims the conformance suite gives verdicts on. */
export function assumptions(): ProvenanceRecord[] {
  return provenanceRecords().filter((r) => r.source === 'assumption');
}
