import { SANDBOX_API_KEY, startSandbox } from '@mediagen/mock';
import { it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { judgeHar } from '../../src/har/judge.js';
import { HarWriter } from '../../src/report/har.js';
import { jsonReply, startProxy } from '../../src/selftest/proxy.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function one(n: number) {
  const sandbox = await startSandbox({ credits: 100_000, delays: { pendingMs: 20, completeMs: 60 }, apiKeys: [SANDBOX_API_KEY] });
  let seen = 0;
  let what = '';
  const proxy = await startProxy(sandbox.url, { response: (req, res) => {
    if (++seen !== n) return res;
    what = `${req.method} ${req.path}?${req.query?.toString()} ${JSON.stringify(req.headers).slice(0, 200)}`;
    return jsonReply(502, { data: null, err: { message: 'x' } });
  } }, SANDBOX_API_KEY);
  const dir = mkdtempSync(join(tmpdir(), 'diag-'));
  const writer = new HarWriter(join(dir, 'run.har'));
  try {
    const report = await runConformance({ maxExamples: 10, seed: 1, lifecycleTimeoutMs: 2000, mode: 'full', maxCredits: 50, baseUrl: proxy.url, apiKey: SANDBOX_API_KEY, stateful: true, checksKeyValue: true, recorders: [writer] });
    const rec = await judgeHar(writer.path, { baseUrl: proxy.url, stateful: true, lifecycleWaitMs: 2000 });
    console.log(`N${n} what ${what}`);
    for (const [who, r] of [['LIVE', report], ['REC', rec]] as const)
      for (const op of r.operations) for (const c of op.results) if (c.outcome === 'failed') console.log(`N${n} ${who} ${op.operationId} ${c.check} ${JSON.stringify(c.failures.map((f) => [f.message, f.basis?.rule, f.label])).slice(0, 300)}`);
    console.log(`N${n} notes`, report.notes.join(' / ').slice(0, 800));
  } finally { await proxy.stop(); await sandbox.stop(); }
}
it('diag', async () => { for (const n of (process.env.NS ?? '1').split(',').map(Number)) await one(n); }, 1_200_000);
