// The suite inside a team's own vitest run: `describeConformance(options)` registers one test per
// operation × check. The run itself happens once, in a beforeAll hook; each test then reads its
// verdict (failed → the test fails with the messages and curl lines, skipped → skipped with the reason).
import { createRequire } from 'node:module';
import { operationList } from '@mediagen/schema';
import { beforeAll, describe, it } from 'vitest';
import { CHECKS } from './checks/catalog.js';
import { type ConformanceOptions, runConformance } from './conformance.js';
import { selectedChecks } from './engine/options.js';
import { citation } from './report/cite.js';
import { shownLine } from './report/terminal.js';
import type { CheckResult, Report } from './report/types.js';

export interface DescribeConformanceOptions extends ConformanceOptions {
  /** Title of the describe block (default: `conformance`). */
  title?: string;
  /** Time limit of the run, in milliseconds (default 600 000). */
  timeoutMs?: number;
  /** Called once with the report, after the run. */
  onReport?: (report: Report) => void | Promise<void>;
}

/** The most failing judgements one test's message lists. */
export const MAX_FAILURES_SHOWN = 10;

/**
 * A failed cell as a test's message: bounded (at most MAX_FAILURES_SHOWN judgements, each line at most
 * MAX_SHOWN_LINE characters, with a note of what was cut), since a test runner prints it whole: a
 * message or a curl line can quote a whole answer or body.
 */
/** What a cell the server's behaviour left unjudged says as a failing test: why, in the guard's one line. */
export function unjudgedText(result: CheckResult): string {
  return shownLine(`${result.operationId} › ${result.check}: not judged because of the server's behaviour: ${result.unjudged ?? ''}`);
}

export function failureText(result: CheckResult): string {
  const lines = [`${result.operationId} › ${result.check}: ${result.failureCount} failing judgement(s)`];
  for (const failure of result.failures.slice(0, MAX_FAILURES_SHOWN)) {
    lines.push(shownLine(`- [${failure.phase}] ${failure.message}`));
    if (failure.basis) lines.push(shownLine(`  ${citation(failure.basis)}`));
    if (failure.curl) lines.push(shownLine(`  ${failure.curl}`));
  }
  const hidden = result.failureCount - Math.min(result.failures.length, MAX_FAILURES_SHOWN);
  if (hidden > 0) lines.push(`… ${hidden} more failing judgement(s): every one is in the JSON, JUnit and HTML reports`);
  return lines.join('\n');
}

/** True when Node `version` is in `range` (the forms engines fields use: `^a.b.c`, `>=a.b.c`, `||`); true for forms it does not read. */
function nodeInRange(version: string, range: string): boolean {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  const compare = (b: number[]) => major - b[0]! || minor - b[1]! || patch - b[2]!;
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .every((comparator) => {
        const m = /^(\^|>=|>|<=|<)?v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(comparator);
        if (!m) return true;
        const c = compare([Number(m[2]), Number(m[3] ?? 0), Number(m[4] ?? 0)]);
        return { '^': c >= 0 && major === Number(m[2]), '>=': c >= 0, '>': c > 0, '<=': c <= 0, '<': c < 0 }[m[1] ?? ''] ?? c === 0;
      }),
  );
}

/**
 * vitest 5 does not run on Node 20: there its reporter crashes on the first failing test
 * (`Map.groupBy is not a function`) before printing any check's report, in vitest's own process where
 * no code of ours runs. Say so in one line, from vitest's own `engines`, before the run.
 */
let engineChecked = false;
function warnUnsupportedVitest(): void {
  if (engineChecked) return;
  engineChecked = true;
  let vitest: { version?: string; engines?: { node?: string } };
  try {
    vitest = createRequire(import.meta.url)('vitest/package.json');
  } catch {
    return;
  }
  const range = vitest.engines?.node;
  if (!range || nodeInRange(process.versions.node, range)) return;
  process.stderr.write(
    `@mediagen/conformance: vitest ${vitest.version} needs Node ${range} and this is Node ${process.versions.node}: ` +
      'its reporter crashes on the first failing check instead of printing it; use vitest 4 or a Node vitest supports.\n',
  );
}

/** Registers the suite's tests; returns a getter for the report (available once the hook ran). */
export function describeConformance(options: DescribeConformanceOptions = {}): { report: () => Report | undefined } {
  warnUnsupportedVitest();
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
            // Left unjudged because of the server's behaviour: not a skip (a run never turns green by switching itself off).
            if (result.unjudged !== undefined) throw new Error(unjudgedText(result));
            if (result.outcome === 'skipped') context.skip(result.reason);
            if (result.outcome === 'failed') throw new Error(failureText(result));
          });
        }
      });
    }
  });
  return { report: () => report };
}
