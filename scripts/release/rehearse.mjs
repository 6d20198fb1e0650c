#!/usr/bin/env node
// `npm run release:rehearse`: the release, as a maintainer runs it, against a local registry, with
// nothing of it reaching the real one or changing this working tree. On a copy of the tree (its own
// git repository, in the OS temp dir, on this tree's .tools/: see linkTools): `npm run
// version-packages`, a maintainer's commit, the packages' builds, then the publish step of `npm run
// release` with an npmrc that names only a verdaccio on loopback (see registry.mjs). A fresh project then installs what was published from
// there and loads every entry point of every package, by import and by require.
//
//   npm run release:rehearse                  build, rehearse, remove the temp dir
//   ... -- --keep DIR                         rehearse in DIR (made, must be empty) and keep it
//   ... -- --no-build                         use the packages' dist/ as they are
//
// Each step prints a line and what it took. Exit codes: 0 rehearsed; 1 a step failed (named, with
// the end of its output); 2 bad arguments.
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { publishedPackages } from '../pack.mjs';
import { loadEveryEntryPoint } from './entries.mjs';
import { startRegistry } from './registry.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs a command to its end; resolves with its code and output (killed after `timeoutMs`: only a hang). */
export function exec(command, args, { cwd = root, env = process.env, timeoutMs = 900_000 } = {}) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, output });
    });
  });
}

/** The environment of a maintainer's shell: none of an outer npm run's npm_* settings (its registry!), no workspace bins. */
export function shellEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^(npm_|PNPM_|TURBO_(?!TELEMETRY|CACHE_DIR)|VITEST|NODE_OPTIONS$)/i.test(key)) env[key] = value;
  const pathKey = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  env[pathKey] = (env[pathKey] ?? '')
    .split(delimiter)
    .filter((dir) => !dir.startsWith(root) && !/node_modules[\\/]\.bin|[\\/]\.tools[\\/]/.test(dir))
    .join(delimiter);
  return { ...env, ...extra };
}

const git = (args, cwd) => exec('git', ['-c', 'user.name=rehearsal', '-c', 'user.email=rehearsal@localhost', ...args], { cwd });

