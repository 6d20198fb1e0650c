#!/usr/bin/env node
// media-conformance: the bin. See cli/main.ts for the options and exit codes. SIGINT, SIGTERM and
// SIGHUP (a closed terminal) stop the run without skipping its cleanup: the run ends at its next
// request, deletes what it created, writes its reports and exits 130. A second signal exits at once.
import { main } from './cli/main.js';

const controller = new AbortController();
const onSignal = (signal: NodeJS.Signals) => {
  if (controller.signal.aborted) process.exit(130);
  process.stderr.write(`media-conformance: ${signal}: stopping, cleaning up and writing the reports (send it again to exit at once)\n`);
  controller.abort(signal);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('SIGHUP', onSignal);

main(process.argv.slice(2), { signal: controller.signal, isTty: process.stdout.isTTY === true }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`media-conformance: ${(error as Error)?.message ?? String(error)}\n`);
    process.exitCode = 2;
  },
);
