// The gate's changeset half can fail: in a git repository holding this repository's own pending
// changesets (several of which bump @mediagen/schema by a breaking bump) at a release tag, a breaking
// change with a ledger entry but no changeset of its own fails; a changeset added since the tag that
// bumps another package does not help; one that bumps the schema package does, and is named.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ledger, type VersionChange } from '@mediagen/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakingChangeset, changesetsAddedSince } from '../../scripts/api-check/changesets.mjs';
import { checkAgainstBase } from '../../scripts/api-check/gate.mjs';
import { git } from '../support/repo-copy.js';
import { clone, type Doc } from './fixtures.js';

const repoRoot = join(import.meta.dirname, '..', '..');
const newest: Doc = JSON.parse(readFileSync(join(repoRoot, 'packages', 'schema', 'openapi', 'openapi.json'), 'utf8'));
const TAG = '@mediagen/schema@0.1.0';
/** The schema package's version at the tag: 0.x, where minor is a breaking bump too. */
const VERSION = '0.1.0';

/** The newest document with `Media.dim` renamed `dims`, and the ledger entry that declares it. */
function renamed(): { doc: Doc; withEntry: VersionChange[] } {
  const doc = clone(newest);
  const media = doc.components.schemas.Media;
  media.properties = Object.fromEntries(Object.entries(media.properties).map(([k, v]) => [k === 'dim' ? 'dims' : k, v]));
  media.required = media.required.map((k: string) => (k === 'dim' ? 'dims' : k));
  const entry: VersionChange = {
    date: '2099-01-01',
    name: 'Rename dim to dims',
    description: 'Media items call their dimensions `dims`.',
    instructions: [{ op: 'field_renamed', schema: 'Media', from: 'dim', to: 'dims' }],
  };
  return { doc, withEntry: [...ledger, entry] };
}

let repo: string;
const pendingAtTag = readdirSync(join(repoRoot, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');

const must = async (args: string[]) => {
  const r = await git(args, repo);
  if (r.code !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
};

beforeAll(async () => {
  repo = mkdtempSync(join(tmpdir(), 'mediagen-gate-'));
  mkdirSync(join(repo, '.changeset'));
  for (const file of [...pendingAtTag, 'config.json']) cpSync(join(repoRoot, '.changeset', file), join(repo, '.changeset', file));
  await must(['init', '-q', '-b', 'main']);
  await must(['add', '-A']);
  await must(['commit', '-qm', 'the release']);
  await must(['tag', TAG]);
});

afterAll(() => {
  if (repo) rmSync(repo, { recursive: true, force: true });
});

const gate = () => {
  const { doc, withEntry } = renamed();
  return checkAgainstBase({
    baseDoc: newest,
    nextDoc: doc,
    ledger: withEntry,
    changesets: changesetsAddedSince(TAG, repo),
    schemaVersion: VERSION,
    baseRef: TAG,
  });
};

describe('the breaking-change gate with other changesets pending', () => {
  it('starts where the old gate could not fail: changesets pending at the tag already bump the schema package by a breaking bump', () => {
    const pending = pendingAtTag.map((file) => ({ file, text: readFileSync(join(repo, '.changeset', file), 'utf8') }));
    expect(pending.length).toBeGreaterThan(1);
    expect(breakingChangeset(pending, '@mediagen/schema', VERSION)).toBeDefined();
    expect(changesetsAddedSince(TAG, repo)).toEqual([]);
  });

  it('fails a breaking change that has a ledger entry but no changeset of its own', () => {
    const { failures, counted } = gate();
    // The rename shows in each response that carries a media item.
    expect(failures.length).toBeGreaterThan(0);
    expect(failures).toContain(
      `breaking: GET /pub/v1/generations 200 data[].media[].dim removed (ledger entry 2099-01-01, but no major or minor changeset for @mediagen/schema added since ${TAG})`,
    );
    expect(failures.every((f: string) => f.includes('.dim removed (ledger entry 2099-01-01, but no major or minor changeset'))).toBe(true);
    expect(counted).toEqual([]);
  });

  it('still fails with a changeset committed since the tag that bumps another package', async () => {
    writeFileSync(join(repo, '.changeset', 'client-retry.md'), "---\n'@mediagen/client': minor\n---\n\nRetries say why.\n");
    await must(['add', '-A']);
    await must(['commit', '-qm', 'a client change']);
    expect(changesetsAddedSince(TAG, repo).map((c) => c.file)).toEqual(['.changeset/client-retry.md']);
    expect(gate().failures.length).toBeGreaterThan(0);
  });

  it('still fails with a schema changeset that is only a patch', () => {
    writeFileSync(join(repo, '.changeset', 'schema-typo.md'), "---\n'@mediagen/schema': patch\n---\n\nA typo.\n");
    expect(gate().failures.length).toBeGreaterThan(0);
  });

  it('passes once a changeset of its own (not yet committed) bumps the schema package, and names it', () => {
    writeFileSync(join(repo, '.changeset', 'rename-dim.md'), "---\n'@mediagen/schema': minor\n---\n\nMedia items call their dimensions `dims`.\n");
    expect(changesetsAddedSince(TAG, repo).map((c) => c.file)).toEqual(['.changeset/client-retry.md', '.changeset/rename-dim.md', '.changeset/schema-typo.md']);
    const { failures, counted } = gate();
    expect(failures).toEqual([]);
    const named = counted.map((k: { entry: string; changeset: string; bump: string }) => `${k.entry} ${k.changeset} ${k.bump}`);
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set(['2099-01-01 .changeset/rename-dim.md minor']));
  });
});
