// The self-test: does the suite catch broken servers? It runs the whole suite, as a live run would
// (full mode, --max-credits 50), against every entry of the broken-target catalogue (each must fail
// through the check it names) and against the faithful targets — the Prism mock, the sandbox and a
// lenient replica built strictly from the sources — in default and in strict mode (each must pass,
// except the lenient one under --strict, whose refuted assumptions are then failures by request).
// Reported as the catch rate and the false failures per mode.
import { startMock, startSandbox } from '@mediagen/mock';
import type { CheckId } from '../checks/catalog.js';
import { type ConformanceOptions, runConformance } from '../engine/run.js';
import { PRISM_API_KEY, SANDBOX_API_KEY } from '../engine/target.js';
import type { Report } from '../engine/types.js';
import { type BrokenTarget, brokenTargets, lenientTarget } from './broken-targets.js';
import { startProxy } from './proxy.js';

export interface BrokenTargetResult {
  id: string;
  description: string;
  upstream: 'sandbox' | 'prism';
  expect: CheckId;
  /** Caught under --strict only (a fault against an assumption); `refuted` says whether the default run refuted it. */
  strict?: { refutes: string; refuted: boolean };
  caught: boolean;
  /** Every check that failed against it (the expected one should be among them). */
  failedChecks: CheckId[];
  /** The first failure message of the expected check, when caught. */
  evidence?: string;
  /** Credits the run spent (never above SELFTEST_MAX_CREDITS). */
  spent: number;
  durationMs: number;
}

export type FaithfulTarget = 'prism' | 'sandbox' | 'lenient';

export interface FaithfulResult {
  target: FaithfulTarget;
  mode: 'default' | 'strict';
  /** Assumptions the target refuted (listed, not failed, in default mode). */
  refuted: string[];
  /** Credits the run spent. */
  spent: number;
  ok: boolean;
  /** `operation › check: message` of every failure (false failures). */
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
  /** Failed (operation, check) cells against the faithful targets, default mode. */
  falseFailures: number;
  /** Failed cells against the Prism mock and the sandbox under --strict (the lenient replica may fail there by design). */
  falseFailuresStrict: number;
  durationMs: number;
}

export interface SelftestOptions {
  /** Generated requests per operation in each run (default 10: the catalogue is about detection). */
  maxExamples?: number;
  seed?: number;
  /** Only these catalogue entries (ids). */
  only?: readonly string[];
  /** Leave out the faithful runs. */
  skipFaithful?: boolean;
  onResult?: (result: BrokenTargetResult | FaithfulResult) => void;
}

