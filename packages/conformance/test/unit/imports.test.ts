// No import cycles in src/: no file imports (even for types) a file that imports it back. Checks and
// phases reach the run through engine/context.ts, an interface, never through the engine itself.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Relative imports and re-exports of a file (static, dynamic and type-only), as absolute paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/g), ...text.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)].map(
    (m) => m[1]!,
  );
  return specifiers.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('imports', () => {
  it('form no cycle in src/', () => {
    const graph = new Map(files(root).map((file) => [file, importsOf(file)]));
    const cycle = findCycle(graph);
    expect(cycle?.map((f) => relative(root, f)).join(' → ')).toBeUndefined();
  });

  it('the cycle finder finds one', () => {
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual(['a', 'b', 'c', 'a']);
  });

  it('adding a check is one file in checks/registry/ and its registration', () => {
    const registry = readdirSync(join(root, 'checks/registry')).filter((f) => !['sequence.ts', 'auth.ts'].includes(f));
    const catalog = readFileSync(join(root, 'checks/catalog.ts'), 'utf8');
    for (const file of registry) expect(catalog, file).toContain(`./registry/${file.replace(/\.ts$/, '.js')}`);
  });
});
