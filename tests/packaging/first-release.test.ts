// First releases come out at 0.1.0: runs `changeset version` on a copy of the committed tree (in
// the OS temp dir, as its own git repository on `main`) and checks the version each unreleased
// package (one whose CHANGELOG.md has no release heading yet) would get.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeRun, repoRoot, run } from '../support/process.js';
import { packageNames } from './packed.js';

let copy: string | undefined;
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

const packageFile = (root: string, name: string, file: string) => readFileSync(join(root, 'packages', name.replace('@mediagen/', ''), file), 'utf8');
const versionOf = (root: string, name: string) => JSON.parse(packageFile(root, name, 'package.json')).version as string;
const released = (name: string) => /^## /m.test(packageFile(repoRoot, name, 'CHANGELOG.md'));

it('changeset version takes every unreleased package to 0.1.0', async () => {
  copy = mkdtempSync(join(tmpdir(), 'mediagen-version-'));
  const git = (args: string[], cwd: string) => run('git', ['-c', 'user.name=ci', '-c', 'user.email=ci@localhost', ...args], { cwd });
  // The working tree as it is (committed or not), so the test judges the changesets being added.
  const files = (await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'])).stdout.split('\0').filter(Boolean);
  const tar = await run('sh', ['-c', `tar -cf - --null -T - 2>/dev/null | tar -xf - -C '${copy}'`], { input: files.join('\0') });
  expect(tar.code, describeRun('copying the tree', tar)).toBe(0);
  for (const args of [
    ['init', '-q', '-b', 'main'],
    ['add', '-A'],
    ['commit', '-qm', 'copy'],
  ]) {
    const r = await git(args, copy);
    expect(r.code, describeRun(`git ${args[0]}`, r)).toBe(0);
  }
  const unreleased = packageNames.filter((name) => !released(name));
  const changeset = join(repoRoot, 'node_modules', '@changesets', 'cli', 'bin.js');
  const r = await run(process.execPath, [changeset, 'version'], { cwd: copy });
  expect(r.code, describeRun('changeset version', r)).toBe(0);
  for (const name of unreleased) expect(`${name}@${versionOf(copy, name)}`).toBe(`${name}@0.1.0`);
});
