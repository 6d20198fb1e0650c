// Polling until a resource settles: a generation until every media item is terminal, an uploaded
// asset until it leaves `pending`. One deadline covers the whole wait, requests included. The
// polling itself is in `waiting.ts`, loaded on first use; these are its options and results.
import type { Generation, Media } from './types.js';

export interface PollOptions {
  /** Between two polls, in ms (default 2 000). */
  intervalMs?: number;
  /** For the whole wait, in ms (default 600 000). Throws TimeoutError when it passes. */
  timeoutMs?: number;
  /** Aborts the wait (and the request in flight) with AbortError. */
  signal?: AbortSignal;
}

/** Media statuses after which an item no longer changes. */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['success', 'failed']);

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
