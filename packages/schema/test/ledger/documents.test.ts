import { describe, expect, it } from 'vitest';
import { documentAt, documentsByVersion, fieldAdded, fieldRenamed, ledger, type VersionChange, validateLedger, versionKeys } from '../../src/ledger/index.js';
import { jsonDiff, structuralDiff } from './json-diff.js';
import { deepFreeze, dig, loadNewest } from './support.js';

const newest = loadNewest();
const documents = documentsByVersion(newest);
const baseline = documents.baseline;
const schemas = (version: string) => dig(documents[version], 'components', 'schemas') as Record<string, Record<string, unknown>>;
const properties = (version: string, schema: string) => Object.keys(dig(schemas(version), schema, 'properties') as object);
const parameterNames = (version: string, path: string, method: string) =>
  ((dig(documents[version], 'paths', path, method, 'parameters') ?? []) as { name: string }[]).map((parameter) => parameter.name);
const requestExamples = (version: string) =>
  dig(documents[version], 'paths', '/pub/v1/generations', 'post', 'requestBody', 'content', 'application/json', 'examples') as Record<
    string,
    { value: unknown }
  >;
const responseExamples = (version: string) =>
  dig(documents[version], 'paths', '/pub/v1/generations', 'post', 'responses', '200', 'content', 'application/json', 'examples') as Record<
    string,
    { value: unknown }
  >;

