#!/usr/bin/env node
// Every root script goes through here, so `npm start`, `npm test` and `npm run <script>` work on a
// machine that has only Node and npm. It installs the pnpm version pinned in
// package.json#packageManager into ./.tools (never globally, never through corepack, which cannot
// verify registry signatures on our machines), installs the workspace from the lockfile when
// node_modules does not match it, then runs the given program with the pinned pnpm and the
// workspace's bins (turbo, vitest, media-mock, …) on PATH. Both installs print a heartbeat line
// (what is being installed, and for how long) while they are silent.
//
//   node scripts/bootstrap.mjs                    install only (also: `install`)
//   node scripts/bootstrap.mjs PROGRAM [ARGS…]    install if needed, then run PROGRAM
//   node scripts/bootstrap.mjs SCRIPT [ARGS…]     a root package.json script no program is named after
//
// Exit codes: those of the program it runs; 2 when the toolchain itself cannot be installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWithHeartbeat } from './heartbeat.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = String(pkg.packageManager)
  .replace(/^pnpm@/, '')
  .split('+')[0];
const toolsDir = join(root, '.tools');
const pnpmBin = join(toolsDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
const windows = process.platform === 'win32';

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, shell: windows, ...opts });
  if (r.error) {
    if (r.error.code === 'ENOENT') {
      console.error(`[bootstrap] ${cmd}: command not found`);
      return 127;
    }
    throw r.error;
  }
  // A program killed by a signal: report it the way a shell does.
  if (r.status === null && r.signal) return 128 + (signalNumber[r.signal] ?? 1);
  return r.status ?? 1;
}
const signalNumber = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

function readText(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function installedPnpmVersion() {
  const manifest = readText(join(toolsDir, 'node_modules', 'pnpm', 'package.json'));
  return manifest ? JSON.parse(manifest).version : undefined;
}

if (installedPnpmVersion() !== pnpmVersion) {
  const title = `installing pnpm@${pnpmVersion} into .tools/`;
  console.error(`[bootstrap] ${title}`);
  const args = ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', toolsDir, `pnpm@${pnpmVersion}`];
  const code = await runWithHeartbeat('bootstrap', title, 'npm', args, { cwd: root });
  if (code !== 0 || !existsSync(pnpmBin)) {
    console.error('[bootstrap] could not install pnpm from the npm registry');
    process.exit(2);
  }
}

// The pinned pnpm, then the workspace's bins, go first on PATH: turbo and package scripts look
// pnpm up by name, and root scripts call turbo, vitest and the packages' own bins by name.
const pathKey = Object.keys(process.env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
const env = {
  ...process.env,
  [pathKey]: [join(toolsDir, 'node_modules', '.bin'), join(root, 'node_modules', '.bin'), process.env[pathKey]].filter(Boolean).join(delimiter),
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
};

const [command = 'install', ...rest] = process.argv.slice(2);
const lockfile = readText(join(root, 'pnpm-lock.yaml'));
// pnpm keeps a copy of the lockfile it installed from in node_modules/.pnpm/lock.yaml: when both
// agree the workspace is installed as locked, and the run skips pnpm's own (slower) check.
const upToDate = lockfile !== undefined && readText(join(root, 'node_modules', '.pnpm', 'lock.yaml')) === lockfile;
if (command === 'install' || !upToDate) {
  const frozen = lockfile !== undefined ? ['--frozen-lockfile'] : [];
  const title = 'installing the workspace from the lockfile (pnpm install)';
  console.error(`[bootstrap] ${title}`);
  const installCode = await runWithHeartbeat('bootstrap', title, process.execPath, [pnpmBin, 'install', '--prefer-offline', ...frozen], { env, cwd: root });
  if (installCode !== 0) process.exit(installCode);
}
if (command === 'install') process.exit(0);

/** True when `name` is a program on the PATH the command will run with. */
function onPath(name) {
  const extensions = windows ? ['', '.cmd', '.exe'] : [''];
  return env[pathKey].split(delimiter).some((dir) => dir && extensions.some((ext) => existsSync(join(dir, name + ext))));
}

// `bootstrap.mjs SCRIPT` where SCRIPT is a root package.json script and no program of that name
// exists runs the script through the pinned pnpm (the older form of this entry point).
if (pkg.scripts?.[command] !== undefined && !onPath(command)) process.exit(run(process.execPath, [pnpmBin, 'run', command, ...rest], { env }));
process.exit(run(command, rest, { env }));
