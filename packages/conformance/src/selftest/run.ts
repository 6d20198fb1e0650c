// The self-test: does the suite catch broken servers, and does it pass faithful ones? It runs the
// whole suite, as a live run would (full mode, --max-credits 50), against every broken target (each must
// fail through the check and the rule it names), against the faithful targets — the Prism mock, the
// sandbox and a lenient replica built strictly from the sources — in default and in strict mode, and
// against the faithful variants (servers that differ from our guesses only where the sources are
// silent: they pass by default with their refuted assumptions listed, and fail under --strict).
import { startMock, startSandbox } from '@mediagen/mock';
import type { CheckId } from '../checks/catalog.js';
import { type ConformanceOptions, runConformance } from '../conformance.js';
import { PRISM_API_KEY, SANDBOX_API_KEY } from '../engine/target.js';
import type { Report } from '../report/types.js';
import { type Agreement, recordingOf } from './agreement.js';
import { type BrokenTarget, brokenTargets, lenientTarget } from './broken-targets.js';
import { startProxy } from './proxy.js';
import { faithfulVariants } from './variants.js';

export interface BrokenTargetResult {
  id: string;
  description: string;
  upstream: 'sandbox' | 'prism';
  expect: CheckId;
  rule: string;
  /** Caught under --strict only (a fault against an assumption); `refuted` says whether the default run refuted it. */
  strict?: { refutes: string; refuted: boolean };
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
  /** Passed by default (a variant: and refuted what it must); under --strict a variant must fail. */
  ok: boolean;
  /** `operation › check: message` of every failure. */
  failures: string[];
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

/** The budget of every self-test run: what a live run of the suite is given. */
export const SELFTEST_MAX_CREDITS = 50;

export async function runSelftest(options: SelftestOptions = {}): Promise<SelftestResult> {
  const started = Date.now();
  const common: ConformanceOptions = {
    maxExamples: options.maxExamples ?? 10,
    seed: options.seed ?? 1,
    lifecycleTimeoutMs: 2_000,
    mode: 'full',
    maxCredits: SELFTEST_MAX_CREDITS,
  };
  const wanted = (id: string) => !options.only?.length || options.only.includes(id);
  const targets = brokenTargets.filter((t) => wanted(t.id));
  const variants = faithfulVariants().filter((v) => wanted(v.id));
  const needsPrism = !options.skipFaithful || targets.some((t) => t.upstream === 'prism');
  const prism = needsPrism ? await startMock() : undefined;
  const broken: BrokenTargetResult[] = [];
  const faithful: FaithfulResult[] = [];
  /** One run against a proxy (with `rewrite`) in front of a fresh upstream; with `recorded`, its recording judged too. */
  const runBehind = async (
    upstreamKind: 'sandbox' | 'prism',
    rewrite: BrokenTarget['rewrite'] | undefined,
    extra: ConformanceOptions,
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
          ...(common.lifecycleTimeoutMs !== undefined ? { lifecycleWaitMs: common.lifecycleTimeoutMs } : {}),
        })
      : undefined;
    try {
      const report = await runConformance({
        ...common,
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
  const push = (result: FaithfulResult) => {
    faithful.push(result);
    options.onResult?.(result);
  };
  try {
    for (const target of targets) {
      const t0 = Date.now();
      let recording: Agreement = { onlyLive: [], onlyRecording: [], agrees: false };
      const report = await runBehind(target.upstream, target.rewrite, target.strict ? { strict: true } : {}, (agreement) => {
        recording = agreement;
      });
      const failures = report.operations.flatMap((op) => op.results).filter((r) => r.check === target.expect && r.outcome === 'failed');
      const through = failures.flatMap((r) => r.failures).find((f) => f.basis?.rule === target.rule);
      const named = (rule: string) => report.operations.some((op) => op.results.some((r) => r.failures.some((f) => f.basis?.rule === rule)));
      let strict: BrokenTargetResult['strict'];
      if (target.strict) {
        // In default mode the same fault is a refuted assumption, listed and not failed.
        const lenient = await runBehind(target.upstream, target.rewrite, {});
        strict = {
          refutes: target.strict.refutes,
          refuted: refutedOf(lenient).includes(target.strict.refutes) && !failedChecks(lenient).includes(target.expect),
        };
      }
      const result: BrokenTargetResult = {
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
      };
      broken.push(result);
      options.onResult?.(result);
    }
    if (!options.skipFaithful) {
      const kinds: ['prism' | 'sandbox' | 'lenient', 'sandbox' | 'prism', BrokenTarget['rewrite'] | undefined][] = [
        ['prism', 'prism', undefined],
        ['sandbox', 'sandbox', undefined],
        ['lenient', 'sandbox', lenientTarget],
      ];
      for (const mode of ['default', 'strict'] as const) {
        for (const [kind, upstream, rewrite] of kinds) {
          const t0 = Date.now();
          const report = await runBehind(upstream, rewrite, mode === 'strict' ? { strict: true } : {});
          push({
            target: kind,
            mode,
            ok: report.ok,
            refuted: refutedOf(report),
            spent: report.budget.spent,
            failures: failureLines(report),
            durationMs: Date.now() - t0,
          });
        }
      }
    }
    for (const variant of variants) {
      for (const mode of ['default', 'strict'] as const) {
        const t0 = Date.now();
        const report = await runBehind('sandbox', variant.rewrite, mode === 'strict' ? { strict: true } : {});
        const refuted = refutedOf(report);
        const missing = variant.refutes.filter((r) => !refuted.includes(r));
        push({
          target: `variant:${variant.id}`,
          mode,
          ok: mode === 'default' ? report.ok && missing.length === 0 : !report.ok,
          refuted,
          ...(missing.length ? { missingRefutations: missing } : {}),
          spent: report.budget.spent,
          failures: failureLines(report),
          durationMs: Date.now() - t0,
        });
      }
    }
  } finally {
    await prism?.stop();
  }
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

/** The self-test result as text (the table, the catch rate and the false-failure count). */
export function formatSelftest(result: SelftestResult): string {
  const lines = ['Broken targets (each must fail through the check and the rule it names)'];
  const width = Math.max(...result.broken.map((b) => b.id.length), 10) + 2;
  for (const b of result.broken) {
    lines.push(
      `  ${b.caught ? 'caught' : 'MISSED'}  ${b.id.padEnd(width)} ${b.expect.padEnd(30)} ${(b.durationMs / 1000).toFixed(1)} s  ${String(b.spent).padStart(2)} cr  (${b.upstream}; rule ${b.rule})${
        b.strict ? `  --strict; default mode: ${b.strict.refuted ? 'refuted' : 'NOT refuted'} ${b.strict.refutes}` : ''
      }`,
    );
    if (!b.caught) lines.push(`          failed checks: ${b.failedChecks.join(', ') || 'none'}`);
    if (!b.recording.agrees)
      lines.push(
        `          its recording disagrees: only live ${b.recording.onlyLive.join(', ') || 'none'}; only recording ${b.recording.onlyRecording.join(', ') || 'none'}`,
      );
  }
  if (result.faithful.length) {
    lines.push('', 'Faithful targets and variants (each must pass by default; a variant must fail under --strict, and the lenient replica may)');
    for (const f of result.faithful) {
      lines.push(
        `  ${f.ok ? 'ok    ' : 'WRONG '}  ${`${f.target} (${f.mode})`.padEnd(width + 10)} ${(f.durationMs / 1000).toFixed(1)} s  ${String(f.spent).padStart(2)} cr${f.refuted.length ? `  refuted: ${f.refuted.join(', ')}` : ''}`,
      );
      if (f.missingRefutations) lines.push(`          did not refute: ${f.missingRefutations.join(', ')}`);
      if (f.mode === 'default') for (const failure of f.failures.slice(0, 10)) lines.push(`          ${failure}`);
    }
  }
  lines.push(
    '',
    `catch rate: ${result.caught}/${result.total} (${(result.catchRate * 100).toFixed(0)} %)`,
    `false failures: ${result.falseFailures} (default mode), ${result.falseFailuresStrict} (strict mode, Prism and sandbox)`,
    `live run and its recording: ${result.total - result.disagreements}/${result.total} agree cell by cell (credits aside)`,
    `self-test wall time: ${(result.durationMs / 1000).toFixed(1)} s`,
  );
  return lines.join('\n');
}
