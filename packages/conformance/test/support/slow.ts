// A server whose generation calls are slow, as a generation backend's are: the sandbox behind a proxy
// that passes every generate and estimate request on only after a delay (seeded: each between `minMs` and `maxMs`),
// counting the calls and how many were in flight at once. The tests assert on those counts, the bench
// on the wall time.
import { operations } from '@mediagen/schema';
import { type RunningProxy, startProxy } from '../../src/selftest/proxy.js';

export interface Tally {
  calls: number;
  inFlight: number;
  maxInFlight: number;
}

const count = (tally: Tally) => {
  tally.calls++;
  tally.inFlight++;
  tally.maxInFlight = Math.max(tally.maxInFlight, tally.inFlight);
};

export interface SlowGenerations extends RunningProxy {
  /** Slow requests received and the most in flight at once: in all, and by operation. */
  readonly stats: Tally & {
    byOperation: Record<string, Tally>;
    /** Generate requests refused that were the same (body and key) as one refused before: they judged nothing new. */
    refusedAgain: number;
  };
}

/** The calls a generation backend answers: making media, and pricing it. */
export const GENERATION_CALLS: readonly string[] = [operations.generateMedia.operationId, operations.estimateGeneration.operationId];

export async function startSlowGenerations(
  upstream: string,
  apiKey: string,
  delay: { minMs: number; maxMs: number },
  slow: readonly string[] = GENERATION_CALLS,
): Promise<SlowGenerations> {
  const tally = (): Tally => ({ calls: 0, inFlight: 0, maxInFlight: 0 });
  const stats = { ...tally(), byOperation: Object.fromEntries(slow.map((op) => [op, tally()])), refusedAgain: 0 };
  const refused = new Set<string>();
  const span = delay.maxMs - delay.minMs + 1;
  const proxy = await startProxy(
    upstream,
    {
      async request(request) {
        const op = request.operationId ?? '';
        if (!slow.includes(op)) return request;
        count(stats);
        count(stats.byOperation[op]!);
        // The backend's time before the sandbox answers (the same sequence of delays every run).
        await new Promise((resolve) => setTimeout(resolve, delay.minMs + ((stats.calls * 7919) % span)));
        stats.inFlight--;
        stats.byOperation[op]!.inFlight--;
        return request;
      },
      response(request, response) {
        if (request.operationId !== operations.generateMedia.operationId || response.status < 400) return response;
        const key = JSON.stringify([request.body ?? null, request.headers['x-api-key'] ?? null]);
        if (refused.has(key)) stats.refusedAgain++;
        else refused.add(key);
        return response;
      },
    },
    apiKey,
  );
  return { ...proxy, stats };
}
