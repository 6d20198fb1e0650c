#!/usr/bin/env node
// `npm start`, the main job: build every package, list the emitted OpenAPI documents, then run the
// conformance suite against the mock and write its reports. Each step says what it is doing, turbo
// prints each package's build as it starts, and a step that stays silent gets a heartbeat line (step
// and elapsed time) every few seconds. Exit code: the first failing step's.
import { QUIET_MS, runWithHeartbeat } from './heartbeat.mjs';

const steps = [
  ['building the packages (turbo; cached builds are instant)', 'turbo', ['run', 'build', '--output-logs=new-only']],
  ['emitted OpenAPI documents', 'pnpm', ['--silent', '--filter', '@mediagen/schema', 'run', 'emit:print']],
  [
    'conformance suite against the mock (reports in reports/)',
    'media-conformance',
    ['--reporter', 'console', '--reporter', 'junit=reports/conformance.junit.xml', '--reporter', 'json=reports/conformance.json'],
  ],
];

const started = Date.now();
for (const [index, [title, command, args]] of steps.entries()) {
  console.log(`\n[start ${index + 1}/${steps.length}] ${title}`);
  const stepStarted = Date.now();
  const code = await runWithHeartbeat(`start ${index + 1}/${steps.length}`, title, command, args, { quietMs: QUIET_MS });
  if (code !== 0) {
    console.error(`[start] step ${index + 1} failed (exit ${code})`);
    process.exit(code === 127 ? 2 : code);
  }
  console.log(`[start ${index + 1}/${steps.length}] done in ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
}
console.log(`\n[start] finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