describe('documentsByVersion', () => {
  it('derives one document per version key', () => {
    expect(Object.keys(documents)).toEqual(versionKeys());
  });

  it('keeps the newest document structurally unchanged', () => {
    expect(structuralDiff(newest, documents['2025-05-07'])).toEqual([]);
    expect(jsonDiff(dig(newest, 'paths'), dig(documents['2025-05-07'], 'paths'))).toEqual([]);
  });

  it('does not modify its input', () => {
    const frozen = deepFreeze(loadNewest());
    expect(() => documentsByVersion(frozen)).not.toThrow();
    expect(frozen).toEqual(newest);
  });

  it('stamps info with the version and a sentence naming the date', () => {
    expect(dig(baseline, 'info', 'x-api-version')).toBe('baseline');
    expect(dig(baseline, 'info', 'description')).toBe(
      'Generate images and videos from prompts, styles, characters and narrations.\n\n' +
        'This document describes the API as it was before 2024-09-04 (version `baseline`).',
    );
    expect(dig(documents['2024-11-08'], 'info', 'x-api-version')).toBe('2024-11-08');
    expect(dig(documents['2024-11-08'], 'info', 'description')).toMatch(/describes the API as of 2024-11-08 .*until 2024-12-04\.$/);
    expect(dig(documents['2025-05-07'], 'info', 'description')).toMatch(/as of 2025-05-07 .*the newest version\.$/);
    expect(dig(baseline, 'info', 'title')).toBe('RenderNet media-generation API');
  });

  describe('the baseline document', () => {
    it('has the old field names', () => {
      expect(properties('baseline', 'GenerationResult')).toEqual(['generation_id', 'credits_remaining', 'images']);
      expect(dig(schemas('baseline'), 'GenerationResult', 'required')).toEqual(['generation_id', 'images']);
      expect(properties('baseline', 'GeneratedMedia')).toEqual(['id', 'image_size', 'status']);
      expect(dig(schemas('baseline'), 'GeneratedMedia', 'required')).toEqual(['id', 'image_size', 'status']);
      expect(properties('baseline', 'Generation')).toEqual(['generation_id', 'created_at', 'images']);
      expect(properties('baseline', 'Media')).toEqual(['id', 'size', 'status', 'url']);
      expect(dig(schemas('baseline'), 'Media', 'properties', 'size')).toEqual({ $ref: '#/components/schemas/Dim' });
    });

    it('has the old query parameters', () => {
      expect(parameterNames('baseline', '/pub/v1/generations', 'get')).toEqual(['image_id', 'status', 'page']);
      expect(dig(baseline, 'paths', '/pub/v1/generations', 'get', 'parameters', 0, 'example')).toBe('med_1');
      expect(parameterNames('baseline', '/pub/v1/models', 'get')).toEqual(['page']);
      expect(parameterNames('baseline', '/pub/v1/loras', 'get')).toEqual(['page']);
      expect(dig(baseline, 'paths', '/pub/v1/styles', 'get', 'parameters')).toBeUndefined();
      expect(dig(baseline, 'paths', '/pub/v1/controlnets', 'get', 'parameters')).toBeUndefined();
    });

    it('has none of the later fields and enum values', () => {
      const item = properties('baseline', 'GenerationItem');
      for (const field of ['narrator', 'video_anyone', 'style_detail']) expect(item).not.toContain(field);
      expect(properties('baseline', 'CharacterSettings')).toEqual(['character_id', 'weight', 'enable_facelock']);
      expect(properties('baseline', 'GeneratedMedia')).not.toContain('type');
      expect(properties('baseline', 'Media')).not.toContain('type');
      expect(dig(schemas('baseline'), 'ControlnetType', 'enum')).toEqual(['sd', 'sdxl']);
    });

    it('drops the kind-list branches and conditionals of fields that did not exist', () => {
      expect(dig(schemas('baseline'), 'GenerationItem', 'anyOf')).toEqual([
        { required: ['segment'] },
        { required: ['style'] },
        { required: ['model'] },
        { required: ['true_touch'] },
      ]);
      expect(dig(schemas('baseline'), 'GenerationItem', 'allOf')).toBeUndefined();
      expect(dig(schemas('2025-03-06'), 'GenerationItem', 'allOf')).toHaveLength(2);
      // The Flux control_net rule (tagged x-rule) came in on 2024-12-04: absent the day before.
      expect(dig(schemas('2024-12-04'), 'GenerationItem', 'allOf', 0, 'x-rule')).toBe('flux_control_net_modes');
      expect(dig(schemas('2024-11-08'), 'GenerationItem', 'allOf')).toBeUndefined();
    });

    it('prunes the components only removed fields used, and keeps the rest', () => {
      const names = Object.keys(schemas('baseline'));
      for (const name of ['Narrator', 'VideoAnyone', 'StyleDetail']) expect(names).not.toContain(name);
      for (const name of ['Dim', 'Prompt', 'CharacterSettings', 'ControlnetType', 'ApiError', 'Pagination']) expect(names).toContain(name);
      expect(dig(baseline, 'components', 'securitySchemes')).toEqual(dig(newest, 'components', 'securitySchemes'));
      expect(Object.keys(schemas('2025-03-06'))).toContain('VideoAnyone');
      expect(Object.keys(schemas('2024-12-04'))).not.toContain('VideoAnyone');
      expect(Object.keys(schemas('2024-11-08'))).toContain('StyleDetail');
      expect(Object.keys(schemas('2024-09-04'))).not.toContain('StyleDetail');
      expect(Object.keys(schemas('2024-09-04'))).toContain('Narrator');
    });

    it('downgrades the response examples to the old names', () => {
      const list = dig(baseline, 'paths', '/pub/v1/generations', 'get', 'responses', '200', 'content', 'application/json', 'example');
      expect(list).toEqual({
        data: [
          {
            generation_id: 'gen_01',
            created_at: '2025-05-07T10:00:00Z',
            images: [{ id: 'med_1', size: { height: 1024, width: 1024 }, status: 'success', url: 'https://cdn.rendernet.ai/med_1.png' }],
          },
        ],
        err: null,
        pagination: { page: 1, page_size: 20, total: 1 },
      });
      expect(Object.keys(responseExamples('baseline'))).toEqual(['image']);
      expect(responseExamples('baseline').image!.value).toEqual({
        data: {
          generation_id: 'gen_01',
          credits_remaining: 98,
          images: [
            { id: 'med_1', image_size: { height: 1024, width: 1024 }, status: 'pending' },
            { id: 'med_2', image_size: { height: 1024, width: 1024 }, status: 'pending' },
          ],
        },
        err: null,
      });
    });

    it('drops the examples that use what did not exist yet', () => {
      expect(Object.keys(requestExamples('baseline'))).toEqual(['image']);
      expect(requestExamples('baseline').image).toEqual(
        dig(newest, 'paths', '/pub/v1/generations', 'post', 'requestBody', 'content', 'application/json', 'examples', 'image'),
      );
    });
  });

  it('keeps each example from the version that has everything it uses', () => {
    expect(Object.keys(requestExamples('2024-09-04'))).toEqual(['image', 'narrator']);
    expect(Object.keys(requestExamples('2024-11-08'))).toEqual(['image', 'flux', 'narrator']);
    expect(Object.keys(requestExamples('2025-03-06'))).toEqual(['image', 'flux', 'narrator', 'video_anyone']);
    expect(Object.keys(requestExamples('2025-05-07'))).toEqual(['image', 'flux', 'narrator', 'video_anyone', 'character']);
    // A video (type "video") cannot be shown without `type`; style_detail did not exist before 2024-11-08.
    expect(Object.keys(responseExamples('2024-09-04'))).toEqual(['image', 'video_anyone']);
    expect(Object.keys(responseExamples('2024-11-08'))).toEqual(['image', 'flux', 'video_anyone']);
    // The newest examples are untouched.
    expect(responseExamples('2025-05-07')).toEqual(
      dig(newest, 'paths', '/pub/v1/generations', 'post', 'responses', '200', 'content', 'application/json', 'examples'),
    );
  });

  it('drops examples with enum values the version lacks, in parameters and responses', () => {
    const controlnets = (version: string) => dig(documents[version], 'paths', '/pub/v1/controlnets', 'get');
    expect(Object.keys(dig(controlnets('2024-12-04'), 'parameters', 0, 'examples') as object)).toEqual(['sdxl', 'flux']);
    expect(Object.keys(dig(controlnets('2024-11-08'), 'parameters', 0, 'examples') as object)).toEqual(['sdxl']);
    expect(dig(controlnets('2024-12-04'), 'responses', '200', 'content', 'application/json', 'example')).toBeDefined();
    expect(dig(controlnets('2024-11-08'), 'responses', '200', 'content', 'application/json')).not.toHaveProperty('example');
  });

  describe('consecutive documents differ exactly where the entry says', () => {
    const schema = (name: string) => `/components/schemas/${name}`;
    const expected: Record<string, string[]> = {
      '2024-09-04': [
        `${schema('GeneratedMedia')}/properties/dim`,
        `${schema('GeneratedMedia')}/properties/image_size`,
        `${schema('GeneratedMedia')}/properties/type`,
        `${schema('GeneratedMedia')}/required`,
        `${schema('Generation')}/properties/images`,
        `${schema('Generation')}/properties/media`,
        `${schema('Generation')}/required/2`,
        `${schema('GenerationItem')}/anyOf`,
        `${schema('GenerationItem')}/properties/narrator`,
        `${schema('GenerationResult')}/properties/images`,
        `${schema('GenerationResult')}/properties/media`,
        `${schema('GenerationResult')}/required/1`,
        `${schema('Media')}/properties/dim`,
        `${schema('Media')}/properties/size`,
        `${schema('Media')}/properties/type`,
        `${schema('Media')}/required`,
        schema('Narrator'),
        '/paths/~1pub~1v1~1generations/get/parameters/0/name',
      ],
      '2024-11-08': [
        `${schema('GeneratedMedia')}/properties/style_detail`,
        `${schema('GenerationItem')}/anyOf`,
        `${schema('GenerationItem')}/properties/style_detail`,
        schema('StyleDetail'),
        '/paths/~1pub~1v1~1controlnets/get/parameters',
        '/paths/~1pub~1v1~1loras/get/parameters',
        '/paths/~1pub~1v1~1models/get/parameters',
        '/paths/~1pub~1v1~1styles/get/parameters',
      ],
      '2024-12-04': [`${schema('ControlnetType')}/enum`, `${schema('GenerationItem')}/allOf`],
      '2025-03-06': [
        `${schema('GenerationItem')}/allOf`,
        `${schema('GenerationItem')}/anyOf`,
        `${schema('GenerationItem')}/properties/video_anyone`,
        schema('VideoAnyone'),
      ],
      '2025-05-07': [
        `${schema('CharacterSettings')}/properties/enable_facelock/deprecated`,
        `${schema('CharacterSettings')}/properties/mode`,
        `${schema('CharacterSettings')}/properties/weight/deprecated`,
      ],
    };
    const keys = versionKeys();
    for (let i = 1; i < keys.length; i++) {
      const before = keys[i - 1]!;
      const at = keys[i]!;
      it(`${before} → ${at}`, () => {
        expect(structuralDiff(documents[before], documents[at])).toEqual(expected[at]);
      });
    }
  });

  it('documentAt resolves any date', () => {
    expect(documentAt(newest, '2024-11-30')).toEqual(documents['2024-11-08']);
    expect(documentAt(newest, '2024-01-01')).toEqual(baseline);
    expect(dig(documentAt(newest, '2031-06-01'), 'info', 'x-api-version')).toBe('2025-05-07');
    expect(() => documentAt(newest, '31/12/2024')).toThrow(/Invalid API version/);
  });
});

