// What the packaging tests need to know about packed and installed packages, and the run's one
// packed install they share (see the end of this file).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { inject } from 'vitest';
import { once } from '../support/lock.js';
import { describeRun, type Finished, pnpmCli, repoRoot, run } from '../support/process.js';

export interface Manifest {
  name: string;
  version: string;
  license?: string;
  engines?: { node?: string };
  exports?: Record<string, string | Record<string, string>>;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
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
  /**
   * Optional peers of its package the project does not have (npm installs none by itself): an entry
   * that needs one (`@mediagen/mock/msw` needs msw) may fail to import naming that package, and only so.
   */
  absentPeers?: string[];
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
  const nodeModules = join(installedDir, ...name.split('/').map(() => '..'));
  const absentPeers = Object.entries(manifest.peerDependenciesMeta ?? {})
    .filter(([peer, meta]) => meta.optional && !existsSync(join(nodeModules, peer, 'package.json')))
    .map(([peer]) => peer);
  const entries: EntryPoint[] = [];
  for (const [key, value] of Object.entries(manifest.exports ?? {})) {
    const target = importTarget(value);
    if (!target || key === './package.json') continue;
    if (!key.includes('*')) {
      entries.push({ specifier: posix.join(name, key), kind: kindOf(target), ...(absentPeers.length > 0 ? { absentPeers } : {}) });
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

/** Client generators the generators test runs (on Node 22), at exact versions. */
export const GENERATORS = {
  '@hey-api/openapi-ts': '0.99.0',
  orval: '8.38.0',
  // The workspace's own TypeScript type-checks what they generate.
  typescript: JSON.parse(readFileSync(join(repoRoot, 'node_modules', 'typescript', 'package.json'), 'utf8')).version as string,
};

/** The throwaway projects, by name: which vitest each has beside the packages, and what else. */
export const PROJECTS: Record<string, { vitest: string; with?: Record<string, string> }> = {
  // msw: the mock's optional peer, so that its `/msw` entry is imported here (the version the workspace tests).
  'vitest-5': {
    vitest: '^5.0.0',
    with: { ...GENERATORS, msw: JSON.parse(readFileSync(join(repoRoot, 'packages', 'mock', 'node_modules', 'msw', 'package.json'), 'utf8')).version as string },
  },
  // Nothing else: advisories.test.ts reads this project's tree as what npm users of the packages get.
  'vitest-4': { vitest: '^4.0.0' },
};

function packedRoot(): string {
  const dir = inject('packedRoot');
  if (!dir) throw new Error('no packedRoot: run the packaging tests through tests/vitest.config.ts (its global setup makes the temp dir)');
  return dir;
}

/** Packs every published package into `dest` (pnpm pack, as a release would), in one pnpm process. */
export async function packAll(dest: string): Promise<Map<string, PackedPackage>> {
  const filters = packageNames.flatMap((name) => ['--filter', name]);
  const r = await run(process.execPath, [pnpmCli, '--recursive', ...filters, 'pack', '--pack-destination', dest], { cwd: repoRoot });
  if (r.code !== 0) throw new Error(describeRun(`pnpm pack of ${packageNames.join(', ')}`, r));
  const packed = new Map<string, PackedPackage>();
  for (const file of readdirSync(dest).filter((f) => f.endsWith('.tgz'))) {
    const tarball = join(dest, file);
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
export async function installProject(dir: string, packed: Map<string, PackedPackage>, dependencies: Record<string, string>): Promise<InstalledProject> {
  mkdirSync(dir, { recursive: true });
  const tarballs = Object.fromEntries([...packed].map(([name, p]) => [name, `file:${p.tarball}`]));
  const manifest = {
    name: 'throwaway-consumer',
    private: true,
    type: 'module',
    dependencies: { ...tarballs, ...dependencies },
    overrides: Object.fromEntries([...packed.keys()].map((name) => [name, `$${name}`])),
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: dir, timeoutMs: 900_000 });
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

/**
 * Imports every entry point of every package installed in `projectDir` with the given Node: modules
 * with import(), JSON with an import attribute, data files read from the path import.meta.resolve gives.
 */
export async function importEveryEntryPoint(projectDir: string, node = process.execPath): Promise<{ entries: EntryPoint[]; result: Finished }> {
  const entries = packageNames.flatMap((name) => entryPoints(join(projectDir, 'node_modules', name), name));
  const script = [
    "import { readFileSync } from 'node:fs';",
    "import { fileURLToPath } from 'node:url';",
    'const failed = [];',
    `for (const { specifier, kind, absentPeers = [] } of ${JSON.stringify(entries)}) {`,
    '  try {',
    "    if (kind === 'module') { const m = await import(specifier); if (Object.keys(m).length === 0 && !specifier.includes('/versions/')) throw new Error('no exports'); }",
    "    else if (kind === 'json') await import(specifier, { with: { type: 'json' } });",
    "    else if (readFileSync(fileURLToPath(import.meta.resolve(specifier)), 'utf8').length === 0) throw new Error('empty file');",
    '  } catch (error) {',
    // An entry that needs an optional peer the project lacks may fail by naming that package, and only so.
    '    const lacksPeer = error.code === \'ERR_MODULE_NOT_FOUND\' && absentPeers.some((peer) => error.message.includes("Cannot find package \'" + peer + "\'"));',
    "    if (!lacksPeer) failed.push(specifier + ': ' + error.message);",
    '  }',
    '}',
    "console.log(failed.join('\\n'));",
    'process.exit(failed.length === 0 ? 0 : 1);',
  ].join('\n');
  const file = `import-entries-${process.pid}-${Date.now()}.mjs`;
  writeFileSync(join(projectDir, file), script);
  const result = await run(node, [file], { cwd: projectDir });
  return { entries, result };
}

/**
 * importEveryEntryPoint in this run's project `name` of PROJECTS with the given Node, run once per
 * project and Node by the first test that asks: a Supported versions row with this machine's own
 * Node asks the same of the same project as the packed-install test.
 */
export async function importedEveryEntryPoint(name: string, node = process.execPath): Promise<{ entries: EntryPoint[]; result: Finished }> {
  const { dir } = await installedProject(name);
  const nodeKey = createHash('sha256').update(node).digest('hex').slice(0, 12);
  return once(join(packedRoot(), `imports-${name}-${nodeKey}`), () => importEveryEntryPoint(dir, node));
}
