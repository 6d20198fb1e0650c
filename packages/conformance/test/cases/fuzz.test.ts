// Generated requests find what hand-written ones might not, and a failure is shrunk to a minimal
// case printed as a curl line with the key masked.
import { startSandbox } from '@mediagen/mock';
import { describe, expect, it } from 'vitest';
import { formatSummary, runConformance } from '../../src/index.js';
import { brokenTargets, startProxy } from '../../src/selftest/index.js';

describe('generated requests', () => {
  it('shrink a failure to a minimal case, printed as curl with the key masked', async () => {
    const sandbox = await startSandbox({ apiKeys: ['fuzz-secret-key'] });
    // Clamps out-of-range steps and cfg_scale instead of rejecting them.
    const broken = brokenTargets.find((t) => t.id === 'out-of-range-steps-accepted')!;
    const proxy = await startProxy(sandbox.url, broken.rewrite, 'fuzz-secret-key');
    try {
      const run = (seed: number) =>
        runConformance({
          baseUrl: proxy.url,
          apiKey: 'fuzz-secret-key',
          seed,
          maxExamples: 60,
          operations: ['estimateGeneration'],
          only: ['negative_data_rejection'],
        });
      const report = await run(11);
      const result = report.operations[0]!.results.find((r) => r.check === 'negative_data_rejection')!;
      expect(result.outcome).toBe('failed');
      const generated = result.failures.find((f) => f.phase === 'fuzzing');
      expect(generated?.shrunk?.runs).toBeGreaterThan(0);
      expect(generated?.curl).toMatch(/^curl -X POST '.*\/pub\/v1\/generations\/estimate' -H 'X-API-KEY: \*\*\*'/);
      // Minimal: one item, and the broken value is at the edge of its range.
      const body = JSON.parse(/-d '(.*)'$/.exec(generated!.curl!)![1]!.replace(/'\\''/g, "'")) as Record<string, unknown>[];
      expect(body).toHaveLength(1);
      const edges = [9, 3021, 0, 4, 127];
      expect(Object.values(body[0]!).some((v) => typeof v === 'number' && (edges.includes(v) || (v > 127 && v < 128) || (v < 4 && v >= 3)))).toBe(true);
      expect(formatSummary(report)).toContain('shrunk to this minimal case');
      expect(JSON.stringify(report)).not.toContain('fuzz-secret-key');
      // The same seed finds the same case.
      const again = await run(11);
      const ids = (text?: string) => text?.replace(/ast_[a-z0-9]+/g, 'ast_ID');
      expect(ids(again.operations[0]!.results[0]!.failures.find((f) => f.phase === 'fuzzing')?.curl)).toBe(ids(generated!.curl));
    } finally {
      await proxy.stop();
      await sandbox.stop();
    }
  });
});
