// What the counter-servers cover, in numbers and words: how every assumption of the rules table is
// refuted (a generic server, a recipe, an existing server of the self-test, or not at all and why),
// which stated behaviour rules a broken target of the catalogue breaks, and how a set of runs went.
import { rules } from '@mediagen/schema';
import { CHECKS } from '../../checks/catalog.js';
import { brokenTargets } from '../broken-targets.js';
import { type CounterPlan, counterPlan } from './plan.js';
import type { CounterRunResult } from './run.js';
import { tableAssumptions } from './table.js';

export interface CounterCounts {
  assumptions: number;
  generic: { answers: number; requests: number };
  recipe: number;
  reused: number;
  none: { unrefutable: number; unasserted: number };
  runs: number;
}

/** The counts of the plan: every assumption in exactly one class. */
export function counterCounts(plan: CounterPlan = counterPlan()): CounterCounts {
  const counts: CounterCounts = {
    assumptions: 0,
    generic: { answers: 0, requests: 0 },
    recipe: 0,
    reused: 0,
    none: { unrefutable: 0, unasserted: 0 },
    runs: plan.runs.length,
  };
  const sides = new Map(tableAssumptions().map((a) => [a.key, a.side]));
  for (const [key, derivation] of plan.derivations) {
    counts.assumptions++;
    if (derivation.by === 'none') counts.none[derivation.kind]++;
    else if (derivation.by === 'generic') counts.generic[sides.get(key) === 'request' ? 'requests' : 'answers']++;
    else if (derivation.by === 'recipe') counts.recipe++;
    else counts.reused++;
  }
  return counts;
}

/** Every stated behaviour rule some check asserts, with the broken targets that break it (by `rule`, `alsoRules` or `breaks`). */
export function statedRuleCoverage(): { rule: string; targets: string[]; throughAssumption: boolean }[] {
  const asserted = new Set(CHECKS.flatMap((check) => check.rules));
  return rules()
    .filter((r) => r.appliesTo === 'behaviour' && r.source !== 'assumption' && asserted.has(r.id))
    .map((r) => {
      const direct = brokenTargets.filter((t) => t.rule === r.id || t.alsoRules?.includes(r.id)).map((t) => t.id);
      const through = brokenTargets.filter((t) => t.breaks?.includes(r.id)).map((t) => t.id);
      return { rule: r.id, targets: [...direct, ...through], throughAssumption: direct.length === 0 && through.length > 0 };
    });
}

/** The results of a set of runs as text: one line per run, then the assumptions whose expectation was not met. */
export function formatCounter(plan: CounterPlan, results: readonly CounterRunResult[]): string {
  const lines = ['Counter-servers (each passes by default with its assumptions refuted, and fails under --strict)'];
  const width = Math.max(...results.map((r) => r.id.length), 10) + 2;
  for (const r of results) {
    const run = plan.runs.find((x) => x.id === r.id);
    const ok = r.failures.length === 0 && (r.strict?.failed ?? true);
    lines.push(
      `  ${ok ? 'ok    ' : 'WRONG '}  ${r.id.padEnd(width)} ${(r.durationMs / 1000).toFixed(1).padStart(5)} s  ${String(r.spent).padStart(3)} cr  ${run?.refutes.length ?? 0} assumption(s)${r.strict ? `; --strict ${r.strict.failed ? 'fails' : 'PASSES'}` : ''}`,
    );
    for (const failure of r.failures.slice(0, 10)) lines.push(`          ${failure}`);
  }
  const counts = counterCounts(plan);
  lines.push(
    '',
    `assumptions: ${counts.assumptions}; generic ${counts.generic.answers + counts.generic.requests} (answers ${counts.generic.answers}, requests ${counts.generic.requests}), recipe ${counts.recipe}, an existing server ${counts.reused}, none ${counts.none.unrefutable + counts.none.unasserted} (cannot be refuted ${counts.none.unrefutable}, never asserted ${counts.none.unasserted})`,
  );
  return lines.join('\n');
}
