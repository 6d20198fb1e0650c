// The self-test: does the suite catch broken servers, and does it pass faithful ones? It runs the
// whole suite, as a live run would (full mode, --max-credits 50), against every broken target (each must
// fail through the check and the rule it names), against the faithful targets — the Prism mock, the
// sandbox and a lenient replica built strictly from the sources — in default and in strict mode, and
// against the faithful variants (servers that differ from our guesses only where the sources are
// silent: they pass by default with their refuted assumptions listed, and fail under --strict). The
// runs against the sandbox go side by side, each with a sandbox and a proxy of its own; those against
// the Prism mock share it and go one after another.
import { SANDBOX_API_KEY, startMock, startSandbox } from '@mediagen/mock';
import type { CheckId } from '../checks/catalog.js';
import { type ConformanceOptions, runConformance } from '../conformance.js';
import { PRISM_API_KEY } from '../engine/target.js';
import type { Report, UnjudgedLine } from '../report/types.js';
import { type Agreement, recordingOf } from './agreement.js';
import { type BrokenTarget, brokenTargets, freshRewrite, lenientTarget } from './broken-targets.js';
import { type Job, runJobs } from './jobs.js';
import { startProxy } from './proxy.js';
import { SELFTEST_BUDGETS, SELFTEST_MAX_CREDITS } from './settings.js';
import { faithfulVariants } from './variants.js';

export interface BrokenTargetResult {
  id: string;
  description: string;
  upstream: 'sandbox' | 'prism';
  expect: CheckId;
  rule: string;
  /**
   * Caught under --strict only (a fault against an assumption); `refuted` says whether the default run
   * refuted it without failing the expected check, `failures` that check's failures in the default run.
   */
  strict?: { refutes: string; refuted: boolean; failures?: string[] };
  caught: boolean;
  /** Every check that failed against it (the expected one should be among them). */
  failedChecks: CheckId[];
  /** The first failure message of the expected check through the expected rule, when caught. */
  evidence?: string;
  /** Credits the run spent, as the balance says (never above SELFTEST_MAX_CREDITS). */
  spent: number;
  /** The run's own recording, judged offline, fails the same cells (credits aside). */
  recording: Agreement;
  durationMs: number;
}

export type FaithfulTarget = 'prism' | 'sandbox' | 'lenient' | `variant:${string}`;

export interface FaithfulResult {
  target: FaithfulTarget;
  mode: 'default' | 'strict';
  /** Assumptions the target refuted (listed, not failed, in default mode). */
  refuted: string[];
  /** For a variant: the refutations it must show, and whether each showed. */
  missingRefutations?: string[];
  spent: number;
  /** Passed by default (a variant: and refuted what it must); under --strict a variant and the lenient replica must fail. */
  ok: boolean;
  /** `operation › check: message` of every failure. */
  failures: string[];
  /**
   * The cells the server's behaviour left unjudged, by reason (the report's `unjudged`): a run with
   * any is no pass (`ok` false), though nothing failed in it.
   */
  unjudged: UnjudgedLine[];
  durationMs: number;
}

export interface SelftestResult {
  broken: BrokenTargetResult[];
  faithful: FaithfulResult[];
  caught: number;
  total: number;
  /** caught / total, 0..1. */
  catchRate: number;
  /** Failed cells against the faithful targets and variants, default mode. */
  falseFailures: number;
  /** Failed cells against the Prism mock and the sandbox under --strict. */
  falseFailuresStrict: number;
  /** Broken targets whose recording, judged offline, did not fail the same cells as the live run. */
  disagreements: number;
  durationMs: number;
}

export interface SelftestOptions {
  /** Generated requests per operation in each run (default 10: the catalogue is about detection). */
  maxExamples?: number;
  seed?: number;
  /** Only these catalogue entries and variants (ids). */
  only?: readonly string[];
  /** Leave out the faithful runs. */
  skipFaithful?: boolean;
  /**
   * Runs at once (default 4). Each run against the sandbox has a sandbox (and a proxy) of its own, so
   * those go side by side; the runs against Prism share the one Prism mock and go one after another.
   * Results keep the catalogue's order whatever the order they finish in.
   */
  concurrency?: number;
  onResult?: (result: BrokenTargetResult | FaithfulResult) => void;
}

