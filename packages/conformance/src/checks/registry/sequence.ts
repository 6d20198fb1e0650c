// What the sequence checks share: reading a body, the media ids of a generation, and the progress
// line each sequence ends with.
import type { RunContext } from '../../engine/context.js';
import type { Exchange } from '../../engine/http.js';

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
export const dataOf = (exchange: Exchange): unknown => (isObject(exchange.json) ? exchange.json.data : undefined);
/** Media ids of a generation (an older server's `images` too: renamed_fields reports the name). */
export const mediaIdsOf = (generation: unknown): string[] => {
  const media = isObject(generation) ? (generation.media ?? generation.images) : undefined;
  return Array.isArray(media)
    ? media
        .filter(isObject)
        .map((m) => m.id)
        .filter((id): id is string => typeof id === 'string')
    : [];
};
export const itemsOf = (exchange: Exchange): Record<string, unknown>[] => {
  const data = dataOf(exchange);
  return Array.isArray(data) ? data.filter(isObject) : [];
};
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The progress line a sequence ends with. */
export function summary(run: RunContext, check: string, operations: string[], detail: string): void {
  if (!run.selects(check)) return;
  run.emit({
    type: 'stateful',
    check,
    outcome: detail.startsWith('skipped') ? 'skipped' : detail.startsWith('failed') ? 'failed' : 'passed',
    detail: `${operations.join(', ')}: ${detail}`,
  });
}

/** A judge that counts the failures of a sequence. */
export function counter(run: RunContext, check: string) {
  const tally = { failures: 0, judged: 0 };
  const judge = (operationId: string, ok: boolean, message: string, exchange?: Exchange) => {
    tally.judged++;
    if (!ok) tally.failures++;
    run.judge(operationId, check, ok, message, 'stateful', exchange);
  };
  return { tally, judge };
}
