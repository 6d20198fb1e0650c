// The release, as the README prints it, against a local registry: on a copy of the working tree (its
// own git repository, so nothing here changes the real one), `npm run version-packages` versions the
// packages from the pending changesets; a maintainer's commit; then the publish step of
// `npm run release` (its `npm test` is the run this test is part of) publishes them through the
// pinned pnpm to a verdaccio on loopback, with a temp npmrc that names only that registry. A fresh
// project then installs what was published from there and imports every entry point.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRun, type Finished, freePort, repoRoot, run, type Server, startServer, userEnv } from '../support/process.js';
import { copyWorkingTree, git } from '../support/repo-copy.js';
import { ensureTools } from '../support/tools.js';
import { importEveryEntryPoint, packageNames } from './packed.js';

/**
 * The local registry, at an exact version that runs on Node 20. verdaccio-audit asks for
 * node-fetch by the dist-tag `cjs`, which not every registry mirror serves: the override names
 * the version that tag points at.
 */
const VERDACCIO = { dependencies: { verdaccio: '6.8.0' }, overrides: { 'verdaccio-audit': { 'node-fetch': '2.7.0' } } };

const packageDir = (root: string, name: string) => join(root, 'packages', name.replace('@mediagen/', ''));
const manifestOf = (root: string, name: string) => JSON.parse(readFileSync(join(packageDir(root, name), 'package.json'), 'utf8'));
/** A package some release already went out for: its CHANGELOG.md has a version heading. */
const released = (name: string) => /^## /m.test(readFileSync(join(packageDir(repoRoot, name), 'CHANGELOG.md'), 'utf8'));
const pendingChangesets = (root: string) => readdirSync(join(root, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');

let work: string;
let copy: string;
let registry: Server | undefined;
let registryUrl: string;
let npmrc: string;
let statusBefore: string;
let versioned: Finished;
let published: Finished;
const before = new Map<string, string>();

/** The publish command of `npm run release`: what follows its `npm test &&`. */
function publishStep(): string {
  const release = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts.release as string;
  const match = /^npm test && (.+)$/.exec(release);
  if (!match) throw new Error(`the release script is not "npm test && <publish>": ${release}`);
  return match[1]!;
}

/** Starts verdaccio on a free loopback port with storage and config in `dir`; logs in a user; returns its npmrc. */
async function startRegistry(dir: string): Promise<void> {
  const tools = await ensureTools('verdaccio', VERDACCIO);
  mkdirSync(join(dir, 'storage'));
  const config = [
    `storage: ${join(dir, 'storage')}`,
    'auth:',
    '  htpasswd:',
    `    file: ${join(dir, 'htpasswd')}`,
    // No uplinks: it serves only what is published to it, and never asks another registry.
    'uplinks: {}',
    'packages:',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    'log: { type: stdout, format: pretty, level: warn }',
  ].join('\n');
  writeFileSync(join(dir, 'config.yaml'), config);
  const port = await freePort();
  registry = await startServer(
    process.execPath,
    [join(tools, 'node_modules', 'verdaccio', 'bin', 'verdaccio'), '--config', join(dir, 'config.yaml'), '--listen', `127.0.0.1:${port}`],
    {
      cwd: dir,
      listening: /http address - (http:\/\/127\.0\.0\.1:\d+)\//,
      timeoutMs: 180_000,
    },
  );
  registryUrl = `${registry.url}/`;
  const user = await fetch(`${registry.url}/-/user/org.couchdb.user:release-test`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'release-test', password: 'release-test-password' }),
  });
  const { token } = (await user.json()) as { token?: string };
  if (!user.ok || !token) throw new Error(`verdaccio did not create a user: ${user.status}`);
  npmrc = join(dir, 'npmrc');
  const host = registryUrl.replace(/^http:/, '');
  writeFileSync(npmrc, `registry=${registryUrl}\n${host}:_authToken=${token}\n`);
}

