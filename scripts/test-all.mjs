#!/usr/bin/env node
// `npm test`: every build, lint and test, as CI runs them, then one closing line summed over every
// vitest run of the log. The packages' tests, lints and typechecks read each other from source, so
// they wait for no build; the root tests are turbo tasks of their own (`test:root:<project>`, one per
// project of tests/vitest.config.ts), each cached on the files it reads, and the slow ones (packed
// install, README commands, release, reference site) run beside each other and beside the packages'
// tasks: they share no files, ports or install directories.
//
// Two turbo runs: the builds first, then everything (the builds are then cache hits). The packed
// install and the release wait for the chain of builds (schema → mock → conformance), and turbo
// gives a waiting task no priority: in one run, the tests that need no build took the slots first and
// the builds, and everything behind them, started minutes late. Three tasks at a time in the second
// run: the root tasks spend much of their time waiting on installs and servers. A failure stops only
// the tasks that depend on it, so one run shows every independent failure.
// Exit code: the second run's when it failed, else 1 when the log shows no passing test or a failed one.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { formatTotals, passed, summarize } from './summarize-tests.mjs';

const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts;
const rootTests = Object.keys(scripts).filter((name) => name.startsWith('test:root:'));
const extraArgs = process.argv.slice(2);
const runs = [
  ['build', 'lint:biome', '--concurrency=2'],
  ['build', 'lint', 'lint:biome', 'test', ...rootTests, '--concurrency=3'],
];

let log = '';
/** One turbo run, its output passed through and kept for the summary; resolves with its exit code. */
function turbo(args) {
  return new Promise((resolve) => {
    const child = spawn('turbo', ['run', ...args, '--continue=dependencies-successful', ...extraArgs], {
      stdio: ['inherit', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    child.stdout.on('data', (chunk) => {
      log += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      log += chunk;
      process.stderr.write(chunk);
    });
    child.on('error', (error) => {
      console.error(`npm test: could not start turbo: ${error.message}`);
      process.exit(2);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// A failed build is reported again by the second run, which still runs every task that needs none.
await turbo(runs[0]);
const code = await turbo(runs[1]);
const totals = summarize(log);
console.log(formatTotals(totals));
if (code !== 0) process.exit(code);
process.exit(passed(totals) ? 0 : 1);