const failedChecks = (report: Report): CheckId[] => [
  ...new Set(report.operations.flatMap((op) => op.results.filter((r) => r.outcome === 'failed').map((r) => r.check))),
];

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
  const targets = brokenTargets.filter((t) => !options.only?.length || options.only.includes(t.id));
  const needsPrism = !options.skipFaithful || targets.some((t) => t.upstream === 'prism');
  const prism = needsPrism ? await startMock() : undefined;
  const broken: BrokenTargetResult[] = [];
  const faithful: FaithfulResult[] = [];
  /** One run against a proxy (with `rewrite`) in front of a fresh upstream. */
  const runBehind = async (upstreamKind: 'sandbox' | 'prism', rewrite: BrokenTarget['rewrite'] | undefined, extra: ConformanceOptions): Promise<Report> => {
    const sandbox = upstreamKind === 'sandbox' ? await startSandbox(sandboxOptions()) : undefined;
    const upstream = sandbox?.url ?? prism!.url;
    const apiKey = sandbox ? SANDBOX_API_KEY : PRISM_API_KEY;
    const proxy = rewrite ? await startProxy(upstream, rewrite, apiKey) : undefined;
    try {
      return await runConformance({
        ...common,
        ...extra,
        baseUrl: proxy?.url ?? upstream,
        apiKey,
        stateful: upstreamKind === 'sandbox',
        checksKeyValue: upstreamKind === 'sandbox',
      });
    } finally {
      await proxy?.stop();
      await sandbox?.stop();
    }
  };
  const refutedOf = (report: Report) => report.provenance.filter((p) => p.status === 'refuted').map((p) => p.element);
  try {
    const one = async (target: BrokenTarget): Promise<BrokenTargetResult> => {
      const t0 = Date.now();
      const report = await runBehind(target.upstream, target.rewrite, target.strict ? { strict: true } : {});
      const failed = failedChecks(report);
      const evidence = report.operations.flatMap((op) => op.results).find((r) => r.check === target.expect && r.outcome === 'failed')?.failures[0]?.message;
      let strict: BrokenTargetResult['strict'];
      if (target.strict) {
        // In default mode the same fault is a refuted assumption, listed and not failed.
        const lenient = await runBehind(target.upstream, target.rewrite, {});
        strict = {
          refutes: target.strict.refutes,
          refuted: refutedOf(lenient).includes(target.strict.refutes) && !failedChecks(lenient).includes(target.expect),
        };
      }
      return {
        id: target.id,
        description: target.description,
        upstream: target.upstream,
        expect: target.expect,
        ...(strict ? { strict } : {}),
        caught: failed.includes(target.expect) && (strict?.refuted ?? true),
        failedChecks: failed,
        ...(evidence ? { evidence } : {}),
        spent: report.budget.spent,
        durationMs: Date.now() - t0,
      };
    };
    for (const target of targets) {
      const result = await one(target);
      broken.push(result);
      options.onResult?.(result);
    }
    if (!options.skipFaithful) {
      const kinds: [FaithfulTarget, 'sandbox' | 'prism', BrokenTarget['rewrite'] | undefined][] = [
        ['prism', 'prism', undefined],
        ['sandbox', 'sandbox', undefined],
        ['lenient', 'sandbox', lenientTarget],
      ];
      for (const mode of ['default', 'strict'] as const) {
        for (const [kind, upstream, rewrite] of kinds) {
          const t0 = Date.now();
          const report = await runBehind(upstream, rewrite, mode === 'strict' ? { strict: true } : {});
          const failures = report.operations.flatMap((op) =>
            op.results.filter((r) => r.outcome === 'failed').map((r) => `${r.operationId} › ${r.check}: ${r.failures[0]?.message ?? 'failed'}`),
          );
          const result: FaithfulResult = {
            target: kind,
            mode,
            ok: report.ok,
            refuted: refutedOf(report),
            spent: report.budget.spent,
            failures,
            durationMs: Date.now() - t0,
          };
          faithful.push(result);
          options.onResult?.(result);
        }
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
    falseFailuresStrict: faithful.filter((f) => f.mode === 'strict' && f.target !== 'lenient').reduce((n, f) => n + f.failures.length, 0),
    durationMs: Date.now() - started,
  };
}

/** The self-test result as text (the table, the catch rate and the false-failure count). */
export function formatSelftest(result: SelftestResult): string {
  const lines = ['Broken targets (each must fail through the check it names)'];
  const width = Math.max(...result.broken.map((b) => b.id.length), 10) + 2;
  for (const b of result.broken) {
    lines.push(
      `  ${b.caught ? 'caught' : 'MISSED'}  ${b.id.padEnd(width)} ${b.expect.padEnd(30)} ${(b.durationMs / 1000).toFixed(1)} s  ${String(b.spent).padStart(2)} cr  (${b.upstream})${b.strict ? `  --strict; default mode: ${b.strict.refuted ? 'refuted' : 'NOT refuted'} ${b.strict.refutes}` : ''}`,
    );
    if (!b.caught) lines.push(`          failed checks: ${b.failedChecks.join(', ') || 'none'}`);
  }
  if (result.faithful.length) {
    lines.push('', 'Faithful targets (each must pass; the lenient replica under --strict fails on the assumptions it refutes, by request)');
    for (const f of result.faithful) {
      lines.push(
        `  ${f.ok ? 'passed' : 'FAILED'}  ${`${f.target} (${f.mode})`.padEnd(width)} ${(f.durationMs / 1000).toFixed(1)} s  ${String(f.spent).padStart(2)} cr${f.refuted.length ? `  refuted: ${f.refuted.join(', ')}` : ''}`,
      );
      for (const failure of f.failures.slice(0, 10)) lines.push(`          ${failure}`);
    }
  }
  lines.push(
    '',
    `catch rate: ${result.caught}/${result.total} (${(result.catchRate * 100).toFixed(0)} %)`,
    `false failures: ${result.falseFailures} (default mode), ${result.falseFailuresStrict} (strict mode, Prism and sandbox)`,
    `self-test wall time: ${(result.durationMs / 1000).toFixed(1)} s`,
  );
  return lines.join('\n');
}
