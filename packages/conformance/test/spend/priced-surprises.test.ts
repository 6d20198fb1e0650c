// A run keeps judging when a refuted assumption makes something cost, and never turns green by
// switching itself off. Against the counter-servers whose reads or estimates cost (each refutes only an
// assumption), a default run under a cap judges what a faithful run judges and passes with the
// assumption refuted: a read seen to charge is priced at the worst charge seen, an estimate of steady
// cost is counted and netted out of every reading. Against estimates whose cost varies — a charge no
// reading can net out — spending ends, and the stated cells left unjudged make the run incomplete: not
// ok, one line per reason naming the cells, exit 2.
import { SANDBOX_API_KEY, startSandbox } from '@mediagen/mock';
import { operations } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { type ConformanceOptions, formatSummary, type Report, runConformance } from '../../src/index.js';
import { toHtml } from '../../src/report/html.js';
import { RECIPES } from '../../src/selftest/counter/recipes.js';
import { isFor, type Rewrite, startProxy } from '../../src/selftest/proxy.js';
import { editJson, isObject, isSuccess } from '../../src/selftest/rewrites.js';
import { SELFTEST_MAX_CREDITS } from '../../src/selftest/run.js';

const { estimateGeneration, generateMedia } = operations;

const options: ConformanceOptions = { maxExamples: 0, seed: 1, lifecycleTimeoutMs: 2_000, mode: 'full', maxCredits: SELFTEST_MAX_CREDITS };

/** Media in progress for 60 ms, as the counter-server harness's sandbox makes them. */
const HARNESS_DELAYS = { pendingMs: 20, completeMs: 60 };
/**
 * Media done when made. Which cells a run judges must not hang on when a read lands: with media in
 * progress for 60 ms, a read of the generation may or may not catch them unfinished, and only such a
 * read judges the stated `generation_tracked_while_in_progress` (so the cell `getGeneration ›
 * lifecycle_terminal`). Two runs compared cell by cell use this.
 */
const DONE_WHEN_MADE = { pendingMs: 0, completeMs: 0 };

/** A run of the sandbox behind `rewrite`, as the counter-server harness runs one. */
async function runBehind(rewrite: Rewrite, extra: Partial<ConformanceOptions> = {}, delays = HARNESS_DELAYS): Promise<Report> {
  const sandbox = await startSandbox({ credits: 100_000, delays, apiKeys: [SANDBOX_API_KEY] });
  const proxy = await startProxy(sandbox.url, rewrite, SANDBOX_API_KEY);
  try {
    return await runConformance({ ...options, ...extra, baseUrl: proxy.url, apiKey: SANDBOX_API_KEY, stateful: true, checksKeyValue: true });
  } finally {
    await proxy.stop();
    await sandbox.stop();
  }
}

const recipe = (id: string) => {
  const found = RECIPES.find((r) => 'id' in r && r.id === id);
  if (!found || !('rewrite' in found)) throw new Error(`no recipe ${id}`);
  return { rewrite: found.rewrite, options: 'options' in found ? (found.options ?? {}) : {} };
};

const judgedCells = (report: Report) =>
  new Set(report.operations.flatMap((op) => op.results.filter((r) => r.outcome !== 'skipped').map((r) => `${r.operationId} › ${r.check}`)));
const refuted = (report: Report) => report.provenance.filter((p) => p.status === 'refuted').map((p) => p.element);
const failures = (report: Report) =>
  report.operations.flatMap((op) => op.results.filter((r) => r.outcome === 'failed').map((r) => `${op.operationId} › ${r.check}`));

/** Every estimate answered with success costs 1 and 2 credits in turn: no reading can be netted of it. */
function estimatesVary(): Rewrite {
  let offset = 0;
  let nth = 0;
  return {
    response: (request, response) => {
      if (!isSuccess(response.status)) return response;
      if (isFor(request, estimateGeneration)) offset += (nth++ % 2) + 1;
      const field = isFor(request, estimateGeneration) ? 'balance' : isFor(request, generateMedia) ? 'credits_remaining' : undefined;
      if (!field) return response;
      return editJson(response, (body) => {
        if (isObject(body.data) && typeof body.data[field] === 'number') body.data[field] -= offset;
      });
    },
  };
}

