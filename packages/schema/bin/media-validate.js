#!/usr/bin/env node
// Launcher committed beside the build, so package managers can link the bin before `dist/` exists.
import { run } from '../dist/cli/validate.js';

process.exitCode = await run(
  process.argv.slice(2),
  (line) => console.log(line),
  (line) => console.error(line),
);
