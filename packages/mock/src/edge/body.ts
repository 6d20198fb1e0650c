// Reading a request body within bounds: at most `limit` bytes, all of it within `timeoutMs`, and
// only while the bytes every connection is reading together stay within a shared budget. A body
// past a bound is refused as soon as that is known (a declared length over the limit before one
// byte is read) and never kept: the caller answers, and the connection is closed after the answer.
import type { IncomingMessage } from 'node:http';

/** Bytes in flight, shared by all connections of a server. */
export interface BodyBudget {
  /** Takes `bytes` from the budget; false (and nothing taken) when they do not fit. */
  take(bytes: number): boolean;
  give(bytes: number): void;
  /** Bytes taken now. */
  readonly used: number;
}

export function createBodyBudget(capacity: number): BodyBudget {
  let used = 0;
  return {
    take(bytes) {
      if (used + bytes > capacity) return false;
      used += bytes;
      return true;
    },
    give(bytes) {
      used = Math.max(0, used - bytes);
    },
    get used() {
      return used;
    },
  };
}

export interface ReadOptions {
  /** Most bytes accepted. */
  limit: number;
  /** The whole body must have arrived this long after reading starts. */
  timeoutMs: number;
  /** Shared in-flight budget: the bytes read are taken from it and given back by `release()`. */
  budget?: BodyBudget;
}

export type BodyRead =
  | { ok: true; bytes: Buffer /** Gives the bytes back to the budget (call once the answer is sent). */; release(): void }
  | { ok: false; reason: 'too_large' | 'timeout' | 'busy' | 'aborted' };

/** Whether the request carries a body at all (a length above 0, or a chunked one). */
export const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/**
 * Reads the body of `req` within `options`. A refused body is left unread: the caller answers with
 * `connection: close` and Node drops the rest with the connection.
 */
export function readBody(req: IncomingMessage, options: ReadOptions): Promise<BodyRead> {
  const { limit, timeoutMs, budget } = options;
  const declared = Number(req.headers['content-length']);
  const known = req.headers['transfer-encoding'] === undefined && Number.isSafeInteger(declared) && declared >= 0;
  if (known && declared > limit) return Promise.resolve({ ok: false, reason: 'too_large' });
  if (known && budget && !budget.take(declared)) return Promise.resolve({ ok: false, reason: 'busy' });
  let taken = known ? declared : 0;
  const giveBack = () => {
    budget?.give(taken);
    taken = 0;
  };

  return new Promise((resolve) => {
    // A declared length is allocated once; a chunked body is collected and joined at the end.
    const whole = known ? Buffer.allocUnsafe(declared) : undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyRead) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('aborted', onAbort);
      if (!result.ok) {
        giveBack();
        // Stop reading: the rest stays in the socket, which is closed after the answer.
        req.pause();
      }
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), timeoutMs);
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > limit) return finish({ ok: false, reason: 'too_large' });
      if (whole) chunk.copy(whole, size);
      else {
        if (budget && !budget.take(chunk.length)) return finish({ ok: false, reason: 'busy' });
        taken += chunk.length;
        chunks.push(chunk);
      }
      size += chunk.length;
    };
    const onEnd = () => {
      const bytes = whole ? whole.subarray(0, size) : Buffer.concat(chunks, size);
      chunks.length = 0;
      finish({ ok: true, bytes, release: giveBack });
    };
    const onAbort = () => finish({ ok: false, reason: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('aborted', onAbort);
  });
}
