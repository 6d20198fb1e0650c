// The planner keeps credits for the generations each stateful check declares (its `generations`). The
// credit check's own generations draw from what was kept for them: under a cap that holds the plan and
// nothing more, they are still sent (admitted beside the plan, they were refused for the very credits
// kept for them, and the credit rules went unjudged).
import { startSandbox } from '@mediagen/mock';
import { operations } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';

const KEY = 'plan-key';
const { generateMedia } = operations;

describe('the credit check under a cap that holds its plan alone', () => {
  it('sends its declared generations from the credits kept for them, and judges them', async () => {
    const sandbox = await startSandbox({ apiKeys: [KEY], credits: 10_000, delays: { pendingMs: 10, completeMs: 30 } });
    try {
      const options = { baseUrl: sandbox.url, apiKey: KEY, mode: 'full' as const, only: ['credits_arithmetic' as const], lifecycleTimeoutMs: 2_000 };
      // What the plan needs on this server, read from a run with room to spare.
      const roomy = await runConformance({ ...options, maxCredits: 1_000 });
      const needed = roomy.budget.needed!;
      expect(needed).toBeGreaterThan(0);
      const tight = await runConformance({ ...options, maxCredits: needed });
      const cell = tight.operations.find((op) => op.operationId === generateMedia.operationId)?.results.find((r) => r.check === 'credits_arithmetic');
      expect(cell?.reason ?? '').not.toContain('kept for the stateful checks');
      expect(cell?.outcome, cell?.reason).toBe('passed');
      expect(tight.budget.refused.filter((r) => r.includes('"generate a one-item generation"'))).toEqual([]);
      expect(tight.budget.spent).toBeLessThanOrEqual(needed);
      expect(tight.ok).toBe(true);
    } finally {
      await sandbox.stop();
    }
  }, 600_000);
});
