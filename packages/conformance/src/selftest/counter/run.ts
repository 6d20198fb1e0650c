// Runs the counter-servers: each combined run once by default — it must pass (no obligation fails)
// with the assumptions it is there for listed refuted — and once under --strict, where it must fail.
// A run is the sandbox behind the rewriting proxy, judged as the self-test judges every target (full
// mode, --max-credits 50), without generated requests unless the run asks for them: the counter-servers
// change what answers say and which requests are served, which the examples, the hand-written cases
// and the stateful sequences already exercise. Runs mostly wait (lifecycles, eventual reads), so a few
// go at once.
import { SANDBOX_API_KEY, startSandbox } from '@mediagen/mock';
import { assumptions } from '@mediagen/schema';
import { type ConformanceOptions, runConformance } from '../../conformance.js';
import { AssumptionVerdicts } from '../../judging/assumptions.js';
import { mapLimit } from '../../plumbing/map-limit.js';
import type { Report } from '../../report/types.js';
import { startProxy } from '../proxy.js';
import { SELFTEST_BUDGETS, SELFTEST_MAX_CREDITS } from '../settings.js';
import type { CounterRun } from './plan.js';

export interface CounterRunResult {
  id: string;
  /** Default run: obligations that failed (`operation › check: rule: message`); must be none. */
  failures: string[];
  /** Default run: every assumption listed refuted. */
  refuted: string[];
  /** --strict run: whether it failed, and the assumptions its failures went through (verdict keys). */
  strict?: { failed: boolean; through: string[] };
  /** Credits the default run spent, and the cap it ran under. */
  spent: number;
  maxCredits: number;
  durationMs: number;
}

export interface CounterOptions {
  /** Only these runs (ids). */
  only?: readonly string[];
  /** Leave out the --strict runs. */
  skipStrict?: boolean;
  /** Runs at once (default 3). */
  concurrency?: number;
  onResult?: (result: CounterRunResult) => void;
}

let verdicts: AssumptionVerdicts | undefined;
/** The verdict key an assertion's rule counts under (a field's constraints under the field). */
const keyOfRule = (rule: string) => (verdicts ??= new AssumptionVerdicts(assumptions())).keyOf(rule);

const failuresOf = (report: Report) =>
  report.operations.flatMap((op) =>
    op.results
      .filter((r) => r.outcome === 'failed')
      .flatMap((r) => r.failures.map((f) => ({ line: `${r.operationId} › ${r.check}: ${f.basis?.rule ?? '?'}: ${f.message}`, rule: f.basis?.rule }))),
  );

const optionsOf = (run: CounterRun): ConformanceOptions => ({
  maxExamples: 0,
  seed: 1,
  lifecycleTimeoutMs: 2_000,
  mode: 'full',
  maxCredits: SELFTEST_MAX_CREDITS,
  budgets: SELFTEST_BUDGETS,
  ...run.options,
});

/** One run of a counter-server, default or --strict: a fresh sandbox behind a fresh proxy. */
async function runOnce(run: CounterRun, strict: boolean): Promise<Report> {
  const sandbox = await startSandbox({ credits: 100_000, delays: { pendingMs: 20, completeMs: 60 }, apiKeys: [SANDBOX_API_KEY] });
  const proxy = await startProxy(sandbox.url, run.rewrite(), SANDBOX_API_KEY);
  try {
    return await runConformance({
      ...optionsOf(run),
      baseUrl: proxy.url,
      apiKey: SANDBOX_API_KEY,
      stateful: true,
      checksKeyValue: true,
      ...(strict ? { strict: true } : {}),
    });
  } finally {
    await proxy.stop();
    await sandbox.stop();
  }
}

/** Runs each counter-server run (default, and --strict unless skipped) and says how each went, in the order of `runs`. */
export async function runCounterServers(runs: readonly CounterRun[], options: CounterOptions = {}): Promise<CounterRunResult[]> {
  const wanted = runs.filter((run) => !options.only?.length || options.only.includes(run.id));
  const results = new Map<string, CounterRunResult>();
  await mapLimit(wanted, options.concurrency ?? 3, async (run) => {
    const t0 = Date.now();
    const [report, strict] = await Promise.all([runOnce(run, false), options.skipStrict ? undefined : runOnce(run, true)]);
    const result: CounterRunResult = {
      id: run.id,
      failures: failuresOf(report).map((f) => f.line),
      refuted: report.provenance.filter((p) => p.status === 'refuted').map((p) => p.element),
      ...(strict ? { strict: { failed: !strict.ok, through: [...new Set(failuresOf(strict).flatMap((f) => (f.rule ? [keyOfRule(f.rule)] : [])))] } } : {}),
      spent: report.budget.spent,
      maxCredits: optionsOf(run).maxCredits ?? SELFTEST_MAX_CREDITS,
      durationMs: Date.now() - t0,
    };
    results.set(run.id, result);
    options.onResult?.(result);
  });
  return wanted.map((run) => results.get(run.id)!);
}
