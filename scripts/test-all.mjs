#!/usr/bin/env node
// `npm test`: every build, lint and test, as CI runs them, in one turbo run, then one closing line
// summed over every vitest run of the log. The packages' tests run from source, so they start beside
// the builds; the root tests are turbo tasks of their own (`test:root:<group>`, one per project of
// tests/vitest.config.ts), each cached on the files it reads, and the slow ones (packed install,
// README commands, release, reference site) run beside each other: they share no files, ports or
// install directories. Three tasks at a time: most root tasks spend their time waiting on installs
// and servers. A failure stops only the tasks that depend on it, so one run shows every independent
// failure. Exit code: turbo's when it failed, else 1 when the log shows no passing test or a failed one.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { formatTotals, passed, summarize } from './summarize-tests.mjs';

const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts;
const rootTests = Object.keys(scripts).filter((name) => name.startsWith('test:root:'));
const tasks = ['build', 'lint', 'lint:biome', 'test', ...rootTests];
const child = spawn('turbo', ['run', ...tasks, '--concurrency=3', '--continue=dependencies-successful', ...process.argv.slice(2)], {
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
