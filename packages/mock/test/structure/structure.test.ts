// The package's shape, read from its sources with TypeScript's parser: no two folders of src/ import
// each other (type-only imports count; src/ itself holds only the entry points, which nothing
// imports), no quoted operation id (the operations table and its traits say which operation is
// meant), and no class with more than 15 members.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { operationList } from '@mediagen/schema';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../cli-process.js';

const src = join(packageRoot, 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

const parsed = sources(src).map((file) => ({ file, ast: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true) }));
const folderOf = (file: string) => relative(src, dirname(file)) || '.';

/** Folder → folders it imports from (relative imports, type-only included). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { file, ast } of parsed) {
    const from = folderOf(file);
    for (const node of ast.statements) {
      if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || !node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) continue;
      if (!node.moduleSpecifier.text.startsWith('.')) continue;
      const to = folderOf(resolve(dirname(file), node.moduleSpecifier.text));
      if (to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

describe('the folders of src/', () => {
  const graph = folderGraph();

  it('are read (the graph is not empty)', () => {
    expect([...graph.keys()]).toEqual(expect.arrayContaining(['.', 'sandbox', 'prism', 'cli']));
  });

  it('never import each other, around any loop', () => {
    const loops: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (folder: string) => {
      state.set(folder, 'open');
      stack.push(folder);
      for (const next of graph.get(folder) ?? []) {
        if (state.get(next) === 'open') loops.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(folder, 'done');
    };
    for (const folder of graph.keys()) if (!state.has(folder)) visit(folder);
    expect(loops).toEqual([]);
  });

  it('src/ itself holds only the entry points, which no folder imports', () => {
    const importers = [...graph].filter(([, targets]) => targets.has('.')).map(([folder]) => folder);
    expect(importers).toEqual([]);
    expect(parsed.filter(({ file }) => folderOf(file) === '.').map(({ file }) => relative(src, file))).toEqual(['cli.ts', 'index.ts']);
  });
});

describe('the sources', () => {
  it('quote no operation id (string literals, template parts and literal types alike)', () => {
    const ids = new Set<string>(operationList.map((op) => op.operationId));
    const quoted: string[] = [];
    for (const { file, ast } of parsed) {
      walk(ast, (node) => {
        if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && ids.has(node.text)) {
          quoted.push(`${relative(src, file)}:${ast.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.text}`);
        }
      });
    }
    expect(quoted).toEqual([]);
  });

  it('have no class of more than 15 members (parameter properties count)', () => {
    const large: string[] = [];
    let classes = 0;
    for (const { file, ast } of parsed) {
      walk(ast, (node) => {
        if (!ts.isClassDeclaration(node)) return;
        classes++;
        const properties = node.members.filter(ts.isConstructorDeclaration).flatMap((ctor) => ctor.parameters.filter((p) => p.modifiers?.length));
        const count = node.members.filter((member) => !ts.isConstructorDeclaration(member)).length + properties.length;
        if (count > 15) large.push(`${relative(src, file)} ${node.name?.text}: ${count}`);
      });
    }
    expect(classes).toBeGreaterThan(5);
    expect(large).toEqual([]);
  });
});
