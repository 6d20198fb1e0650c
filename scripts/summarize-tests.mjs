#!/usr/bin/env node
// Sums the per-package test results in a turbo log (vitest's "Tests  N passed | N failed (T)"
// lines) into one closing line: "tests: N passed, N failed, N skipped", followed by a line for each
// failed test (vitest's "FAIL file > test" with the error's first line), so that the end of a long
// log, which is often all that a CI page keeps, names what failed. As a command
// (`node scripts/summarize-tests.mjs LOG`) it prints those lines and exits 1 when the log shows no
// test at all, so a run that silently tested nothing does not pass.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ANSI = /\u001b\[[0-9;]*m/g;

/** Totals of every vitest summary line in `log` (ANSI colours allowed). */
export function summarize(log) {
  const totals = { passed: 0, failed: 0, skipped: 0, runs: 0 };
  for (const line of log.replace(ANSI, '').split('\n')) {
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

/** turbo's "<package>:<task>: " in front of each line of a task's output. */
const TASK_PREFIX = /^(\S+:\S+): ?/;
/** At most this many failures are listed; the rest are counted. */
const MAX_LISTED = 20;

/**
 * The failures named in `log`: vitest's "FAIL <file> > <test>" lines (and its sections for errors thrown outside any test),
 * each with the task it ran in and the first line of its error (the next non-empty line of the same task).
 */
export function failures(log) {
  const found = [];
  const open = new Map(); // task → the failure still waiting for its error line
  for (const raw of log.replace(ANSI, '').split('\n')) {
    const prefix = TASK_PREFIX.exec(raw);
    const task = prefix ? prefix[1] : '';
    const line = (prefix ? raw.slice(prefix[0].length) : raw).trim();
    if (!line) continue;
    const fail = /^FAIL\s+(.+)$/.exec(line);
    // One section per error thrown outside a test: its title, then the error.
    const unhandled = /^⎯+\s*(Uncaught Exception|Unhandled Rejection|Unhandled Error)\s*⎯+$/.exec(line);
    if (fail || unhandled) {
      const failure = { task, test: (fail ? fail[1] : unhandled[1]).trim(), reason: '' };
      found.push(failure);
      open.set(task, failure);
    } else if (open.has(task)) {
      open.get(task).reason = line.slice(0, 200);
      open.delete(task);
    }
  }
  const seen = new Set();
  return found.filter((f) => {
    const key = `${f.task}\0${f.test}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The lines naming each failure, at most MAX_LISTED of them. */
export function formatFailures(list) {
  const lines = list.slice(0, MAX_LISTED).map((f) => `failed: ${f.task ? `${f.task} ` : ''}${f.test}${f.reason ? ` — ${f.reason}` : ''}`);
  if (list.length > MAX_LISTED) lines.push(`failed: … and ${list.length - MAX_LISTED} more above`);
  return lines;
}

/** The closing line of a run. */
export const formatTotals = (t) => `tests: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped (${t.runs} vitest run(s))`;

/** True when the totals describe a run that tested something and failed nothing. */
export const passed = (t) => t.runs > 0 && t.passed > 0 && t.failed === 0;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const log = readFileSync(process.argv[2] ?? 0, 'utf8');
  const totals = summarize(log);
  console.log(formatTotals(totals));
  for (const line of formatFailures(failures(log))) console.log(line);
  process.exit(passed(totals) ? 0 : 1);
}
