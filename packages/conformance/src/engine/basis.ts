// The basis of a rule: where it comes from decides what breaking it means. A rule of the interface
// description or of the live docs is an obligation (a server that breaks it fails); an assumption of
// ours only earns a verdict (confirmed / refuted) unless the run is --strict.
//
// The schema package is the single source: every validation issue names the rule it breaks and that
// rule's basis (`issue.rule`, `issue.source`), and `ruleById` gives the rule's note. Nothing here
// restates a rule.
import { type Issue, type OperationSpec, type ProvenanceSource, ruleById, validate } from '@mediagen/schema';

export type Basis = { source: ProvenanceSource; rule: string; note?: string };

/** The basis of one issue of a request that breaks the contract: its rule, as the schema records it. */
export function issueBasis(issue: Pick<Issue, 'rule' | 'source'>): Basis {
  const note = ruleById(issue.rule)?.note;
  return { source: issue.source, rule: issue.rule, ...(note ? { note } : {}) };
}

/** The errors (not the warnings) a request part breaks. */
function errorsOf(schema: OperationSpec['body'], value: unknown): Issue[] {
  if (!schema || value === undefined) return [];
  const result = validate(schema, value);
  return result.success ? [] : result.errors.filter((issue) => issue.severity === 'error');
}

/**
 * What an invalid request breaks: documented when any rule it breaks is documented, an assumption
 * (named) when every rule it breaks is one. A request the schema accepts breaks nothing (undefined):
 * a field it does not know, or anything else the schema only warns about, is no rule of the API.
 */
export function breachBasis(op: OperationSpec, parts: { body?: unknown; query?: Record<string, unknown> }): Basis | undefined {
  const issues = [...errorsOf(op.body, parts.body), ...errorsOf(op.query, parts.query)];
  const bases = issues.map(issueBasis);
  if (bases.length === 0) return undefined;
  return bases.find((b) => b.source !== 'assumption') ?? bases[0];
}

/** Whether breaking this basis can fail a server (documented, or any rule under --strict). */
export function isObligation(basis: Basis | undefined, strict: boolean): boolean {
  return strict || basis === undefined || basis.source !== 'assumption';
}
