#!/usr/bin/env node
// Sums the per-package test results in a turbo log (vitest's "Tests  N passed | N failed (T)"
// lines) into one closing line: "tests: N passed, N failed, N skipped". As a command
// (`node scripts/summarize-tests.mjs LOG`) it prints that line and exits 1 when the log shows no
// test at all, so a run that silently tested nothing does not pass.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Totals of every vitest summary line in `log` (ANSI colours allowed). */
export function summarize(log) {
  const totals = { passed: 0, failed: 0, skipped: 0, runs: 0 };
  for (const line of log.replace(/\u001b\[[0-9;]*m/g, '').split('\n')) {
    // "Tests  3 passed | 1 skipped (4)", bare or behind turbo's "<package>:<task>: " prefix.
    const match = /^(?:\S+:\s+)?Tests\s+(.*)\(\d+\)$/.exec(line.trim());
    if (!match) continue;
    totals.runs++;
    for (const [, count, kind] of match[1].matchAll(/(\d+) (passed|failed|skipped|todo|expected fail)/g)) {
      if (kind === 'todo') totals.skipped += Number(count);
      else if (kind === 'expected fail') totals.passed += Number(count);
      else totals[kind] += Number(count);
    }
  }
  return totals;
}

/** The closing line of a run. */
export const formatTotals = (t) => `tests: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped (${t.runs} vitest run(s))`;

/** True when the totals describe a run that tested something and failed nothing. */
export const passed = (t) => t.runs > 0 && t.passed > 0 && t.failed === 0;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const totals = summarize(readFileSync(process.argv[2] ?? 0, 'utf8'));
  console.log(formatTotals(totals));
  process.exit(passed(totals) ? 0 : 1);
}
