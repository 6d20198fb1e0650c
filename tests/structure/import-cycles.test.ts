// In no package does a file import a file that imports it back, directly or around a longer loop
// (type-only imports included: they still tie the two files' designs together). Only static
// imports count: a dynamic import() is a lazy-loading boundary, which the client confines to
// src/lazy/ and checks in its own structure test. Imports are read by TypeScript's parser, so an
// import written inside a string (a code generator's output) is not one.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/process.js';

const packages = readdirSync(join(repoRoot, 'packages'));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

function graph(src: string): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of sources(src)) {
    const parsed = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const targets = parsed.statements
      .filter((node) => ts.isImportDeclaration(node) || ts.isExportDeclaration(node))
      .map((node) => node.moduleSpecifier)
      .filter((spec): spec is ts.StringLiteral => spec !== undefined && ts.isStringLiteral(spec) && spec.text.startsWith('.'))
      .map((spec) => resolve(dirname(file), spec.text.replace(/\.js$/, '.ts')));
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
  it('are read from all four packages', () => {
    expect(packages.sort()).toEqual(['client', 'conformance', 'mock', 'schema']);
  });

  it.each(packages)('form no cycle in packages/%s/src', (name) => {
    const src = join(repoRoot, 'packages', name, 'src');
    const edges = graph(src);
    expect(edges.size).toBeGreaterThan(10);
    expect([...edges.values()].flat().length, 'relative imports found').toBeGreaterThan(edges.size);
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
