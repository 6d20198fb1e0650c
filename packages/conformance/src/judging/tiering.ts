// Turns a check's assertions into results: an assertion about a documented rule passes or fails its
// (operation, check) cell; one about an assumption is a verdict (confirmed / refuted) and leaves the cell
// alone, unless the run is --strict, where every rule is an obligation. Each failure carries the rule it
// broke and the rule's source, so every report cites it.
import type { OperationId } from '@mediagen/schema';
import type { CheckId } from '../checks/catalog.js';
import type { Recorded } from '../checks/port.js';
import { type Basis, ruleBasis } from '../model/basis.js';
import type { Citation, Failure, Phase } from '../model/terms.js';
import type { Assertion } from '../model/verdict.js';
import type { AssumptionVerdicts, Evidence } from './assumptions.js';
import type { Recorder } from './recorder.js';

export type { Recorded } from '../checks/port.js';

export interface Context {
  phase: Phase;
  label?: string;
  /** The exchange replayed as curl (key masked), its status, method and URL. */
  evidence?: Evidence;
  shrunk?: Failure['shrunk'];
  /** `passes`: record passes only (generated requests whose failures are shrunk and re-sent first). */
  record?: 'all' | 'passes';
}

/**
 * The assertion as firm as the weakest link on its path: one about a documented rule that reads
 * through an assumption (`via`) is a judgement on that assumption, said as such.
 */
function weakestLink(assertion: Assertion): Assertion {
  const { via, ...rest } = assertion;
  if (via === undefined || ruleBasis(rest.rule).source === 'assumption' || ruleBasis(via).source !== 'assumption') return rest;
  assertedRules.add(via);
  return { ...rest, rule: via, ...(rest.message ? { message: `${rest.message} (${rest.rule}, read through ${via})` } : {}) };
}

/** Every rule id an assertion of this run named (a test holds each is in the rules table). */
export const assertedRules = new Set<string>();

export class Tiering {
  constructor(
    private readonly recorder: Recorder,
    private readonly verdicts: AssumptionVerdicts,
    private readonly strict: boolean,
    private readonly mask: (text: string) => string,
  ) {}

  /** The basis an assertion is judged on: its rule's, or the assumption it reads through. */
  basisOf(assertion: Assertion): Basis {
    return ruleBasis(weakestLink(assertion).rule);
  }

  /** Records one assertion of `check` about `operationId`; says what it became. */
  record(operationId: OperationId, check: CheckId, asserted: Assertion, context: Context): Recorded {
    const assertion = weakestLink(asserted);
    const basis = ruleBasis(assertion.rule);
    assertedRules.add(asserted.rule);
    const assumed = basis.source === 'assumption';
    // Only a failure or a refutation is worded: most assertions hold.
    const message = assertion.ok ? '' : this.mask(`${context.label ? `${context.label}: ` : ''}${assertion.message ?? 'failed'}`);
    if (assumed) {
      this.verdicts.observe(assertion.rule, assertion.ok, `${operationId}, ${message}`, context.evidence);
      if (!this.strict) {
        this.recorder.verdict(operationId, check);
        return assertion.ok ? 'confirmed' : 'refuted';
      }
    }
    if (assertion.ok) {
      this.recorder.pass(operationId, check);
      return assumed ? 'confirmed' : 'held';
    }
    if ((context.record ?? 'all') === 'all') {
      const citation: Citation = {
        rule: assertion.rule,
        source: basis.source,
        ...(basis.cite ? { cite: basis.cite } : {}),
        ...(basis.note ? { note: basis.note } : {}),
      };
      this.recorder.fail(operationId, check, {
        message,
        phase: context.phase,
        basis: citation,
        ...(context.label ? { label: context.label } : {}),
        ...(context.evidence?.curl ? { curl: context.evidence.curl } : {}),
        ...(context.evidence?.status !== undefined ? { status: context.evidence.status } : {}),
        ...(context.shrunk ? { shrunk: context.shrunk } : {}),
      });
    }
    return 'failed';
  }
}
