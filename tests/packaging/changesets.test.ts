// Every pending changeset must be one `changeset version` can read: front matter between `---` lines,
// each line a workspace package and a bump. A formatter once turned that front matter into a Markdown
// heading, which changesets then reads as a changeset that releases nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/process.js';
import { packageNames } from './packed.js';

const dir = join(repoRoot, '.changeset');
const changesets = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md');

describe('pending changesets', () => {
  it('exist', () => {
    expect(changesets.length).toBeGreaterThan(0);
  });

  it.each(changesets)('%s names workspace packages and bumps in its front matter, then says what changed', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
    expect(match, `${file}: no front matter between --- lines at the top`).not.toBeNull();
    const lines = match![1]!.split(/\r?\n/).filter((line) => line.trim() !== '');
    expect(lines.length, `${file}: front matter names no package`).toBeGreaterThan(0);
    for (const line of lines) {
      const entry = /^\s*(['"])(.+)\1\s*:\s*(major|minor|patch)\s*$/.exec(line);
      expect(entry, `${file}: "${line}" is not 'package': major|minor|patch`).not.toBeNull();
      expect(packageNames, `${file}: ${entry![2]} is not a workspace package`).toContain(entry![2]);
    }
    expect(match![2]!.trim().length, `${file}: no description`).toBeGreaterThan(0);
  });
});
