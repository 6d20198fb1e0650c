// CommonJS users of the packed packages: every entry point loads through require() (Node 20.19+
// loads an ES module there when the export condition allows it, and no entry has a top-level
// await), and a TypeScript project compiled under `module: commonjs` (whose resolution is node10,
// which reads `types` and `typesVersions`, not `exports`) type-checks against the declarations,
// then runs something from every entry, on this machine's Node and on Node 22.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeRun, type Finished, run } from '../support/process.js';
import { node22 } from '../support/tools.js';
import { entryPoints, importedEveryEntryPoint, installedProject, type Manifest, packageNames } from './packed.js';

/**
 * One call per module entry, in the consumer's TypeScript: each must type-check against the entry's
 * declarations and hold at run time. A pattern entry (`./versions/*`) holds types only: it gets a
 * type use. A new entry without a line here fails the test below.
 */
const CALLS: Record<string, string> = {
  '@mediagen/schema': "assert.equal(m.operationById('listModels')?.method.toUpperCase(), 'GET')",
  '@mediagen/schema/transforms': "assert.equal(m.planVersions()[0], 'baseline')",
  '@mediagen/schema/util': "assert.equal(m.formatPath(['items', 0, 'prompt']), 'items[0].prompt')",
  '@mediagen/schema/openapi': 'assert.match(m.buildDocument().openapi, /^3\\.1\\./)',
  '@mediagen/client': "assert.equal(typeof m.createClient({ apiKey: 'not-a-key', baseUrl: 'http://127.0.0.1:9' }).generations.create, 'function')",
  '@mediagen/client/validation': "assert.ok(m.schemaValidator().validate('generateMedia', { body: [] }).errors.length > 0)",
  '@mediagen/mock': "assert.equal(typeof m.createSandbox().app.fetch, 'function')",
  '@mediagen/mock/sandbox': 'assert.deepEqual(m.pngSize(m.makePng({ width: 3, height: 2 })), { width: 3, height: 2 })',
  '@mediagen/mock/edge': 'assert.equal(typeof m.codeFor(404), "string")',
  '@mediagen/conformance': "assert.equal(m.buildUrl('http://127.0.0.1:9', '/pub/v1/models'), 'http://127.0.0.1:9/pub/v1/models')",
  '@mediagen/conformance/vitest': "assert.equal(typeof m.describeConformance, 'function')",
  '@mediagen/conformance/selftest': 'assert.ok(m.faithfulVariants().length > 0)',
  '@mediagen/conformance/evidence': "assert.equal(typeof m.parseEvidence, 'function')",
  '@mediagen/conformance/usage': "assert.equal(m.emptyUsage('app').consumer, 'app')",
};

/** A type use for an entry of types only (the client's `./versions/<date>`): an operation path it declares. */
const TYPE_USE = "const path: keyof m.paths = '/pub/v1/models'; assert.equal(path.length > 0, true);";

let project: string;
let consumer: string;
let modules: string[];
let compiled: Finished;
/** The Nodes it runs on, by row: this machine's own, and Node 22 from .tools/ (or why there is none). */
const ROWS = [`this machine's Node (${process.versions.node})`, 'Node 22'] as const;
const nodes = new Map<string, string>([[ROWS[0], process.execPath]]);
let node22Reason = '';

beforeAll(async () => {
  const installed = await installedProject('vitest-5');
  expect(installed.install.code, describeRun('npm install', installed.install)).toBe(0);
  project = installed.dir;
  const n22 = await node22();
  if ('path' in n22) nodes.set(ROWS[1], n22.path);
  else node22Reason = n22.reason;
  modules = packageNames.flatMap((name) =>
    entryPoints(join(project, 'node_modules', name), name)
      .filter((e) => e.kind === 'module')
      .map((e) => e.specifier),
  );
  consumer = join(project, `cjs-consumer-${process.pid}`);
  mkdirSync(consumer, { recursive: true });
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'cjs-consumer', private: true, type: 'commonjs' }));
  const tsconfig = {
    compilerOptions: {
      module: 'commonjs',
      moduleResolution: 'node10',
      target: 'es2022',
      strict: true,
      esModuleInterop: true,
      skipLibCheck: true,
      types: ['node'],
      outDir: 'out',
    },
    files: ['index.ts'],
  };
  writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const body = modules.map((specifier, i) => {
    const call = CALLS[specifier] ?? (specifier.includes('/versions/') ? TYPE_USE : `throw new Error('no call for ${specifier}')`);
    return `import * as m${i} from '${specifier}';\n{ const m = m${i}; ${call.replaceAll('m.paths', `m${i}.paths`)} }`;
  });
  const source = ["import assert = require('node:assert/strict');", ...body, `console.log('ran ${modules.length} entries');`].join('\n');
  writeFileSync(join(consumer, 'index.ts'), source);
  compiled = await run(process.execPath, [join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', consumer], { cwd: consumer });
}, 1_200_000);

describe('CommonJS consumers of the packed packages', () => {
  it('every module entry has a call in the consumer', () => {
    expect(modules.filter((s) => !CALLS[s] && !s.includes('/versions/'))).toEqual([]);
    expect(Object.keys(CALLS).filter((s) => !modules.includes(s))).toEqual([]);
  });

  it('every package says `types` and `typesVersions` for node10 resolution, as its exports say', () => {
    for (const name of packageNames) {
      const manifest = JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as Manifest & {
        types?: string;
        typesVersions?: Record<string, Record<string, string[]>>;
      };
      const exports = Object.entries(manifest.exports ?? {});
      const root = exports.find(([key]) => key === '.')?.[1] as Record<string, string> | undefined;
      expect(`${name} types ${manifest.types}`).toBe(`${name} types ${root?.types}`);
      // Each subpath to its declarations, or to the JSON document itself (node10 reads it with resolveJsonModule).
      const declared = (target: string | Record<string, string>) =>
        typeof target === 'object' ? target.types : /\.json$|\*$/.test(target) ? target : undefined;
      const expected = Object.fromEntries(
        exports
          .filter(([key, target]) => key !== '.' && key !== './package.json' && declared(target))
          .map(([key, target]) => [key.slice(2), [declared(target)!.slice(2)]]),
      );
      expect(manifest.typesVersions?.['*'], name).toEqual(expected);
    }
  });

  it('a project under `module: commonjs` (node10 resolution) type-checks against every entry', () => {
    expect(compiled.code, describeRun('tsc (module: commonjs)', compiled)).toBe(0);
  });

  const nodeOf = (row: string, ctx: { skip: (reason: string) => void }) => {
    const path = nodes.get(row);
    if (!path) ctx.skip(node22Reason || `no ${row} on this machine`);
    return path!;
  };

  it.each(ROWS)('its compiled output runs a call from every entry on %s', async (row, ctx) => {
    const node = nodeOf(row, ctx);
    expect(compiled.code).toBe(0);
    const r = await run(node, [join(consumer, 'out', 'index.js')], { cwd: consumer });
    expect(r.code, describeRun('the CommonJS consumer', r)).toBe(0);
    expect(r.stdout).toContain(`ran ${modules.length} entries`);
  });

  it.each(ROWS)('require() loads every entry point (modules, JSON, data files) on %s', async (row, ctx) => {
    const node = nodeOf(row, ctx);
    const { entries, result } = await importedEveryEntryPoint('vitest-5', node, 'require');
    expect(result.code, describeRun(`requiring ${entries.length} entry points`, result)).toBe(0);
  });
});
