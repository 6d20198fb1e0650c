// `pnpm emit` (write), `pnpm emit:print` (write, then say where the documents are) and the lint
// step's `check` (exit 1 when a committed file differs from a fresh emission). `--root DIR` reads
// and writes the generated files under DIR instead of the package (for tests).
// Writing refuses to rewrite a dated document that no ledger entry explains (see guard.ts); a ledger
// entry that no longer fits the schema stops the emission with one line and the likely fix.
// Exit codes: 0 ok, 1 drift found, a refused rewrite or a ledger conflict, 2 bad usage.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EmittedFiles, emitFiles } from './files.js';
import { datedRewriteRefusal, emitFailureLine, REWRITE_DATED_ENV } from './guard.js';

const args = process.argv.slice(2);
const rootAt = args.indexOf('--root');
const packageRoot = rootAt >= 0 && args[rootAt + 1] ? resolve(args[rootAt + 1]!) : join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const mode = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--root') ?? 'write';

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
const readOrEmpty = (path: string): string => readOrUndefined(path) ?? '';

const started = performance.now();
let files: EmittedFiles;
try {
  files = emitFiles();
} catch (error) {
  console.error(emitFailureLine(error));
  process.exit(1);
}
const elapsed = performance.now() - started;

if (mode === 'check') {
  const drifted = Object.entries(files).filter(([path, content]) => readOrEmpty(join(packageRoot, path)) !== content);
  if (drifted.length > 0) {
    console.error(`Generated files differ from a fresh emission (run \`pnpm emit\` and commit):`);
    for (const [path] of drifted) console.error(`  packages/schema/${path}`);
    process.exit(1);
  }
  console.log(`${Object.keys(files).length} generated files match a fresh emission.`);
} else if (mode === 'write' || mode === 'print') {
  const refusal = process.env[REWRITE_DATED_ENV] === '1' ? undefined : datedRewriteRefusal(files, (path) => readOrUndefined(join(packageRoot, path)));
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  for (const [path, content] of Object.entries(files)) {
    const target = join(packageRoot, path);
    mkdirSync(dirname(target), { recursive: true });
    if (readOrEmpty(target) !== content) writeFileSync(target, content);
  }
  if (mode === 'print') {
    // Paths relative to where the user ran the command (pnpm runs scripts inside the package).
    const cwd = process.env.INIT_CWD ?? process.cwd();
    console.log(`Emitted ${Object.keys(files).length} files in ${elapsed.toFixed(0)} ms:`);
    for (const path of Object.keys(files)) console.log(`  ${relative(cwd, join(packageRoot, path)) || path}`);
  }
} else {
  console.error('usage: cli.ts write|print|check [--root DIR]');
  process.exit(2);
}
