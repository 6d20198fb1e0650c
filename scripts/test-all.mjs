#!/usr/bin/env node
// `npm test`: every build, lint and test, as CI runs them, then one closing line summed over every
// vitest run of the log, and a line naming each failed test. The packages' tests, lints and typechecks read each other from source, so
// they wait for no other package's build; the root tests are turbo tasks of their own
// (`test:root:<project>`, one per project of tests/vitest.config.ts), each cached on the files it
// reads, and the slow ones (packed install, README commands, release, reference site) run beside
// each other and beside the packages' tasks: they share no files, ports or install directories.
//
// First the builds, the typechecks (the type tests of `vitest run` share their incremental state, see
// scripts/vitest-tsc.mjs) and Biome, in one turbo run: the packed install and the release wait for the
// chain of builds (schema → mock → conformance), and turbo gives a waiting task no priority; in one
// run, the tests that need no build took the slots first and the builds, and everything behind them,
// started minutes late. Then everything else (those are cache hits), in turbo runs side by side
// (lanes), because turbo cannot be told which ready task to start first and left the longest for last:
// the suite's tests, the longest task by far, in a lane of their own from the first second (their
// vitest runs four files at a time); the packed install, the release and the reference site (long,
// and mostly waiting on installs, a registry and a browser), two at a time; and every other task (the
// lints, the other packages' tests, the README commands), two at a time. A failure stops
// only the tasks that depend on it, so one run shows every independent failure.
// Exit code: the worst of the lanes', else 1 when the log shows no passing test or a failed one.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { failures, formatFailures, formatTotals, passed, summarize } from './summarize-tests.mjs';

const root = new URL('..', import.meta.url);
const readJson = (path) => JSON.parse(readFileSync(new URL(path, root), 'utf8'));
const scripts = readJson('package.json').scripts;
const rootTests = Object.keys(scripts).filter((name) => name.startsWith('test:root:'));
/** `<package>#test` for every package with a test script. */
const packageTests = readdirSync(new URL('packages/', root))
  .map((dir) => readJson(`packages/${dir}/package.json`))
  .filter((pkg) => pkg.scripts?.test)
  .map((pkg) => `${pkg.name}#test`);
/** The lanes' own tasks; every other task goes to the last lane. */
const SUITE = ['@mediagen/conformance#test'];
const ROOT_SLOW = ['test:root:packaging', 'test:root:release', 'test:root:site'];
const extraArgs = process.argv.slice(2);

let log = '';
/** One turbo run, its output passed through line by line (lanes write side by side) and kept for the summary; resolves with its exit code. */
function turbo(args) {
  return new Promise((resolve) => {
    const child = spawn('turbo', ['run', ...args, '--continue=dependencies-successful', ...extraArgs], {
      stdio: ['inherit', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    const pass = (stream) => {
      let pending = '';
      return {
        data: (chunk) => {
          const text = pending + chunk;
          const end = text.lastIndexOf('\n') + 1;
          pending = text.slice(end);
          log += text.slice(0, end);
          stream.write(text.slice(0, end));
        },
        end: () => {
          log += pending;
          stream.write(pending);
        },
      };
    };
    const out = pass(process.stdout);
    const err = pass(process.stderr);
    child.stdout.on('data', out.data);
    child.stderr.on('data', err.data);
    child.on('error', (error) => {
      console.error(`npm test: could not start turbo: ${error.message}`);
      process.exit(2);
    });
    child.on('close', (code, signal) => {
      out.end();
      err.end();
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

// A failed build is reported again by the lanes, which still run every task that needs none.
await turbo(['build', 'typecheck', 'lint:biome', '--concurrency=2']);
const rest = [...packageTests, ...rootTests].filter((task) => !SUITE.includes(task) && !ROOT_SLOW.includes(task));
const codes = await Promise.all([
  turbo([...SUITE, '--concurrency=1']),
  turbo([...ROOT_SLOW.filter((task) => rootTests.includes(task)), '--concurrency=2']),
  turbo(['build', 'lint', 'lint:biome', ...rest, '--concurrency=2']),
]);
const totals = summarize(log);
console.log(formatTotals(totals));
for (const line of formatFailures(failures(log))) console.log(line);
const code = Math.max(...codes);
if (code !== 0) process.exit(code);
process.exit(passed(totals) ? 0 : 1);
