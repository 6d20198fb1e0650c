// Polling until a resource settles. One deadline covers the whole wait, requests included; the
// interval has a floor (a poll loop must not hammer the API); a status the contract does not list
// is waited out for a bounded time, then reported as UnknownStatusError rather than polled until
// the deadline.
import type { OperationId } from '../generated/operations.js';
import type { PollOptions } from '../waits.js';
import type { Kit } from './kit.js';

/** An item whose status the contract does not list. */
export interface UnknownStatus {
  id: string;
  status: string;
}

export interface Poll<T> {
  /** What is waited for, for messages: `generation gen_01` (redacted). */
  what: string;
  /** Removes the key from a text bound for a message (ids and statuses come from the service). */
  redact(text: string): string;
  operationId: OperationId;
  /** One poll; must honour the signal. */
  fetch(signal: AbortSignal): Promise<T>;
  isDone(value: T): boolean;
  onEach?(value: T): void;
  /** How far it got, for the timeout message: `2 of 4 media finished`. */
  describe?(value: T): string;
  /** The first item with a status the contract does not list, if any. */
  unknown?(value: T): UnknownStatus | undefined;
}

export async function poll<T>(kit: Kit, spec: Poll<T>, options: PollOptions = {}): Promise<T> {
  const { AbortError } = kit;
  const { defaults, minIntervalMs } = kit.polling;
  const intervalMs = Math.max(minIntervalMs, kit.durationOption('intervalMs', options.intervalMs ?? defaults.intervalMs));
  const timeoutMs = kit.durationOption('timeoutMs', options.timeoutMs ?? defaults.timeoutMs);
  const unknownForMs = kit.durationOption('unknownStatusTimeoutMs', options.unknownStatusTimeoutMs ?? defaults.unknownStatusTimeoutMs);
  const outer = options.signal;
  const aborted = () => new AbortError(`waiting for ${spec.what} was aborted.`, spec.operationId);
  if (outer?.aborted) throw aborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const onAbort = () => controller.abort();
  outer?.addEventListener('abort', onAbort, { once: true });
  let last: T | undefined;
  /** Polls started (the one the deadline cut short included). */
  let polls = 0;
  /** Since when the same item has shown the same unknown status. */
  let unknownSince: { id: string; status: string; at: number } | undefined;
  try {
    for (;;) {
      polls++;
      last = await spec.fetch(controller.signal);
      spec.onEach?.(last);
      if (spec.isDone(last)) return last;
      const unknown = spec.unknown?.(last);
      if (!unknown) unknownSince = undefined;
      else if (unknownSince?.id !== unknown.id || unknownSince.status !== unknown.status) unknownSince = { ...unknown, at: Date.now() };
      if (unknownSince && Date.now() - unknownSince.at >= unknownForMs) {
        const id = spec.redact(unknownSince.id);
        const status = spec.redact(unknownSince.status);
        throw new kit.UnknownStatusError(
          `${spec.what}: ${id} has status ${JSON.stringify(status)}, which the API does not document, for ${unknownForMs} ms or more.`,
          spec.operationId,
          id,
          status,
        );
      }
      await kit.sleep(intervalMs, controller.signal);
    }
  } catch (error) {
    if (timedOut) {
      const progress = last !== undefined && spec.describe ? `${spec.describe(last)}, ` : '';
      throw new kit.TimeoutError(
        `${spec.what} did not finish within ${timeoutMs} ms (${progress}${polls} ${polls === 1 ? 'poll' : 'polls'}).`,
        spec.operationId,
        timeoutMs,
        polls,
      );
    }
    if (error === kit.ABORTED || error instanceof AbortError) throw aborted();
    throw error;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}
