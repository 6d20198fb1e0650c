// The words a run and its checks share: phases, outcomes, modes, kinds of target, a failure, and the
// error of a run that could not happen. A leaf module: it imports nothing, so anything may use it.

export type Phase = 'setup' | 'examples' | 'coverage' | 'auth' | 'fuzzing' | 'stateful';
export type Outcome = 'passed' | 'failed' | 'skipped';
export type Mode = 'read-only' | 'full';
export type TargetKind = 'prism' | 'sandbox' | 'remote';

/** Where a rule comes from, as a failure or a verdict cites it. */
export interface Citation {
  rule: string;
  source: 'interface' | 'live-docs' | 'assumption';
  /** `interface § Section: "words"` or the docs page; none for assumptions. */
  cite?: string;
  /** For assumptions: the claim. */
  note?: string;
}

export interface Failure {
  message: string;
  phase: Phase;
  /** The rule the failing assertion is about, and its source. */
  basis?: Citation;
  /** What the request was for, e.g. `steps 3021 (maximum 3020)`. */
  label?: string;
  /** The request replayed as curl, key masked. */
  curl?: string;
  status?: number;
  /** Set for generated requests: shrunk to this minimal case. */
  shrunk?: { runs: number; shrinks: number; seed: number };
}

/** A run that could not happen (bad options, unreachable target, key refused): exit code 2. */
export class RunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunError';
  }
}
