// Tools the root tests install from npm into .tools/ (git-ignored, kept between runs): a Node 22 (the
// npm package `node`), for the pairs and generators that need it, and the local registry the release
// test publishes to. Each is installed once, under a lock, at exact versions; a marker says which.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withLock } from './lock.js';
import { describeRun, repoRoot, run } from './process.js';

interface ToolManifest {
  dependencies: Record<string, string>;
  /** npm overrides, for a dependency whose own range names something the registry may not serve. */
  overrides?: Record<string, unknown>;
}

/** Installs `manifest` into .tools/<name> unless its marker says it is there; resolves with the dir or throws. */
export async function ensureTools(name: string, manifest: ToolManifest): Promise<string> {
  const dir = join(repoRoot, '.tools', name);
  const marker = join(dir, 'installed.json');
  const wanted = JSON.stringify(manifest);
  const installed = () => existsSync(marker) && readFileSync(marker, 'utf8') === wanted;
  if (installed()) return dir;
  return withLock(`${dir}.lock`, async () => {
    if (installed()) return dir;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `tools-${name}`, private: true, ...manifest }, null, 2));
    const r = await run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--prefer-offline', '--loglevel=error'], {
      cwd: dir,
      timeoutMs: 1_200_000,
    });
    if (r.code !== 0) throw new Error(describeRun(`npm install in .tools/${name}`, r));
    writeFileSync(marker, wanted);
    return dir;
  });
}

/** Node 22 from the npm package `node` (this machine runs Node 20; vitest 5, hey-api and orval need 22). */
export const NODE22_VERSION = '22.23.3';

/** The Node 22 binary, or why there is none (an install failure, or no binary for this platform). */
export async function node22(): Promise<{ path: string } | { reason: string }> {
  try {
    const dir = await ensureTools('node22', { dependencies: { node: NODE22_VERSION } });
    const path = join(dir, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
    return existsSync(path) ? { path } : { reason: 'the npm package node provided no binary for this platform' };
  } catch (error) {
    return { reason: `could not install Node ${NODE22_VERSION}: ${(error as Error).message.slice(0, 500)}` };
  }
}
