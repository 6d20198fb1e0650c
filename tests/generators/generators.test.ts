// Generators agree: clients generated from the newest emitted document, as the packed @mediagen/schema
// ships it, by openapi-typescript (the workspace's own) and, on Node 22 (hey-api and orval need Node
// >= 22.18: the npm package `node` provides one, installed into .tools/), by hey-api and orval (both
// installed into the run's shared packed project, see tests/packaging/packed.ts), each type-check
// with tsc --noEmit, and no generated type reads `unknown & …`.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedProject } from '../packaging/packed.js';
import { describeRun, repoRoot, run } from '../support/process.js';
import { node22 as installNode22 } from '../support/tools.js';

let work: string;
/** The shared project: the packed packages and the generators, installed by npm. */
let project: string;
let document: string;
let tsc: string;
let node22: string | undefined;
let node22Reason = '';

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'mediagen-generators-'));
  const [installed, node] = await Promise.all([installedProject('vitest-5'), installNode22()]);
  if (installed.install.code !== 0) throw new Error(describeRun('npm install of the shared packed project', installed.install));
  project = installed.dir;
  document = join(project, 'node_modules', '@mediagen', 'schema', 'openapi', 'openapi.json');
  tsc = join(project, 'node_modules', 'typescript', 'bin', 'tsc');
  if ('path' in node) node22 = node.path;
  else node22Reason = node.reason;
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

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
  return run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')]);
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

describe('openapi-typescript (the generator the client uses)', () => {
  let out: string;
  beforeAll(async () => {
    out = join(work, 'openapi-typescript');
    mkdirSync(out);
    const cli = join(repoRoot, 'packages', 'client', 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
    const r = await run(process.execPath, [cli, document, '-o', join(out, 'schema.ts')]);
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
  'hey-api': (out: string) => [join(project, 'node_modules', '@hey-api', 'openapi-ts', 'bin', 'run.js'), '-i', document, '-o', out],
  orval: (out: string) => [
    join(project, 'node_modules', 'orval', 'dist', 'bin', 'orval.mjs'),
    '--input',
    document,
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
