// The closing lines of `npm test` (scripts/summarize-tests.mjs): the totals, then one line per failed
// test naming its task, test and error, so that the tail of a long CI log says what failed. Read
// from a real vitest run of two small files (one failing test, one error thrown outside any test),
// with each line behind turbo's task prefix as `npm test` prints it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { failures, formatFailures, formatTotals, summarize } from '../../scripts/summarize-tests.mjs';
import { repoRoot, run } from '../support/process.js';

let dir: string;
let log: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mediagen-summary-'));
  writeFileSync(
    join(dir, 'assert.test.ts'),
    "import { expect, test } from 'vitest';\ntest('passes', () => expect(1).toBe(1));\ntest('compares', () => expect(1).toBe(2));\n",
  );
  writeFileSync(
    join(dir, 'late.test.ts'),
    "import { test } from 'vitest';\ntest('leaves a timer', () => { setTimeout(() => { throw new Error('thrown later'); }, 1); });\n",
  );
  const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
  const result = await run(process.execPath, [vitest, 'run', '--root', dir, '--color'], { cwd: dir, timeoutMs: 300_000 });
  expect(result.code).toBe(1);
  log = `${result.stdout}\n${result.stderr}`
    .split('\n')
    .map((line) => `@mediagen/example:test: ${line}`)
    .join('\n');
}, 400_000);

afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));

it('sums the totals and names each failure with its task and the first line of its error', () => {
  expect(formatTotals(summarize(log))).toBe('tests: 2 passed, 1 failed, 0 skipped (1 vitest run(s))');
  expect(formatFailures(failures(log))).toEqual([
    'failed: @mediagen/example:test assert.test.ts > compares — AssertionError: expected 1 to be 2 // Object.is equality',
    'failed: @mediagen/example:test Uncaught Exception — Error: thrown later',
  ]);
});

it('lists at most twenty failures and counts the rest', () => {
  const many = Array.from({ length: 23 }, (_, i) => `pkg:test:  FAIL  t.test.ts > case ${i}\npkg:test: Error: no ${i}`).join('\n');
  const lines = formatFailures(failures(many));
  expect(lines).toHaveLength(21);
  expect(lines[0]).toBe('failed: pkg:test t.test.ts > case 0 — Error: no 0');
  expect(lines[20]).toBe('failed: … and 3 more above');
});
