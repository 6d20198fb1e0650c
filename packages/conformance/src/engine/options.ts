// The options of a run, checked once, in the library's own words (the CLI maps its flags onto them and
// says its own words for its own mistakes). Check and operation ids are typed, and looked up as own
// keys only when they come from input.
import { isOperationId, type OperationId } from '@mediagen/schema';
import { CHECK_IDS, type CheckId, isCheckId } from '../checks/catalog.js';
import type { ProgressEvent } from '../judging/run-record.js';
import type { ExchangeRecorder } from '../model/recording.js';
import { type OptionName, RunError } from '../model/terms.js';
import { type RunBudgets, resolveBudgets } from '../plumbing/budgets.js';
import type { RunProfile } from './profile.js';
import type { TargetOptions } from './target.js';

export interface ConformanceOptions extends TargetOptions {
  /** Seed of every generated request (default 1). */
  seed?: number;
  /** Only these checks. */
  only?: readonly CheckId[];
  /** Leave these checks out. */
  skip?: readonly CheckId[];
  /** Generated requests per operation, split between valid and invalid ones (default 50; 0 turns generation off). */
  maxExamples?: number;
  /** Only these operations. */
  operations?: readonly OperationId[];
  /** Requests in flight at once (default 6 on loopback, 2 on a live host). */
  workers?: number;
  /** Most requests per second the run sends (default: no limit). */
  rateLimit?: number;
  /** Budgets of size, time and count (see plumbing/budgets.ts for the defaults). */
  budgets?: Partial<RunBudgets>;
  /** How long lifecycle checks wait for media to finish (default 30 000 ms). */
  lifecycleTimeoutMs?: number;
  /** Judge the server against the API as of this date (YYYY-MM-DD or `baseline`; default the newest). */
  at?: string;
  /** Treat the contract's assumptions as obligations: a refuted assumption fails the run. */
  strict?: boolean;
  /** Progress events, already masked (the console reporter listens here). */
  onEvent?: (event: ProgressEvent) => void;
  /** Every exchange, key masked, as it finishes (the HAR and evidence recorders listen here). */
  recorders?: readonly ExchangeRecorder[];
  /** Stops the run (cleanup still runs and the report is still built). */
  signal?: AbortSignal;
  /**
   * Measures where the run's time goes (phases, operations, waits, the CPU of judging) and hands the
   * profile here when the run ends (`npm run bench` prints it). Without it nothing is timed.
   */
  profile?: (profile: RunProfile) => void;
}

/** Input that names checks or operations by string (a CLI, a config file): unknown ids are an error. */
export interface UntypedSelection {
  only?: readonly string[];
  skip?: readonly string[];
  operations?: readonly string[];
}

/** The typed selection of input ids, or a RunError naming the unknown ones. */
export function parseSelection(input: UntypedSelection): Pick<ConformanceOptions, 'only' | 'skip' | 'operations'> {
  const unknownChecks = [...(input.only ?? []), ...(input.skip ?? [])].filter((id) => !isCheckId(id));
  if (unknownChecks.length > 0) {
    throw new RunError(`unknown check id${unknownChecks.length > 1 ? 's' : ''}: ${unknownChecks.join(', ')} (known: ${CHECK_IDS.join(', ')})`);
  }
  const unknownOps = (input.operations ?? []).filter((id) => !isOperationId(id));
  if (unknownOps.length > 0) throw new RunError(`unknown operation${unknownOps.length > 1 ? 's' : ''}: ${unknownOps.join(', ')}`);
  return {
    ...(input.only ? { only: input.only as CheckId[] } : {}),
    ...(input.skip ? { skip: input.skip as CheckId[] } : {}),
    ...(input.operations ? { operations: input.operations as OperationId[] } : {}),
  };
}

/** The checks a run selects. */
export function selectedChecks(options: Pick<ConformanceOptions, 'only' | 'skip'>): CheckId[] {
  parseSelection({ ...(options.only ? { only: options.only } : {}), ...(options.skip ? { skip: options.skip } : {}) });
  const only = options.only?.length ? new Set<CheckId>(options.only) : undefined;
  const skip = new Set<CheckId>(options.skip ?? []);
  return CHECK_IDS.filter((id) => (!only || only.has(id)) && !skip.has(id));
}

/** Checks the options that need no network; throws RunError in the options' own names. */
export function checkOptions(options: ConformanceOptions): void {
  const whole = (option: OptionName, value: number | undefined, min = 0) => {
    if (value !== undefined && (!Number.isInteger(value) || value < min))
      throw new RunError((name) => `${name(option)} must be a whole number ≥ ${min}, got ${value}`);
  };
  whole('maxExamples', options.maxExamples);
  whole('seed', options.seed);
  whole('workers', options.workers, 1);
  resolveBudgets(options.budgets);
  if (options.rateLimit !== undefined && !(options.rateLimit > 0))
    throw new RunError((name) => `${name('rateLimit')} must be a number above 0, got ${options.rateLimit}`);
  if (options.maxCredits !== undefined && (!Number.isFinite(options.maxCredits) || options.maxCredits < 0)) {
    throw new RunError((name) => `${name('maxCredits')} must be a number ≥ 0, got ${options.maxCredits}`);
  }
  if (options.mode !== undefined && options.mode !== 'read-only' && options.mode !== 'full') {
    throw new RunError((name) => `${name('mode')} must be read-only or full, got ${JSON.stringify(options.mode)}`);
  }
  parseSelection({
    ...(options.only ? { only: options.only } : {}),
    ...(options.skip ? { skip: options.skip } : {}),
    ...(options.operations ? { operations: options.operations } : {}),
  });
}
