// A wait that ends with its signal: the rate limit's pacing, a 429's Retry-After, a writer waiting for
// an evidence file's lock. A wait longer than a timer can hold is taken in steps (a timer past
// MAX_TIMER_MS would fire at once).
import { MAX_TIMER_MS } from './budgets.js';

/**
 * Waits `ms`, or until `signal` fires (also when it already has): a wait never outlives the run's
 * stop. A wait longer than a timer can hold (MAX_TIMER_MS) is taken in steps, never at once.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const until = Date.now() + ms;
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const step = () => {
      const left = until - Date.now();
      if (left <= 0) return done();
      timer = setTimeout(step, Math.min(left, MAX_TIMER_MS));
    };
    signal?.addEventListener('abort', done, { once: true });
    step();
  });
}
