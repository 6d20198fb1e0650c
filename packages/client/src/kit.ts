// What the lazily loaded code (`waiting.ts`: waiting for a generation, uploading a file, walking
// pages) uses of the core: handed to it as one object rather than imported. Were it imported,
// bundlers would move the modules both sides use (the error classes, the timers) into a third chunk
// that the entry has to load as well, which costs the core entry more than the lazy code saves (it
// measured 9.2 kB gzipped that way, against 7.9 kB). Types only: nothing here at run time.
import type { AbortError, TimeoutError, UploadError } from './errors.js';
import type { ABORTED, attemptSignal, backoffDelay, isRetryableStatus, sleep } from './timing.js';

export interface Kit {
  AbortError: typeof AbortError;
  TimeoutError: typeof TimeoutError;
  UploadError: typeof UploadError;
  ABORTED: typeof ABORTED;
  sleep: typeof sleep;
  attemptSignal: typeof attemptSignal;
  backoffDelay: typeof backoffDelay;
  isRetryableStatus: typeof isRetryableStatus;
  /** Media statuses after which an item no longer changes. */
  terminal: ReadonlySet<string>;
}
