// The gate on the real emitted documents and the real ledger.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ledger, type VersionChange } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { breakingChangeset } from '../../scripts/api-check/changesets.mjs';
import { checkAgainstBase, checkConsecutive } from '../../scripts/api-check/gate.mjs';
import { clone, type Doc } from './fixtures.js';

const openapiDir = join(import.meta.dirname, '..', '..', 'packages', 'schema', 'openapi');
const read = (file: string): Doc => JSON.parse(readFileSync(join(openapiDir, file), 'utf8'));
const newest = read('openapi.json');
const newestDate = newest.info['x-api-version'];

function datedDocuments() {
  const dates = readdirSync(join(openapiDir, 'versions'))
    .filter((f) => /^\d{4}-\d{2}-\d{2}\.json$/.test(f))
    .map((f) => f.slice(0, -5))
    .sort();
  return [
    { version: 'baseline', doc: read('versions/baseline.json') },
    ...dates.map((version) => ({ version, doc: read(`versions/${version}.json`) })),
    { version: 'newest', doc: newest },
  ];
}

/** The newest document with `Media.dim` renamed `dims`, as a careless edit of the schema would emit it. */
function withMediaDimRenamed(): Doc {
  const doc = clone(newest);
  const media = doc.components.schemas.Media;
  media.properties = Object.fromEntries(Object.entries(media.properties).map(([k, v]) => [k === 'dim' ? 'dims' : k, v]));
  media.required = media.required.map((k: string) => (k === 'dim' ? 'dims' : k));
  return doc;
}

/** A changeset added since the base, as changesetsAddedSince gives it. */
const changeset = (file: string, text: string) => ({ file: `.changeset/${file}`, text });
const MAJOR = changeset('rename-dim.md', "---\n'@mediagen/schema': major\n---\n\nRename Media.dim to dims.\n");

