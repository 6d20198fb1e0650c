// The shape a newcomer reads top-down, held by the compiler's parser over every package's sources
// (generated files excepted): no class has more than 15 members, the suite's largest hand-written file
// has at most 300 lines, and no source names an operation by a quoted id outside the operations table
// (consumers use the table). How folders may import each other is layers.test.ts's.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { operationList } from '@mediagen/schema';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/process.js';
import { sources } from './layers.js';

const packages = readdirSync(join(repoRoot, 'packages')).sort();
const isGenerated = (file: string) => file.includes(`${sep}generated${sep}`) || file.endsWith('.generated.ts');

/** Each file parsed once, for every check below. */
const parsed = new Map<string, ts.SourceFile>();
const parse = (file: string) => {
  let tree = parsed.get(file);
  if (!tree) parsed.set(file, (tree = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)));
  return tree;
};

/** Classes with their member count. */
function classes(file: string): { name: string; members: number }[] {
  const found: { name: string; members: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) found.push({ name: node.name?.text ?? '(anonymous)', members: node.members.length });
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return found;
}

const OPERATION_IDS = new Set<string>(operationList.map((op) => op.operationId));

/** String literals (and template strings without substitutions) equal to an operation id. */
function quotedOperationIds(file: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && OPERATION_IDS.has(node.text)) {
      const { line } = node.getSourceFile().getLineAndCharacterOfPosition(node.getStart());
      found.push(`${relative(repoRoot, file)}:${line + 1} '${node.text}'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return found;
}

describe('the shape of the sources', () => {
  it('reads the operations table (22 operations)', () => {
    expect(OPERATION_IDS.size).toBe(22);
    expect(OPERATION_IDS.has('generateMedia')).toBe(true);
  });

  it('no class has more than 15 members', () => {
    const big = packages.flatMap((name) =>
      sources(join(repoRoot, 'packages', name, 'src'))
        .filter((f) => !isGenerated(f))
        .flatMap((file) => classes(file).map((c) => ({ ...c, file: relative(repoRoot, file) }))),
    );
    expect(big.length).toBeGreaterThan(5);
    expect(big.filter((c) => c.members > 15).map((c) => `${c.file} ${c.name}: ${c.members} members`)).toEqual([]);
  });

  it('the largest hand-written source of the suite has at most 300 lines', () => {
    const lines = sources(join(repoRoot, 'packages/conformance/src')).map((file) => ({
      file: relative(repoRoot, file),
      lines: readFileSync(file, 'utf8').split('\n').length,
    }));
    expect(lines.filter((f) => f.lines > 300).map((f) => `${f.file}: ${f.lines} lines`)).toEqual([]);
  });

  it('no source of the client, the mocks or the suite names an operation by a quoted id (they use the operations table)', () => {
    const quoted = ['client', 'mock', 'conformance'].flatMap((name) =>
      sources(join(repoRoot, 'packages', name, 'src'))
        .filter((f) => !isGenerated(f))
        .flatMap(quotedOperationIds),
    );
    expect(quoted).toEqual([]);
  });
});
