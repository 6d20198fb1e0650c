// What the stateful checks share: the media ids of a generation, the items of a listing, the time an
// answer came, and the one loop a sequence waits in (reads again, with backoff, until the answer is
// what it waits for or the wait runs out). Bodies are read in the newest shape: the judge brings an
// older server's answers there through the ledger.
import { isObject } from '@mediagen/schema/util';
import { dataOf, type Exchange } from '../../model/exchange.js';
import type { RequestCase } from '../../requests/cases.js';
import type { CheckPort } from '../port.js';

/** Media ids of a generation. */
export const mediaIdsOf = (generation: unknown): string[] => {
  const media = isObject(generation) ? generation.media : undefined;
  return Array.isArray(media)
    ? media
        .filter(isObject)
        .map((m) => m.id)
        .filter((id): id is string => typeof id === 'string')
    : [];
};

/** The objects of a listing's `data`. */
export const itemsOf = (exchange: Exchange): Record<string, unknown>[] => {
  const data = dataOf(exchange);
  return Array.isArray(data) ? data.filter(isObject) : [];
};

/** The string at `key` of an answer's `data`, if any. */
export const dataString = (exchange: Exchange, key: string): string | undefined => {
  const data = dataOf(exchange);
  return isObject(data) && typeof data[key] === 'string' ? data[key] : undefined;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `c` until `done` says the answer is what the sequence waits for, or `waitMs` has passed:
 * first at once, then after 50 ms, doubling up to a second, and a last time once `waitMs` has passed
 * (so the last read is sent no earlier than the window a judge allows, however slow the answers), at
 * least twice in all.
 * Every answer is judged (each one is part of the history); the last one is returned.
 */
export async function sendUntil(port: CheckPort, c: RequestCase, done: (exchange: Exchange) => boolean, waitMs: number): Promise<Exchange> {
  const deadline = Date.now() + waitMs;
  for (let delay = 50, sent = 1; ; delay = Math.min(delay * 2, 1000), sent++) {
    const { exchange, refused } = await port.send(c);
    const left = deadline - Date.now();
    // Sent at least twice: a first answer slow enough to use up the window (a loaded machine) is no
    // reason not to look again.
    if (refused || exchange.status === 0 || done(exchange) || (left <= 0 && sent >= 2)) return exchange;
    await sleep(Math.max(0, Math.min(delay, left)));
  }
}
