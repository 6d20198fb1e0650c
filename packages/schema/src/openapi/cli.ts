// `pnpm emit` (write), `pnpm emit:print` (write, then say where the documents are) and the lint
// step's `check` (exit 1 when a committed file differs from a fresh emission).
// Exit codes: 0 ok, 1 drift found, 2 bad usage.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emitFiles } from './files.js';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const mode = process.argv[2] ?? 'write';

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

const started = performance.now();
const files = emitFiles();
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
  console.error('usage: cli.ts write|print|check');
  process.exit(2);
}
