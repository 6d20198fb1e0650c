#!/usr/bin/env node
// `npm test`: every build, lint and test, as CI runs them (one turbo run, at most two tasks at once:
// the suites start real servers; a failure stops only the tasks that depend on it, so one run shows
// every independent failure), then one closing line summed over every vitest run of the log.
// Exit code: turbo's when it failed, else 1 when the log shows no passing test or a failed one.
import { spawn } from 'node:child_process';
import { formatTotals, passed, summarize } from './summarize-tests.mjs';

const tasks = ['build', 'lint', 'lint:biome', 'test', 'test:root'];
const child = spawn('turbo', ['run', ...tasks, '--concurrency=2', '--continue=dependencies-successful', ...process.argv.slice(2)], {
  stdio: ['inherit', 'pipe', 'pipe'],
  shell: process.platform === 'win32',
});
let log = '';
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
child.on('close', (code, signal) => {
  const totals = summarize(log);
  console.log(formatTotals(totals));
  if (code !== 0) process.exit(code ?? (signal ? 1 : 0));
  process.exit(passed(totals) ? 0 : 1);
});
