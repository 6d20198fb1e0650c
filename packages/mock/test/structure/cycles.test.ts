// No file of the package imports a file that imports it back, directly or around a longer loop.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../cli-process.js';

const src = join(packageRoot, 'src');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of sources(src)) {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => resolve(dirname(file), (m[1] ?? m[2])!.replace(/\.js$/, '.ts')));
    edges.set(file, targets);
  }
  return edges;
}

/** Every cycle found by a depth-first walk, as the files around it. */
function cycles(edges: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of edges.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('imports', () => {
  it('form no cycle in src/', () => {
    const edges = graph();
    expect(edges.size).toBeGreaterThan(20);
    expect(cycles(edges).map((loop) => loop.map((file) => relative(src, file)).join(' → '))).toEqual([]);
  });

  it('the walk finds a cycle when there is one', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(cycles(edges)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
