#!/usr/bin/env node
// The checker of the packages' type tests (vitest's `typecheck.checker`). vitest runs
// `tsc --noEmit --incremental --tsBuildInfoFile <a file in vitest's own folder> -p <tsconfig>`: one state
// file for every package, so each package's run overwrote the state of the one before and every run was a
// full check. This runs the same compiler, in this process, with the package's own state file: the one
// its `typecheck` script writes (its tsconfig's `tsBuildInfoFile`), over the same program. After
// `npm run typecheck` (`npm test` runs it before the tests), the type tests re-check only what changed.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const args = process.argv.slice(2);
const state = args.indexOf('--tsBuildInfoFile');
if (state >= 0) args.splice(state, 2);
const tsc = createRequire(join(process.cwd(), 'package.json')).resolve('typescript/bin/tsc');
process.argv = [process.argv[0], tsc, ...args];
createRequire(import.meta.url)(tsc);
