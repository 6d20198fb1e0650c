// The proxy's summary is read by a person at Ctrl-C: its skipped cells (most of them, for a few
// exchanges) are counted by reason, one line each, and each check is skipped for its own reason (the
// credits check for the balance it cannot own, the others for the exchanges the traffic did not hold).
import { startSandbox } from '@mediagen/mock';
import { describe, expect, it } from 'vitest';
import { startValidatingProxy } from '../../src/proxy/server.js';
import { formatSummary } from '../../src/report/console.js';
import { NO_EXCHANGE, NOT_OBSERVED } from '../../src/traffic/judge.js';

const KEY = 'k-summary-0000001';

describe('the proxy summary', () => {
  it('counts the skips by reason, one line each, with the right reason per check', async () => {
    const sandbox = await startSandbox({ apiKeys: [KEY], fixtures: true });
    const proxy = await startValidatingProxy({ upstream: sandbox.url, insecureUpstream: true });
    try {
      for (let page = 1; page <= 10; page++) {
        await (await fetch(`${proxy.url}/pub/v1/voices?page=${page}&page_size=2`, { headers: { 'x-api-key': KEY } })).text();
        await (await fetch(`${proxy.url}/pub/v1/models`, { headers: { 'x-api-key': KEY } })).text();
      }
    } finally {
      await proxy.stop();
      await sandbox.stop();
    }
    const report = await proxy.stop();
    const cells = report.operations.flatMap((op) => op.results.filter((r) => r.outcome === 'skipped').map((r) => ({ op: op.operationId, ...r })));
    expect(cells.length).toBe(report.summary.skipped);
    // Only the credits check is skipped for the balance; pagination, like the others, for what the traffic did not hold.
    expect(cells.filter((c) => c.reason === NOT_OBSERVED).map((c) => c.check)).toSatisfy((checks: string[]) => checks.every((c) => c === 'credits_arithmetic'));
    expect(cells.filter((c) => c.check === 'pagination_conformance').every((c) => c.reason === NO_EXCHANGE)).toBe(true);

    const summary = formatSummary(report, { color: false });
    const section = summary.slice(summary.indexOf('Skipped (operation × check, by reason)')).split('\n\n')[0]!.split('\n').slice(1);
    const reasons = new Set(cells.map((c) => c.reason));
    expect(section).toHaveLength(reasons.size);
    // Each line: the count of its reason's cells, the reason, the checks that gave it.
    for (const reason of reasons) {
      const line = section.find((l) => l.includes(reason!));
      expect(line, reason).toBeDefined();
      expect(Number(/^\s*(\d+)/.exec(line!)?.[1])).toBe(cells.filter((c) => c.reason === reason).length);
    }
    expect(summary.split('\n').length).toBeLessThan(60);
  }, 120_000);
});
