// No schema yields `unknown & {…}` in hey-api or orval: every branch of a oneOf/anyOf/allOf names a
// type, a $ref or a constant, in every emitted document.
import { describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/openapi/files.js';
import { jsonSchemaValidator } from '../support/json-schema.js';

// The emitted documents: what Prism, the client's generator and any user's generator read.
const files = emitFiles();
const documents = Object.fromEntries(
  Object.keys(files)
    .filter((path) => path.endsWith('.json'))
    .map((path) => [path, JSON.parse(files[path]!)]),
);
const newest = documents['openapi/openapi.json'];

function untypedBranches(node: unknown, at: string, out: string[]): string[] {
  if (Array.isArray(node)) node.forEach((item, i) => untypedBranches(item, `${at}[${i}]`, out));
  else if (typeof node === 'object' && node !== null) {
    for (const key of ['oneOf', 'anyOf', 'allOf']) {
      const branches = (node as Record<string, unknown>)[key];
      if (!Array.isArray(branches)) continue;
      branches.forEach((branch, i) => {
        if (!['type', '$ref', 'const', 'enum'].some((k) => k in branch)) out.push(`${at}.${key}[${i}]`);
      });
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'example') untypedBranches(value, `${at}.${key}`, out);
  }
  return out;
}

/** Every inline (not `$ref`) oneOf/anyOf/allOf branch without a title: a reader sees "case 1", "object (2)". */
function untitledBranches(node: unknown, at: string, out: string[]): string[] {
  if (Array.isArray(node)) for (const [i, item] of node.entries()) untitledBranches(item, `${at}[${i}]`, out);
  else if (typeof node === 'object' && node !== null) {
    for (const key of ['oneOf', 'anyOf', 'allOf']) {
      const branches = (node as Record<string, unknown>)[key];
      if (!Array.isArray(branches)) continue;
      branches.forEach((branch, i) => {
        if (!('$ref' in branch) && !(typeof branch.title === 'string' && branch.title.length > 2)) out.push(`${at}.${key}[${i}]`);
      });
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'example') untitledBranches(value, `${at}.${key}`, out);
  }
  return out;
}

describe('composition branches', () => {
  it.each(Object.entries(documents))('%s: every inline branch has a title that says what it is', (_, doc) => {
    expect(untitledBranches(doc, '#', [])).toEqual([]);
  });

  it.each(Object.entries(documents))('%s: every branch has a type, a $ref or a constant', (_, doc) => {
    expect(untypedBranches(doc, '#', [])).toEqual([]);
  });

  it.each(Object.keys(documents))('%s: completing the branches keeps every request example valid', (path) => {
    const doc = documents[path];
    const ajv = jsonSchemaValidator(doc);
    for (const item of Object.values(doc.paths) as any[]) {
      for (const op of Object.values(item) as any[]) {
        for (const [name, example] of Object.entries<any>(op.requestBody?.content['application/json'].examples ?? {})) {
          expect(ajv.requestBody(op.operationId)(example.value), `${path} ${op.operationId} ${name}`).toBe(true);
        }
      }
    }
    // And still refuses an item that names no kind and a narrator with neither input.
    if (doc.components.schemas.Narrator) expect(ajv.component('Narrator')({})).toBe(false);
  });

  it('keeps the one-of-these-fields rules as full object branches', () => {
    const s = newest.components.schemas;
    // The narrator's inputs: `script` (with `voice`) or `audio_asset_id`.
    const narratorBranches = (s.Narrator.anyOf ?? s.Narrator.oneOf) as any[];
    expect(narratorBranches.length).toBeGreaterThan(0);
    for (const branch of narratorBranches) expect(branch.type).toBe('object');
    // A $ref with metadata is a $ref with siblings, not allOf [ref, metadata].
    expect(s.Media.properties.dim).toMatchObject({ $ref: '#/components/schemas/Dim' });
  });
});
