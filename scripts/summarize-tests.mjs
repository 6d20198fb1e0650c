#!/usr/bin/env node
// Sums the per-package test results in a turbo log (vitest's "Tests  N passed | N failed (T)"
// lines) into one closing line: "tests: N passed, N failed, N skipped". Exit 1 when the log shows
// no test at all, so a run that silently tested nothing does not pass.
import { readFileSync } from 'node:fs';

const log = readFileSync(process.argv[2] ?? 0, 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
const totals = { passed: 0, failed: 0, skipped: 0 };
let packages = 0;
for (const line of log.split('\n')) {
  const match = /^\S*:?test:\s+Tests\s+(.*)\(\d+\)\s*$/.exec(line.trim()) ?? /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
  if (!match) continue;
  packages++;
  for (const [, count, kind] of match[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
    if (kind in totals) totals[kind] += Number(count);
  }
}
console.log(`test files from ${packages} package run(s)`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(packages === 0 || totals.passed === 0 ? 1 : 0);
