// Live safety, on loopback: a sandbox behind a recording proxy, declared live. Read-only mode sends
// nothing that creates, spends or deletes; full mode estimates first and keeps within --max-credits.
import { startSandbox } from '@mediagen/mock';
import { MOCK_HEADER } from '@mediagen/mock/edge';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunError, runConformance } from '../../src/index.js';
import { startProxy } from '../../src/selftest/proxy.js';
import { failures, recordingProxy, result } from '../support/helpers.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let proxy: Awaited<ReturnType<typeof recordingProxy>>;

beforeEach(async () => {
  sandbox = await startSandbox({ apiKeys: ['live-key'], delays: { pendingMs: 10, completeMs: 30 } });
  proxy = await recordingProxy(sandbox.url, 'live-key');
});
afterEach(async () => {
  await proxy.stop();
  await sandbox.stop();
});

describe('a live host', () => {
  it('is read-only by default: only GETs and the estimate are sent', async () => {
    const report = await runConformance({ baseUrl: proxy.url, apiKey: 'live-key', live: true, maxExamples: 6 });
    expect(report.target).toMatchObject({ live: true, mode: 'read-only', stateful: false });
    const unsafe = proxy.seen.filter((r) => r.method !== 'GET' && r.operationId !== 'estimateGeneration');
    expect(unsafe.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(failures(report)).toEqual([]);
    const skipped = report.operations.find((o) => o.operationId === 'deleteMedia')!.results.find((r) => r.check === 'positive_data_acceptance');
    expect(skipped?.reason).toMatch(/read-only/);
    // Existing resources are read with their real ids.
    expect(proxy.seen.some((r) => r.path === '/pub/v1/generations/gen_01')).toBe(true);
  });

  it('needs --max-credits for full mode', async () => {
    await expect(runConformance({ baseUrl: proxy.url, apiKey: 'live-key', live: true, mode: 'full' })).rejects.toThrow(RunError);
    await expect(runConformance({ baseUrl: proxy.url, apiKey: 'live-key', live: true, mode: 'full' })).rejects.toThrow(/needs maxCredits/);
    expect(proxy.seen).toEqual([]);
  });

  it('in full mode plans first: a budget below what the stateful checks need skips them, said up front', async () => {
    const before = sandbox.state.credits;
    const report = await runConformance({ baseUrl: proxy.url, apiKey: 'live-key', live: true, mode: 'full', maxCredits: 5, maxExamples: 0 });
    expect(report.budget.spent).toBeLessThanOrEqual(5);
    expect(report.budget.needed).toBeGreaterThan(5);
    expect(report.notes.join('\n')).toMatch(/the stateful checks need at least \d+ credits; the credit cap is below that/);
    expect(result(report, 'deleteMedia', 'use_after_free')?.reason).toMatch(/need at least \d+ credits/);
    // Every generate request was preceded by an estimate of the same body (since the generate before it;
    // a balance reading comes between them).
    proxy.seen.forEach((r, i) => {
      if (r.operationId !== 'generateMedia') return;
      const earlier = proxy.seen.slice(0, i);
      const since = earlier.slice(earlier.findLastIndex((p) => p.operationId === 'generateMedia') + 1);
      expect(since.filter((p) => p.operationId === 'estimateGeneration').map((p) => p.body)).toContain(r.body);
    });
    expect(before - sandbox.state.credits).toBe(report.budget.spent);
    expect(proxy.seen.some((r) => r.operationId === 'generateMedia' && !r.headers['x-api-key'])).toBe(false);
    expect(failures(report)).toEqual([]);
    // Everything it created is gone again.
    expect([...sandbox.state.generations.keys()]).toEqual(['gen_01']);
  });

  it('in full mode with enough credits runs the stateful checks first and spends no more than the cap', async () => {
    const before = sandbox.state.credits;
    const report = await runConformance({ baseUrl: proxy.url, apiKey: 'live-key', live: true, mode: 'full', maxCredits: 50, maxExamples: 0 });
    expect(report.budget.spent).toBeLessThanOrEqual(50);
    expect(before - sandbox.state.credits).toBe(report.budget.spent);
    for (const check of ['use_after_free', 'credits_arithmetic'] as const) {
      expect(result(report, 'generateMedia', check)?.outcome ?? result(report, 'deleteMedia', check)?.outcome, check).toBe('passed');
    }
    // The lifecycle is an assumption (transitions are not shown): a verdict.
    expect(report.provenance.find((p) => p.element === 'rule:lifecycle_order')?.status).toBe('confirmed');
    expect(failures(report)).toEqual([]);
  });
});

describe('a live host that says it is a mock', () => {
  it('is judged as the live service: a claim of the server switches off no check', async () => {
    // The sandbox behind a proxy that marks every answer as Prism's (which keeps no state and takes any key).
    const claims = await startProxy(
      sandbox.url,
      { response: (_, response) => ({ ...response, headers: { ...response.headers, [MOCK_HEADER.toLowerCase()]: 'prism' } }) },
      'live-key',
    );
    try {
      const report = await runConformance({
        baseUrl: claims.url,
        apiKey: 'live-key',
        live: true,
        mode: 'full',
        maxCredits: 50,
        maxExamples: 0,
        only: ['use_after_free'],
      });
      expect(report.target).toMatchObject({ kind: 'remote', live: true, stateful: true });
      expect(report.notes.join('\n')).toMatch(/says it is a media-mock .*prism.*not on this machine: it is judged as the live service/);
      expect(result(report, 'deleteMedia', 'use_after_free')?.outcome).toBe('passed');
    } finally {
      await claims.stop();
    }
  });
});
