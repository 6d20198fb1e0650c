// What a broken target is: a rewriting proxy in front of a faithful mock that breaks one promise of
// the contract, and names the check (and rule) that must catch it.
import type { CheckId } from '../../checks/catalog.js';
import type { Rewrite } from '../proxy.js';

export interface BrokenTarget {
  id: string;
  description: string;
  /** What the proxy stands in front of. */
  upstream: 'sandbox' | 'prism';
  /** The check that must fail against it. */
  expect: CheckId;
  /** The rule the failure must name (its basis is a source, unless `strict`). */
  rule: string;
  /** Further rules the same server breaks: a failure (of any check) must name each of them too. */
  alsoRules?: readonly string[];
  /**
   * The stated rules it breaks that `expect` asserts only through the assumption `rule` names (a field
   * no source shows on the way): the suite catches them under --strict, through that assumption.
   */
  breaks?: readonly string[];
  /**
   * The fault is against an assumption of the contract, not a documented rule: it is caught only
   * under --strict (the default run gives a refuted verdict instead; the self-test checks both).
   */
  strict?: { refutes: string };
  rewrite: Rewrite;
}
