// The run's budgets of size, time and count, with their defaults, in one place: what one answer may
// cost, how long one request and the whole run may take, how many answers in a row may fail to come,
// and how long cleanup may take. Past a budget the run says which budget ended what, still cleans up,
// and still writes its reports. The CLI's flags and the library's options set them.
import { withOverrides } from '@mediagen/schema/util';
import { RunError } from '../model/terms.js';

export interface RunBudgets {
  /** Time limit of one request, answer included (`--timeout`, seconds on the CLI). */
  timeoutMs: number;
  /** Most bytes of one answer read, counted decoded; the rest is not read (`--max-answer-bytes`). */
  maxAnswerBytes: number;
  /** The whole run's time limit, setup to report (`--deadline`, seconds on the CLI). */
  deadlineMs: number;
  /** Requests in a row that get no answer before the run stops: the target is not answering (`--max-silent`). */
  maxSilentInARow: number;
  /** Time cleanup may take after the run, whatever ended it; its requests run in parallel. */
  cleanupMs: number;
  /** Time limit of one cleanup request. */
  cleanupRequestMs: number;
}

/**
 * The longest time a budget may give: Node's timers hold a signed 32-bit count of milliseconds, and
 * a longer one fires at once (about 24.8 days). A budget above it is refused, never clamped.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const DEFAULT_BUDGETS: Readonly<RunBudgets> = {
  timeoutMs: 15_000,
  maxAnswerBytes: 8 * 1024 * 1024,
  deadlineMs: 15 * 60_000,
  maxSilentInARow: 5,
  cleanupMs: 30_000,
  cleanupRequestMs: 10_000,
};

/** Refuses a budget that is not a number above 0, or a time longer than a timer can hold. */
function checkBudget(name: keyof RunBudgets, value: number): void {
  const option = `budgets.${name}` as const;
  if (!Number.isFinite(value) || value <= 0) throw new RunError((say) => `${say(option)} must be a number above 0, got ${value}`);
  if (name.endsWith('Ms') && value > MAX_TIMER_MS)
    throw new RunError((say) => `${say(option)} must be at most ${MAX_TIMER_MS} ms (about 24.8 days: a longer timer would fire at once), got ${value}`);
}

/** The budgets of a run: the defaults with the given ones, each checked. */
export function resolveBudgets(given: Partial<RunBudgets> = {}): RunBudgets {
  return withOverrides(DEFAULT_BUDGETS, given, checkBudget);
}
