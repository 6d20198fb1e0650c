// The lint's attw step (scripts/attw.mjs) writes nothing into the package: it packs into a folder of
// its own. `attw --pack .` packed in place under one fixed name and deleted the tarball after, so two
// lints at once (npm test's lane, and the README's `npm run lint` beside it) deleted each other's
// tarball: 2 of 3 such pairs failed with ENOENT. Judged by what appears in the package folder while
// one lint runs (every file written there is seen), not by racing two of them.
import { spawn } from 'node:child_process';
import { type FSWatcher, readdirSync, watch } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { built } from '../support/built.js';

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('the lint', () => {
  it('runs attw on a tarball packed outside the package, and passes', { timeout: 600_000 }, async () => {
    // The tarball is made from dist/ (the package's files): stop at once when that is stale.
    built('client/package.json');
    const written = new Set<string>();
    let watcher: FSWatcher | undefined;
    const code = await new Promise<number | null>((resolve, reject) => {
      watcher = watch(packageRoot, (_event, name) => {
        if (name) written.add(String(name));
      });
      const child = spawn(process.execPath, ['scripts/attw.mjs'], { cwd: packageRoot, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk;
      });
      child.on('error', reject);
      child.on('close', (exit) => {
        if (exit !== 0) console.error(stderr);
        resolve(exit);
      });
    }).finally(() => watcher?.close());
    expect(code).toBe(0);
    // No tarball was written into the package, not even for a moment.
    expect([...written].filter((name) => name.endsWith('.tgz'))).toEqual([]);
    expect(readdirSync(packageRoot).filter((name) => name.endsWith('.tgz'))).toEqual([]);
  });
});
