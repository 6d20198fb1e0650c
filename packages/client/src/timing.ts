// Timers and signals: backoff with full jitter, Retry-After parsing, abortable sleep, and the signal
// of one attempt (the caller's signal plus a timeout). Only globalThis timers and AbortController,
// so the same code runs in Node, browsers, Deno and Bun.
import { MediaGenConfigError } from './errors/index.js';

/**
 * The longest delay a timer takes: setTimeout treats anything above 2^31 − 1 ms (about 24.8 days)
 * as 1 ms, so a longer timeout would fire at once. Every timer here is clamped to it.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A duration option (ms): a number ≥ 0, `Infinity` allowed; above MAX_TIMER_MS it is clamped (a
 * wait that long is as good as none). Anything else is a programming mistake: MediaGenConfigError.
 */
export function durationOption(name: string, value: unknown): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw new MediaGenConfigError(`${name} must be a number of milliseconds ≥ 0, got ${typeof value === 'number' ? value : typeof value}.`);
  }
  return Math.min(value, MAX_TIMER_MS);
}

/** A count option (retries, pages): a number ≥ `min`, rounded down (NaN would retry or page for ever). */
export function countOption(name: string, value: unknown, min = 0): number {
  if (typeof value !== 'number' || !(value >= min)) {
    throw new MediaGenConfigError(`${name} must be a number ≥ ${min}, got ${typeof value === 'number' ? value : typeof value}.`);
  }
  return Math.floor(value);
}

/** Rejection value of `sleep` when its signal fires; callers turn it into their own error. */
export const ABORTED: unique symbol = Symbol('aborted');

/** Waits `ms`; rejects with `ABORTED` as soon as `signal` fires (or at once if it has). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(ABORTED);
    const onAbort = () => {
      clearTimeout(timer);
      reject(ABORTED);
    };
    // A negative wait is no wait, as setTimeout has it.
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.min(ms, MAX_TIMER_MS),
    );
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
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms && Number.isFinite(+ms)) return Math.max(0, +ms);
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  const seconds = +value;
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

const nothing = (): void => {};

/**
 * Controllers whose attempts ended without an abort, each with the number of fetches it has served.
 * Making an AbortController and handing its signal to fetch is most of what a timeout costs a call
 * (in Node a signal is an EventTarget, and its garbage is costly), so an unaborted one is used again:
 * by one attempt at a time (taken from here, put back when the attempt is over), never once aborted,
 * and at most MAX_USES times (fetch leaves a listener per request on the signal until that request is
 * collected, so this bounds them). Aborting a reused signal touches only the attempt in flight: the
 * abort steps of a fetch that has finished, body read, do nothing (Fetch standard; undici likewise).
 */
const spare: [controller: AbortController, uses: number][] = [];
const MAX_USES = 8;
/** Spare controllers kept at most (after a burst of concurrent calls). */
const MAX_SPARE = 8;

/** The timer's callback, shared (no closure per attempt). */
function expire(attempt: { timedOut: boolean }, controller: AbortController): void {
  attempt.timedOut = true;
  controller.abort();
}

/** One attempt with a timeout. Private fields: minifiers shorten their names. */
class Attempt implements AttemptSignal {
  timedOut = false;
  declare readonly signal: AbortSignal;
  #slot: (typeof spare)[number] | undefined;
  #timer: ReturnType<typeof setTimeout>;
  #outer: AbortSignal | undefined;
  #follow: (() => void) | undefined;

  constructor(timeoutMs: number, outer: AbortSignal | undefined) {
    const slot = (this.#slot = spare.pop() ?? [new AbortController(), 0]);
    const controller = slot[0];
    this.signal = controller.signal;
    this.#timer = setTimeout(expire, timeoutMs, this, controller);
    if ((this.#outer = outer)) {
      const follow = (this.#follow = () => controller.abort(outer.reason));
      if (outer.aborted) follow();
      else outer.addEventListener('abort', follow, { once: true });
    }
  }

  done(): void {
    const slot = this.#slot;
    // Once only; a controller that was aborted is never used again.
    if (slot) {
      this.#slot = undefined;
      clearTimeout(this.#timer);
      this.#outer?.removeEventListener('abort', this.#follow!);
      if (!slot[0].signal.aborted && ++slot[1] < MAX_USES && spare.length < MAX_SPARE) spare.push(slot);
    }
  }
}

/**
 * The signal of one attempt: one controller (a spare one when there is one) and one timer, cleared
 * by `done()`, rather than `AbortSignal.timeout`/`AbortSignal.any`, which cost more and keep their
 * timers. The caller's signal is followed only when one is given, and passed through as it is when
 * there is no timeout. The returned signal goes to fetch, so a timeout really aborts the request
 * (and the reading of its body).
 */
export function attemptSignal(timeoutMs: number | undefined, outer: AbortSignal | undefined): AttemptSignal {
  // False for undefined, 0, negative, NaN and Infinity alike.
  if ((timeoutMs as number) > 0 && (timeoutMs as number) < Infinity) return new Attempt(Math.min(timeoutMs!, MAX_TIMER_MS), outer);
  return { signal: outer, timedOut: false, done: nothing };
}
