// The words a run and its checks share: phases, outcomes, modes, kinds of target, a failure, and the
// error of a run that could not happen. A leaf module: it imports nothing, so anything may use it.

export type Phase = 'setup' | 'examples' | 'coverage' | 'auth' | 'fuzzing' | 'stateful';
export type Outcome = 'passed' | 'failed' | 'skipped';
export type Mode = 'read-only' | 'full';
export type TargetKind = 'prism' | 'sandbox' | 'remote';

export interface Failure {
  message: string;
  phase: Phase;
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
