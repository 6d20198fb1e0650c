// Generators agree: clients generated from the newest emitted document by openapi-typescript (the
// workspace's own), and, where a Node 22 can be had, by hey-api and orval (they need Node >= 22.18:
// the npm package `node` provides one, installed into .tools/ beside them), each type-check with
// tsc --noEmit, and no generated type reads `unknown & …`.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRun, repoRoot, run } from '../support/process.js';

const DOCUMENT = join(repoRoot, 'packages', 'schema', 'openapi', 'openapi.json');
const TSC = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const TYPESCRIPT_VERSION = JSON.parse(readFileSync(join(repoRoot, 'node_modules', 'typescript', 'package.json'), 'utf8')).version as string;

/** The generators that need Node 22, and that Node, at exact versions (installed into .tools/). */
const NODE22 = { dir: join(repoRoot, '.tools', 'node22'), spec: 'node@22.23.3' };
const GENERATORS = { dir: join(repoRoot, '.tools', 'generators'), specs: ['@hey-api/openapi-ts@0.99.0', 'orval@8.38.0', `typescript@${TYPESCRIPT_VERSION}`] };

let work: string;
let node22: string | undefined;
let node22Reason = '';

/** Installs `specs` into `dir` with npm unless a marker says these exact specs are there already. */
async function ensureTools(dir: string, specs: string[]): Promise<string | undefined> {
  const marker = join(dir, 'installed.json');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === JSON.stringify(specs)) return undefined;
  mkdirSync(dir, { recursive: true });
  const r = await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', '--prefix', dir, ...specs], {
    timeoutMs: 240_000,
  });
  if (r.code !== 0) return describeRun(`npm install ${specs.join(' ')}`, r);
  writeFileSync(marker, JSON.stringify(specs));
  return undefined;
}

function typeCheck(dir: string) {
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
      },
      include: ['**/*.ts'],
    }),
  );
  return run(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')]);
}

/** Every line of the generated .ts files under `dir` that intersects with `unknown`. */
function unknownIntersections(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts'))
        for (const line of readFileSync(path, 'utf8').split('\n')) if (/\bunknown\s*&/.test(line)) found.push(`${name}: ${line.trim()}`);
    }
  };
  walk(dir);
  return found;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'mediagen-generators-'));
  const failure = (await ensureTools(NODE22.dir, [NODE22.spec])) ?? (await ensureTools(GENERATORS.dir, GENERATORS.specs));
  const candidate = join(NODE22.dir, 'node_modules', 'node', 'bin', 'node');
  if (failure) node22Reason = `could not install Node 22 and the generators: ${failure.slice(0, 500)}`;
  else if (!existsSync(candidate)) node22Reason = 'the node package did not provide a binary for this platform';
  else node22 = candidate;
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('openapi-typescript (the generator the client uses)', () => {
  let out: string;
  beforeAll(async () => {
    out = join(work, 'openapi-typescript');
    mkdirSync(out);
    const cli = join(repoRoot, 'packages', 'client', 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
    const r = await run(process.execPath, [cli, DOCUMENT, '-o', join(out, 'schema.ts')]);
    if (r.code !== 0) throw new Error(describeRun('openapi-typescript', r));
  });

  it('generates types that type-check', async () => {
    const r = await typeCheck(out);
    expect(r.code, describeRun('tsc --noEmit', r)).toBe(0);
  });

  it('generates no `unknown &` type', () => {
    expect(unknownIntersections(out)).toEqual([]);
  });
});

const NODE22_GENERATORS = {
  'hey-api': (out: string) => [join(GENERATORS.dir, 'node_modules', '@hey-api', 'openapi-ts', 'bin', 'run.js'), '-i', DOCUMENT, '-o', out],
  orval: (out: string) => [
    join(GENERATORS.dir, 'node_modules', 'orval', 'dist', 'bin', 'orval.mjs'),
    '--input',
    DOCUMENT,
    '--output',
    join(out, 'client.ts'),
    '--client',
    'fetch',
  ],
};

describe.each(Object.keys(NODE22_GENERATORS) as (keyof typeof NODE22_GENERATORS)[])('%s (on Node 22)', (generator) => {
  let out: string;
  let generated: Awaited<ReturnType<typeof run>> | undefined;
  beforeAll(async () => {
    if (!node22) return;
    out = join(work, generator);
    mkdirSync(out);
    generated = await run(node22, NODE22_GENERATORS[generator](out), { cwd: out });
  });

  it('generates a client that type-checks', async (ctx) => {
    if (!node22) return ctx.skip(node22Reason);
    expect(generated!.code, describeRun(generator, generated!)).toBe(0);
    const r = await typeCheck(out);
    expect(r.code, describeRun('tsc --noEmit', r)).toBe(0);
  });

  // `required`-only oneOf/anyOf branches come out as `unknown & {…}` in hey-api and orval: the
  // schema package emits every such branch as a full object schema.
  it('generates no `unknown &` type', (ctx) => {
    if (!node22) return ctx.skip(node22Reason);
    expect(unknownIntersections(out)).toEqual([]);
  });
});

describe('hey-api type names', () => {
  // hey-api names its own per-operation types `<OperationId>Response` and renames a component of that
  // name to `*Response2`: no component may carry such a name.
  it("keep the document's component names (no `…Response2`)", (ctx) => {
    if (!node22) return ctx.skip(node22Reason);
    const types = readFileSync(join(work, 'hey-api', 'types.gen.ts'), 'utf8');
    expect(types.match(/\bexport type \w+Response2\b/g) ?? []).toEqual([]);
  });
});
