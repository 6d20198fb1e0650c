// `npm run format`, as printed, on a copy of the tree with one badly formatted file that also breaks a
// lint rule Biome warns about: it formats the file, says how many it fixed, and prints no lint
// finding (those belong to `npm run lint`).
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeRun, type Finished, repoRoot, run, userEnv } from '../support/process.js';
import { copyWorkingTree } from '../support/repo-copy.js';

const PROBE = 'scripts/format-probe.mjs';
// Double quotes, a missing semicolon and stray spaces (formatting); string concatenation (lint/style/useTemplate).
const BADLY_FORMATTED = 'export const greet = (name) =>   "hello " + name\n';

let copy: string;
let format: Finished;
let lint: Finished;

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'mediagen-format-'));
  await copyWorkingTree(copy);
  // The workspace as installed here (the bootstrap finds it up to date and installs nothing).
  symlinkSync(join(repoRoot, 'node_modules'), join(copy, 'node_modules'));
  symlinkSync(join(repoRoot, '.tools'), join(copy, '.tools'));
  writeFileSync(join(copy, PROBE), BADLY_FORMATTED);
  // Biome's own verdict on the file before formatting: a lint finding is there to be (not) shown.
  lint = await run(process.execPath, [join(repoRoot, 'node_modules', '@biomejs', 'biome', 'bin', 'biome'), 'lint', PROBE], { cwd: copy });
  format = await run('/bin/sh', ['-c', 'npm run format'], { cwd: copy, env: userEnv(), timeoutMs: 480_000 });
}, 600_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

it('formats the file and says it fixed one file', () => {
  expect(format.code, describeRun('npm run format', format)).toBe(0);
  expect(readFileSync(join(copy, PROBE), 'utf8')).toBe("export const greet = (name) => 'hello ' + name;\n");
  expect(format.stdout + format.stderr).toMatch(/Fixed 1 file\b/);
});

it('prints no lint finding, though Biome has one for the file', () => {
  expect(lint.stdout + lint.stderr).toContain('lint/style/useTemplate');
  expect(format.stdout + format.stderr).not.toMatch(/lint\/|warning/i);
});
