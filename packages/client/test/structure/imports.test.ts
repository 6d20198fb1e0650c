// The shape of the sources: one lazy-loading boundary. Dynamic imports are the boundary's own
// edges: they run on demand, never while modules load, so the repository's import-cycle test
// (tests/structure) leaves them out; here only `lazy/load.ts` may make them, what it loads may
// import only types from the core (a value import would pull core modules into a chunk of their
// own, see lazy/kit.ts), and with the dynamic edges counted there is still no cycle: the lazy code's
// types come from modules that do not load it (types.ts, not client.ts or transport.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATIONS } from '@mediagen/client';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('../../src', import.meta.url));
const files = (readdirSync(srcDir, { recursive: true }) as string[]).filter((path) => path.endsWith('.ts')).map((path) => path.split('\\').join('/'));

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
  dynamic: boolean;
}

/** Relative imports of one file (comments removed first), resolved to paths relative to src/. */
function importsOf(file: string): Edge[] {
  const code = readFileSync(join(srcDir, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const edges: Edge[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean) => {
    if (!specifier.startsWith('.')) return;
    const to = relative(srcDir, resolve(dirname(join(srcDir, file)), specifier.replace(/\.js$/, '.ts')))
      .split('\\')
      .join('/');
    edges.push({ from: file, to, typeOnly, dynamic });
  };
  for (const m of code.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+['"]([^'"]+)['"]/gm)) add(m[4]!, Boolean(m[2]), false);
  for (const m of code.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) add(m[1]!, false, false);
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) add(m[1]!, false, true);
  return edges;
}

const edges = files.flatMap(importsOf);
const isLazy = (file: string) => file.startsWith('lazy/');
const LOADER = 'lazy/load.ts';

describe('source structure', () => {
  it('reads the imports (the checks below are not vacuous)', () => {
    expect(edges.filter((e) => e.dynamic).map((e) => `${e.from} → ${e.to}`)).toEqual(['lazy/load.ts → lazy/work.ts', 'lazy/load.ts → lazy/upgrade.ts']);
    expect(edges.some((e) => e.from === 'client.ts' && e.to === 'transport.ts' && !e.typeOnly)).toBe(true);
    expect(edges.some((e) => e.from === 'lazy/upload.ts' && e.to === 'types.ts' && e.typeOnly)).toBe(true);
  });

  it('form no cycle, dynamic and type-only imports counted', () => {
    const next = new Map<string, string[]>();
    for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    const found: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const to of next.get(file) ?? []) {
        if (state.get(to) === 'open') found.push([...stack.slice(stack.indexOf(to)), to].join(' → '));
        else if (!state.has(to)) visit(to);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(found).toEqual([]);
    // The walk sees the boundary: the core reaches the lazy code through the loader.
    expect(edges.some((e) => e.from === 'client.ts' && e.to === 'lazy/load.ts')).toBe(true);
  });

  it('only the loader imports on demand', () => {
    expect(edges.filter((e) => e.dynamic && e.from !== LOADER)).toEqual([]);
  });

  it('what the loader loads imports only types from the core', () => {
    const valueImports = edges.filter((e) => isLazy(e.from) && e.from !== LOADER && !isLazy(e.to) && !e.typeOnly);
    expect(valueImports).toEqual([]);
  });

  it('the core imports the lazy code only through the loader (types aside)', () => {
    const valueImports = edges.filter((e) => !isLazy(e.from) && isLazy(e.to) && !e.typeOnly && e.to !== LOADER);
    expect(valueImports).toEqual([]);
  });

  it('name operations through the generated table, never by a quoted id (generated files aside)', () => {
    const quoted = new RegExp(`(['"\`])(${Object.keys(OPERATIONS).join('|')})\\1`);
    const found = files
      .filter((file) => !file.startsWith('generated/'))
      .flatMap((file) =>
        readFileSync(join(srcDir, file), 'utf8')
          .split('\n')
          .map((line, i) => [`${file}:${i + 1}`, line] as const)
          .filter(([, line]) => quoted.test(line))
          .map(([where]) => where),
      );
    expect(found).toEqual([]);
    expect(quoted.test("x('listModels')"), 'the pattern is not vacuous').toBe(true);
  });
});
