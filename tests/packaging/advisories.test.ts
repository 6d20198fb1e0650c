// What npm users of the packages install: the run's shared packed install that holds nothing but
// the four packages (packed as a release packs them) and their vitest peer, installed with npm into a
// throwaway project outside the workspace (no overrides but the ones pointing the packages at each
// other's tarballs, as the registry would; see packed.ts), and `npm ls --all --json` is read there for
// every copy of lodash. A copy below the fixed release fails the test. The workspace's own pnpm
// override does not reach users, so this is the place the published tree is judged.
//
// One copy cannot be moved by any manifest of ours, and is listed (with why) in PINNED_UPSTREAM:
// every postman-collection 4.x declares lodash as exactly "4.17.21", every @stoplight/http-spec
// (7.1.0 is the newest) asks for postman-collection ^4, and every Prism release needs http-spec.
// npm installs an exact pin of a dependency's dependency as written, whatever the packages above it
// declare (a direct dependency, `overrides` in a published manifest, and an npm-shrinkwrap.json were
// all tried), so the copy stays until http-spec moves to postman-collection 5 (which pins 4.18.1).
// The entry is checked, not trusted: the pin must still be in the installed postman-collection
// manifest, or the test fails and the entry must go; and a vulnerable copy reached any other way
// fails as any other would.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { describeRun, type Finished, repoRoot, run } from '../support/process.js';
import { installedProject, installProject, type PackedPackage, packageNames, packedTarballs } from './packed.js';

/** The shared project of nothing but the packages and their vitest peer (PROJECTS in packed.ts). */
const PROJECT = 'vitest-4';

/** The lodash releases ruled out, in one place: everything below `fixed`, for these advisories. */
const LODASH = {
  /** The oldest release accepted: the one the workspace pins (package.json, pnpm.overrides). */
  fixed: '4.18.1',
  advisories: [
    { id: 'GHSA-xxjr-mmjv-4gpg', cve: 'CVE-2025-13465', affected: '< 4.17.23', what: 'prototype pollution in _.unset and _.omit' },
    { id: 'GHSA-f23m-r3pf-42rh', cve: 'CVE-2026-2950', affected: '<= 4.17.23', what: 'prototype pollution in _.unset and _.omit through array paths' },
    { id: 'GHSA-r5fr-rjxr-66jc', cve: 'CVE-2026-4800', affected: '<= 4.17.23', what: 'code injection through the key names of _.template imports' },
  ],
} as const;

/** Copies pinned exactly by a package no manifest of ours can change (see the top of this file). */
const PINNED_UPSTREAM = [
  {
    /** The package whose own dependencies pin it, and the pin. */
    under: 'postman-collection',
    pin: '4.17.21',
    why: '@stoplight/prism-* → @stoplight/http-spec (postman-collection ^4) → postman-collection 4.x (lodash "4.17.21" exactly); upstream: postmanlabs/postman-collection issues 1420 and 1428',
  },
];

interface LsNode {
  version?: string;
  dependencies?: Record<string, LsNode>;
}

interface Copy {
  version: string;
  /** Names from the project down to lodash. */
  path: string[];
}

/** Every copy of `name` in an `npm ls --all --json` tree, with the path that reaches it. */
function copiesOf(name: string, node: LsNode, path: string[] = []): Copy[] {
  return Object.entries(node.dependencies ?? {}).flatMap(([dep, child]) => [
    ...(dep === name && child.version ? [{ version: child.version, path: [...path, dep] }] : []),
    ...copiesOf(name, child, [...path, dep]),
  ]);
}

