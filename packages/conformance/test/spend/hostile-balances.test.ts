// The cap holds when the balance lies. Against servers whose balance never falls (stale, or so large
// that a drop vanishes in rounding), whose balance rises, whose estimates say 0, and servers whose
// estimates or reads start charging once they were seen to be free, a run under --max-credits is
// charged at most the cap — the sandbox behind the server counts what was really charged — and its
// report says what was spent (never a silent 0 or a negative spend) and why spending stopped (reads
// that charge are priced at the worst charge seen: spending goes on, and the finding says so).
import { setTimeout } from 'node:timers/promises';
import { startSandbox } from '@mediagen/mock';
import { operations } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { formatSummary, type Report, runConformance } from '../../src/index.js';
import { isFor, type ProxyRequest, type ProxyTools, type Rewrite, startProxy } from '../../src/selftest/proxy.js';
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

/** Rewrites a field of every estimate's answer: `lie(real, nth)` (nth: 1 for the first estimate). */
function lyingEstimate(field: 'balance' | 'estimated', lie: (real: number, nth: number) => number): Rewrite['response'] {
  let nth = 0;
  return (request, response) =>
    isFor(request, estimateGeneration) && isSuccess(response.status)
      ? editJson(response, (body) => {
          if (isObject(body.data) && typeof body.data[field] === 'number') body.data[field] = lie(body.data[field], ++nth);
        })
      : response;
}

/**
 * Charges behind the client's back on the requests `charges` picks (`seen`: how many of its kind came
 * before); with `answerAfterMs`, such a request is answered only that long after its charge landed.
 */
function chargingOn(charges: (request: ProxyRequest, seen: number) => boolean, answerAfterMs = 0): Rewrite {
  const counts = new Map<string, number>();
  return {
    request: async (request, tools) => {
      const kind = request.operationId ?? request.path;
      const seen = counts.get(kind) ?? 0;
      counts.set(kind, seen + 1);
      if (charges(request, seen)) {
        await charge(tools);
        if (answerAfterMs) await setTimeout(answerAfterMs);
      }
      return request;
    },
  };
}

/** The balance the first estimate reported, forever. */
function stale(): Rewrite['response'] {
  let first: number | undefined;
  return lyingEstimate('balance', (real) => {
    first ??= real;
    return first;
  });
}

interface Liar {
  name: string;
  make: () => Rewrite;
  /** What the report must say stopped the spending (or refused it from the start). */
  why: RegExp;
  /** Its estimates cost nothing: no reading may be found to charge. */
  estimatesFree?: boolean;
  /** Its charges can be priced (reads that cost): spending goes on, each such read admitted at the worst charge seen, and `why` is a finding. */
  goesOn?: boolean;
}

// Each server takes any body (a generate the estimate refuses is made as a valid one), so every request the cap admits is charged.
const LIARS: Liar[] = [
  { name: 'a stale balance (it never falls)', make: () => ({ request: acceptEverything, response: stale() }), why: /the balance did not fall/ },
  {
    name: 'a balance at 2^60 (a drop vanishes in rounding)',
    make: () => ({ request: acceptEverything, response: lyingEstimate('balance', (real) => 2 ** 60 + real) }),
    why: /beyond 2\^53/,
  },
  {
    name: 'a rising balance',
    make: () => ({ request: acceptEverything, response: lyingEstimate('balance', (real, nth) => real + 1_000 * nth) }),
    why: /the balance rose by/,
  },
  {
    name: 'estimates of 0',
    make: () => ({ request: acceptEverything, response: lyingEstimate('estimated', () => 0) }),
    why: /estimate 0: a request that spends is never free/,
  },
  {
    name: 'estimates that charge once the start found them free',
    make: () => {
      let estimates = 0;
      return chargingOn((request) => isFor(request, estimateGeneration) && ++estimates > 2);
    },
    why: /where nothing was to be charged/,
  },
  {
    name: 'reads that charge after their first request',
    make: () => chargingOn((request, seen) => request.method === 'GET' && seen > 0),
    why: /where nothing was to be charged/,
    estimatesFree: true,
    goesOn: true,
  },
  {
    // Their charges land while a balance reading is under way: each reading waits for the reads on the wire.
    name: 'reads that charge after their first request and answer late',
    make: () => chargingOn((request, seen) => request.method === 'GET' && seen > 0, 150),
    why: /where nothing was to be charged/,
    estimatesFree: true,
    goesOn: true,
  },
];

/** What stopped the spending, or the first refusal when it never started. */
const stopReason = (report: Report) => report.budget.ended ?? report.budget.refused[0] ?? '';
/** What the guard found, in one text. */
const findings = (report: Report) => report.budget.findings.join('\n');

describe('a capped run against servers whose balance lies or whose free requests start charging', () => {
  it.each(LIARS)(
    '$name: charged at most --max-credits; the report says what was spent and why spending stopped',
    async ({ name, make, why, estimatesFree, goesOn }) => {
      const sandbox = await startSandbox({ apiKeys: [KEY], credits: 10_000, delays: { pendingMs: 10, completeMs: 30 } });
      const proxy = await startProxy(sandbox.url, make(), KEY);
      try {
        const before = sandbox.state.credits;
        const report = await runConformance({ baseUrl: proxy.url, apiKey: KEY, mode: 'full', maxCredits: CAP, lifecycleTimeoutMs: 1_000 });
        const charged = before - sandbox.state.credits;
        console.log(`${name}: charged ${charged} under --max-credits ${CAP}; the report says ${report.budget.spent} spent; ${stopReason(report)}`);
        expect(charged, name).toBeLessThanOrEqual(CAP);
        expect(report.budget.spent, `${name}: the report's spend is what was charged`).toBe(charged);
        if (goesOn) {
          // A priced charge does not end spending: the cap holds it, and the finding says what was seen.
          expect(report.budget.ended, name).toBeUndefined();
          expect(findings(report), name).toMatch(why);
        } else expect(stopReason(report), name).toMatch(why);
        // Its estimates cost nothing: no charge is laid on a balance reading (which would end every later one).
        if (estimatesFree) expect(JSON.stringify(report.budget), name).not.toMatch(/the reading itself|estimates were seen to charge/);
        const summary = formatSummary(report);
        expect(summary).toContain(`credits: ${report.budget.spent} credits spent`);
        if (report.budget.ended) expect(summary).toMatch(/spending stopped: /);
      } finally {
        await proxy.stop();
        await sandbox.stop();
      }
    },
  );
});
