import { describe, expect, it } from 'vitest';
import { classify } from '../../scripts/api-check/classify.mjs';
import { clone, type Doc, smallDoc } from './fixtures.js';

function diff(change: (doc: Doc) => void) {
  const base = smallDoc();
  const next = clone(base);
  change(next);
  return classify(base, next)
    .filter((c: any) => !c.within)
    .map((c: any) => c.message);
}

describe('classifier', () => {
  it('finds nothing between equal documents', () => {
    expect(diff(() => {})).toEqual([]);
  });

  it('calls a removed operation breaking, an added one not', () => {
    expect(diff((d) => delete d.paths['/things'].post)).toEqual(['breaking: POST /things removed']);
    expect(diff((d) => (d.paths['/other'] = { get: { operationId: 'other', responses: {} } }))).toEqual(['non-breaking: GET /other added']);
  });

  it('sees a renamed response field as the old one removed, reported once at each place it is read', () => {
    const messages = diff((d) => {
      const thing = d.components.schemas.Thing;
      thing.properties.dims = thing.properties.size;
      delete thing.properties.size;
    });
    expect(messages).toEqual([
      'breaking: GET /things 200 data[].size removed',
      'breaking: POST /things 200 size removed',
      'non-breaking: GET /things 200 data[].dims added',
      'non-breaking: POST /things 200 dims added',
    ]);
  });

  it('calls a removed or renamed parameter breaking, a new optional one not, a new required one breaking', () => {
    expect(diff((d) => (d.paths['/things'].get.parameters[0].name = 'type'))).toEqual([
      'breaking: GET /things query parameter kind removed',
      'non-breaking: GET /things query parameter type added',
    ]);
    expect(diff((d) => d.paths['/things'].get.parameters.push({ name: 'page', in: 'query', schema: { type: 'integer' } }))).toEqual([
      'non-breaking: GET /things query parameter page added',
    ]);
    expect(diff((d) => d.paths['/things'].get.parameters.push({ name: 'org', in: 'query', required: true, schema: { type: 'string' } }))).toEqual([
      'breaking: GET /things query parameter org added',
    ]);
  });

  it('calls a new required request field breaking, a new optional one not', () => {
    expect(
      diff((d) => {
        d.components.schemas.NewThing.properties.owner = { type: 'string' };
        d.components.schemas.NewThing.required.push('owner');
      }),
    ).toEqual(['breaking: POST /things request owner added']);
    expect(diff((d) => (d.components.schemas.NewThing.properties.note = { type: 'string' }))).toEqual(['non-breaking: POST /things request note added']);
  });

  it('judges an enum by direction: narrowed where clients send it, widened where they read it', () => {
    expect(diff((d) => d.components.schemas.Kind.enum.push('c'))).toEqual([
      'non-breaking: GET /things query parameter kind enum gains "c"',
      'breaking: GET /things 200 data[].kind enum gains "c"',
      'non-breaking: POST /things request kind enum gains "c"',
      'breaking: POST /things 200 kind enum gains "c"',
    ]);
    expect(diff((d) => (d.components.schemas.Kind.enum = ['a']))).toEqual([
      'breaking: GET /things query parameter kind enum loses "b"',
      'non-breaking: GET /things 200 data[].kind enum loses "b"',
      'breaking: POST /things request kind enum loses "b"',
      'non-breaking: POST /things 200 kind enum loses "b"',
    ]);
  });

  it('calls a changed type breaking, and a response field that may now be absent breaking', () => {
    expect(diff((d) => (d.components.schemas.Size.properties.w = { type: 'string' }))).toEqual([
      'breaking: GET /things 200 data[].size.w type changed from integer to string',
      'breaking: POST /things 200 size.w type changed from integer to string',
    ]);
    expect(diff((d) => (d.components.schemas.Thing.required = ['id']))).toEqual([
      'breaking: GET /things 200 data[].kind became optional',
      'breaking: POST /things 200 kind became optional',
    ]);
  });

  it('sees through an allOf that only annotates a reference', () => {
    expect(
      diff((d) => {
        d.components.schemas.Thing.properties.kind = { allOf: [{ $ref: '#/components/schemas/Kind' }, { 'x-provenance': { source: 'live-docs' } }] };
      }),
    ).toEqual([]);
  });

  it('calls an enum opened where clients read it breaking, where they send it not', () => {
    expect(diff((d) => (d.components.schemas.Kind = { type: 'string' }))).toEqual([
      'non-breaking: GET /things query parameter kind enum removed (any value now)',
      'breaking: GET /things 200 data[].kind enum removed (any value now)',
      'non-breaking: POST /things request kind enum removed (any value now)',
      'breaking: POST /things 200 kind enum removed (any value now)',
    ]);
  });

  it('calls a rule (an x-rule subschema) added to a schema clients send breaking', () => {
    const rule = { 'x-rule': 'name_needs_kind', if: { required: ['name'] }, then: { required: ['kind'] } };
    expect(diff((d) => (d.components.schemas.NewThing.allOf = [rule]))).toEqual(['breaking: rule name_needs_kind of NewThing added']);
    expect(diff((d) => (d.components.schemas.Thing.allOf = [rule]))).toEqual(['non-breaking: rule name_needs_kind of Thing added']);
  });

  it('names the component that declares each field, which is how the ledger names it', () => {
    const changes = classify(
      smallDoc(),
      (() => {
        const d = smallDoc();
        d.components.schemas.Size.properties.d = { type: 'integer' };
        return d;
      })(),
    );
    expect(changes.map((c: any) => [c.fact.owner, c.fact.name])).toEqual([
      ['Size', 'd'],
      ['Size', 'd'],
    ]);
  });
});