beforeAll(async () => {
  statusBefore = (await run('git', ['status', '--porcelain'])).stdout;
  work = mkdtempSync(join(tmpdir(), 'mediagen-release-'));
  copy = join(work, 'repo');
  mkdirSync(copy);
  mkdirSync(join(work, 'registry'));
  await Promise.all([copyWorkingTree(copy), startRegistry(join(work, 'registry'))]);
  for (const name of packageNames) before.set(name, manifestOf(copy, name).version);

  // 1. As printed: the version step, on the copy (its bootstrap installs pnpm and the workspace there).
  versioned = await run('/bin/sh', ['-c', 'npm run version-packages'], { cwd: copy, env: userEnv(), timeoutMs: 600_000 });
  if (versioned.code !== 0) return;
  for (const args of [
    ['add', '-A'],
    ['commit', '-qm', 'Version packages'],
  ]) {
    const r = await git(args, copy);
    if (r.code !== 0) throw new Error(describeRun(`git ${args[0]}`, r));
  }
  // 2. What `npm test` would have built before publishing: the same sources, built by this run.
  for (const name of packageNames) cpSync(join(packageDir(repoRoot, name), 'dist'), join(packageDir(copy, name), 'dist'), { recursive: true });
  // 3. The publish step of `npm run release`, with an npmrc that names only the local registry.
  expect(registryUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  published = await run('/bin/sh', ['-c', publishStep()], {
    cwd: copy,
    env: { ...userEnv(), NPM_CONFIG_USERCONFIG: npmrc, npm_config_registry: registryUrl },
    timeoutMs: 600_000,
  });
}, 1_200_000);

afterAll(async () => {
  await registry?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm run version-packages', () => {
  it('exits 0 and uses up every pending changeset', () => {
    expect(versioned.code, describeRun('npm run version-packages', versioned)).toBe(0);
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
  it('publishes every package at its new version to the local registry', async () => {
    expect(published.code, describeRun(publishStep(), published)).toBe(0);
    for (const name of packageNames) {
      const version = manifestOf(copy, name).version as string;
      // The registry's document of the package, which `npm view` and `npm install` read.
      const response = await fetch(`${registryUrl}${name.replace('/', '%2f')}`);
      const document = (await response.json()) as { versions?: Record<string, { version?: string }> };
      expect(`${name} ${response.status} ${document.versions?.[version]?.version}`).toBe(`${name} 200 ${version}`);
    }
  });

  it('tags each release in git, as changesets does', async () => {
    const tags = (await git(['tag', '--list'], copy)).stdout.split('\n').filter(Boolean);
    for (const name of packageNames) expect(tags).toContain(`${name}@${manifestOf(copy, name).version}`);
  });
});

describe('what was published, installed from the registry into a fresh project', () => {
  let project: string;
  let install: Finished;

  beforeAll(async () => {
    if (published?.code !== 0) return;
    project = join(work, 'consumer');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'release-consumer', private: true, type: 'module' }));
    // Only @mediagen comes from the local registry; everything it depends on, from the usual one.
    writeFileSync(join(project, '.npmrc'), `@mediagen:registry=${registryUrl}\n`);
    // The vitest entry needs the user's vitest (an optional peer): the first major the range allows.
    const vitestRange = (manifestOf(copy, '@mediagen/conformance').peerDependencies.vitest as string).split('||')[0]!.trim();
    const specs = [...packageNames.map((name) => `${name}@${manifestOf(copy, name).version}`), `vitest@${vitestRange}`];
    install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...specs], {
      cwd: project,
      env: userEnv(),
      timeoutMs: 600_000,
    });
  }, 900_000);

  it('installs the published versions, which name each other by released versions', (ctx) => {
    if (published?.code !== 0) return ctx.skip('nothing was published');
    expect(install.code, describeRun('npm install', install)).toBe(0);
    for (const name of packageNames) {
      const installed = JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8'));
      expect(installed.version).toBe(manifestOf(copy, name).version);
      for (const [dep, range] of Object.entries((installed.dependencies ?? {}) as Record<string, string>)) {
        if (dep.startsWith('@mediagen/')) expect(`${dep}@${range}`).toBe(`${dep}@^${manifestOf(copy, dep).version}`);
      }
    }
  });

  it('imports every entry point of every package', async (ctx) => {
    if (published?.code !== 0) return ctx.skip('nothing was published');
    const { entries, result } = await importEveryEntryPoint(project);
    expect(result.code, describeRun(`importing ${entries.length} entry points`, result)).toBe(0);
  });
});

describe('the working tree', () => {
  it('is as it was: the release ran on a copy', async () => {
    expect((await run('git', ['status', '--porcelain'])).stdout).toBe(statusBefore);
    expect(existsSync(join(repoRoot, '.changeset'))).toBe(true);
    for (const name of packageNames) expect(manifestOf(repoRoot, name).version).toBe(before.get(name));
  });
});
