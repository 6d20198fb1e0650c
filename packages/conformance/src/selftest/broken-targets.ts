// The catalogue of deliberately broken servers. Each is a rewriting proxy in front of a faithful
// mock (the sandbox or Prism) that breaks one promise of the contract, and names the check and the
// rule that must catch it. The self-test runs the whole suite against each and expects that check to
// fail through that rule.
import { creditTargets } from './broken/credits.js';
import { requestTargets } from './broken/requests.js';
import { shapeTargets } from './broken/shapes.js';
import { stateTargets } from './broken/state.js';
import { statedTargets } from './broken/stated.js';
import type { BrokenTarget } from './broken/types.js';

export type { BrokenTarget } from './broken/types.js';
export { lenientTarget } from './rewrites.js';

export const brokenTargets: readonly BrokenTarget[] = [...shapeTargets, ...requestTargets, ...stateTargets, ...statedTargets, ...creditTargets];
