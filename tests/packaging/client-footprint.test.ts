// The client installs no runtime dependency its entries do not load: a project outside the
// workspace that installs only the packed client gets the client and what its compiled core imports
// (openapi-fetch), not the schema package and its zod, zod-to-openapi and yaml (the schema package is
// an optional peer, for `@mediagen/client/validation` only). The client still answers a real request
// there, and the size of that node_modules is printed (the figure the client's README gives).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { describeRun, type Finished, repoRoot, run } from '../support/process.js';
import { type InstalledProject, installProject, type PackedPackage, packedTarballs } from './packed.js';

const CLIENT = '@mediagen/client';
/** The packages the schema package brings, which no client entry but ./validation loads. */
const SCHEMA_ONLY = ['@mediagen/schema', 'zod', '@asteasolutions/zod-to-openapi', 'yaml'];

let client: PackedPackage;
let installed: InstalledProject;

/** Bytes of every file under `dir` (what the files hold, not the blocks they take). */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += bytesUnder(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** The bare specifiers (package names) the compiled modules under `dir` import, but those under `skip`. */
function importedPackages(dir: string, skip: string): Set<string> {
  const names = new Set<string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        if (relative(dir, path) !== skip) walk(path);
      } else if (entry.name.endsWith('.js')) {
        for (const [, , , specifier] of readFileSync(path, 'utf8').matchAll(/((?:import|export)\s[^'"]*?from\s*|import\s*\(\s*|import\s+)(['"])([^'"]+)\2/g)) {
          if (specifier!.startsWith('.') || specifier!.startsWith('node:')) continue;
          const parts = specifier!.split('/');
          names.add(specifier!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
        }
      }
    }
  };
  walk(dir);
  return names;
}

beforeAll(async () => {
  const packed = await packedTarballs();
  client = packed.get(CLIENT)!;
  installed = await installProject(join(inject('packedRoot'), 'client-only'), new Map([[CLIENT, client]]), {});
}, 1_200_000);

describe('a project that installs only the packed client', () => {
  it('installs', () => {
    expect(installed.install.code, describeRun('npm install', installed.install)).toBe(0);
  });

  it('depends at run time on exactly what its compiled entries import, but ./validation (whose schema package is an optional peer)', () => {
    const dir = join(installed.dir, 'node_modules', CLIENT);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual([...importedPackages(join(dir, 'dist'), 'validation')].sort());
    expect(importedPackages(join(dir, 'dist', 'validation'), '__none__')).toContain('@mediagen/schema');
    // The peer range as the workspace manifest writes it (any 0.x: see .changeset/config.json), a range and not a pin.
    const written = JSON.parse(readFileSync(join(repoRoot, 'packages', 'client', 'package.json'), 'utf8')).peerDependencies['@mediagen/schema'] as string;
    expect(manifest.peerDependencies?.['@mediagen/schema']).toBe(written.replace(/^workspace:/, ''));
    expect(written).toMatch(/^workspace:[<>=^~]/);
    expect(manifest.peerDependenciesMeta?.['@mediagen/schema']).toEqual({ optional: true });
  });

  it('gets none of the schema package, zod, zod-to-openapi or yaml', () => {
    const present = SCHEMA_ONLY.filter((name) => {
      try {
        statSync(join(installed.dir, 'node_modules', name, 'package.json'));
        return true;
      } catch {
        return false;
      }
    });
    expect(present).toEqual([]);
    const bytes = bytesUnder(join(installed.dir, 'node_modules'));
    console.log(`[client footprint] node_modules of a project installing only ${CLIENT}: ${(bytes / 1e6).toFixed(2)} MB (${bytes} bytes)`);
  });

  it('imports and requires the core entry, and lists the models of a loopback server', async () => {
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"name":"m1"}]}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const script = (load: string) =>
      `${load}\nconst client = createClient({ apiKey: 'footprint-test-key', baseUrl: '${url}' });\n` +
      'client.resources.models().then((page) => { console.log(JSON.stringify(page.data ?? page)); }, (error) => { console.error(error); process.exit(1); });';
    let imported: Finished;
    let required: Finished;
    try {
      imported = await run(process.execPath, ['--input-type=module', '-e', script(`import { createClient } from '${CLIENT}';`)], { cwd: installed.dir });
      required = await run(process.execPath, ['-e', script(`const { createClient } = require('${CLIENT}');`)], { cwd: installed.dir });
    } finally {
      server.close();
    }
    for (const [how, r] of [
      ['import', imported],
      ['require', required],
    ] as const) {
      expect(r.code, describeRun(`${how} of ${CLIENT}`, r)).toBe(0);
      expect(r.stdout, how).toContain('m1');
    }
  });

  it('says in ./validation, without the schema package, which package to install', async () => {
    const r = await run(process.execPath, ['--input-type=module', '-e', `await import('${CLIENT}/validation');`], { cwd: installed.dir });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/Cannot find (package|module) '@mediagen\/schema'/);
  });
});