const failedChecks = (report: Report): CheckId[] => [
  ...new Set(report.operations.flatMap((op) => op.results.filter((r) => r.outcome === 'failed').map((r) => r.check))),
];
const failureLines = (report: Report) =>
  report.operations.flatMap((op) =>
    op.results.filter((r) => r.outcome === 'failed').map((r) => `${r.operationId} › ${r.check}: ${r.failures[0]?.message ?? 'failed'}`),
  );
const refutedOf = (report: Report) => report.provenance.filter((p) => p.status === 'refuted').map((p) => p.element);

function sandboxOptions() {
  return { credits: 100_000, delays: { pendingMs: 20, completeMs: 60 }, apiKeys: [SANDBOX_API_KEY] };
}

export { SELFTEST_MAX_CREDITS } from './settings.js';

export async function runSelftest(options: SelftestOptions = {}): Promise<SelftestResult> {
  const started = Date.now();
  const common: ConformanceOptions = {
    maxExamples: options.maxExamples ?? 10,
    seed: options.seed ?? 1,
    // Short, so that a server whose media never finish (lifecycle-stuck) ends its runs soon.
    lifecycleTimeoutMs: 2_000,
    mode: 'full',
    maxCredits: SELFTEST_MAX_CREDITS,
    budgets: SELFTEST_BUDGETS,
  };
  // A faithful server's media finish within a fraction of a second; runs side by side on a loaded
  // machine can poll late, and a faithful run must never fail on that (under --strict the time limit is
  // an obligation). Only a broken target is meant to run into the limit.
  const faithfulCommon: ConformanceOptions = { ...common, lifecycleTimeoutMs: 30_000 };
  const wanted = (id: string) => !options.only?.length || options.only.includes(id);
  const targets = brokenTargets.filter((t) => wanted(t.id));
  const variants = faithfulVariants().filter((v) => wanted(v.id));
  const needsPrism = !options.skipFaithful || targets.some((t) => t.upstream === 'prism');
  const prism = needsPrism ? await startMock() : undefined;
  /** One run against a proxy (with `rewrite`) in front of a fresh upstream; with `recorded`, its recording judged too. */
  const runBehind = async (
    upstreamKind: 'sandbox' | 'prism',
    rewrite: BrokenTarget['rewrite'] | undefined,
    extra: ConformanceOptions,
    base: ConformanceOptions = common,
    recorded?: (agreement: Agreement) => void,
  ): Promise<Report> => {
    const sandbox = upstreamKind === 'sandbox' ? await startSandbox(sandboxOptions()) : undefined;
    const upstream = sandbox?.url ?? prism!.url;
    const apiKey = sandbox ? SANDBOX_API_KEY : PRISM_API_KEY;
    const proxy = rewrite ? await startProxy(upstream, rewrite, apiKey) : undefined;
    const baseUrl = proxy?.url ?? upstream;
    const recording = recorded
      ? recordingOf(() => baseUrl, {
          ...(extra.strict ? { strict: true } : {}),
          stateful: upstreamKind === 'sandbox',
          ...(base.lifecycleTimeoutMs !== undefined ? { lifecycleWaitMs: base.lifecycleTimeoutMs } : {}),
        })
      : undefined;
    try {
      const report = await runConformance({
        ...base,
        ...extra,
        baseUrl,
        apiKey,
        stateful: upstreamKind === 'sandbox',
        checksKeyValue: upstreamKind === 'sandbox',
        ...(recording ? { recorders: [recording.writer] } : {}),
      });
      if (recording) recorded!(await recording.compare(report));
      return report;
    } finally {
      await proxy?.stop();
      await sandbox?.stop();
    }
  };
  // Each job writes its result into its own slot, so the results keep the catalogue's order.
  const broken: BrokenTargetResult[] = new Array(targets.length);
  const faithfulSlots: FaithfulResult[][] = [];
  const jobs: Job[] = [];
  const finish = <T extends BrokenTargetResult | FaithfulResult>(result: T): T => {
    options.onResult?.(result);
    return result;
  };

  targets.forEach((target, index) =>
    jobs.push({
      upstream: target.upstream,
      run: async () => {
        const t0 = Date.now();
        let recording: Agreement = { onlyLive: [], onlyRecording: [], agrees: false };
        const report = await runBehind(target.upstream, freshRewrite(target.id), target.strict ? { strict: true } : {}, common, (agreement) => {
          recording = agreement;
        });
        const failures = report.operations.flatMap((op) => op.results).filter((r) => r.check === target.expect && r.outcome === 'failed');
        const through = failures.flatMap((r) => r.failures).find((f) => f.basis?.rule === target.rule);
        const named = (rule: string) => report.operations.some((op) => op.results.some((r) => r.failures.some((f) => f.basis?.rule === rule)));
        let strict: BrokenTargetResult['strict'];
        if (target.strict) {
          // In default mode the same fault is a refuted assumption, listed and not failed.
          const lenient = await runBehind(target.upstream, freshRewrite(target.id), {});
          const failed = failureLines(lenient).filter((line) => line.includes(` › ${target.expect}: `));
          strict = {
            refutes: target.strict.refutes,
            refuted: refutedOf(lenient).includes(target.strict.refutes) && failed.length === 0,
            ...(failed.length ? { failures: failed } : {}),
          };
        }
        broken[index] = finish({
          id: target.id,
          description: target.description,
          upstream: target.upstream,
          expect: target.expect,
          rule: target.rule,
          ...(strict ? { strict } : {}),
          caught: through !== undefined && (target.alsoRules ?? []).every(named) && (strict?.refuted ?? true),
          failedChecks: failedChecks(report),
          ...(through ? { evidence: through.message } : {}),
          spent: report.budget.spent,
          recording,
          durationMs: Date.now() - t0,
        });
      },
    }),
  );
  /** A faithful run, its result kept in `slot` of the faithful list (runs of one target, both modes). */
  const faithfulJob = (upstream: 'sandbox' | 'prism', slot: FaithfulResult[], index: number, run: () => Promise<FaithfulResult>) => {
    jobs.push({ upstream, run: async () => void (slot[index] = finish(await run())) });
  };
  if (!options.skipFaithful) {
    const kinds: ['prism' | 'sandbox' | 'lenient', 'sandbox' | 'prism', BrokenTarget['rewrite'] | undefined][] = [
      ['prism', 'prism', undefined],
      ['sandbox', 'sandbox', undefined],
      ['lenient', 'sandbox', lenientTarget],
    ];
    for (const [modeIndex, mode] of (['default', 'strict'] as const).entries()) {
      const slot: FaithfulResult[] = [];
      faithfulSlots.push(slot);
      kinds.forEach(([kind, upstream, rewrite], index) =>
        faithfulJob(upstream, slot, index, async () => {
          const t0 = Date.now();
          const report = await runBehind(upstream, rewrite, modeIndex === 1 ? { strict: true } : {}, faithfulCommon);
          return {
            target: kind,
            mode,
            // The lenient replica refutes assumptions: under --strict those are obligations, and it fails on them.
            ok: kind === 'lenient' && mode === 'strict' ? !report.ok : report.ok,
            refuted: refutedOf(report),
            spent: report.budget.spent,
            failures: failureLines(report),
            unjudged: report.unjudged,
            durationMs: Date.now() - t0,
          };
        }),
      );
    }
  }
  for (const variant of variants) {
    const slot: FaithfulResult[] = [];
    faithfulSlots.push(slot);
    (['default', 'strict'] as const).forEach((mode, index) =>
      faithfulJob('sandbox', slot, index, async () => {
        const t0 = Date.now();
        const report = await runBehind('sandbox', variant.rewrite(), mode === 'strict' ? { strict: true } : {}, faithfulCommon);
        const refuted = refutedOf(report);
        const missing = variant.refutes.filter((r) => !refuted.includes(r));
        return {
          target: `variant:${variant.id}`,
          mode,
          ok: mode === 'default' ? report.ok && missing.length === 0 : !report.ok,
          refuted,
          ...(missing.length ? { missingRefutations: missing } : {}),
          spent: report.budget.spent,
          failures: failureLines(report),
          unjudged: report.unjudged,
          durationMs: Date.now() - t0,
        };
      }),
    );
  }
  try {
    await runJobs(jobs, options.concurrency ?? 4);
  } finally {
    await prism?.stop();
  }
  const faithful = faithfulSlots.flat();
  const caught = broken.filter((b) => b.caught).length;
  return {
    broken,
    faithful,
    caught,
    total: broken.length,
    catchRate: broken.length ? caught / broken.length : 1,
    falseFailures: faithful.filter((f) => f.mode === 'default').reduce((n, f) => n + f.failures.length, 0),
    falseFailuresStrict: faithful
      .filter((f) => f.mode === 'strict' && (f.target === 'prism' || f.target === 'sandbox'))
      .reduce((n, f) => n + f.failures.length, 0),
    disagreements: broken.filter((b) => !b.recording.agrees).length,
    durationMs: Date.now() - started,
  };
}
