// What the sequence checks share: the media ids of a generation, the items of a listing, and a tally
// that asserts through the port and ends with the sequence's progress line.
import type { OperationId } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { dataOf, type Exchange } from '../../model/exchange.js';
import type { Assertion } from '../../model/verdict.js';
import type { CheckPort } from '../port.js';

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

/** The objects of a listing's `data`. */
export const itemsOf = (exchange: Exchange): Record<string, unknown>[] => {
  const data = dataOf(exchange);
  return Array.isArray(data) ? data.filter(isObject) : [];
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asserts through the port, counting what broke; `end` prints the sequence's progress line. */
export function tally(port: CheckPort, check: string) {
  let failed = 0;
  let refuted = 0;
  let asserted = 0;
  return {
    assert(operationId: OperationId, assertion: Assertion, exchange?: Exchange): void {
      asserted++;
      const recorded = port.assert(operationId, check, assertion, exchange);
      if (recorded === 'failed') failed++;
      if (recorded === 'refuted') refuted++;
    },
    /** Skips every cell of the check with `reason`. */
    skip(reason: string): void {
      port.skipAll(check, reason);
      port.progress(check, 'skipped', reason);
    },
    end(passed: string): void {
      const verdicts = refuted > 0 ? ` (${refuted} assumption(s) refuted)` : '';
      port.progress(check, failed > 0 ? 'failed' : 'passed', failed > 0 ? `${failed} of ${asserted} assertion(s) failed${verdicts}` : `${passed}${verdicts}`);
    },
    get asserted() {
      return asserted;
    },
  };
}
