#!/usr/bin/env node
// The media-mock command (bin/media-mock.js loads this): runs the CLI (cli/main.ts) and exits with
// its code. Usage: `media-mock --help`.
import { main } from './cli/main.js';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  () => process.exit(2),
);
