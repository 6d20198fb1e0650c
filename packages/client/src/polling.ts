// Polling until a resource settles: a generation until every media item is terminal, an uploaded
// asset until it leaves `pending`. One deadline covers the whole wait, requests included.
import { AbortError, TimeoutError } from './errors.js';
import { ABORTED, sleep } from './timing.js';
import type { Generation, Media } from './types.js';

export interface PollOptions {
  /** Between two polls, in ms (default 2 000). */
  intervalMs?: number;
  /** For the whole wait, in ms (default 600 000). Throws TimeoutError when it passes. */
  timeoutMs?: number;
  /** Aborts the wait (and the request in flight) with AbortError. */
  signal?: AbortSignal;
}

export const POLL_DEFAULTS = { intervalMs: 2_000, timeoutMs: 600_000 } as const;

export interface Poll<T> {
  /** What is waited for, for messages: `generation gen_01`. */
  what: string;
  operationId: string;
  /** One poll; must honour the signal. */
  fetch(signal: AbortSignal): Promise<T>;
  isDone(value: T): boolean;
  onEach?(value: T): void;
  /** How far it got, for the timeout message: `2 of 4 media terminal`. */
  describe?(value: T): string;
}

export async function poll<T>(spec: Poll<T>, options: PollOptions = {}): Promise<T> {
  const intervalMs = options.intervalMs ?? POLL_DEFAULTS.intervalMs;
  const timeoutMs = options.timeoutMs ?? POLL_DEFAULTS.timeoutMs;
  const outer = options.signal;
  if (outer?.aborted) throw new AbortError(`waiting for ${spec.what} was aborted.`, spec.operationId);
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    Number.isFinite(timeoutMs) && timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const onAbort = () => controller.abort();
  outer?.addEventListener('abort', onAbort, { once: true });
  let last: T | undefined;
  let polled = false;
  try {
    for (;;) {
      last = await spec.fetch(controller.signal);
      polled = true;
      spec.onEach?.(last);
      if (spec.isDone(last)) return last;
      await sleep(intervalMs, controller.signal);
    }
  } catch (error) {
    if (timedOut) {
      const progress = polled && spec.describe ? ` (${spec.describe(last as T)})` : '';
      throw new TimeoutError(`${spec.what} did not finish within ${timeoutMs} ms${progress}.`, spec.operationId, timeoutMs);
    }
    if (error === ABORTED || error instanceof AbortError) {
      throw new AbortError(`waiting for ${spec.what} was aborted.`, spec.operationId);
    }
    throw error;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
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

export function progressOf(generation: Generation): GenerationProgress {
  const media = Array.isArray(generation.media) ? generation.media : [];
  let done = 0;
  for (const item of media) if (TERMINAL_STATUSES.has(item.status)) done++;
  return { generation, done, total: media.length };
}

export function outcomeOf(generation: Generation): GenerationOutcome {
  const media = Array.isArray(generation.media) ? generation.media : [];
  const succeeded = media.filter((item) => item.status === 'success');
  const failed = media.filter((item) => item.status === 'failed');
  return { generation, succeeded, failed, ok: failed.length === 0 };
}
