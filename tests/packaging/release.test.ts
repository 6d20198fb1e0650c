// The release rehearsal, run as the README prints it (`npm run release:rehearse`, which keeps its
// temp dir here): on a copy of the working tree, `npm run version-packages`, a maintainer's commit,
// the publish step of `npm run release` (its `npm test` is the run this test is part of) to a
// verdaccio on loopback, then a fresh project installs what was published from there and loads every
// entry point by import and by require (scripts/release/rehearse.mjs). This test reads what the
// rehearsal left: the versioned copy, its tags, the consumer's installed packages, what it printed.
import { lstatSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryPoints } from '../../scripts/release/entries.mjs';
import { describeRun, type Finished, repoRoot, run, userEnv } from '../support/process.js';
import { git } from '../support/repo-copy.js';
import { packageNames } from './packed.js';

const packageDir = (root: string, name: string) => join(root, 'packages', name.replace('@mediagen/', ''));
const manifestOf = (root: string, name: string) => JSON.parse(readFileSync(join(packageDir(root, name), 'package.json'), 'utf8'));
/** A package some release already went out for: its CHANGELOG.md has a version heading. */
const released = (name: string) => /^## /m.test(readFileSync(join(packageDir(repoRoot, name), 'CHANGELOG.md'), 'utf8'));
const pendingChangesets = (root: string) => readdirSync(join(root, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');

/** The README's command; the builds are this run's (turbo builds the packages before this task). */
const COMMAND = 'npm run release:rehearse';

let work: string;
let copy: string;
let consumer: string;
let statusBefore: string;
let rehearsal: Finished;
const before = new Map<string, string>();

beforeAll(async () => {
  statusBefore = (await run('git', ['status', '--porcelain'])).stdout;
  for (const name of packageNames) before.set(name, manifestOf(repoRoot, name).version);
  work = mkdtempSync(join(tmpdir(), 'mediagen-release-'));
  copy = join(work, 'repo');
  consumer = join(work, 'consumer');
  rehearsal = await run('/bin/sh', ['-c', `${COMMAND} -- --keep '${work}' --no-build`], { env: userEnv(), timeoutMs: 1_100_000 });
}, 1_200_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe(COMMAND, () => {
  it('exits 0 and says each step with what it took', () => {
    expect(rehearsal.code, describeRun(COMMAND, rehearsal)).toBe(0);
    for (const step of [
      'npm run version-packages (on the copy): done in',
      'the publish step of npm run release',
      'import every entry point: done in',
      'require every entry point: done in',
    ]) {
      expect(rehearsal.stdout).toContain(step);
    }
    expect(rehearsal.stdout).toMatch(/to http:\/\/127\.0\.0\.1:\d+\//);
  });
});

describe('the copy', () => {
  it("runs on this tree's pinned pnpm, linked in (not installed again) and kept out of its commits", async () => {
    expect(lstatSync(join(copy, '.tools')).isSymbolicLink()).toBe(true);
    expect(realpathSync(join(copy, '.tools'))).toBe(realpathSync(join(repoRoot, '.tools')));
    expect((await git(['ls-files', '--', '.tools'], copy)).stdout).toBe('');
    expect((await git(['status', '--porcelain'], copy)).stdout).toBe('');
  });
});

describe('npm run version-packages, on the copy', () => {
  it('uses up every pending changeset', () => {
    expect(pendingChangesets(copy)).toEqual([]);
  });

  it('takes every unreleased package to 0.1.0 and writes its changelog entry', () => {
    for (const name of packageNames) {
      const version = manifestOf(copy, name).version as string;
      if (!released(name)) expect(`${name}@${version}`).toBe(`${name}@0.1.0`);
      else expect(version, name).not.toBe(before.get(name));
      expect(readFileSync(join(packageDir(copy, name), 'CHANGELOG.md'), 'utf8'), name).toContain(`\n## ${version}\n`);
    }
  });
});

describe('the publish step of npm run release', () => {
  it('says what it will publish, by name and version, before it publishes', () => {
    const plan = /\[release\] will publish (.+)/.exec(rehearsal.stdout)?.[1] ?? '';
    expect(plan.split(', ').sort()).toEqual(packageNames.map((name) => `${name}@${manifestOf(copy, name).version}`).sort());
  });

  it('tags each release in git, as changesets does', async () => {
    const tags = (await git(['tag', '--list'], copy)).stdout.split('\n').filter(Boolean);
    for (const name of packageNames) expect(tags).toContain(`${name}@${manifestOf(copy, name).version}`);
  });
});

describe('what was published, installed from the local registry into a fresh project', () => {
  it('installs the published versions, which name each other by released versions', () => {
    for (const name of packageNames) {
      const installed = JSON.parse(readFileSync(join(consumer, 'node_modules', name, 'package.json'), 'utf8'));
      expect(installed.version).toBe(manifestOf(copy, name).version);
      for (const [dep, range] of Object.entries((installed.dependencies ?? {}) as Record<string, string>)) {
        if (dep.startsWith('@mediagen/')) expect(`${dep}@${range}`).toBe(`${dep}@^${manifestOf(copy, dep).version}`);
      }
      // A peer range is published as the workspace manifest writes it (`workspace:` taken off).
      for (const [dep, range] of Object.entries((installed.peerDependencies ?? {}) as Record<string, string>)) {
        const written = manifestOf(repoRoot, name).peerDependencies[dep] as string;
        expect(`${dep}@${range}`).toBe(`${dep}@${written.replace(/^workspace:/, '')}`);
      }
    }
  });

  it('imports and requires every entry point of every package', () => {
    const count = packageNames.flatMap((name) => entryPoints(join(consumer, 'node_modules', name), name)).length;
    expect(count).toBeGreaterThan(packageNames.length);
    expect(rehearsal.stdout).toContain(`imported ${count} and required ${count} entry points`);
  });
});

describe('the working tree', () => {
  it('is as it was: the release ran on a copy', async () => {
    expect((await run('git', ['status', '--porcelain'])).stdout).toBe(statusBefore);
    for (const name of packageNames) expect(manifestOf(repoRoot, name).version).toBe(before.get(name));
  });
});
