#!/usr/bin/env node
// `npm run pack`: the published packages as tarballs, to install before anything is published. It
// builds them (turbo, cached), then packs every non-private packages/* with the pinned pnpm, which
// writes real versions where the manifests say `workspace:` and `catalog:` (`npm pack` would leave
// them, and npm cannot install that). The tarballs go to packs/ (emptied of old ones first):
//
//   npm run pack                          build, then write packs/<scope>-<name>-<version>.tgz
//   node scripts/pack.mjs --out DIR       into DIR instead
//   node scripts/pack.mjs --no-build      without building first (what is in dist/ now)
//
// In a project outside the workspace, `npm install` the tarballs of the package you want and of the
// @mediagen packages it depends on, in one command (npm then takes those for the dependencies, as the
// registry would serve the released versions). The last line printed is that command for all four.
// Exit codes: 0 packed; 1 the build or pnpm pack failed; 2 bad arguments.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const pnpm = join(root, '.tools', 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

/** The workspace's published packages: every packages/* that is not private, by name and folder. */
export function publishedPackages() {
  return readdirSync(join(root, 'packages'))
    .map((dir) => ({ dir: join(root, 'packages', dir), manifest: JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ dir, manifest }) => ({ name: manifest.name, version: manifest.version, dir }));
}

/**
 * Packs every published package into `out` (made, old tarballs removed) in one pnpm process, and
 * resolves with the tarballs written. Rejects with pnpm's output when it fails.
 */
export async function packAll(out) {
  mkdirSync(out, { recursive: true });
  for (const file of readdirSync(out)) if (file.endsWith('.tgz')) rmSync(join(out, file));
  const filters = publishedPackages().flatMap(({ name }) => ['--filter', name]);
  const child = spawn(process.execPath, [pnpm, '--recursive', ...filters, 'pack', '--pack-destination', out], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const [code, signal] = await new Promise((done, fail) => child.on('error', fail).on('close', (...ended) => done(ended)));
  if (code !== 0) throw new Error(`pnpm pack exited ${code ?? signal}\n${output.slice(-3000)}`);
  return readdirSync(out)
    .filter((file) => file.endsWith('.tgz'))
    .sort()
    .map((file) => join(out, file));
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({ options: { out: { type: 'string' }, 'no-build': { type: 'boolean' } }, strict: true }));
  } catch (error) {
    console.error(`[pack] ${error.message} (usage: npm run pack [-- --out DIR] [--no-build])`);
    process.exit(2);
  }
  const out = resolve(values.out ?? join(root, 'packs'));
  if (!values['no-build']) {
    console.error('[pack] building the packages (turbo run build)');
    const built = spawnSync('turbo', ['run', 'build', '--output-logs=errors-only'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    if (built.status !== 0) {
      console.error('[pack] the build failed: nothing packed');
      process.exit(1);
    }
  }
  let tarballs;
  try {
    tarballs = await packAll(out);
  } catch (error) {
    console.error(`[pack] ${error.message}`);
    process.exit(1);
  }
  for (const tarball of tarballs) console.log(tarball);
  console.error(`[pack] ${tarballs.length} tarballs in ${relative(root, out) || '.'}/; in a project outside the workspace:`);
  console.log(`npm install ${tarballs.join(' ')}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
