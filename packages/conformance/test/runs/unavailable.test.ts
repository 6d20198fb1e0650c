// A server that is briefly unavailable (503 with Retry-After) is waited out, as a 429 is: a run
// against the sandbox behind a proxy that answers each request so the first time it comes passes,
// having sent each refused request again.
import { startSandbox } from '@mediagen/mock';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { jsonReply, startProxy } from '../../src/selftest/index.js';
import { failures } from '../support/helpers.js';

describe('a temporary 503 with Retry-After', () => {
  it('is waited out within the run: a full run passes and every refused request went again', async () => {
    const sandbox = await startSandbox({ apiKeys: ['k'], credits: 100_000, delays: { pendingMs: 10, completeMs: 30 } });
    // Each request is refused the first time it comes (its method, path, query and body), and served when sent again.
    const once = new Set<string>();
    let refused = 0;
    const proxy = await startProxy(
      sandbox.url,
      {
        request: (r) => {
          const key = JSON.stringify([r.method, r.path, r.query.toString(), r.body ?? null]);
          if (once.has(key)) return r;
          once.add(key);
          refused++;
          return jsonReply(503, { data: null, err: { code: 'unavailable', message: 'busy, try again' } }, { 'retry-after': '0' });
        },
      },
      'k',
    );
    try {
      const report = await runConformance({ baseUrl: proxy.url, apiKey: 'k', maxExamples: 0 });
      expect(failures(report)).toEqual([]);
      expect(report.ok).toBe(true);
      expect(refused).toBeGreaterThan(20);
    } finally {
      await proxy.stop();
      await sandbox.stop();
    }
  }, 300_000);
});
