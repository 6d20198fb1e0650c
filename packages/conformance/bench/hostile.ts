// `npm run bench` (hostile part): the command line in a child process, its peak resident memory and
// wall time, in two runs:
//   1. a full run against the sandbox (started by the suite) with every reporter on: console, json,
//      junit, html and har;
//   2. a run against a sandbox whose every answer turns to one byte a second once the run has started,
//      with the default budgets (--timeout, --max-silent, --deadline, cleanup): what ends it, and when.
// Usage: tsx --conditions=@mediagen/source bench/hostile.ts
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BUDGETS } from '../src/index.js';
import { hostileTarget } from '../test/hostile/sandbox.js';
import { drip } from '../test/hostile/servers.js';
import { runSuite, type SuiteRun } from '../test/hostile/suite-process.js';

const line = (name: string, run: SuiteRun, extra = '') =>
  `  ${name.padEnd(34)} exit ${String(run.code ?? run.signal).padEnd(4)} ${`${(run.wallMs / 1000).toFixed(1)} s`.padEnd(9)} peak RSS ${run.peakMiB.toFixed(0)} MiB  ${run.json?.summary.requests ?? 0} requests${
    run.json?.stopped ? `, stopped by ${run.json.stopped.by}: ${run.json.stopped.reason}` : ''
  }${extra}\n`;

process.stdout.write('Hostile bench (the CLI in a child process; peak RSS from getrusage at exit)\n');

const full = await runSuite(['--target', 'sandbox'], { har: true, html: true, limitMs: 600_000 });
const harMiB = statSync(full.harPath).size / (1024 * 1024);
const htmlKiB = statSync(join(full.dir, 'report.html')).size / 1024;
process.stdout.write(
  line('sandbox, every reporter on', full, `; HAR ${harMiB.toFixed(1)} MiB, HTML ${htmlKiB.toFixed(0)} KiB (console, json, junit, html, har)`),
);

// The run starts (probe, catalogue) on a faithful sandbox; from the 40th request on, every answer drips.
const target = await hostileTarget((request) => (request.nth > 40 ? drip() : undefined));
try {
  const dripping = await runSuite(target.args, { env: target.env, limitMs: 600_000 });
  process.stdout.write(line('dripping server, default budgets', dripping));
  process.stdout.write(
    `    (default budgets: --timeout ${DEFAULT_BUDGETS.timeoutMs / 1000} s, --max-silent ${DEFAULT_BUDGETS.maxSilentInARow}, --deadline ${
      DEFAULT_BUDGETS.deadlineMs / 1000
    } s, cleanup ${DEFAULT_BUDGETS.cleanupMs / 1000} s; a target that stops answering is given up at --max-silent long before the deadline)\n`,
  );
  if (full.code !== 0 || dripping.code !== 2) process.exitCode = 1;
} finally {
  await target.stop();
}
