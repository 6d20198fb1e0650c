// Claims weighed against what happened. Against servers whose estimates lie about a price they really
// charge — estimates that alternate between 1 and the true price, and estimates that always say 1 — a
// full run under --max-credits 20 is charged at most 20, and against the always-lying one at most one
// item of its first spend: the cap admits each spend at the larger of its estimate and the dearest price
// per item already charged, trusts no estimate once one disagreed with a charge, and spends first the
// smallest generation the plan allows.
import { startSandbox } from '@mediagen/mock';
import { operations } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { isFor, parseJson, type Rewrite, startProxy } from '../../src/selftest/proxy.js';
import { editJson, isObject, isSuccess } from '../../src/selftest/rewrites.js';

const { generateMedia, estimateGeneration } = operations;
const CAP = 20;
const KEY = 'spend-key';

/** The media a body makes: one per item, `batch_size` for an image item. */
const itemsOf = (body: unknown): number =>
  Array.isArray(body) ? body.reduce((sum: number, item) => sum + (isObject(item) && typeof item.batch_size === 'number' ? item.batch_size : 1), 0) : 1;

/**
 * A server that really charges `perItem` credits per media item made (the sandbox's own price and what
 * it charges besides, kept in the reported balances) and whose estimate says `claim(truth, nth)`.
 */
function pricedServer(perItem: number, claim: (truth: number, nth: number) => number): { rewrite: Rewrite; extra: () => number } {
  let extra = 0;
  let nth = 0;
  const lower = (body: Record<string, unknown>, field: string) => {
    if (isObject(body.data) && typeof body.data[field] === 'number') body.data[field] -= extra;
  };
  const rewrite: Rewrite = {
    response: (request, response) => {
      if (!isSuccess(response.status)) return response;
      const body = request.body ? (JSON.parse(request.body) as unknown) : undefined;
      if (isFor(request, generateMedia)) {
        // The sandbox charged its own price: the server charges the rest of `perItem` per item besides.
        const answer = parseJson(response);
        const made = isObject(answer) && isObject(answer.data) && Array.isArray(answer.data.media) ? answer.data.media.length : itemsOf(body);
        const own = typeof request.headers['x-sandbox-price'] === 'string' ? Number(request.headers['x-sandbox-price']) : 0;
        extra += perItem * made - own;
        return editJson(response, (json) => lower(json, 'credits_remaining'));
      }
      if (!isFor(request, estimateGeneration)) return response;
      return editJson(response, (json) => {
        lower(json, 'balance');
        if (isObject(json.data) && typeof json.data.estimated === 'number') json.data.estimated = claim(perItem * itemsOf(body), ++nth);
      });
    },
    // What the sandbox will charge for a generate, asked of it before the request goes (its own estimate).
    request: async (request, tools) => {
      if (!isFor(request, generateMedia) || request.headers['x-api-key'] !== tools.apiKey) return request;
      const priced = parseJson(
        await tools.upstream({ method: 'POST', path: estimateGeneration.path, headers: request.headers, ...(request.body ? { body: request.body } : {}) }),
      );
      const own = isObject(priced) && isObject(priced.data) && typeof priced.data.estimated === 'number' ? priced.data.estimated : 0;
      return { ...request, headers: { ...request.headers, 'x-sandbox-price': String(own) } };
    },
  };
  return { rewrite, extra: () => extra };
}

const LIARS: { name: string; perItem: number; claim: (truth: number, nth: number) => number; most: number }[] = [
  { name: 'estimates alternating between 1 and the true price (7 per item)', perItem: 7, claim: (truth, nth) => (nth % 2 ? 1 : truth), most: CAP },
  { name: 'every estimate saying 1 at a real 50 per item', perItem: 50, claim: () => 1, most: 50 },
];

describe('a capped run against estimates that lie about a price really charged', () => {
  it.each(LIARS)('$name: charged at most $most under --max-credits 20', async ({ name, perItem, claim, most }) => {
    const sandbox = await startSandbox({ apiKeys: [KEY], credits: 10_000, delays: { pendingMs: 10, completeMs: 30 } });
    const server = pricedServer(perItem, claim);
    const proxy = await startProxy(sandbox.url, server.rewrite, KEY);
    try {
      const before = sandbox.state.credits;
      const report = await runConformance({ baseUrl: proxy.url, apiKey: KEY, mode: 'full', maxCredits: CAP, lifecycleTimeoutMs: 1_000 });
      const charged = before - sandbox.state.credits + server.extra();
      console.log(
        `${name}: charged ${charged} under --max-credits ${CAP}; the report says ${report.budget.spent}; ${report.budget.ended ?? 'spending never stopped'}`,
      );
      expect(charged, name).toBeLessThanOrEqual(most);
      expect(report.budget.spent, `${name}: the report's spend is what was charged`).toBe(charged);
      expect(report.ok, `${name}: an estimate that disagrees with a charge fails the run`).toBe(false);
      // The stated rule the server broke fails (the run is not green by having stopped spending), and what the stop left unjudged is listed.
      const failedRules = report.operations.flatMap((op) => op.results.flatMap((r) => r.failures.map((f) => f.basis?.rule)));
      expect(failedRules, name).toContain('estimate_is_the_charge');
      if (report.budget.ended) expect(report.unjudged.length, name).toBeGreaterThan(0);
    } finally {
      await proxy.stop();
      await sandbox.stop();
    }
  });
});
