#!/usr/bin/env node
// Entry point for the README's two commands on a machine that has only Node and npm.
// It installs the pnpm version pinned in package.json#packageManager into ./.tools (never globally,
// never through corepack, which cannot verify registry signatures on our machines), installs the
// workspace from the lockfile, then hands over to pnpm. Exit codes: those of the command it runs;
// 2 when the toolchain itself cannot be installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = String(pkg.packageManager).replace(/^pnpm@/, '').split('+')[0];
const toolsDir = join(root, '.tools');
const pnpmBin = join(toolsDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function installedPnpmVersion() {
  try {
    return JSON.parse(readFileSync(join(toolsDir, 'node_modules', 'pnpm', 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

if (installedPnpmVersion() !== pnpmVersion) {
  console.error(`[bootstrap] installing pnpm@${pnpmVersion} into .tools/`);
  const code = run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', toolsDir, `pnpm@${pnpmVersion}`]);
  if (code !== 0 || !existsSync(pnpmBin)) {
    console.error('[bootstrap] could not install pnpm from the npm registry');
    process.exit(2);
  }
}

// The pinned pnpm goes first on PATH: turbo (and package scripts) look it up by name.
const pathKey = Object.keys(process.env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
const env = {
  ...process.env,
  [pathKey]: [join(toolsDir, 'node_modules', '.bin'), process.env[pathKey]].filter(Boolean).join(delimiter),
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
};
const pnpm = (args) => run(process.execPath, [pnpmBin, ...args], { env });

const [command = 'install', ...rest] = process.argv.slice(2);
const frozen = existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
const installCode = pnpm(['install', '--prefer-offline', ...frozen]);
if (installCode !== 0) process.exit(installCode);
if (command === 'install') process.exit(0);
process.exit(pnpm(['run', command, ...rest]));
