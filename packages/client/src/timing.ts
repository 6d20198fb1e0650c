// Timers and signals: backoff with full jitter, Retry-After parsing, abortable sleep, and the signal
// of one attempt (the caller's signal plus a timeout). Only globalThis timers and AbortController,
// so the same code runs in Node, browsers, Deno and Bun.

/** Rejection value of `sleep` when its signal fires; callers turn it into their own error. */
export const ABORTED: unique symbol = Symbol('aborted');

/** Waits `ms`; rejects with `ABORTED` as soon as `signal` fires (or at once if it has). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(ABORTED);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(ABORTED);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Exponential backoff with full jitter: a uniform wait in [0, min(max, base · 2^retry)).
 * `retry` counts from 0 for the first retry.
 */
export function backoffDelay(retry: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/**
 * The wait a response asks for, in ms: `retry-after-ms`, or `Retry-After` as seconds (decimals
 * accepted) or as an HTTP date. Undefined when absent or unreadable; never negative.
 */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Statuses worth retrying (for operations that may be repeated). */
export const isRetryableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/** The signal of one attempt: fires when the caller's signal does or when `timeoutMs` passes. */
export interface AttemptSignal {
  readonly signal: AbortSignal | undefined;
  /** True once the timeout (not the caller) fired. */
  readonly timedOut: boolean;
  /** Clears the timer and the listener; call when the attempt is over. */
  done(): void;
}

const NO_SIGNAL: AttemptSignal = { signal: undefined, timedOut: false, done() {} };

export function attemptSignal(timeoutMs: number | undefined, outer: AbortSignal | undefined): AttemptSignal {
  const hasTimeout = timeoutMs !== undefined && timeoutMs > 0 && Number.isFinite(timeoutMs);
  if (!hasTimeout && !outer) return NO_SIGNAL;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const state = {
    signal: controller.signal,
    timedOut: false,
    done() {
      if (timer !== undefined) clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
  const onAbort = () => controller.abort(outer?.reason);
  if (outer) {
    if (outer.aborted) controller.abort(outer.reason);
    else outer.addEventListener('abort', onAbort, { once: true });
  }
  if (hasTimeout) {
    timer = setTimeout(() => {
      state.timedOut = true;
      controller.abort();
    }, timeoutMs);
  }
  return state;
}
