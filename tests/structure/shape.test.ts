// The shape a newcomer reads top-down, held by the compiler's parser over every package's sources
// (generated files excepted): no class has more than 15 members, no hand-written source file has more
// than 300 lines, and no source names an operation by a quoted id outside the operations table
// (consumers use the table). How folders may import each other is layers.test.ts's.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
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

/** The most lines a hand-written source file may have: past it, it holds more than one thing. */
const MAX_LINES = 300;

/**
 * Files over MAX_LINES kept for now, each with its reason. An entry whose file is no longer over the
 * limit fails the check too, so the list cannot go stale.
 */
const KNOWN_LONG: Record<string, string> = {};

/** Lines as `wc -l` counts them. */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** `file: N lines` for each hand-written source under `dir` over `max` lines, paths relative to `base`. */
function longFiles(dir: string, base: string, max = MAX_LINES): string[] {
  return sources(dir)
    .filter((f) => !isGenerated(f))
    .map((file) => ({ file: relative(base, file), lines: lineCount(readFileSync(file, 'utf8')) }))
    .filter((f) => f.lines > max)
    .map((f) => `${f.file}: ${f.lines} lines`)
    .sort();
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

  it(`no hand-written source file of any package has more than ${MAX_LINES} lines`, () => {
    const long = packages.flatMap((name) => longFiles(join(repoRoot, 'packages', name, 'src'), repoRoot));
    const known = (entry: string) => entry.slice(0, entry.indexOf(':')) in KNOWN_LONG;
    expect(long.filter((entry) => !known(entry))).toEqual([]);
    expect(Object.keys(KNOWN_LONG).filter((file) => !long.some((entry) => entry.startsWith(`${file}:`)))).toEqual([]);
  });

  it('the line check names every hand-written file over the limit, and no generated one', () => {
    const src = mkdtempSync(join(tmpdir(), 'shape-'));
    const write = (file: string, lines: number) => {
      mkdirSync(dirname(join(src, file)), { recursive: true });
      writeFileSync(join(src, file), 'export const x = 1;\n'.repeat(lines));
    };
    try {
      write('a/long.ts', MAX_LINES + 1);
      write('a/just.ts', MAX_LINES);
      write('b/deep/longer.ts', MAX_LINES + 40);
      write('b/plan.generated.ts', MAX_LINES * 3);
      write('generated/types.ts', MAX_LINES * 3);
      expect(longFiles(src, src)).toEqual([`a${sep}long.ts: ${MAX_LINES + 1} lines`, `b${sep}deep${sep}longer.ts: ${MAX_LINES + 40} lines`]);
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
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
