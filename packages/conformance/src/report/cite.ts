// How a report names the rule behind a failure or a verdict, and where its source says it.
import type { Citation } from './types.js';

/** `rule GenerationItem.steps.range (interface, interface § Limits: "…")`, or the claim of an assumption. */
export function citation(basis: Citation): string {
  const where = basis.source === 'assumption' ? `assumption: ${basis.note ?? 'ours'}` : basis.cite ? `${basis.source}, ${basis.cite}` : basis.source;
  return `rule ${basis.rule} (${where})`;
}
