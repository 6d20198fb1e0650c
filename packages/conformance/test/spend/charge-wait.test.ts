// How long the spend guard waits for a generation's charge to show, counted in balance readings (not
// in time): it reads the balance again only while a charge may still come. A stateless mock's balance
// never moves, and a generation the server took for a body the estimate refused was priced by a guess
// (an upper bound): waiting for either to show its price read the balance for the whole lifecycle wait
// (30 s) and judged nothing more.
import { SANDBOX_API_KEY, startSandbox } from '@mediagen/mock';
import { describe, expect, it } from 'vitest';
import { type Report, runConformance } from '../../src/index.js';
import type { Exchange } from '../../src/model/exchange.js';
import { startProxy } from '../../src/selftest/proxy.js';
import { faithfulVariants } from '../../src/selftest/variants.js';

/** The labels of the balance readings a run took to wait for a charge (spending.ts, awaitCharge). */
const waitReadings = (labels: string[]) => labels.filter((label) => label.endsWith('once its charge shows'));

async function run(options: Parameters<typeof runConformance>[0]): Promise<{ report: Report; labels: string[] }> {
  const labels: string[] = [];
  const report = await runConformance({ ...options, recorders: [{ record: (exchange: Exchange) => void labels.push(exchange.request.label) }] });
  return { report, labels };
}

describe('waiting for a charge', () => {
  it('on Prism, whose balance never moves, reads it no more than once after a generation (spending ends at once, as it did after the wait)', async () => {
    const { report, labels } = await run({ target: 'prism', mode: 'full', maxCredits: 50, maxExamples: 2, operations: ['generateMedia'] });
    expect(report.target.kind).toBe('prism');
    expect(report.budget.ended).toMatch(/the balance did not fall \(from (\d+) to \1\)/);
    expect(labels.filter((label) => label.startsWith('balance after "')).length).toBe(1);
    expect(waitReadings(labels)).toEqual([]);
  }, 600_000);

  it('a generation taken for a body the estimate refused is settled once the balance shows any charge, not its guessed price', async () => {
    const variant = faithfulVariants().find((v) => v.id === 'unknown-names-fail-later')!;
    const sandbox = await startSandbox({ credits: 10_000, delays: { pendingMs: 20, completeMs: 60 }, apiKeys: [SANDBOX_API_KEY] });
    const proxy = await startProxy(sandbox.url, variant.rewrite(), SANDBOX_API_KEY);
    try {
      const { report, labels } = await run({
        baseUrl: proxy.url,
        apiKey: SANDBOX_API_KEY,
        mode: 'full',
        maxCredits: 50,
        maxExamples: 2,
        operations: ['generateMedia'],
      });
      // The server took them (each a plain generation it charges at once) and they end failed: what the variant is for.
      const taken = labels.filter((label) => /^balance after "(a (model|style|LoRA) no listing names|.* on an asset no upload made)"$/.test(label));
      expect(taken.length).toBeGreaterThanOrEqual(4);
      expect(report.provenance.find((p) => p.element === 'rule:invalid_request_refused_up_front')?.status).toBe('refuted');
      expect(waitReadings(labels)).toEqual([]);
      // Each charge was still read (the balance fell by what the server charged), and nothing was left unjudged.
      expect(report.budget.ended).toBeUndefined();
      expect(report.budget.spent).toBe(report.budget.startBalance! - report.budget.endBalance!);
      expect(report.unjudged).toEqual([]);
    } finally {
      await proxy.stop();
      await sandbox.stop();
    }
  }, 600_000);
});
