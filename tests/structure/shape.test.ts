// The shape a newcomer reads top-down, held by the compiler's parser over every package's sources
// (generated files excepted): no two folders of a package import each other (type-only imports count),
// no class has more than 15 members, the suite's largest hand-written file has at most 300 lines, and
// no source names an operation by a quoted id outside the operations table (consumers use the table).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { operationList } from '@mediagen/schema';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/process.js';

const packages = readdirSync(join(repoRoot, 'packages')).sort();
const isGenerated = (file: string) => file.includes(`${sep}generated${sep}`) || file.endsWith('.generated.ts');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [join(dir, entry.name)] : [],
  );
}

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** The relative imports and exports of a file, type-only ones included, resolved to files. */
function importsOf(file: string): string[] {
  return parse(file)
    .statements.filter((node) => ts.isImportDeclaration(node) || ts.isExportDeclaration(node))
    .map((node) => node.moduleSpecifier)
    .filter((spec): spec is ts.StringLiteral => spec !== undefined && ts.isStringLiteral(spec) && spec.text.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec.text.replace(/\.js$/, '.ts')));
}

/** The top folder of a file under src (`engine` for src/engine/phases/x.ts); undefined for a file at src's root (an entry point). */
const folderOf = (src: string, file: string) => {
  const parts = relative(src, file).split(sep);
  return parts.length > 1 ? parts[0] : undefined;
};

/** Pairs of folders that import each other, `a ⇄ b`. */
function folderTies(src: string): string[] {
  const edges = new Set<string>();
  for (const file of sources(src).filter((f) => !isGenerated(f))) {
    const from = folderOf(src, file);
    for (const target of importsOf(file)) {
      const to = folderOf(src, target);
      if (from && to && from !== to) edges.add(`${from}→${to}`);
    }
  }
  return [...edges]
    .filter((edge) => edge.split('→')[0]! < edge.split('→')[1]! && edges.has(edge.split('→').reverse().join('→')))
    .map((e) => e.replace('→', ' ⇄ '));
}

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

  it.each(packages)('packages/%s/src: no two folders import each other', (name) => {
    expect(folderTies(join(repoRoot, 'packages', name, 'src'))).toEqual([]);
  });

  it('the folder check finds a tie when there is one, type-only imports included', () => {
    const src = mkdtempSync(join(tmpdir(), 'ties-'));
    try {
      for (const [file, text] of Object.entries({
        'a/one.ts': "import type { B } from '../b/two.js';\nexport type A = B;\n",
        'b/two.ts': "export { A } from '../a/one.js';\nexport type B = 1;\n",
        'c/three.ts': "import { A } from '../a/one.js';\n",
        'index.ts': "export * from './a/one.js';\n",
      })) {
        mkdirSync(dirname(join(src, file)), { recursive: true });
        writeFileSync(join(src, file), text);
      }
      expect(folderTies(src)).toEqual(['a ⇄ b']);
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
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
