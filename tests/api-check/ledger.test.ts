import { describe, expect, it } from 'vitest';
import { classify } from '../../scripts/api-check/classify.mjs';
import { compareWithEntry } from '../../scripts/api-check/ledger.mjs';
import { clone, smallDoc } from './fixtures.js';

// A dated change of the fixture: `size` deprecated, `kind` gains `c`, a rule on NewThing.
function nextVersion() {
  const base = smallDoc('2025-01-01');
  const next = clone(base);
  next.info['x-api-version'] = '2025-02-01';
  next.components.schemas.Thing.properties.size = { ...next.components.schemas.Thing.properties.size, deprecated: true };
  next.components.schemas.Kind.enum.push('c');
  next.components.schemas.NewThing.allOf = [{ 'x-rule': 'name_needs_kind', if: { required: ['name'] }, then: { required: ['kind'] } }];
  return classify(base, next);
}

const entry = (instructions: object[]) => ({ date: '2025-02-01', name: 'x', description: 'x', instructions });
const declared = [
  { op: 'field_deprecated', schema: 'Thing', field: 'size' },
  { op: 'enum_value_added', schema: 'Kind', value: 'c' },
  { op: 'rule_added', schema: 'NewThing', rule: 'name_needs_kind' },
];

describe('a dated change against its ledger entry', () => {
  it('matches when the entry declares exactly what changed', () => {
    expect(compareWithEntry(nextVersion(), entry(declared))).toEqual({ undeclared: [], unshown: [], unobservable: [] });
  });

  it('reports each change the entry leaves out', () => {
    const { undeclared } = compareWithEntry(nextVersion(), entry(declared.slice(1)));
    expect(undeclared.map((c: any) => c.message)).toEqual([
      'non-breaking: GET /things 200 data[].size deprecated',
      'non-breaking: POST /things 200 size deprecated',
    ]);
  });

  it('reports a declared change that does not show, and an instruction it cannot observe', () => {
    const extra = [...declared, { op: 'field_added', schema: 'Thing', field: 'colour' }, { op: 'header_added', name: 'x' }];
    const { unshown, unobservable } = compareWithEntry(nextVersion(), entry(extra));
    expect(unshown).toEqual([{ op: 'field_added', schema: 'Thing', field: 'colour' }]);
    expect(unobservable).toEqual([{ op: 'header_added', name: 'x' }]);
  });
});
