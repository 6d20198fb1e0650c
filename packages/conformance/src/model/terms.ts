// The words a run and its checks share: phases, outcomes, modes, kinds of target, a failure, and the
// error of a run that could not happen. A leaf module: it imports nothing, so anything may use it.

export type Phase = 'setup' | 'examples' | 'coverage' | 'auth' | 'fuzzing' | 'stateful';
export type Outcome = 'passed' | 'failed' | 'skipped';
export type Mode = 'read-only' | 'full';
export type TargetKind = 'prism' | 'sandbox' | 'remote';

/** How a target that sent the mock's marker header is said (`recognised`): a run against it is a mock run. */
export const MOCK_RECOGNISED = 'media-mock';

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
/** An option of the library a message may name: each caller names it its own way (`maxCredits`, `--max-credits`). */
export type OptionName =
  | 'apiKey'
  | 'baseUrl'
  | 'maxCredits'
  | 'maxExamples'
  | 'mode'
  | 'rateLimit'
  | 'seed'
  | 'workers'
  | 'budgets.timeoutMs'
  | 'budgets.deadlineMs'
  | 'budgets.maxAnswerBytes'
  | 'budgets.maxSilentInARow'
  | 'budgets.cleanupMs'
  | 'budgets.cleanupRequestMs';

/** How a caller names an option. */
export type OptionNamer = (option: OptionName) => string;

/**
 * A run that could not happen (bad options, unreachable target, key refused): exit code 2. A message
 * that names an option is made with a namer, so each caller reads it in its own words: `message` names
 * the library's options, `said(namer)` the caller's (the CLI's flags).
 */
export class RunError extends Error {
  private readonly words: (name: OptionNamer) => string;

  constructor(message: string | ((name: OptionNamer) => string)) {
    const words = typeof message === 'string' ? () => message : message;
    super(words((option) => option));
    this.name = 'RunError';
    this.words = words;
  }

  /** The message, its options named by `name`. */
  said(name: OptionNamer): string {
    return this.words(name);
  }
}
