#!/usr/bin/env node
// The publish step of `npm run release` (after its `npm test`): first says what it will publish, each
// package by name and version and whether the registry npm is configured with already has that
// version (changesets skips those), then publishes with `changeset publish` through the pinned pnpm,
// which writes real versions where the manifests say `workspace:` and `catalog:`, and tags each
// release in git. Exit codes: those of `changeset publish`; 1 when the registry cannot be asked.
import { spawn } from 'node:child_process';
import { publishedPackages } from '../pack.mjs';

/** npm's answer to "has the registry this version?": 'published', 'new', or why it cannot tell. */
function onRegistry(name, version) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['view', `${name}@${version}`, 'version', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (error) => resolve({ unknown: error.message }));
    child.on('close', (code) => {
      if (code === 0) return resolve(stdout.trim() ? 'published' : 'new');
      // A package the registry has never seen answers E404: every version of it is new.
      if (/E404|404 Not Found/.test(stdout + stderr)) return resolve('new');
      resolve({
        unknown: (
          stderr
            .trim()
            .split('\n')
            .find((l) => /error/i.test(l)) ?? stderr.trim()
        ).slice(0, 200),
      });
    });
  });
}

const packages = publishedPackages();
const states = await Promise.all(packages.map(({ name, version }) => onRegistry(name, version)));
const unknown = states.find((s) => typeof s === 'object');
if (unknown) {
  console.error(`[release] cannot ask the registry what it has: ${unknown.unknown}`);
  process.exit(1);
}
const fresh = packages.filter((_, i) => states[i] === 'new');
console.log(`[release] will publish ${fresh.length === 0 ? 'nothing' : fresh.map((p) => `${p.name}@${p.version}`).join(', ')}`);
for (const [i, p] of packages.entries()) if (states[i] === 'published') console.log(`[release]   ${p.name}@${p.version} is on the registry already: skipped`);
const child = spawn('changeset', ['publish'], { stdio: 'inherit', shell: process.platform === 'win32' });
child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
