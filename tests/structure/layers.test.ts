// Every package's sources keep to their declared layers (layers.ts): no import goes up a layer or
// sideways between siblings, type-only imports and re-exports included. So no two folders import each
// other, and no loop closes through any number of folders: the longest way round is still an upward
// edge somewhere.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/process.js';
import { ALLOWED_UPWARD, checkLayers, LAYERS, type Layers, selfImports } from './layers.js';

const packages = readdirSync(join(repoRoot, 'packages')).sort();

const packageName = (dir: string): string => JSON.parse(readFileSync(join(repoRoot, 'packages', dir, 'package.json'), 'utf8')).name;

/** `check` run over a throwaway src/ holding the given files. */
function withTree<T>(files: Record<string, string>, check: (src: string) => T): T {
  const src = mkdtempSync(join(tmpdir(), 'layers-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(src, file)), { recursive: true });
      writeFileSync(join(src, file), text);
    }
    return check(src);
  } finally {
    rmSync(src, { recursive: true, force: true });
  }
}

/** A throwaway src/ with the given files, checked against `layers`. */
const checkTree = (files: Record<string, string>, layers: Layers, allowed: Record<string, string> = {}) =>
  withTree(files, (src) => checkLayers(src, layers, allowed));

describe('the declared layers', () => {
  it('are declared for every package', () => {
    expect(Object.keys(LAYERS).sort()).toEqual(packages);
    expect(Object.keys(ALLOWED_UPWARD).sort()).toEqual(packages);
  });

  it.each(packages)('packages/%s/src: every folder and root file has its layer, and no import goes up or sideways', (name) => {
    const findings = checkLayers(join(repoRoot, 'packages', name, 'src'), LAYERS[name]!, ALLOWED_UPWARD[name]);
    expect(findings).toEqual({ upward: [], undeclared: [], missing: [], stale: [] });
  });

  it.each(packages)('packages/%s/src: no file imports its own package by name', (name) => {
    expect(selfImports(join(repoRoot, 'packages', name, 'src'), packageName(name))).toEqual([]);
  });
});

describe('the layer check (it can fail)', () => {
  const layers: Layers = [['model'], ['requests'], ['checks'], ['engine'], ['report']];
  const tree = {
    'model/terms.ts': 'export type Phase = string;\n',
    'requests/cases.ts': "import type { Phase } from '../model/terms.js';\nexport type Case = { phase: Phase };\n",
    'checks/port.ts': "import type { Case } from '../requests/cases.js';\nexport type Port = (c: Case) => void;\n",
    'engine/run.ts': "import type { Port } from '../checks/port.js';\nexport const run = (p: Port) => p;\n",
    'report/build.ts': "import { run } from '../engine/run.js';\nexport const build = () => run;\n",
  };

  it('passes a tree that keeps to its layers', () => {
    expect(checkTree(tree, layers)).toEqual({ upward: [], undeclared: [], missing: [], stale: [] });
  });

  it('finds the one upward import that closes a loop through four folders, which no pair of folders shows', () => {
    const loop = {
      ...tree,
      'requests/cases.ts': `${tree['requests/cases.ts']}import type { build } from '../report/build.js';\nexport type B = typeof build;\n`,
    };
    expect(checkTree(loop, layers).upward).toEqual(['requests → report: requests/cases.ts → report/build.ts']);
  });

  it('counts type-only imports and re-exports, and imports between siblings', () => {
    const found = checkTree(
      {
        'a/one.ts': "import type { B } from '../b/two.js';\nexport type A = B;\n",
        'b/two.ts': "export { A } from '../a/one.js';\nexport type B = 1;\n",
        'c/three.ts': "import type { A } from '../a/one.js';\nexport type C = A;\n",
      },
      [['a', 'b'], ['c']],
    );
    expect(found.upward).toEqual(['a → b: a/one.ts → b/two.ts (siblings)', 'b → a: b/two.ts → a/one.ts (siblings)']);
  });

  it('places root files by name or under `*.ts`, and names folders and files the list does not place', () => {
    const files = {
      'core/x.ts': "import { e } from '../entry.js';\nexport const x = e;\n",
      'entry.ts': 'export const e = 1;\n',
      'extra/y.ts': 'export const y = 1;\n',
    };
    expect(checkTree(files, [['core'], ['*.ts']]).upward).toEqual(['core → *.ts: core/x.ts → entry.ts']);
    expect(checkTree(files, [['core'], ['*.ts']]).undeclared).toEqual(['extra']);
    expect(checkTree(files, [['entry.ts'], ['core'], ['gone']])).toMatchObject({ upward: [], undeclared: ['extra'], missing: ['gone'] });
  });

  it('keeps an allowed upward edge only while it exists', () => {
    const loop = { ...tree, 'checks/port.ts': `${tree['checks/port.ts']}import type { build } from '../report/build.js';\n` };
    expect(checkTree(loop, layers, { 'checks → report': 'a reason' }).upward).toEqual([]);
    expect(checkTree(tree, layers, { 'checks → report': 'a reason' }).stale).toEqual(['checks → report']);
  });

  it('finds a file importing its own package by name, however it imports it, and not another package or a string', () => {
    const found = withTree(
      {
        'checks/judge.ts': "import { run } from '@mediagen/conformance';\nexport const j = run;\n",
        'report/html.ts': "export type { Report } from '@mediagen/conformance/report';\n",
        'engine/lazy.ts': "export const load = () => import('@mediagen/conformance');\n",
        'cli/old.ts': "import x = require('@mediagen/conformance');\nexport default x;\n",
        'model/fine.ts':
          "import { ledger } from '@mediagen/schema';\nimport { y } from '@mediagen/conformance-extra';\nexport const tool = '@mediagen/conformance';\nexport { ledger, y };\n",
      },
      (src) => selfImports(src, '@mediagen/conformance'),
    );
    expect(found).toEqual([
      'checks/judge.ts: @mediagen/conformance',
      'cli/old.ts: @mediagen/conformance',
      'engine/lazy.ts: @mediagen/conformance',
      'report/html.ts: @mediagen/conformance/report',
    ]);
  });
});
