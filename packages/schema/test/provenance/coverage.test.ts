// Provenance is complete: every field of every component and every operation says where it comes
// from, in code and in the emitted document, and every assumption carries a testable claim.
import { describe, expect, it } from 'vitest';
import { operationList } from '../../src/operations.js';
import { assumptions, provenanceRecords } from '../../src/provenance-records.js';
import { fieldElements } from '../../src/rules/fields.js';
import { newest } from '../support/documents.js';

const SOURCES = ['interface', 'live-docs', 'assumption'];

describe('provenance', () => {
  it('is recorded for every operation', () => {
    const elements = new Set(provenanceRecords().map((r) => r.element));
    for (const op of operationList) expect(elements, op.operationId).toContain(`operation:${op.operationId}`);
    for (const item of Object.values(newest.paths) as any[]) {
      for (const op of Object.values(item) as any[]) expect(SOURCES, op.operationId).toContain(op['x-provenance']?.source);
    }
  });

  it('is given in code to every field the operations table reaches', () => {
    const unrecorded = fieldElements()
      .filter((f) => !f.recorded)
      .map((f) => f.element);
    expect(unrecorded).toEqual([]);
    expect(fieldElements().length).toBeGreaterThan(100);
  });

  it('is emitted on every property of every component schema', () => {
    const missing: string[] = [];
    for (const [name, schema] of Object.entries(newest.components.schemas) as any[]) {
      for (const [field, property] of Object.entries(schema.properties ?? {}) as any[]) {
        if (!SOURCES.includes(property['x-provenance']?.source)) missing.push(`${name}.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('is emitted on every query and path parameter', () => {
    for (const item of Object.values(newest.paths) as any[]) {
      for (const op of Object.values(item) as any[]) {
        for (const parameter of op.parameters ?? []) {
          expect(SOURCES, `${op.operationId} ${parameter.name}`).toContain(parameter['x-provenance']?.source);
        }
      }
    }
  });

  it('gives every assumption a claim a live run can check', () => {
    const list = assumptions();
    expect(list.length).toBeGreaterThan(5);
    for (const record of list) expect(record.note, record.element).toMatch(/\w{3,}/);
    expect(list.map((r) => r.element)).toEqual(
      expect.arrayContaining(['ErrorEnvelope.err', 'listGenerations.query.page_size', 'Voice.name', 'AssetV2.id', 'AssetV2.size', 'StyleDetailEcho.name']),
    );
  });

  it('records the documented limits as documented, not assumed', () => {
    const byElement = new Map(provenanceRecords().map((r) => [r.element, r.source]));
    expect(byElement.get('GenerationItem.cfg_scale')).toBe('live-docs');
    expect(byElement.get('GenerationItem.steps')).toBe('live-docs');
    expect(byElement.get('VideoAnyone.prompt')).toBe('interface');
    expect(byElement.get('CharacterSettings.mode')).toBe('interface');
    expect(byElement.get('listCharacters.query.page')).toBe('live-docs');
    expect(byElement.get('Controlnet.base_model')).toBe('live-docs');
    expect(byElement.get('listControlnets.query.type')).toBe('interface');
  });
});