describe('validating the ledger against the document', () => {
  const entry = (instructions: VersionChange['instructions'], date = '2026-01-01'): VersionChange => ({
    date,
    name: 'Test change',
    description: 'A change for a test.',
    instructions,
  });

  it('accepts the real ledger', () => {
    expect(() => validateLedger(newest)).not.toThrow();
    expect(() => validateLedger(newest, ledger)).not.toThrow();
  });

  it('throws for an instruction naming a missing component', () => {
    const bad = [...ledger, entry([fieldAdded('Nonexistent', 'x')])];
    expect(() => documentsByVersion(newest, bad)).toThrow(
      'Ledger entry 2026-01-01 (Test change), field_added: component schema "Nonexistent" is not in the document as of 2026-01-01.',
    );
  });

  it('throws for a missing field, enum value, operation or parameter', () => {
    expect(() => validateLedger(newest, [entry([fieldRenamed('Media', 'uri', 'link')])])).toThrow(/"Media" has no property "link"/);
    expect(() => validateLedger(newest, [entry([fieldAdded('Media', 'thumbnail')])])).toThrow(/"Media" has no property "thumbnail"/);
    expect(() => validateLedger(newest, [entry([{ op: 'enum_value_added', schema: 'ControlnetType', value: 'sd3' }])])).toThrow(
      /the enum of "ControlnetType" has no value "sd3"/,
    );
    expect(() => validateLedger(newest, [entry([{ op: 'param_added', operations: ['listNothing'], in: 'query', name: 'type' }])])).toThrow(
      /operation "listNothing" is not in the document/,
    );
    expect(() => validateLedger(newest, [entry([{ op: 'param_added', operations: ['listModels'], in: 'query', name: 'sort' }])])).toThrow(
      /operation "listModels" has no query parameter "sort"/,
    );
    expect(() => validateLedger(newest, [entry([{ op: 'param_renamed', operations: ['listModels'], in: 'header', from: 'a', to: 'type' }])])).toThrow(
      /has no header parameter "type"/,
    );
  });

  it('validates each entry against the document as of its date', () => {
    // `narrator` exists in the newest document but not before 2024-09-04, where this entry would apply.
    const early = [entry([fieldAdded('GenerationItem', 'narrator')], '2024-01-01'), ...ledger];
    expect(() => validateLedger(newest, early)).toThrow(/Ledger entry 2024-01-01 .*"GenerationItem" has no property "narrator"/);
  });

  it('throws for badly ordered or malformed dates', () => {
    expect(() => validateLedger(newest, [ledger[1]!, ledger[0]!])).toThrow(/strictly ascending/);
    expect(() => validateLedger(newest, [entry([], '2024-1-1')])).toThrow(/YYYY-MM-DD/);
  });
});

