// A run never turns green by switching itself off. Against a server whose balance stops moving — its
// estimates keep saying the balance of a moment while its generate answers (credits_remaining) show
// every charge — the run stops spending for safety, and then the rule the server broke fails: the
// estimate does not return the current balance. The run exits 1 naming it, and the report says which
// cells were skipped and why.
import { startSandbox } from '@mediagen/mock';
import { operations } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { formatSummary, runConformance } from '../../src/index.js';
import { isFor, type Rewrite, startProxy } from '../../src/selftest/proxy.js';
import { editJson, isObject, isSuccess } from '../../src/selftest/rewrites.js';

const { estimateGeneration, generateMedia } = operations;
const KEY = 'spend-key';

/** The estimate's balance moves with the first `moving` generations served, then stays where it was. */
function stopsMoving(moving: number): Rewrite {
  let served = 0;
  let frozen: number | undefined;
  return {
    response: (request, response) => {
      if (!isSuccess(response.status)) return response;
      if (isFor(request, generateMedia)) served++;
      if (!isFor(request, estimateGeneration)) return response;
      return editJson(response, (body) => {
        if (!isObject(body.data) || typeof body.data.balance !== 'number') return;
        if (served > moving) body.data.balance = frozen ??= body.data.balance;
      });
    },
  };
}

describe('a balance that stops moving', () => {
  it('fails estimate_returns_the_balance: the run exits 1 naming it, and says which cells it skipped and why', async () => {
    const sandbox = await startSandbox({ apiKeys: [KEY], credits: 10_000, delays: { pendingMs: 10, completeMs: 30 } });
    const proxy = await startProxy(sandbox.url, stopsMoving(2), KEY);
    try {
      const report = await runConformance({ baseUrl: proxy.url, apiKey: KEY, mode: 'full', maxCredits: 50, lifecycleTimeoutMs: 1_000 });
      expect(report.ok).toBe(false);
      const failed = report.operations.flatMap((op) => op.results.flatMap((r) => r.failures.map((f) => f.basis?.rule)));
      expect(failed).toContain('estimate_returns_the_balance');
      expect(report.budget.ended).toMatch(/the balance did not fall/);
      const summary = formatSummary(report);
      expect(summary).toMatch(/estimate_returns_the_balance/);
      // The cells spending stopped for are skipped, each with why.
      const skipped = report.operations.flatMap((op) => op.results.filter((r) => r.outcome === 'skipped' && /spending ended/.test(r.reason ?? '')));
      expect(skipped.length).toBeGreaterThan(0);
      expect(summary).toMatch(/spending ended/);
    } finally {
      await proxy.stop();
      await sandbox.stop();
    }
  });
});
