// The plan of a run's sequences: which stateful checks run, and for the others the typed reason they
// do not (read-only mode, a stateless target, a budget below what they need). Decided once, after
// setup, from the target and the planner; every skipped cell says the same reason.
import { CHECKS, type CheckDefinition, type CheckId } from '../checks/catalog.js';
import { READ_ONLY } from './policy.js';
import type { ResolvedTarget } from './target.js';

export type SkipKind = 'read-only' | 'stateless' | 'budget';

export interface SkipReason {
  kind: SkipKind;
  text: string;
}

export interface PlannedSequence {
  check: CheckDefinition;
  /** Why its cells are skipped (stateful checks only); undefined when it runs. */
  skip?: string;
  reason?: SkipReason;
}

function statefulSkip(target: ResolvedTarget, blocked: string | undefined): SkipReason | undefined {
  if (target.mode !== 'full') return { kind: 'read-only', text: READ_ONLY };
  if (!target.stateful) {
    return {
      kind: 'stateless',
      text:
        target.kind === 'prism'
          ? 'Prism is stateless: it answers the documented examples and keeps nothing'
          : 'this target is treated as stateless (read-only mode, or --stateless)',
    };
  }
  if (blocked) return { kind: 'budget', text: blocked };
  return undefined;
}

/** The selected checks that have a sequence or are stateful, in registry order, each with its skip reason if any. */
export function sequencePlan(target: ResolvedTarget, blocked: string | undefined, selected: ReadonlySet<CheckId>): PlannedSequence[] {
  const reason = statefulSkip(target, blocked);
  return CHECKS.filter((c) => selected.has(c.id) && (c.sequence || c.category === 'stateful')).map((check): PlannedSequence => {
    if (reason && check.category === 'stateful') return { check, skip: reason.text, reason };
    // A response check's own sequence (renamed_fields' legacy query) needs state, and skips no cell when it cannot run.
    if (reason) return { check, skip: '' };
    return { check };
  });
}
