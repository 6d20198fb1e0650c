// Which requests of a run put each named rule of the request under test: the negative cases that break
// it (a documented rule must be refused or end failed; an assumed one gives a verdict) and the tolerance
// probes that carry what it only warns about (only a 5xx fails them). Derived from the suite's own cases
// with the fixtures a run against the sandbox has, so the README's table follows the cases.
import { type GenerationContext, type OperationSpec, operationList, rules } from '@mediagen/schema';
import { requestErrors, requestWarnings } from '../src/model/basis.js';
import { casesFor, type RequestCase } from '../src/requests/cases.js';
import { generationContext } from '../src/requests/fixtures.js';
import { sandboxLikeFixtures } from '../test/support/fixtures.js';

export interface SeedRuleCoverage {
  id: string;
  source: string;
  severity: string;
  description: string;
  /** Labels of the negative cases that break it. */
  negatives: string[];
  /** Labels of the tolerance probes that carry it (what it only warns about; only a 5xx fails them). */
  probes: string[];
  /** Labels of the valid requests that carry it (a warning a valid request may draw: how the server reads it). */
  positives: string[];
}

/** Named rules no request of a run can break, and why (each yields no failure, by construction). */
export const NOT_SENT: Readonly<Record<string, string>> = {
  plan_batch_size: 'needs the account\u2019s plan, which the API does not report: never sent',
};

/** The named rules of the request: not a field's own constraint (`Component.field.kind`), not behaviour. */
const namedRequestRules = () => rules().filter((r) => r.appliesTo !== 'behaviour' && !r.id.includes('.'));

/** The rules a case breaks (its errors) and draws warnings for, as the run tiers it. */
function rulesBroken(op: OperationSpec, c: RequestCase, context: GenerationContext): { errors: string[]; warnings: string[] } {
  if (c.basis?.rule) return { errors: [c.basis.rule], warnings: [] };
  return { errors: requestErrors(op, c, context).map((i) => i.rule), warnings: requestWarnings(op, c).map((i) => i.rule) };
}

export function seedRuleCoverage(): SeedRuleCoverage[] {
  const fixtures = sandboxLikeFixtures();
  const context = generationContext(fixtures);
  const negatives = new Map<string, Set<string>>();
  const probes = new Map<string, Set<string>>();
  const positives = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, rule: string, label: string) => map.set(rule, (map.get(rule) ?? new Set()).add(label));
  for (const op of operationList) {
    if (!op.body) continue;
    const cases = casesFor(op, fixtures);
    for (const c of cases.negative) for (const rule of rulesBroken(op, c, context).errors) add(negatives, rule, c.label);
    for (const c of cases.probes) for (const rule of rulesBroken(op, c, context).warnings) add(probes, rule, c.label);
    for (const c of cases.positive) for (const rule of rulesBroken(op, c, context).warnings) add(positives, rule, c.label);
  }
  return namedRequestRules().map((r) => ({
    id: r.id,
    source: r.source,
    severity: r.severity,
    description: r.description,
    negatives: [...(negatives.get(r.id) ?? [])].sort(),
    probes: [...(probes.get(r.id) ?? [])].sort(),
    positives: [...(positives.get(r.id) ?? [])].sort(),
  }));
}