describe('a charge a refuted assumption brings is priced, and the run goes on', () => {
  it('a read that costs: every cell a faithful run judges is judged, the run passes, reads_are_free refuted', async () => {
    const [faithful, reads] = await Promise.all([runBehind({}, {}, DONE_WHEN_MADE), runBehind(recipe('read-costs').rewrite(), {}, DONE_WHEN_MADE)]);
    expect(faithful.ok).toBe(true);
    expect(reads.ok, failures(reads).join('\n')).toBe(true);
    expect(reads.unjudged).toEqual([]);
    expect(refuted(reads)).toContain('rule:reads_are_free');
    const missing = [...judgedCells(faithful)].filter((cell) => !judgedCells(reads).has(cell));
    expect(missing, 'cells the faithful run judged and this one did not').toEqual([]);
    expect(reads.budget.ended).toBeUndefined();
    expect(reads.budget.spent).toBeLessThanOrEqual(SELFTEST_MAX_CREDITS);
  }, 240_000);

  it('estimates that cost steadily: counted and netted out, so credits_arithmetic judges the charges (a cap that holds the readings)', async () => {
    const costs = recipe('estimate-costs');
    const report = await runBehind(costs.rewrite(), costs.options);
    expect(report.ok, failures(report).join('\n')).toBe(true);
    expect(report.unjudged).toEqual([]);
    expect(refuted(report)).toContain('rule:estimate_is_free');
    // The readings' own cost is no generation's charge: the history nets it out, so nothing else is refuted by it.
    expect(refuted(report)).not.toContain('rule:charge_taken_by_next_reading');
    expect(refuted(report)).not.toContain('rule:credits_remaining_is_the_balance');
    expect([...judgedCells(report)].sort()).toEqual(['estimateGeneration › credits_arithmetic', 'generateMedia › credits_arithmetic']);
    expect(report.budget.ended).toBeUndefined();
    expect(report.budget.spent).toBeLessThanOrEqual(report.budget.maxCredits ?? 0);
  }, 240_000);

  it('estimates that cost under a cap their readings outgrow: the cap binds (plain skips, never past it), nothing is called unjudged', async () => {
    const costs = recipe('estimate-costs');
    const report = await runBehind(costs.rewrite(), { ...costs.options, maxCredits: SELFTEST_MAX_CREDITS });
    expect(report.budget.spent).toBeLessThanOrEqual(SELFTEST_MAX_CREDITS);
    expect(report.budget.ended).toBeUndefined();
    expect(report.unjudged).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.budget.refused.some((line) => line.includes('above the credit cap'))).toBe(true);
  }, 240_000);
});

describe('a run the server switches off is not green', () => {
  it('estimates whose cost varies end spending: not ok, the stated cells named once per reason, exit 2', async () => {
    const report = await runBehind(estimatesVary(), { only: ['credits_arithmetic'] });
    expect(failures(report)).toEqual([]);
    expect(report.ok).toBe(false);
    expect(report.budget.ended).toMatch(/not steady/);
    expect(report.unjudged).toHaveLength(1);
    expect(report.unjudged[0]!.reason).toMatch(/not steady/);
    expect(report.unjudged[0]!.cells.sort()).toEqual(['estimateGeneration › credits_arithmetic', 'generateMedia › credits_arithmetic']);
    expect(formatSummary(report)).toMatch(/Unjudged because of the server[\s\S]*2 cell\(s\): .*not steady[\s\S]*INCOMPLETE/);
    expect(toHtml(report)).toMatch(/INCOMPLETE[\s\S]*Unjudged because of the server[\s\S]*2 cell\(s\): .*not steady/);
  }, 240_000);

  it('the command line exits 2 for such a run (nothing failed, stated cells unjudged)', async () => {
    const sandbox = await startSandbox({ credits: 100_000, delays: { pendingMs: 20, completeMs: 60 }, apiKeys: [SANDBOX_API_KEY] });
    const proxy = await startProxy(sandbox.url, estimatesVary(), SANDBOX_API_KEY);
    let out = '';
    try {
      const code = await main(['--base-url', proxy.url, '--mode', 'full', '--max-credits', '50', '--only', 'credits_arithmetic', '--max-examples', '0'], {
        env: { MEDIAGEN_API_KEY: SANDBOX_API_KEY },
        stdout: (t) => void (out += t),
        stderr: (t) => void (out += t),
      });
      expect(code, out).toBe(2);
      expect(out).toMatch(/INCOMPLETE/);
    } finally {
      await proxy.stop();
      await sandbox.stop();
    }
  }, 240_000);
});