/** Copies the working tree as it is (committed or not, without what git ignores) into `dest`, and commits it there on `main`. */
export async function copyWorkingTree(dest) {
  const files = await exec('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
  if (files.code !== 0) throw new Error(`git ls-files exited ${files.code}\n${files.output}`);
  const list = join(dest, '..', `files-${process.pid}`);
  // A file deleted in the working tree but not yet from the index is not part of it.
  writeFileSync(list, files.output.split('\0').filter(Boolean).join('\0'));
  const tar = await exec('sh', ['-c', `tar -cf - --null --ignore-failed-read -T '${list}' 2>/dev/null | tar -xf - -C '${dest}'`]);
  rmSync(list, { force: true });
  if (tar.code !== 0) throw new Error(`copying the working tree exited ${tar.code}\n${tar.output}`);
  for (const args of [
    ['init', '-q', '-b', 'main'],
    ['add', '-A'],
    ['commit', '-qm', 'copy of the working tree'],
  ]) {
    const r = await git(args, dest);
    if (r.code !== 0) throw new Error(`git ${args[0]} exited ${r.code}\n${r.output}`);
  }
}

/**
 * Links this tree's `.tools/` (the pinned pnpm the bootstrap installs, and verdaccio) into the copy,
 * when the pnpm there is the one the copy pins: the copy's bootstrap then finds it installed instead
 * of installing it again from the registry. The workspace itself is installed in the copy (from the
 * store, by its own bootstrap): publishing reads each package's `node_modules` for the versions its
 * `workspace:` ranges become, and those must be the copy's new versions, not this tree's.
 */
export function linkTools(dest) {
  const pinned = String(JSON.parse(readFileSync(join(dest, 'package.json'), 'utf8')).packageManager)
    .replace(/^pnpm@/, '')
    .split('+')[0];
  let installed;
  try {
    installed = JSON.parse(readFileSync(join(root, '.tools', 'node_modules', 'pnpm', 'package.json'), 'utf8')).version;
  } catch {
    return false;
  }
  if (installed !== pinned || existsSync(join(dest, '.tools'))) return false;
  symlinkSync(join(root, '.tools'), join(dest, '.tools'), 'dir');
  // Out of the copy's commits: `.tools/` in .gitignore matches a folder, not a link to one.
  appendFileSync(join(dest, '.git', 'info', 'exclude'), '\n/.tools\n');
  return true;
}

/** The publish command of `npm run release`: what follows its `npm test &&`. */
export function publishStep(dir = root) {
  const release = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts.release;
  const match = /^npm test && (.+)$/.exec(release);
  if (!match) throw new Error(`the release script is not "npm test && <publish>": ${release}`);
  return match[1];
}

const packageDir = (dir, name) => join(dir, 'packages', name.replace('@mediagen/', ''));
const versionIn = (dir, name) => JSON.parse(readFileSync(join(packageDir(dir, name), 'package.json'), 'utf8')).version;

/**
 * The rehearsal, step by step, in `work` (an existing, empty directory). `say(line)` hears each step.
 * Resolves with what was published (`name@version`), the registry's URL, the consumer project and
 * the number of entry points it loaded each way; rejects with an Error naming the step that failed.
 */
export async function rehearse(work, { build = true, say = () => {} } = {}) {
  const copy = join(work, 'repo');
  const consumer = join(work, 'consumer');
  for (const dir of [copy, consumer, join(work, 'registry')]) mkdirSync(dir);
  const names = publishedPackages().map((p) => p.name);
  let registry;
  const timed = async (title, work) => {
    const started = Date.now();
    say(`${title} …`);
    const value = await work();
    say(`${title}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return value;
  };
  const must = (what, r) => {
    if (r.code !== 0) throw new Error(`${what} exited ${r.code ?? r.signal}\n${r.output.slice(-3000)}`);
  };
  try {
    if (build)
      await timed('build the packages (turbo run build)', async () =>
        must('turbo run build', await exec('turbo', ['run', 'build', '--output-logs=errors-only'])),
      );
    [, registry] = await timed('copy the working tree; start a local registry (verdaccio on 127.0.0.1)', () =>
      Promise.all([copyWorkingTree(copy).then(() => linkTools(copy)), startRegistry(join(work, 'registry'))]),
    );
    await timed('npm run version-packages (on the copy)', async () => {
      must('npm run version-packages', await exec('/bin/sh', ['-c', 'npm run version-packages'], { cwd: copy, env: shellEnv() }));
      for (const args of [
        ['add', '-A'],
        ['commit', '-qm', 'Version packages'],
      ])
        must(`git ${args[0]}`, await git(args, copy));
    });
    // What `npm test` builds before publishing: versioning changes no source, so this tree's builds are the copy's.
    for (const name of names) cpSync(join(packageDir(root, name), 'dist'), join(packageDir(copy, name), 'dist'), { recursive: true });
    const published = names.map((name) => `${name}@${versionIn(copy, name)}`);
    await timed(`the publish step of npm run release (${publishStep(copy)}) to ${registry.url}`, async () => {
      const env = shellEnv({ NPM_CONFIG_USERCONFIG: registry.npmrc, npm_config_registry: registry.url });
      const published = await exec('/bin/sh', ['-c', publishStep(copy)], { cwd: copy, env });
      // What the release says before it publishes (which packages, which versions), as a maintainer sees it.
      for (const line of published.output.split('\n')) if (line.startsWith('[release]')) say(`  ${line}`);
      must(publishStep(copy), published);
    });
    await timed('install what was published into a fresh project', async () => {
      writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'rehearsal-consumer', private: true, type: 'module' }));
      // Only @mediagen comes from the local registry; what it depends on, from the usual one.
      writeFileSync(join(consumer, '.npmrc'), `@mediagen:registry=${registry.url}\n`);
      // The conformance suite's vitest entry needs the user's vitest (an optional peer): the first major its range allows.
      const vitest = JSON.parse(readFileSync(join(packageDir(copy, '@mediagen/conformance'), 'package.json'), 'utf8'))
        .peerDependencies.vitest.split('||')[0]
        .trim();
      const args = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...published, `vitest@${vitest}`];
      must('npm install', await exec('npm', args, { cwd: consumer, env: shellEnv() }));
    });
    const loaded = {};
    for (const by of ['import', 'require']) {
      loaded[by] = await timed(`${by} every entry point`, async () => {
        const { entries, result } = await loadEveryEntryPoint(consumer, names, { by });
        must(`${by} of ${entries.length} entry points`, { ...result, output: result.stdout + result.stderr });
        return entries.length;
      });
    }
    return { published, registry: registry.url, copy, consumer, loaded };
  } finally {
    await registry?.stop();
  }
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({ options: { keep: { type: 'string' }, 'no-build': { type: 'boolean' } }, strict: true }));
  } catch (error) {
    console.error(`[rehearse] ${error.message} (usage: npm run release:rehearse [-- --keep DIR] [--no-build])`);
    return 2;
  }
  const work = values.keep ? resolve(values.keep) : mkdtempSync(join(tmpdir(), 'mediagen-rehearsal-'));
  if (values.keep) {
    mkdirSync(work, { recursive: true });
    if (readdirSync(work).length > 0) {
      console.error(`[rehearse] --keep ${values.keep}: the directory is not empty`);
      return 2;
    }
  }
  const started = Date.now();
  try {
    const done = await rehearse(work, { build: !values['no-build'], say: (line) => console.log(`[rehearse] ${line}`) });
    console.log(`[rehearse] published ${done.published.join(', ')} to ${done.registry}`);
    console.log(
      `[rehearse] ok in ${((Date.now() - started) / 1000).toFixed(1)} s: a fresh project installed them from there, imported ${done.loaded.import} and required ${done.loaded.require} entry points`,
    );
    if (values.keep) console.log(`[rehearse] kept: ${done.copy} (the versioned copy), ${done.consumer} (the consumer)`);
    return 0;
  } catch (error) {
    console.error(`[rehearse] FAILED: ${error.message}`);
    return 1;
  } finally {
    if (!values.keep) rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main();
