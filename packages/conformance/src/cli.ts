#!/usr/bin/env node
// media-conformance: the bin. See cli/main.ts for the options and exit codes.
import { main } from './cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`media-conformance: ${(error as Error)?.message ?? String(error)}\n`);
    process.exitCode = 2;
  },
);
