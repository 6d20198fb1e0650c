// The suite inside a team's own vitest run: `describeConformance(options)` registers one test per
// operation × check. The run itself happens once, in a beforeAll hook; each test then reads its
// verdict (failed → the test fails with the messages and curl lines, skipped → skipped with the reason).
import { operationList } from '@mediagen/schema';
import { beforeAll, describe, it } from 'vitest';
import { CHECKS } from './checks/catalog.js';
import { type ConformanceOptions, runConformance } from './conformance.js';
import { selectedChecks } from './engine/options.js';
import { citation } from './report/cite.js';
import type { CheckResult, Report } from './report/types.js';

export interface DescribeConformanceOptions extends ConformanceOptions {
  /** Title of the describe block (default: `conformance`). */
  title?: string;
  /** Time limit of the run, in milliseconds (default 600 000). */
  timeoutMs?: number;
  /** Called once with the report, after the run. */
  onReport?: (report: Report) => void | Promise<void>;
}

export function failureText(result: CheckResult): string {
  const lines = [`${result.operationId} › ${result.check}: ${result.failureCount} failing judgement(s)`];
  for (const failure of result.failures) {
    lines.push(`- [${failure.phase}] ${failure.message}`);
    if (failure.basis) lines.push(`  ${citation(failure.basis)}`);
    if (failure.curl) lines.push(`  ${failure.curl}`);
  }
  return lines.join('\n');
}

/** Registers the suite's tests; returns a getter for the report (available once the hook ran). */
export function describeConformance(options: DescribeConformanceOptions = {}): { report: () => Report | undefined } {
  const selected = new Set(selectedChecks(options));
  const ops = operationList.filter((op) => !options.operations?.length || options.operations.includes(op.operationId));
  let report: Report | undefined;
  let failure: unknown;
  describe(options.title ?? 'conformance', () => {
    beforeAll(async () => {
      try {
        report = await runConformance(options);
        await options.onReport?.(report);
      } catch (error) {
        failure = error;
      }
    }, options.timeoutMs ?? 600_000);
    for (const op of ops) {
      describe(op.operationId, () => {
        for (const check of CHECKS) {
          if (!selected.has(check.id) || !check.appliesTo(op)) continue;
          it(check.id, (context) => {
            if (failure) throw failure;
            const result = report?.operations.find((o) => o.operationId === op.operationId)?.results.find((r) => r.check === check.id);
            if (!result) throw new Error(`no result for ${op.operationId} › ${check.id}`);
            if (result.outcome === 'skipped') context.skip(result.reason);
            if (result.outcome === 'failed') throw new Error(failureText(result));
          });
        }
      });
    }
  });
  return { report: () => report };
}