describe('reverting inside composed schemas', () => {
  const doc = () => ({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/things/{thing_id}': {
        get: {
          operationId: 'getThing',
          parameters: [{ $ref: '#/components/parameters/ThingId' }, { name: 'fields', in: 'query', schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
          },
        },
        delete: {
          operationId: 'deleteThing',
          parameters: [{ $ref: '#/components/parameters/ThingId' }],
          responses: { '204': { description: 'gone' } },
        },
      },
    },
    components: {
      parameters: { ThingId: { name: 'thing_id', in: 'path', required: true, schema: { type: 'string' } } },
      schemas: {
        Thing: {
          type: 'object',
          properties: { id: { type: 'string' }, label: { type: 'string' } },
          required: ['id', 'label'],
          allOf: [
            { if: { properties: { id: { const: 'x' } } }, then: { required: ['label'] } },
            { properties: { shade: { $ref: '#/components/schemas/Shade' } } },
          ],
          oneOf: [{ required: ['label'] }, { required: ['id'] }],
          not: { required: ['label', 'id'] },
        },
        Shade: { type: 'string' },
        Unused: { type: 'string' },
      },
    },
  });

  it('renames inside required arrays of every sub-schema, and in the path template', () => {
    const change: VersionChange = {
      date: '2026-01-01',
      name: 'Rename',
      description: 'Rename.',
      instructions: [
        fieldRenamed('Thing', 'name', 'label'),
        { op: 'param_renamed', operations: ['getThing', 'deleteThing'], in: 'path', from: 'id', to: 'thing_id' },
      ],
    };
    const older = documentsByVersion(doc(), [change]).baseline;
    const thing = dig(older, 'components', 'schemas', 'Thing') as Record<string, unknown>;
    expect(Object.keys(thing.properties as object)).toEqual(['id', 'name']);
    expect(thing.required).toEqual(['id', 'name']);
    expect(dig(thing, 'allOf', 0, 'then', 'required')).toEqual(['name']);
    expect(thing.oneOf).toEqual([{ required: ['name'] }, { required: ['id'] }]);
    expect(thing.not).toEqual({ required: ['name', 'id'] });
    expect(Object.keys(dig(older, 'paths') as object)).toEqual(['/things/{id}']);
    expect(dig(older, 'paths', '/things/{id}', 'get', 'parameters', 0, 'name')).toBe('id');
    expect(dig(older, 'paths', '/things/{id}', 'delete', 'parameters', 0, 'name')).toBe('id');
    // The shared component parameter is not touched; the operations got their own copies.
    expect(dig(older, 'components', 'parameters', 'ThingId', 'name')).toBe('thing_id');
  });

  it('removes an added field from sub-schemas and prunes only what it alone used', () => {
    const change: VersionChange = {
      date: '2026-01-01',
      name: 'Add',
      description: 'Add.',
      instructions: [fieldAdded('Thing', 'shade')],
    };
    const older = documentsByVersion(doc(), [change]).baseline;
    const thing = dig(older, 'components', 'schemas', 'Thing') as Record<string, unknown>;
    expect(thing.allOf).toEqual([{ if: { properties: { id: { const: 'x' } } }, then: { required: ['label'] } }]);
    const names = Object.keys(dig(older, 'components', 'schemas') as object);
    expect(names).toEqual(['Thing', 'Unused']);
  });
});
