// Spend is what the balance says. Against servers that charge in ways nobody announced — an estimate
// below the real price, an estimate that costs, a read that costs, a generate that keeps its credits
// and answers an error, and one that takes any body — a capped run never spends past its cap, and the
// report's spend is what the server charged (its balance before and after the run).
import { startSandbox } from '@mediagen/mock';
import { operations } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { isFor, jsonReply, type ProxyTools, parseJson, type Rewrite, startProxy } from '../../src/selftest/proxy.js';
import { acceptEverything, editJson, isObject, isSuccess } from '../../src/selftest/rewrites.js';

const { generateMedia, estimateGeneration } = operations;
const CAP = 20;
const KEY = 'spend-key';

/** A charge the server makes behind the client's back: a one-item generation on the upstream. */
async function charge(tools: ProxyTools): Promise<void> {
  await tools.upstream({
    method: 'POST',
    path: generateMedia.path,
    headers: { 'x-api-key': tools.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify([{ model: 'JuggernautXL', prompt: { positive: 'a hidden charge' } }]),
  });
}

const SPENDERS: [string, Rewrite][] = [
  ['accept-everything', { request: acceptEverything }],
  [
    'lying-estimate',
    {
      response: (request, response) =>
        isFor(request, estimateGeneration) && isSuccess(response.status)
          ? editJson(response, (body) => {
              if (isObject(body.data) && typeof body.data.estimated === 'number') body.data.estimated = Math.max(0, body.data.estimated - 2);
            })
          : response,
    },
  ],
  [
    'charging-estimate',
    {
      request: async (request, tools) => {
        if (isFor(request, estimateGeneration)) await charge(tools);
        return request;
      },
    },
  ],
  [
    'charging-read',
    {
      request: async (request, tools) => {
        if (request.method === 'GET') await charge(tools);
        return request;
      },
    },
  ],
  [
    'charge-then-fail',
    {
      response: (request, response) => {
        if (!isFor(request, generateMedia) || !isSuccess(response.status)) return response;
        const body = parseJson(response);
        return isObject(body) ? jsonReply(500, { data: null, err: { code: 'internal_error', message: 'the generation could not start' } }) : response;
      },
    },
  ],
];

describe('a capped run against servers that charge unannounced', () => {
  it.each(SPENDERS)('%s: spends at most --max-credits, and the report says what was charged', async (name, rewrite) => {
    const sandbox = await startSandbox({ apiKeys: [KEY], credits: 10_000, delays: { pendingMs: 10, completeMs: 30 } });
    const proxy = await startProxy(sandbox.url, rewrite, KEY);
    try {
      const before = sandbox.state.credits;
      const report = await runConformance({ baseUrl: proxy.url, apiKey: KEY, mode: 'full', maxCredits: CAP, maxExamples: 4, lifecycleTimeoutMs: 1_000 });
      const charged = before - sandbox.state.credits;
      console.log(`${name}: charged ${charged}, report says ${report.budget.spent} (${report.budget.findings.join('; ') || 'no finding'})`);
      expect(charged, name).toBeLessThanOrEqual(CAP);
      expect(report.budget.spent, name).toBe(charged);
      if (name !== 'accept-everything') expect(report.budget.findings.length, `${name}: the unannounced charge is a finding`).toBeGreaterThan(0);
    } finally {
      await proxy.stop();
      await sandbox.stop();
    }
  });
});
