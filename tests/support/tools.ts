// Tools the root tests install from npm into .tools/ (git-ignored, kept between runs): a Node 22 (the
// npm package `node`), for the pairs and generators that need it, and the local registry the release
// test publishes to. Each is installed once, under a lock, at exact versions; a marker says which.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureTools } from '../../scripts/tools.mjs';

export { ensureTools };

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
