// Part of the lint: attw on the package as npm would publish it. The tarball is packed into a folder
// of this run's own, never into the package: `attw --pack .` packed it in place, under one fixed name,
// and deleted it after, so two lints at once (npm test's, and the README's `npm run lint` beside it)
// deleted each other's tarball (ENOENT) or read it half written. Exit code: attw's (npm's if packing
// failed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
/** attw's rule against `require` of an ES module is ignored: see the root README's Module systems. */
const ATTW_ARGS = ['--ignore-rules', 'cjs-resolves-to-esm'];
const shell = process.platform === 'win32';

/** attw's command-line entry (its package.json `bin`), run with this Node: no PATH lookup. */
function attwEntry() {
  const manifest = createRequire(import.meta.url).resolve('@arethetypeswrong/cli/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  return join(dirname(manifest), typeof bin === 'string' ? bin : bin.attw);
}

const dir = mkdtempSync(join(tmpdir(), 'client-attw-'));
let code = 1;
try {
  // npm lists every file it packs on stderr: shown only when packing fails.
  const pack = spawnSync('npm', ['pack', '--pack-destination', dir], { cwd: packageRoot, encoding: 'utf8', shell });
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (pack.status !== 0 || tarball === undefined) {
    process.stderr.write(`${pack.stderr ?? ''}attw: npm pack failed (exit ${pack.status ?? pack.signal ?? pack.error?.message})\n`);
    code = pack.status || 1;
  } else {
    code = spawnSync(process.execPath, [attwEntry(), join(dir, tarball), ...ATTW_ARGS], { cwd: packageRoot, stdio: 'inherit' }).status ?? 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
