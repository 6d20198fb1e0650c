// The ledger dates rules and deprecations, not only fields: a rule or a deprecation a dated change
// brought in is absent from every document before that date, and present from it on — checked on
// the documents emitted from the real schemas, one test per version.
import { describe, expect, it } from 'vitest';
import { describeInstruction } from '../../src/ledger/changelog.js';
import { ledger } from '../../src/ledger/changes.js';
import { documentsByVersion, validateLedger } from '../../src/ledger/document.js';
import { fieldDeprecated, ruleAdded } from '../../src/ledger/instructions.js';
import { versionKeys } from '../../src/ledger/versions.js';
import { ruleById, rules } from '../../src/rules/catalog.js';
import { newest } from '../support/documents.js';

const documents = documentsByVersion(newest) as Record<string, any>;
const item = (version: string) => documents[version].components.schemas.GenerationItem;
const character = (version: string) => documents[version].components.schemas.CharacterSettings;
const fluxRule = (version: string) => (item(version).allOf ?? []).some((member: any) => member['x-rule'] === 'flux_control_net_modes');

/** Expected per version: is Flux there, is its control_net rule there, are weight/enable_facelock deprecated. */
const expected: Record<string, { fluxRule: boolean; deprecated: boolean; styleDetail: boolean }> = {
  baseline: { fluxRule: false, deprecated: false, styleDetail: false },
  '2024-09-04': { fluxRule: false, deprecated: false, styleDetail: false },
  '2024-11-08': { fluxRule: false, deprecated: false, styleDetail: true },
  '2024-12-04': { fluxRule: true, deprecated: false, styleDetail: true },
  '2025-03-06': { fluxRule: true, deprecated: false, styleDetail: true },
  '2025-05-07': { fluxRule: true, deprecated: true, styleDetail: true },
};

describe('dated rules and deprecations in the emitted documents', () => {
  it('covers every version', () => expect(Object.keys(expected)).toEqual(versionKeys()));

  it.each(Object.entries(expected))('%s', (version, want) => {
    expect(fluxRule(version)).toBe(want.fluxRule);
    expect(Boolean(item(version).properties.style_detail)).toBe(want.styleDetail);
    for (const field of ['weight', 'enable_facelock']) {
      expect(character(version).properties[field], `${version} ${field}`).toBeDefined();
      expect(character(version).properties[field].deprecated === true, `${version} ${field}`).toBe(want.deprecated);
    }
    expect(Boolean(character(version).properties.mode)).toBe(want.deprecated);
  });

  it('gives rules the date the ledger names', () => {
    expect(ruleById('flux_control_net_modes')?.since).toBe('2024-12-04');
    expect(ruleById('CharacterSettings.weight.deprecated')?.since).toBe('2025-05-07');
    expect(ruleById('video_anyone_input')?.since).toBe('2025-03-06');
    expect(ruleById('VideoAnyone.prompt.length')?.since).toBe('2025-03-06');
    expect(ruleById('narrator_input')?.since).toBe('2024-09-04');
    expect(ruleById('GenerationItem.steps.range')?.since).toBeUndefined();
  });

  it('names only rules of rules() in rule_added', () => {
    const ids = new Set(rules().map((r) => r.id));
    for (const change of ledger) for (const i of change.instructions) if (i.op === 'rule_added') expect(ids, i.rule).toContain(i.rule);
  });

  it('marks deprecated in the newest document exactly the fields the ledger deprecates', () => {
    const fromLedger = ledger.flatMap((c) => c.instructions.flatMap((i) => (i.op === 'field_deprecated' ? [`${i.schema}.${i.field}`] : [])));
    const marked: string[] = [];
    for (const [name, schema] of Object.entries(newest.components.schemas) as [string, any][]) {
      for (const [field, property] of Object.entries(schema.properties ?? {}) as [string, any][])
        if (property.deprecated === true) marked.push(`${name}.${field}`);
    }
    expect(marked.sort()).toEqual(fromLedger.sort());
  });
});

describe('rule_added and field_deprecated instructions', () => {
  const entry = (instructions: any[]) => [{ date: '2026-01-01', name: 'Test', description: 'Test.', instructions }];

  it('fail clearly when the document lacks what they name', () => {
    expect(() => validateLedger(newest, entry([ruleAdded('GenerationItem', 'no_such_rule')]))).toThrow(/no subschema tagged x-rule "no_such_rule"/);
    expect(() => validateLedger(newest, entry([ruleAdded('Nothing', 'flux_control_net_modes')]))).toThrow(/component schema "Nothing"/);
    expect(() => validateLedger(newest, entry([fieldDeprecated('CharacterSettings', 'mode')]))).toThrow(/"CharacterSettings.mode" is not marked deprecated/);
  });

  it('read as changelog lines', () => {
    expect(describeInstruction(ruleAdded('GenerationItem', 'flux_control_net_modes'))).toBe('rule `flux_control_net_modes` applies to `GenerationItem`');
    expect(describeInstruction(fieldDeprecated('CharacterSettings', 'weight', { use: 'mode' }))).toBe(
      '`CharacterSettings.weight` deprecated in favour of `mode`',
    );
  });
});
