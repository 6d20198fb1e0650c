// The assumptions of the contract's rules table, as a run gives its verdicts on them: every assumed
// field or operation of the provenance records (`Component.field`, `operation:<id>`) and every rule
// whose basis is ours (`rule:<id>`, or the assumed field a constraint of it belongs to), each with the
// rules a run can refute it through and the side those rules judge (an answer, a request, the
// service's behaviour). Nothing here is listed by hand: a new assumption of the schema package is here
// as soon as it is written.
import { assumptions, fieldConstraints, rules } from '@mediagen/schema';
import { AssumptionVerdicts } from '../../judging/assumptions.js';

/** What a counter-server has to change to refute an assumption. */
export type AssumptionSide = 'response' | 'request' | 'behaviour' | 'operation';

export interface TableAssumption {
  /** The verdict key (`AssetV2.size`, `rule:deleted_item_404`, `operation:<id>`). */
  key: string;
  side: AssumptionSide;
  /** The rules whose breach refutes it (a field's constraint rules; empty for an operation). */
  rules: readonly string[];
}

let cache: TableAssumption[] | undefined;
let verdicts: AssumptionVerdicts | undefined;

/** The verdict key of an assumed rule or field a request relies on (`assumptionsRelied` names either). */
export const keyOfRelied = (relied: string): string => (verdicts ??= new AssumptionVerdicts(assumptions())).keyOf(relied);

/** The side a rule judges: a field constraint's own side, a named request rule's request, a behaviour rule's behaviour. */
function sideOf(rule: { id: string; appliesTo: string }): AssumptionSide {
  if (rule.appliesTo === 'behaviour') return 'behaviour';
  return fieldConstraints().get(rule.id)?.side ?? 'request';
}

function build(): TableAssumption[] {
  const records = assumptions();
  const verdicts = new AssumptionVerdicts(records);
  const byKey = new Map<string, { side: AssumptionSide; rules: string[] }>();
  for (const record of records) {
    if (record.element.startsWith('operation:')) byKey.set(record.element, { side: 'operation', rules: [] });
  }
  for (const rule of rules()) {
    if (rule.source !== 'assumption') continue;
    const key = verdicts.keyOf(rule.id);
    const entry = byKey.get(key) ?? { side: sideOf(rule), rules: [] };
    entry.rules.push(rule.id);
    byKey.set(key, entry);
  }
  // Every assumed field has at least its type rule; one whose rules all went elsewhere would be a bug of the table.
  for (const record of records) {
    if (!byKey.has(record.element)) throw new Error(`internal: the assumption ${record.element} has no rule a run can refute it through`);
  }
  return [...byKey].map(([key, { side, rules }]) => ({ key, side, rules })).sort((a, b) => a.key.localeCompare(b.key));
}

/** Every assumption of the rules table, sorted by key. */
export function tableAssumptions(): readonly TableAssumption[] {
  cache ??= build();
  return cache;
}
