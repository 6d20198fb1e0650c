// Following a generation to its end: polls get generation until every media item is terminal, or the
// wait runs out. It only drives: the judge reads the same answers and decides the rule whose breach the
// sources say makes a generation fail.
import { operations, TERMINAL_MEDIA_STATUSES } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { dataOf, type Exchange } from '../model/exchange.js';
import { inNewestShape } from '../model/newest.js';
import { sleep } from '../plumbing/sleep.js';
import type { RequestCase } from '../requests/cases.js';

/** `success` if any media item succeeded, `failed` when all ended otherwise, undefined when the wait ran out. */
export async function followGeneration(
  read: (c: RequestCase) => Promise<Exchange>,
  generationId: string,
  waitMs: number,
): Promise<'success' | 'failed' | undefined> {
  const deadline = Date.now() + waitMs;
  // Read at least twice: a first answer slow enough to use the wait up (a loaded machine) is no reason
  // not to look again.
  for (let delay = 50, reads = 0; reads < 2 || Date.now() <= deadline; delay = Math.min(delay * 2, 1000)) {
    reads++;
    const exchange = await read({
      operationId: operations.getGeneration.operationId,
      label: `follow generation ${generationId}`,
      params: { generation_id: generationId },
    });
    const data = dataOf(inNewestShape(operations.getGeneration, exchange));
    const media = isObject(data) && Array.isArray(data.media) ? data.media.filter(isObject) : [];
    const statuses = media.map((m) => (typeof m.status === 'string' ? m.status : ''));
    if (statuses.includes('success')) return 'success';
    if (statuses.length > 0 && statuses.every((s) => TERMINAL_MEDIA_STATUSES.includes(s as never))) return 'failed';
    await sleep(Math.max(0, Math.min(delay, deadline - Date.now())));
  }
  return undefined;
}
