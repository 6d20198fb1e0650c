// The changeset half of the breaking-change gate: which changesets a change of the base → now range
// brought (added since the base ref, committed or not), and whether one of them bumps a package at a
// level that announces a breaking change. Changesets that were already pending at the base announce
// earlier changes, not this one: they do not count.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const git = (args, cwd) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * The changesets (`.changeset/*.md` but its README) added since `ref` in the repository at `cwd`:
 * those `git diff --diff-filter=A REF` lists (committed since, or staged, or changed in the working
 * tree), and the untracked ones. Each with its file (relative to `cwd`) and text, sorted by file.
 */
export function changesetsAddedSince(ref, cwd) {
  const added = git(['diff', '--diff-filter=A', '--name-only', ref, '--', '.changeset/*.md'], cwd);
  const untracked = git(['ls-files', '--others', '--exclude-standard', '--', '.changeset/*.md'], cwd);
  const files = new Set([...added.split('\n'), ...untracked.split('\n')].map((f) => f.trim()).filter((f) => f && !/(^|\/)README\.md$/.test(f)));
  return [...files].sort().map((file) => ({ file, text: readFileSync(join(cwd, file), 'utf8') }));
}

/**
 * The bumps that announce a breaking change of a package at `version`: major, or, while the package
 * is below 1.0.0, minor too (semver gives 0.x no other way to say it; changesets bumps 0.1.0 to 0.2.0).
 */
export function breakingBumps(version = '1.0.0') {
  return /^0\./.test(version) ? ['major', 'minor'] : ['major'];
}

/** The bump a changeset's front matter gives `pkg`, if any. */
export function bumpOf(text, pkg) {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!front) return undefined;
  for (const line of front[1].split(/\r?\n/)) {
    const m = /^\s*(['"]?)(.+?)\1\s*:\s*['"]?(major|minor|patch)['"]?\s*$/.exec(line);
    if (m && m[2] === pkg) return m[3];
  }
  return undefined;
}

/** The first of `changesets` ({ file, text }) that bumps `pkg` (at `version`) by a breaking bump: { file, bump }, or undefined. */
export function breakingChangeset(changesets, pkg, version) {
  const bumps = breakingBumps(version);
  for (const { file, text } of changesets) {
    const bump = bumpOf(text, pkg);
    if (bump && bumps.includes(bump)) return { file, bump };
  }
  return undefined;
}
