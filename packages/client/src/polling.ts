// Polling until a resource settles: a generation until every media item is terminal, an uploaded
// asset until it leaves `pending`. One deadline covers the whole wait, requests included. The
// polling itself is in `lazy/poll.ts`, loaded on first use; these are its options and results.
import type { Generation, Media, MediaStatus } from './types.js';

export interface PollOptions {
  /** Between two polls, in ms (default 2 000); at least 250 (a smaller value, 0 included, is raised to it). */
  intervalMs?: number;
  /** For the whole wait, in ms (default 600 000). Throws TimeoutError when it passes. */
  timeoutMs?: number;
  /**
   * How long a media item may keep a status the API does not document before the wait ends with
   * UnknownStatusError, in ms (default 30 000).
   */
  unknownStatusTimeoutMs?: number;
  /** Aborts the wait (and the request in flight) with AbortError. */
  signal?: AbortSignal;
}

export const POLL_DEFAULTS = { intervalMs: 2_000, timeoutMs: 600_000, unknownStatusTimeoutMs: 30_000 } as const;
/** The shortest interval between polls: a poll loop must not hammer the API. A smaller `intervalMs` is raised to it. */
export const MIN_POLL_INTERVAL_MS = 250;

/** Media statuses after which an item no longer changes. */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['success', 'failed', 'censored'] satisfies MediaStatus[]);

/** Every status of the contract: the others are waited out only for `unknownStatusTimeoutMs`. */
const EVERY_STATUS = { initiated: 1, pending: 1, success: 1, failed: 1, censored: 1 } satisfies Record<MediaStatus, 1>;
export const MEDIA_STATUSES: ReadonlySet<string> = new Set(Object.keys(EVERY_STATUS));

export interface GenerationProgress {
  generation: Generation;
  /** Media items that are `success` or `failed`. */
  done: number;
  total: number;
}

export interface WaitForGenerationOptions extends PollOptions {
  onProgress?: (progress: GenerationProgress) => void;
}

/** The final record of a generation and what became of its media. */
export interface GenerationOutcome {
  generation: Generation;
  succeeded: Media[];
  failed: Media[];
  /** True when every media item succeeded. */
  ok: boolean;
}
