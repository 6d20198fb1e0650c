// What the lazily loaded code uses of the core, handed to it as one object rather than imported.
// Were it imported, bundlers would move the modules both sides use (the error classes, the timers)
// into a third chunk that the entry has to load as well, which costs the core entry more than the
// lazy code saves (it measured 9.2 kB gzipped that way, against 7.9 kB). Types only, and only from
// modules that do not load the lazy code (no import cycle, the dynamic imports counted).
import type { UPLOAD_CONTENT_TYPES } from '@mediagen/schema/util';
import type { AbortError, PageLimitError, TimeoutError, UnknownStatusError, UploadError } from '../errors/index.js';
import type { OPERATIONS } from '../generated/operations.js';
import type { Failure, RetryPlan, retrying } from '../retry.js';
import type { ABORTED, countOption, durationOption, isRetryableStatus, sleep } from '../timing.js';
import type { FetchLike } from '../types.js';

export interface Kit {
  AbortError: typeof AbortError;
  TimeoutError: typeof TimeoutError;
  UnknownStatusError: typeof UnknownStatusError;
  UploadError: typeof UploadError;
  PageLimitError: typeof PageLimitError;
  Failure: typeof Failure;
  retrying: typeof retrying;
  ABORTED: typeof ABORTED;
  sleep: typeof sleep;
  durationOption: typeof durationOption;
  countOption: typeof countOption;
  isRetryableStatus: typeof isRetryableStatus;
  polling: { defaults: { intervalMs: number; timeoutMs: number; unknownStatusTimeoutMs: number }; minIntervalMs: number };
  /** Media statuses the contract lists. */
  mediaStatuses: ReadonlySet<string>;
  /** Media statuses after which an item no longer changes. */
  terminal: ReadonlySet<string>;
  /** The operations table, to name the operation an error is about. */
  operations: typeof OPERATIONS;
  /** The content types an upload of each asset type may carry, the default first. */
  uploadContentTypes: typeof UPLOAD_CONTENT_TYPES;
}

/** What the upload needs of the client's engine (a part of the transport). */
export interface UploadTransport {
  /** The configured fetch, called unbound: for the upload PUT, which is not an API request. */
  readonly fetch: FetchLike;
  /** The retry policy of the client, for the upload PUT (which shares the loop). */
  readonly retry: Omit<RetryPlan, 'signal' | 'aborted' | 'onRetry'>;
  /** Logs through the configured logger (redacted). */
  log(level: 'debug' | 'info', message: string, meta?: Record<string, unknown>): void;
  /** Removes the key from a text bound for a message. */
  redact(text: string): string;
}
