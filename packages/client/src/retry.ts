// The one retry loop, shared by API calls (transport.ts) and the PUT of an upload (lazy/upload.ts):
// each attempt gets its own signal (the caller's, plus the attempt's timeout), a failure the
// attempt marks as retryable is retried after a backoff (or the wait the server asked for) until
// the retries run out, and the caller's abort ends it at any point with the caller's own error.
import { ABORTED, type AttemptSignal, attemptSignal, backoffDelay, sleep } from './timing.js';

/**
 * What an attempt resolves with when it failed: the error to throw if it is not retried, and
 * whether it may be. Returned rather than thrown, so a success costs no allocation and anything an
 * attempt throws is final (not retried).
 */
export class Failure {
  constructor(
    readonly error: Error,
    readonly retryable: boolean,
    /** The wait the server asked for (Retry-After), replacing the backoff. */
    readonly delayMs?: number,
    /** For the log line: `503 service_unavailable.` */
    readonly reason: string = error.message,
    readonly meta?: Record<string, unknown>,
  ) {}
}

export interface RetryPlan {
  /** Retries after the first attempt. */
  retries: number;
  /** Per attempt, in ms; 0 for none. */
  timeoutMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A longer wait asked for by the server is not waited for: the failure is thrown. */
  maxRetryAfterMs: number;
  signal?: AbortSignal | undefined;
  /** The error for the caller's abort. */
  aborted(): Error;
  /** Called before each wait (for the log). */
  onRetry?(failure: Failure, delayMs: number, retry: number): void;
}

export async function retrying<T>(plan: RetryPlan, attempt: (guard: AttemptSignal) => Promise<T | Failure>): Promise<T> {
  const { signal } = plan;
  for (let n = 0; ; n++) {
    if (signal?.aborted) throw plan.aborted();
    const guard = attemptSignal(plan.timeoutMs, signal);
    let outcome: T | Failure;
    try {
      outcome = await attempt(guard);
    } finally {
      guard.done();
    }
    if (!(outcome instanceof Failure)) return outcome;
    if (!outcome.retryable || n >= plan.retries) throw outcome.error;
    let delay = outcome.delayMs;
    if (delay !== undefined && delay > plan.maxRetryAfterMs) throw outcome.error;
    delay ??= backoffDelay(n, plan.baseDelayMs, plan.maxDelayMs);
    plan.onRetry?.(outcome, delay, n + 1);
    try {
      await sleep(delay, signal);
    } catch (error) {
      throw error === ABORTED ? plan.aborted() : error;
    }
  }
}
