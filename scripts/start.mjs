#!/usr/bin/env node
// `npm start`, the main job: build every package, list the emitted OpenAPI documents, then run the
// conformance suite against the mock and write its reports. Each step says what it is doing, and
// turbo prints each package's build as it starts. Exit code: the first failing step's.
import { spawnSync } from 'node:child_process';

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
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) {
    console.error(`[start] could not run ${command}: ${result.error.message}`);
    process.exit(2);
  }
  if (result.status !== 0) {
    console.error(`[start] step ${index + 1} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  console.log(`[start ${index + 1}/${steps.length}] done in ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
}
console.log(`\n[start] finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
