// `@mediagen/schema/util` is a leaf: importing it loads its own files and nothing else (no zod, no
// operations table), so the client's core and the mocks' edges can use it for free. Read with
// TypeScript's parser, type-only imports included, from the entry the package exports.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', '..', 'src');

function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text);
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Every module the entry reaches: relative files as paths under src, anything else as its specifier. */
function reach(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    const key = relative(src, file);
    if (seen.has(key)) continue;
    seen.add(key);
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith('.')) seen.add(specifier);
      else queue.push(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
    }
  }
  return seen;
}

describe('@mediagen/schema/util', () => {
  it('reaches only its own files', () => {
    const reached = [...reach(join(src, 'util', 'index.ts'))];
    expect(reached.length).toBeGreaterThan(3);
    expect(reached.filter((file) => !file.startsWith('util/'))).toEqual([]);
  });

  it('is what the package exports as ./util', () => {
    const pkg = JSON.parse(readFileSync(join(src, '..', 'package.json'), 'utf8'));
    expect(pkg.exports['./util']['@mediagen/source']).toBe('./src/util/index.ts');
  });
});