describe('breaking-change gate against a base', () => {
  it('passes when nothing changed', () => {
    expect(checkAgainstBase({ baseDoc: newest, nextDoc: newest, ledger, changesets: [] }).failures).toEqual([]);
  });

  it('fails a renamed response field without a ledger entry, naming the field', () => {
    const { failures } = checkAgainstBase({ baseDoc: newest, nextDoc: withMediaDimRenamed(), ledger, changesets: [MAJOR] });
    expect(failures).toContain(`breaking: GET /pub/v1/generations 200 data[].media[].dim removed (no ledger entry after ${newestDate})`);
    expect(failures.every((f: string) => f.includes('dim removed'))).toBe(true);
  });

  it('accepts the rename once a later ledger entry declares it and a major changeset is pending', () => {
    const entry: VersionChange = {
      date: '2099-01-01',
      name: 'Rename dim to dims',
      description: 'Media items call their dimensions `dims`.',
      instructions: [{ op: 'field_renamed', schema: 'Media', from: 'dim', to: 'dims' }],
    };
    const withEntry = [...ledger, entry];
    const passed = checkAgainstBase({ baseDoc: newest, nextDoc: withMediaDimRenamed(), ledger: withEntry, changesets: [MAJOR] });
    expect(passed.failures).toEqual([]);
    // It names what it counted for the change.
    const counted = passed.counted.map((k: { change: { message: string }; entry: string; changeset: string }) => [k.change.message, k.entry, k.changeset]);
    expect(counted).toContainEqual(['breaking: GET /pub/v1/generations 200 data[].media[].dim removed', '2099-01-01', '.changeset/rename-dim.md']);
    expect(counted.length).toBe(passed.changes.filter((c: { breaking: boolean; within?: unknown }) => c.breaking && !c.within).length);
    const noMajor = checkAgainstBase({ baseDoc: newest, nextDoc: withMediaDimRenamed(), ledger: withEntry, changesets: [] }).failures;
    expect(noMajor[0]).toMatch(/dim removed \(ledger entry 2099-01-01, but no major changeset for @mediagen\/schema/);
    // While the package is 0.x a minor bump is its breaking bump, and the message says which it takes.
    const MINOR = changeset('rename-dim.md', "---\n'@mediagen/schema': minor\n---\n\nRename Media.dim to dims.\n");
    const zero = { baseDoc: newest, nextDoc: withMediaDimRenamed(), ledger: withEntry, schemaVersion: '0.1.0' };
    expect(checkAgainstBase({ ...zero, changesets: [MINOR] }).failures).toEqual([]);
    expect(checkAgainstBase({ ...zero, changesets: [] }).failures[0]).toMatch(/no major or minor changeset for @mediagen\/schema/);
    expect(checkAgainstBase({ ...zero, schemaVersion: '1.2.0', changesets: [MINOR] }).failures[0]).toMatch(/no major changeset/);
  });

  it('counts only ledger entries dated after the base', () => {
    // From the baseline, the 2024-09-04 entry explains its renames.
    expect(checkAgainstBase({ baseDoc: read('versions/baseline.json'), nextDoc: newest, ledger, changesets: [MAJOR] }).failures).toEqual([]);
    // From 2024-11-08, the same renames are not explained by any later entry.
    const { failures } = checkAgainstBase({ baseDoc: read('versions/baseline.json'), nextDoc: newest, ledger: ledger.slice(1), changesets: [MAJOR] });
    expect(failures).toContain('breaking: GET /pub/v1/generations 200 data[].images removed (no ledger entry after baseline)');
  });

  it('reads a breaking bump of the schema package only (major; minor too while it is 0.x)', () => {
    const one = (text: string, version: string) => breakingChangeset([changeset('x.md', text)], '@mediagen/schema', version)?.bump;
    expect(one(MAJOR.text, '1.0.0')).toBe('major');
    expect(one('---\n"@mediagen/schema": minor\n---\n', '1.0.0')).toBeUndefined();
    expect(one('---\n"@mediagen/schema": minor\n---\n', '0.3.0')).toBe('minor');
    expect(one('---\n"@mediagen/schema": patch\n---\n', '0.3.0')).toBeUndefined();
    expect(one('---\n"@mediagen/client": major\n---\n', '1.0.0')).toBeUndefined();
    expect(one('---\n"@mediagen/schema-extra": major\n---\n', '1.0.0')).toBeUndefined();
    expect(one('no front matter @mediagen/schema: major', '1.0.0')).toBeUndefined();
  });
});

describe('consecutive dated documents against the ledger', () => {
  it('pass on the emitted documents', () => {
    const result = checkConsecutive({ documents: datedDocuments(), ledger });
    expect(result.failures).toEqual([]);
    expect(result.pairs).toBe(ledger.length + 1);
  });

  it('find a change the ledger does not declare', () => {
    const trimmed = ledger.map((e) => (e.date === '2024-11-08' ? { ...e, instructions: e.instructions.filter((i) => i.op !== 'param_added') } : e));
    const { failures } = checkConsecutive({ documents: datedDocuments(), ledger: trimmed });
    expect(failures).toContain('2024-09-04 → 2024-11-08: undeclared change: non-breaking: GET /pub/v1/models query parameter type added');
  });

  it('find a declared change that does not show', () => {
    const padded = ledger.map((e) =>
      e.date === '2025-03-06' ? { ...e, instructions: [...e.instructions, { op: 'enum_value_added' as const, schema: 'Quality', value: 'Ultra' }] } : e,
    );
    const { failures } = checkConsecutive({ documents: datedDocuments(), ledger: padded });
    expect(failures).toEqual(['2024-12-04 → 2025-03-06: declared in the ledger but not in the documents: "Ultra" added to Quality']);
  });

  it('find a newest document that differs from the newest dated one', () => {
    const docs = datedDocuments();
    docs[docs.length - 1] = { version: 'newest', doc: withMediaDimRenamed() };
    const { failures } = checkConsecutive({ documents: docs, ledger });
    expect(failures).toContain(`${newestDate} → newest: undeclared change: breaking: GET /pub/v1/generations 200 data[].media[].dim removed`);
  });
});
