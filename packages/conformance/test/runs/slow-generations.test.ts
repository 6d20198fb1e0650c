// A server whose generation calls are slow (each waits, as a generation backend's do): the run overlaps
// what no spending window or stateful sequence needs alone, and sends no generation call that judges
// nothing new. Counted, not timed: the wall time of such a run with 1.5–2 s per call is the bench's
// (bench/slow.ts).
import { startSandbox } from '@mediagen/mock';
import { operations } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { startProxy } from '../../src/selftest/proxy.js';
import { editJson } from '../../src/selftest/rewrites.js';
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

describe('refused generate calls sent together', () => {
  it('are still caught keeping credits: the window they share refutes the rule that a refusal is free', async () => {
    const sandbox = await startSandbox({ apiKeys: ['k'], credits: 100_000, delays: { pendingMs: 10, completeMs: 30 } });
    // Each refused generate keeps 3 credits: the balance it reports (estimate `balance`, generate `credits_remaining`) falls by them.
    let kept = 0;
    const proxy = await startProxy(
      sandbox.url,
      {
        response(request, response) {
          const generate = request.operationId === generateMedia.operationId;
          if (generate && response.status >= 400 && request.headers['x-api-key'] === 'k') kept += 3;
          const field = request.operationId === estimateGeneration.operationId ? 'balance' : generate ? 'credits_remaining' : undefined;
          if (!field || response.status >= 300) return response;
          return editJson(response, (body) => {
            const data = body.data as Record<string, unknown> | undefined;
            if (data && typeof data[field] === 'number') data[field] = (data[field] as number) - kept;
          });
        },
      },
      'k',
    );
    try {
      const report = await runConformance({ baseUrl: proxy.url, apiKey: 'k', maxExamples: 0 });
      // The rule is ours (an assumption): refuted, with the window that showed it.
      const verdict = report.provenance.find((p) => p.element === 'rule:failed_generate_is_free');
      expect(verdict?.status).toBe('refuted');
      expect(JSON.stringify(verdict)).toMatch(/refused with an error, the balance went from \d+ to \d+ \(\d+ credits kept\)/);
      expect(kept).toBeGreaterThan(0);
    } finally {
      await proxy.stop();
      await sandbox.stop();
    }
  }, 300_000);
});
