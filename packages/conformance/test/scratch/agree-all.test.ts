import { SANDBOX_API_KEY, startSandbox } from '@mediagen/mock';
import { it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { recordingOf } from '../../src/selftest/agreement.js';
import { jsonReply, startProxy } from '../../src/selftest/proxy.js';

const STATUS = Number(process.env.STATUS ?? 502);
async function one(n: number) {
  const sandbox = await startSandbox({ credits: 100_000, delays: { pendingMs: 20, completeMs: 60 }, apiKeys: [SANDBOX_API_KEY] });
  let seen = 0;
  let what = '';
  const proxy = await startProxy(sandbox.url, { response: (req, res) => {
    if (++seen !== n) return res;
    what = `${req.operationId} ${req.method} ${req.path} ${String(req.body ?? '').slice(0, 160)}`;
    return jsonReply(STATUS, { data: null, err: { message: 'x' } });
  } }, SANDBOX_API_KEY);
  const rec = recordingOf(() => proxy.url, { stateful: true, lifecycleWaitMs: 2000 });
  try {
    const report = await runConformance({ maxExamples: 10, seed: 1, lifecycleTimeoutMs: 2000, mode: 'full', maxCredits: 50, baseUrl: proxy.url, apiKey: SANDBOX_API_KEY, stateful: true, checksKeyValue: true, recorders: [rec.writer] });
    const a = await rec.compare(report);
    if (!a.agrees) console.log('DISAGREE', n, JSON.stringify(a), what);
    return seen;
  } finally { await proxy.stop(); await sandbox.stop(); }
}
it('one 5xx anywhere', async () => {
  const total = await one(100000);
  console.log('TOTAL', total);
  const step = Number(process.env.STEP ?? 3);
  const ns = Array.from({ length: total }, (_, i) => i + 1).filter((n) => (n % step) === Number(process.env.OFF ?? 0));
  for (let i = 0; i < ns.length; i += 6) await Promise.all(ns.slice(i, i + 6).map(one));
}, 3_600_000);