const parts = (version: string) => version.split(/[.+-]/).slice(0, 3).map(Number) as [number, number, number];
function below(version: string, fixed: string): boolean {
  const [a, b] = [parts(version), parts(fixed)];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

let project: string;
let install: Finished;
let tree: LsNode;

beforeAll(async () => {
  ({ dir: project, install } = await installedProject(PROJECT));
  const ls = await run('npm', ['ls', '--all', '--json'], { cwd: project, timeoutMs: 480_000 });
  tree = JSON.parse(ls.stdout) as LsNode;
}, 1_200_000);

describe('lodash in what npm users of the packages install', () => {
  it('installs, and the tree reaches lodash (through Prism)', () => {
    expect(install.code, describeRun('npm install', install)).toBe(0);
    expect(copiesOf('lodash', tree).length).toBeGreaterThan(0);
  });

  it('judges the tree the packages bring: the project holds only them and vitest, which reaches no lodash', () => {
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual([...packageNames, 'vitest'].sort());
    const notThroughPackages = copiesOf('lodash', tree).filter((copy) => !packageNames.includes(copy.path[0]!));
    expect(notThroughPackages.map((copy) => `lodash ${copy.version} via ${copy.path.join(' → ')}`)).toEqual([]);
  });

  it(`has no copy below ${LODASH.fixed} (${LODASH.advisories.map((a) => a.id).join(', ')}) but the pinned ones listed`, () => {
    const vulnerable = copiesOf('lodash', tree).filter((copy) => below(copy.version, LODASH.fixed));
    const pinned = (copy: Copy) => PINNED_UPSTREAM.some((entry) => copy.path.at(-2) === entry.under && copy.version === entry.pin);
    expect(vulnerable.filter((copy) => !pinned(copy)).map((copy) => `lodash ${copy.version} via ${copy.path.join(' → ')}`)).toEqual([]);
  });

  it.each(PINNED_UPSTREAM)('the pin under $under is still there and still exact (else the entry must go)', ({ under, pin }) => {
    const copies = copiesOf('lodash', tree).filter((copy) => copy.path.at(-2) === under);
    expect(copies.map((copy) => copy.version)).toContain(pin);
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', under, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    expect(manifest.dependencies?.lodash).toBe(pin);
  });

  it('the advisories and the ruled-out range are written in one place and agree', () => {
    for (const advisory of LODASH.advisories) {
      const [, op, version] = /^(<=?) (\S+)$/.exec(advisory.affected)!;
      // Every affected release is below the fixed one.
      expect(op === '<' ? !below(LODASH.fixed, version!) : below(version!, LODASH.fixed)).toBe(true);
    }
  });
});

describe('lodash in the workspace', () => {
  it(`the workspace's own lockfile holds no copy below ${LODASH.fixed} (its pnpm override; npm users' trees are judged above)`, () => {
    const lock = readFileSync(join(repoRoot, 'pnpm-lock.yaml'), 'utf8');
    const versions = [...lock.matchAll(/^ {2}lodash@(\d+\.\d+\.\d+[^:]*):/gm)].map((m) => m[1]!);
    expect(versions.length).toBeGreaterThan(0);
    expect(versions.filter((version) => below(version, LODASH.fixed))).toEqual([]);
  });
});

/** The override the mock's README tells users to put in their own package.json, read from there. */
function readmeOverride(): Record<string, string> {
  const readme = readFileSync(join(repoRoot, 'packages', 'mock', 'README.md'), 'utf8');
  const match = /^"overrides": (\{ "lodash": "[^"]+" \})$/m.exec(readme);
  if (!match) throw new Error('packages/mock/README.md shows no `"overrides": { "lodash": "…" }` line');
  return JSON.parse(match[1]!) as Record<string, string>;
}

describe("a user's project with the override the mock's README gives", () => {
  let install: Finished;
  let copies: Copy[];

  beforeAll(async () => {
    const packed = await packedTarballs();
    const mock = new Map([...packed].filter(([name]) => name === '@mediagen/mock' || name === '@mediagen/schema')) as Map<string, PackedPackage>;
    // Only the tree is judged here: npm resolves it as the install would (the override applied by the
    // same resolution) without writing the packages, which an install of Prism's tree spends most on.
    const project = await installProject(join(inject('packedRoot'), 'lodash-override'), mock, {}, readmeOverride(), { lockOnly: true });
    install = project.install;
    const ls = await run('npm', ['ls', '--all', '--json', '--package-lock-only'], { cwd: project.dir, timeoutMs: 480_000 });
    copies = copiesOf('lodash', JSON.parse(ls.stdout) as LsNode);
  }, 1_200_000);

  it(`resolves the mock's tree with no copy of lodash below ${LODASH.fixed}`, () => {
    expect(install.code, describeRun('npm install --package-lock-only', install)).toBe(0);
    expect(copies.length).toBeGreaterThan(0);
    expect(copies.filter((copy) => below(copy.version, LODASH.fixed)).map((copy) => `lodash ${copy.version} via ${copy.path.join(' → ')}`)).toEqual([]);
  });
});
