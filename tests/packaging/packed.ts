// What the packaging test needs to know about packed and installed packages.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { repoRoot } from '../support/process.js';

export interface Manifest {
  name: string;
  version: string;
  license?: string;
  engines?: { node?: string };
  exports?: Record<string, string | Record<string, string>>;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export interface PackedPackage {
  tarball: string;
  manifest: Manifest;
}

/** The workspace's published packages: every packages/* that is not private. */
export const packageNames: string[] = readdirSync(join(repoRoot, 'packages'))
  .map((dir) => JSON.parse(readFileSync(join(repoRoot, 'packages', dir, 'package.json'), 'utf8')))
  .filter((manifest) => !manifest.private)
  .map((manifest) => manifest.name as string);

/** Every file of a .tgz (ustar, as npm and pnpm write them): its path and its bytes. */
function* tarballEntries(tarball: string): Generator<{ name: string; bytes: Buffer }> {
  const data = gunzipSync(readFileSync(tarball));
  for (let offset = 0; offset + 512 <= data.length; ) {
    const header = data.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    yield { name, bytes: data.subarray(offset + 512, offset + 512 + size) };
    offset += 512 + Math.ceil(size / 512) * 512;
  }
}

/** One file of a .tgz, as text. */
export function readTarballFile(tarball: string, path: string): string {
  for (const entry of tarballEntries(tarball)) if (entry.name === path) return entry.bytes.toString('utf8');
  throw new Error(`${path} is not in ${tarball}`);
}

/** The paths of every file of a .tgz (`package/…`). */
export function listTarball(tarball: string): string[] {
  return [...tarballEntries(tarball)].map((entry) => entry.name);
}

export interface EntryPoint {
  specifier: string;
  /** module: import(); json: import with { type: 'json' }; file: a data file read from its resolved path. */
  kind: 'module' | 'json' | 'file';
}

const kindOf = (target: string): EntryPoint['kind'] => (/\.[cm]?js$/.test(target) ? 'module' : target.endsWith('.json') ? 'json' : 'file');

/** The file an export resolves to for `import` (the condition a Node ESM user hits). */
function importTarget(target: string | Record<string, string>): string | undefined {
  if (typeof target === 'string') return target;
  return target.import ?? target.default;
}

/**
 * Every entry point of an installed package: each key of `exports`, and for a subpath pattern
 * (`./versions/*`) every file the pattern matches in the installed package.
 */
export function entryPoints(installedDir: string, name: string): EntryPoint[] {
  const manifest = JSON.parse(readFileSync(join(installedDir, 'package.json'), 'utf8')) as Manifest;
  const entries: EntryPoint[] = [];
  for (const [key, value] of Object.entries(manifest.exports ?? {})) {
    const target = importTarget(value);
    if (!target || key === './package.json') continue;
    if (!key.includes('*')) {
      entries.push({ specifier: posix.join(name, key), kind: kindOf(target) });
      continue;
    }
    const [before, after] = target.split('*') as [string, string];
    for (const file of readdirSync(join(installedDir, posix.dirname(before)))) {
      const rel = posix.join(posix.dirname(before), file);
      if (!`./${rel}`.startsWith(before.replace(/^\.\//, './')) || !rel.endsWith(after)) continue;
      const stem = `./${rel}`.slice(before.length, after ? -after.length : undefined);
      entries.push({ specifier: posix.join(name, key.replace('*', stem)), kind: kindOf(target.replace('*', stem)) });
    }
  }
  return entries;
}
