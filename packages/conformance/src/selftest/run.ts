// The self-test: does the suite catch broken servers? It runs the whole suite against every entry of
// the broken-target catalogue (each must fail through the check it names) and against the faithful
// Prism mock and sandbox (each must pass). Reported as the catch rate and the false-failure count.
import { startMock, startSandbox } from '@mediagen/mock';
import type { CheckId } from '../checks/catalog.js';
import { type ConformanceOptions, runConformance } from '../engine/run.js';
import { PRISM_API_KEY, SANDBOX_API_KEY } from '../engine/target.js';
import type { Report } from '../engine/types.js';
import { type BrokenTarget, brokenTargets } from './broken-targets.js';
import { startProxy } from './proxy.js';

export interface BrokenTargetResult {
  id: string;
  description: string;
  upstream: 'sandbox' | 'prism';
  expect: CheckId;
  caught: boolean;
  /** Every check that failed against it (the expected one should be among them). */
  failedChecks: CheckId[];
  /** The first failure message of the expected check, when caught. */
  evidence?: string;
  durationMs: number;
}

export interface FaithfulResult {
  target: 'prism' | 'sandbox';
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
  /** Failed (operation, check) cells against the faithful mocks. */
  falseFailures: number;
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

export async function runSelftest(options: SelftestOptions = {}): Promise<SelftestResult> {
  const started = Date.now();
  const common: ConformanceOptions = { maxExamples: options.maxExamples ?? 10, seed: options.seed ?? 1, lifecycleTimeoutMs: 2_000, mode: 'full' };
  const targets = brokenTargets.filter((t) => !options.only?.length || options.only.includes(t.id));
  const needsPrism = !options.skipFaithful || targets.some((t) => t.upstream === 'prism');
  const prism = needsPrism ? await startMock() : undefined;
  const broken: BrokenTargetResult[] = [];
  const faithful: FaithfulResult[] = [];
  try {
    const one = async (target: BrokenTarget): Promise<BrokenTargetResult> => {
      const t0 = Date.now();
      const sandbox = target.upstream === 'sandbox' ? await startSandbox(sandboxOptions()) : undefined;
      const upstream = sandbox?.url ?? prism!.url;
      const apiKey = sandbox ? SANDBOX_API_KEY : PRISM_API_KEY;
      const proxy = await startProxy(upstream, target.rewrite, apiKey);
      try {
        const report = await runConformance({
          ...common,
          baseUrl: proxy.url,
          apiKey,
          stateful: target.upstream === 'sandbox',
          checksKeyValue: target.upstream === 'sandbox',
        });
        const failed = failedChecks(report);
        const evidence = report.operations.flatMap((op) => op.results).find((r) => r.check === target.expect && r.outcome === 'failed')?.failures[0]?.message;
        return {
          id: target.id,
          description: target.description,
          upstream: target.upstream,
          expect: target.expect,
          caught: failed.includes(target.expect),
          failedChecks: failed,
          ...(evidence ? { evidence } : {}),
          durationMs: Date.now() - t0,
        };
      } finally {
        await proxy.stop();
        await sandbox?.stop();
      }
    };
    for (const target of targets) {
      const result = await one(target);
      broken.push(result);
      options.onResult?.(result);
    }
    if (!options.skipFaithful) {
      for (const kind of ['prism', 'sandbox'] as const) {
        const t0 = Date.now();
        const sandbox = kind === 'sandbox' ? await startSandbox(sandboxOptions()) : undefined;
        try {
          const report = await runConformance({
            ...common,
            baseUrl: sandbox?.url ?? prism!.url,
            apiKey: sandbox ? SANDBOX_API_KEY : PRISM_API_KEY,
            stateful: kind === 'sandbox',
            checksKeyValue: kind === 'sandbox',
          });
          const failures = report.operations.flatMap((op) =>
            op.results.filter((r) => r.outcome === 'failed').map((r) => `${r.operationId} › ${r.check}: ${r.failures[0]?.message ?? 'failed'}`),
          );
          const result: FaithfulResult = { target: kind, ok: report.ok, failures, durationMs: Date.now() - t0 };
          faithful.push(result);
          options.onResult?.(result);
        } finally {
          await sandbox?.stop();
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
    falseFailures: faithful.reduce((n, f) => n + f.failures.length, 0),
    durationMs: Date.now() - started,
  };
}

/** The self-test result as text (the table, the catch rate and the false-failure count). */
export function formatSelftest(result: SelftestResult): string {
  const lines = ['Broken targets (each must fail through the check it names)'];
  const width = Math.max(...result.broken.map((b) => b.id.length), 10) + 2;
  for (const b of result.broken) {
    lines.push(`  ${b.caught ? 'caught' : 'MISSED'}  ${b.id.padEnd(width)} ${b.expect.padEnd(30)} ${(b.durationMs / 1000).toFixed(1)} s  (${b.upstream})`);
    if (!b.caught) lines.push(`          failed checks: ${b.failedChecks.join(', ') || 'none'}`);
  }
  if (result.faithful.length) {
    lines.push('', 'Faithful targets (each must pass)');
    for (const f of result.faithful) {
      lines.push(`  ${f.ok ? 'passed' : 'FAILED'}  ${f.target.padEnd(width)} ${(f.durationMs / 1000).toFixed(1)} s`);
      for (const failure of f.failures.slice(0, 10)) lines.push(`          ${failure}`);
    }
  }
  lines.push(
    '',
    `catch rate: ${result.caught}/${result.total} (${(result.catchRate * 100).toFixed(0)} %)`,
    `false failures: ${result.falseFailures}`,
    `self-test wall time: ${(result.durationMs / 1000).toFixed(1)} s`,
  );
  return lines.join('\n');
}
