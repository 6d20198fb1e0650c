// A server whose generation calls are slow (each waits, as a generation backend's do): the run overlaps
// what no spending window or stateful sequence needs alone, and sends no generation call that judges
// nothing new. Counted, not timed: the wall time of such a run with 1.5–2 s per call is the bench's
// (bench/slow.ts).
import { startSandbox } from '@mediagen/mock';
import { operations } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { failures } from '../support/helpers.js';
import { startSlowGenerations } from '../support/slow.js';

const { generateMedia, estimateGeneration } = operations;

describe('slow generation calls', () => {
  it('go side by side where nothing needs them alone, and none is sent again alike to be refused', async () => {
    const sandbox = await startSandbox({ apiKeys: ['k'], credits: 100_000, delays: { pendingMs: 10, completeMs: 30 } });
    const slow = await startSlowGenerations(sandbox.url, 'k', { minMs: 20, maxMs: 40 });
    try {
      const report = await runConformance({ baseUrl: slow.url, apiKey: 'k', seed: 1 });
      expect(failures(report)).toEqual([]);
      const generate = slow.stats.byOperation[generateMedia.operationId]!;
      const estimate = slow.stats.byOperation[estimateGeneration.operationId]!;
      // Invalid bodies, sent to be refused, went out together (one spending window, read back once).
      expect(generate.maxInFlight).toBeGreaterThan(1);
      expect(slow.stats.refusedAgain).toBe(0);
      // One balance reading per window, not per request: at cd00658 a run sent 91 generate and 199 estimate calls.
      expect(generate.calls).toBeLessThanOrEqual(91);
      expect(estimate.calls).toBeLessThan(170);
    } finally {
      await slow.stop();
      await sandbox.stop();
    }
  }, 300_000);
});
