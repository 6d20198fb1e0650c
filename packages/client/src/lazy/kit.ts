// What the lazily loaded code uses of the core, handed to it as one object rather than imported.
// Were it imported, bundlers would move the modules both sides use (the error classes, the timers)
// into a third chunk that the entry has to load as well, which costs the core entry more than the
// lazy code saves (it measured 9.2 kB gzipped that way, against 7.9 kB). Types only.
import type { AbortError, TimeoutError, UnknownStatusError, UploadError } from '../errors.js';
import type { MIN_POLL_INTERVAL_MS, POLL_DEFAULTS } from '../polling.js';
import type { Failure, retrying } from '../retry.js';
import type { ABORTED, durationOption, isRetryableStatus, sleep } from '../timing.js';

export interface Kit {
  AbortError: typeof AbortError;
  TimeoutError: typeof TimeoutError;
  UnknownStatusError: typeof UnknownStatusError;
  UploadError: typeof UploadError;
  Failure: typeof Failure;
  retrying: typeof retrying;
  ABORTED: typeof ABORTED;
  sleep: typeof sleep;
  durationOption: typeof durationOption;
  isRetryableStatus: typeof isRetryableStatus;
  polling: { defaults: typeof POLL_DEFAULTS; minIntervalMs: typeof MIN_POLL_INTERVAL_MS };
  /** Media statuses the contract lists. */
  mediaStatuses: ReadonlySet<string>;
  /** Media statuses after which an item no longer changes. */
  terminal: ReadonlySet<string>;
}
