// The basis of a rule: where it comes from decides what breaking it means. A rule of the interface
// description or of the live docs is an obligation (a server that breaks it fails); an assumption of
// ours only earns a verdict (confirmed / refuted) unless the run is --strict.
//
// The schema package is the single source: its rules table holds every rule (request rules,
// constraints of fields, behaviour rules) with its basis, and every validation issue names the rule it
// breaks. Nothing here restates a rule.
import { assumptionsRelied, type GenerationContext, type Issue, type OperationSpec, type ProvenanceSource, ruleById, weakestAlong } from '@mediagen/schema';
import { type RequestFindings, requestFindings } from './findings.js';

export type Basis = { source: ProvenanceSource; rule: string; note?: string; cite?: string };

/** The basis of a rule of the rules table; an unknown id is a bug of the suite (every assertion names a rule). */
export function ruleBasis(rule: string): Basis {
  const record = ruleById(rule);
  if (!record) throw new Error(`internal: no rule ${JSON.stringify(rule)} in the contract's rules table`);
  return { source: record.source, rule, ...(record.note ? { note: record.note } : {}), ...(record.cite ? { cite: record.cite } : {}) };
}

/** The basis of one issue of a request that breaks the contract: its rule, as the schema records it. */
export function issueBasis(issue: Pick<Issue, 'rule' | 'source'>): Basis {
  const record = ruleById(issue.rule);
  return { source: issue.source, rule: issue.rule, ...(record?.note ? { note: record.note } : {}), ...(record?.cite ? { cite: record.cite } : {}) };
}

export interface RequestParts {
  body?: unknown;
  query?: Record<string, unknown>;
}

/**
 * The listing fields a rule that needs the target's facts reads: a breach found with them is only as
 * sure as those fields. Where one is our assumption (the listings' item shapes are not shown), the
 * breach is a verdict on it, not an obligation.
 */
const FACTS_READ: Readonly<Record<string, readonly string[]>> = {
  lora_base_model: ['Lora.base_model', 'Model.base_model', 'Style.base_model'],
};

/**
 * The basis of an issue as firm as the weakest link on its path: a documented field inside an assumed
 * container (`VideoAnyone.asset_id`'s object) breaks only that assumption; so does a rule read with
 * assumed listing fields.
 */
function issueBasisWithFacts(op: OperationSpec, issue: Issue): Basis {
  const assumedFact = (FACTS_READ[issue.rule] ?? []).find((element) => ruleById(`${element}.type`)?.source === 'assumption');
  if (assumedFact) return ruleBasis(`${assumedFact}.type`);
  if (issue.source !== 'assumption') {
    const container = [op.body, op.query].flatMap((schema) => (schema ? [weakestAlong(schema, issue.path)] : [])).find((e) => e !== undefined);
    if (container !== undefined) return ruleBasis(`${container}.type`);
  }
  return issueBasis(issue);
}

/**
 * What an invalid request breaks: documented when any rule it breaks is documented, an assumption
 * (named) when every rule it breaks is one. A request the schema accepts breaks nothing (undefined):
 * a field it does not know, or anything else the schema only warns about, is no rule of the API. A
 * generation body is checked with the target's facts when given (its listings and uploaded inputs;
 * never a plan: the caller's plan is not known). `findings`: the schema's findings in this very request
 * with these facts, when the caller has them already.
 */
export function breachBasis(op: OperationSpec, parts: RequestParts, context?: GenerationContext, findings?: RequestFindings): Basis | undefined {
  const errors = findings?.errors ?? requestErrors(op, parts, context);
  const bases = errors.map((issue) => issueBasisWithFacts(op, issue));
  if (bases.length === 0) return undefined;
  return bases.find((b) => b.source !== 'assumption') ?? bases[0];
}

/** The errors a request breaks, query and body: a generation body with the target's facts when given (never a plan). */
export function requestErrors(op: OperationSpec, parts: RequestParts, context?: GenerationContext): readonly Issue[] {
  return requestFindings(op, parts, context).errors;
}

/** What a request draws warnings for: what the schema only warns about (an unknown field, an ignored one). */
export function requestWarnings(op: OperationSpec, parts: RequestParts): readonly Issue[] {
  // Only a body draws warnings (the query and the target's facts add errors alone): one judgement per body.
  return requestFindings(op, { body: parts.body }).warnings;
}

/**
 * The assumption a request the contract allows relies on, if any: an assumed field or value it carries
 * (`VideoAnyone.asset_id`, `?type=sd`, `page_size` 50), or, for a generation body, a field its chosen
 * kind ignores (whether ignored fields are validated is not shown). Undefined when its validity rests
 * on the sources alone: then accepting it is an obligation.
 */
export function acceptanceBasis(op: OperationSpec, parts: RequestParts, findings?: RequestFindings): Basis | undefined {
  const relied = [
    ...(op.body && parts.body !== undefined ? assumptionsRelied(op.body, parts.body) : []),
    ...(op.query && parts.query !== undefined ? assumptionsRelied(op.query, parts.query) : []),
  ];
  if (op.generationBody && Array.isArray(parts.body)) {
    const warnings = findings?.warnings ?? requestWarnings(op, parts);
    if (warnings.some((w) => w.code === 'ignored_field')) relied.push('ignored_fields_not_validated');
  }
  const first = relied[0];
  if (first === undefined) return undefined;
  // An assumed field is an element, not a rule: its type rule carries its basis (and its verdict is the field's).
  return ruleBasis(ruleById(first) ? first : `${first}.type`);
}

/**
 * What a tolerance probe (a request the contract allows with a warning: an unknown field, a narrator
 * with both inputs) relies on: the assumption it carries, or the rule its warning names.
 */
export function probeBasis(op: OperationSpec, parts: RequestParts, findings?: RequestFindings): Basis | undefined {
  const relied = acceptanceBasis(op, parts, findings);
  if (relied) return relied;
  const warnings = findings?.warnings ?? requestWarnings(op, parts);
  const warning = warnings.find((w) => w.source === 'assumption') ?? warnings[0];
  return warning ? issueBasis(warning) : undefined;
}

/** Whether breaking this basis can fail a server (documented, or any rule under --strict). */
export function isObligation(basis: Pick<Basis, 'source'> | undefined, strict: boolean): boolean {
  return strict || basis === undefined || basis.source !== 'assumption';
}
