// The catalogue of deliberately broken servers. Each is a rewriting proxy in front of a faithful
// mock (the sandbox or Prism) that breaks one promise of the contract, and names the check and the
// rule that must catch it. The self-test runs the whole suite against each and expects that check to
// fail through that rule.
import { creditTargets } from './broken/credits.js';
import { relationTargets } from './broken/relations.js';
import { requestTargets } from './broken/requests.js';
import { shapeTargets } from './broken/shapes.js';
import { stateTargets } from './broken/state.js';
import { statedTargets } from './broken/stated.js';
import type { BrokenTarget } from './broken/types.js';
import type { Rewrite } from './proxy.js';

export type { BrokenTarget } from './broken/types.js';
export { lenientTarget } from './rewrites.js';

/**
 * The catalogue made anew: every target's rewrite fresh. A rewrite may keep state (what it deleted, what
 * it served before), and that state belongs to one run: a target's default and --strict runs each get
 * their own (see freshRewrite).
 */
export const makeBrokenTargets = (): readonly BrokenTarget[] => [
  ...shapeTargets(),
  ...requestTargets(),
  ...stateTargets(),
  ...statedTargets(),
  ...creditTargets(),
  ...relationTargets(),
];

/** The catalogue, to read: ids, checks, rules. A run takes its rewrite from freshRewrite. */
export const brokenTargets: readonly BrokenTarget[] = makeBrokenTargets();

/** The rewrite of the target `id`, made for one run alone. */
export function freshRewrite(id: string): Rewrite {
  const target = makeBrokenTargets().find((t) => t.id === id);
  if (!target) throw new Error(`no broken target ${id}`);
  return target.rewrite;
}
