// Packages that install anywhere: checks what each packed package.json promises, runs publint and
// attw on the tarballs, and in the run's shared project (the tarballs installed with npm beside
// vitest 5, see packed.ts) imports every entry point and runs every bin.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeRun, repoRoot, run, startServer } from '../support/process.js';
import {
  type InstalledProject,
  importedEveryEntryPoint,
  installedProject,
  listTarball,
  type PackedPackage,
  packageNames,
  packedTarballs,
  readTarballFile,
} from './packed.js';

/**
 * Entry points attw cannot judge: data documents, not modules. A YAML file has no type
 * declarations to resolve (attw reports NoResolution), and users read it from the path
 * `import.meta.resolve` gives, which the import test below checks.
 */
const ATTW_EXCLUDED: Record<string, string[]> = { '@mediagen/schema': ['openapi.yaml'] };

let packed: Map<string, PackedPackage>;
let installed: InstalledProject;
let project: string;

beforeAll(async () => {
  packed = await packedTarballs();
  installed = await installedProject('vitest-5');
  project = installed.dir;
});

describe('the packed package.json', () => {
  it('exists for all four packages', () => {
    expect([...packed.keys()].sort()).toEqual([...packageNames].sort());
  });

  it.each(packageNames)('%s names no workspace: or catalog: version and depends on ranges only', (name) => {
    const { manifest } = packed.get(name)!;
    const text = JSON.stringify(manifest);
    expect(text).not.toMatch(/"(workspace|catalog):/);
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies'] as const) {
      for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
        // An exact pin (1.2.3) forces a second copy beside whatever the user has; a range does not.
        expect(range, `${name} ${field}.${dep}`).not.toMatch(/^=?\d+\.\d+\.\d+(-[\w.]+)?$/);
      }
    }
  });

  // The Node it says it needs, and the vitest peer range, are held to the README's Supported versions
  // table by supported-versions.test.ts.
  it.each(packageNames)('%s ships LICENSE, README.md and CHANGELOG.md and says MIT', (name) => {
    const { tarball, manifest } = packed.get(name)!;
    expect(manifest.license).toBe('MIT');
    expect(readTarballFile(tarball, 'package/LICENSE')).toMatch(/^MIT License/);
    expect(readTarballFile(tarball, 'package/README.md').length).toBeGreaterThan(0);
    expect(readTarballFile(tarball, 'package/CHANGELOG.md')).toMatch(new RegExp(`^# ${name}`));
  });

  // tsc does not delete what it emitted for a source that is gone: the build empties dist/ first,
  // so a release from a working tree ships no module nobody can see in src/.
  // The client's dist/vendor/schema/ holds modules of the schema package's build (its vendor-schema
  // script): their sources are the schema package's.
  it.each(packageNames)('%s ships no compiled module whose source is gone', (name) => {
    const dir = join(repoRoot, 'packages', name.replace(/^@mediagen\//, ''));
    const source = (stem: string) =>
      stem.startsWith('vendor/schema/') ? join(repoRoot, 'packages', 'schema', 'src', stem.slice('vendor/schema/'.length)) : join(dir, 'src', stem);
    const orphans = listTarball(packed.get(name)!.tarball)
      .filter((file) => /^package\/dist\/.+\.js$/.test(file))
      .map((file) => file.replace(/^package\/dist\//, '').replace(/\.js$/, ''))
      .filter((stem) => !['.ts', '.mts', '.tsx'].some((ext) => existsSync(`${source(stem)}${ext}`)));
    expect(orphans).toEqual([]);
  });

  // The project has no public repository: nothing may point users at one.
  it.each(packageNames)('%s claims no repository, homepage or issue tracker', (name) => {
    const { manifest } = packed.get(name)!;
    expect([manifest.repository, manifest.homepage, manifest.bugs]).toEqual([undefined, undefined, undefined]);
  });
});

describe('linters of published packages', () => {
  it.each(packageNames)('publint finds nothing in %s (strict, suggestions included)', async (name) => {
    const { publint } = await import('publint');
    const { formatMessage } = await import('publint/utils');
    const bytes = readFileSync(packed.get(name)!.tarball);
    const tarball = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const { messages, pkg } = await publint({ pack: { tarball }, level: 'suggestion', strict: true });
    expect(messages.map((m) => `${m.type}: ${formatMessage(m, pkg)}`)).toEqual([]);
  });

  // Every resolution attw knows (node10, node16 from CommonJS and from ESM, bundler), but its rule
  // that a require() may not reach an ES module: Node 20.19+ loads one there (commonjs.test.ts runs it),
  // and TypeScript accepts it under `module: node20` / `nodenext` (5.8+), which attw's node16 does not model.
  it.each(packageNames)('attw (every resolution; require of ESM allowed) finds nothing in %s', async (name) => {
    const exclude = ATTW_EXCLUDED[name] ?? [];
    const attw = join(repoRoot, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    const args = [attw, packed.get(name)!.tarball, '--ignore-rules', 'cjs-resolves-to-esm', '--no-color'];
    if (exclude.length > 0) args.push('--exclude-entrypoints', ...exclude);
    const r = await run(process.execPath, args);
    expect(r.code, describeRun('attw', r)).toBe(0);
  });
});

describe('installed with npm into a project outside the workspace (with vitest 5)', () => {
  it('installs', () => {
    expect(installed.install.code, describeRun('npm install', installed.install)).toBe(0);
    const vitest = JSON.parse(readFileSync(join(project, 'node_modules', 'vitest', 'package.json'), 'utf8'));
    expect(vitest.version).toMatch(/^5\./);
  });

  it('imports every entry point of every package (ESM)', async () => {
    const { entries, result } = await importedEveryEntryPoint('vitest-5');
    // Every package has JS entries, and the data documents are among the checked entries.
    expect(entries.filter((e) => e.kind === 'module').length).toBeGreaterThanOrEqual(packageNames.length);
    expect(entries.map((e) => e.specifier)).toContain('@mediagen/schema/openapi.yaml');
    // This project has every optional peer: no entry is excused for lacking one.
    expect(entries.filter((e) => e.absentPeers)).toEqual([]);
    expect(result.code, describeRun(`importing ${entries.length} entry points`, result)).toBe(0);
  });

  // Each bin as npm installed it in node_modules/.bin, the file `npx <bin>` and package scripts run
  // there (started directly: npx would add an npm process, a second or more, to every call).
  const installedBin = (bin: string) => join(project, 'node_modules', '.bin', bin);
  const bins = ['media-validate', 'media-mock', 'media-conformance'];
  it.each(bins)('%s --help exits 0 and prints its usage', async (bin) => {
    const r = await run(installedBin(bin), ['--help'], { cwd: project });
    expect(r.code, describeRun(`${bin} --help`, r)).toBe(0);
    expect(r.stdout).toMatch(/usage/i);
  });

  it('media-validate accepts the documented generate example and rejects a broken one', async () => {
    const document = JSON.parse(readFileSync(join(project, 'node_modules', '@mediagen', 'schema', 'openapi', 'openapi.json'), 'utf8'));
    const body = Object.values(document.paths as Record<string, Record<string, { operationId?: string; requestBody?: any }>>)
      .flatMap((item) => Object.values(item))
      .find((op) => op.operationId === 'generateMedia')!.requestBody.content['application/json'].examples.standard.value;
    writeFileSync(join(project, 'request.json'), JSON.stringify(body));
    const valid = await run(installedBin('media-validate'), ['request.json'], { cwd: project });
    expect(valid.code, describeRun('media-validate request.json', valid)).toBe(0);
    writeFileSync(join(project, 'broken.json'), JSON.stringify([{ ...body[0], cfg_scale: 1000 }]));
    const invalid = await run(installedBin('media-validate'), ['broken.json'], { cwd: project });
    expect(invalid.code).toBe(1);
    expect(invalid.stdout + invalid.stderr).toContain('[0].cfg_scale');
  });

  it('media-mock serves the documented example, then stops with exit 0 on Ctrl-C', async () => {
    // The bin itself (npx, like any npm command, would end by the signal rather than with the bin's code).
    const mock = await startServer(installedBin('media-mock'), [], { cwd: project });
    try {
      const response = await fetch(`${mock.url}/pub/v1/models`, { headers: { 'X-API-KEY': 'any-key' } });
      expect(response.status).toBe(200);
      expect(await response.json()).toHaveProperty('data');
    } finally {
      const stopped = await mock.stop();
      expect(stopped.code, describeRun('media-mock', stopped)).toBe(0);
    }
  });

  it('media-conformance runs its suite against its own mock and passes', async () => {
    const r = await run(installedBin('media-conformance'), ['--max-examples', '5'], { cwd: project, timeoutMs: 480_000 });
    expect(r.code, describeRun('media-conformance', r)).toBe(0);
    expect(r.stdout).toMatch(/PASSED/);
  });
});
