// What the packaging tests need to know about packed and installed packages, and the run's one
// packed install they share (see the end of this file).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { inject } from 'vitest';
import { packAll as packTarballs, publishedPackages } from '../../scripts/pack.mjs';
import { type EntryPoint, entryPoints, type LoadedBy, loadEveryEntryPoint } from '../../scripts/release/entries.mjs';
import { once } from '../support/lock.js';
import { type Finished, repoRoot, run } from '../support/process.js';

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
  repository?: unknown;
  homepage?: string;
  bugs?: unknown;
}

export interface PackedPackage {
  tarball: string;
  manifest: Manifest;
}

/** The workspace's published packages: every packages/* that is not private. */
export const packageNames: string[] = publishedPackages().map((p) => p.name);

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

export type { EntryPoint, LoadedBy } from '../../scripts/release/entries.mjs';
export { entryPoints };

// ---------------------------------------------------------------------------------------------------
// The run's one packed install, shared by every test that needs the packages as a user gets them.
// The four packages are packed once (pnpm pack, which writes real versions for workspace: and
// catalog:) and installed with npm into throwaway projects in a temp dir that the packaging project's
// global setup makes and removes. npm gives a package one copy of a peer dependency per tree, so
// each vitest major the conformance suite supports gets a project of its own; the newest also holds
// the client generators, the other nothing but the packages and their vitest peer (the tree the
// advisories test judges).

declare module 'vitest' {
  export interface ProvidedContext {
    /** The temp dir of this run's packed tarballs and installed projects. */
    packedRoot: string;
  }
}

/** The version of a package the workspace root has installed. */
const workspaceVersion = (name: string): string => JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')).version as string;

/** Client generators the generators test runs (on Node 22), at exact versions. */
export const GENERATORS = {
  '@hey-api/openapi-ts': '0.99.0',
  orval: '8.38.0',
  // The workspace's own TypeScript type-checks what they generate.
  typescript: workspaceVersion('typescript'),
};

/** The throwaway projects, by name: which vitest each has beside the packages, and what else. */
export const PROJECTS: Record<string, { vitest: string; with?: Record<string, string> }> = {
  // @types/node: the CommonJS consumer (commonjs.test.ts) type-checks against it, as a Node project
  // does; vitest 5's optional peer range wants 22 or newer.
  // msw: the mock's optional peer, so that its `/msw` entry is imported here (the version the workspace tests).
  'vitest-5': {
    vitest: '^5.0.0',
    with: {
      ...GENERATORS,
      '@types/node': '^22.0.0',
      msw: JSON.parse(readFileSync(join(repoRoot, 'packages', 'mock', 'node_modules', 'msw', 'package.json'), 'utf8')).version as string,
    },
  },
  // Nothing else: advisories.test.ts reads this project's tree as what npm users of the packages get.
  'vitest-4': { vitest: '^4.0.0' },
};

function packedRoot(): string {
  const dir = inject('packedRoot');
  if (!dir) throw new Error('no packedRoot: run the packaging tests through tests/vitest.config.ts (its global setup makes the temp dir)');
  return dir;
}

/** Packs every published package into `dest` as `npm run pack` does (scripts/pack.mjs: pnpm pack, as a release would). */
export async function packAll(dest: string): Promise<Map<string, PackedPackage>> {
  const packed = new Map<string, PackedPackage>();
  for (const tarball of await packTarballs(dest)) {
    const manifest = JSON.parse(readTarballFile(tarball, 'package/package.json')) as Manifest;
    packed.set(manifest.name, { tarball, manifest });
  }
  return packed;
}

/** This run's tarballs of the four packages (packed by the first test that asks). */
export async function packedTarballs(): Promise<Map<string, PackedPackage>> {
  const dir = join(packedRoot(), 'tarballs');
  return new Map(await once(dir, async () => [...(await packAll(dir))]));
}

export interface InstalledProject {
  dir: string;
  /** How `npm install` ended (its output, for an assertion message). */
  install: Finished;
}

/**
 * A project outside the workspace with `dependencies` (and the tarballs) installed by npm. The
 * packages name each other with ranges of versions no registry has yet: overrides make npm take
 * the tarballs for those too, as the registry would serve the released versions.
 */
export async function installProject(
  dir: string,
  packed: Map<string, PackedPackage>,
  dependencies: Record<string, string>,
  /** The project's own npm overrides, beside the ones above (what a user may write in theirs). */
  overrides: Record<string, string> = {},
  /**
   * `lockOnly`: npm resolves the tree as the install would (the same resolution, overrides and all)
   * and writes package-lock.json, without fetching or writing a package: for a test that reads only
   * the tree (`npm ls --package-lock-only`), not the files.
   */
  { lockOnly = false }: { lockOnly?: boolean } = {},
): Promise<InstalledProject> {
  mkdirSync(dir, { recursive: true });
  const tarballs = Object.fromEntries([...packed].map(([name, p]) => [name, `file:${p.tarball}`]));
  const manifest = {
    name: 'throwaway-consumer',
    private: true,
    type: 'module',
    dependencies: { ...tarballs, ...dependencies },
    overrides: { ...Object.fromEntries([...packed.keys()].map((name) => [name, `$${name}`])), ...overrides },
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  const args = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...(lockOnly ? ['--package-lock-only'] : [])];
  const install = await run('npm', args, { cwd: dir, timeoutMs: 900_000 });
  return { dir, install };
}

/** This run's project `name` of PROJECTS, installed by the first test that asks. */
export async function installedProject(name: string): Promise<InstalledProject> {
  const spec = PROJECTS[name];
  if (!spec) throw new Error(`no packed project ${name} (known: ${Object.keys(PROJECTS).join(', ')})`);
  const dir = join(packedRoot(), name);
  const packed = await packedTarballs();
  return once(dir, () => installProject(dir, packed, { vitest: spec.vitest, ...spec.with }));
}

/** Loads every entry point of every package installed in `projectDir` with the given Node, by import() or require(). */
export const importEveryEntryPoint = (projectDir: string, node = process.execPath, by: LoadedBy = 'import') =>
  loadEveryEntryPoint(projectDir, packageNames, { node, by });

/**
 * importEveryEntryPoint (by import or require) in this run's project `name` of PROJECTS with the given Node, run once per
 * project and Node by the first test that asks: a Supported versions row with this machine's own
 * Node asks the same of the same project as the packed-install test.
 */
export async function importedEveryEntryPoint(
  name: string,
  node = process.execPath,
  by: LoadedBy = 'import',
): Promise<{ entries: EntryPoint[]; result: Finished }> {
  const { dir } = await installedProject(name);
  const nodeKey = createHash('sha256').update(node).digest('hex').slice(0, 12);
  return once(join(packedRoot(), `${by}s-${name}-${nodeKey}`), () => importEveryEntryPoint(dir, node, by));
}
