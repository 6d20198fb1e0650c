// The real documents per API date: what each date says, and that every example kept in a dated
// document validates against that document (a JSON Schema 2020-12 validator).
import { describe, expect, it } from 'vitest';
import * as docs from '../../src/examples/live-docs.js';
import { documentsByVersion } from '../../src/ledger/index.js';
import { upgradeResponseBody } from '../../src/transforms.js';
import { newest } from '../support/documents.js';
import { jsonSchemaValidator } from '../support/json-schema.js';

const versions = documentsByVersion(newest) as Record<string, any>;
const props = (version: string, schema: string) => Object.keys(versions[version].components.schemas[schema]?.properties ?? {});
const queryNames = (version: string, path: string) => versions[version].paths[path].get.parameters.map((p: any) => p.name);

describe('documents per API date', () => {
  it('before 2024-09-04: images, size, image_size, image_id, no narrator, no type', () => {
    expect(props('baseline', 'GenerationResult')).toContain('images');
    expect(props('baseline', 'GeneratedMedia')).toEqual(expect.arrayContaining(['image_size']));
    expect(props('baseline', 'GeneratedMedia')).not.toContain('type');
    expect(props('baseline', 'Media')).toEqual(['id', 'size', 'status', 'url']);
    expect(queryNames('baseline', '/pub/v1/generations')).toContain('image_id');
    expect(props('baseline', 'GenerationItem')).not.toContain('narrator');
    expect(versions.baseline.components.schemas.Narrator).toBeUndefined();
  });

  it('adds each change on its date and not before', () => {
    expect(props('2024-09-04', 'GenerationItem')).toContain('narrator');
    expect(props('2024-09-04', 'GenerationItem')).not.toContain('style_detail');
    expect(queryNames('2024-09-04', '/pub/v1/models')).not.toContain('type');
    expect(queryNames('2024-11-08', '/pub/v1/models')).toContain('type');
    expect(versions['2024-11-08'].components.schemas.ControlnetType.enum).not.toContain('flux');
    expect(versions['2024-12-04'].components.schemas.ControlnetType.enum).toContain('flux');
    expect(props('2024-12-04', 'GenerationItem')).not.toContain('video_anyone');
    expect(props('2025-03-06', 'GenerationItem')).toContain('video_anyone');
    expect(props('2025-03-06', 'CharacterSettings')).not.toContain('mode');
    expect(props('2025-05-07', 'CharacterSettings')).toContain('mode');
  });

  it.each(Object.keys(versions))('%s: every kept example validates against its own document', (version) => {
    const doc = versions[version];
    const ajv = jsonSchemaValidator(doc);
    let checked = 0;
    for (const item of Object.values(doc.paths) as any[]) {
      for (const op of Object.values(item) as any[]) {
        for (const [name, example] of Object.entries(op.requestBody?.content['application/json'].examples ?? {}) as any[]) {
          expect(ajv.requestBody(op.operationId)(example.value), `${version} ${op.operationId} request ${name}`).toBe(true);
          checked++;
        }
        for (const parameter of op.parameters ?? []) {
          if (parameter.example === undefined) continue;
          const where = `${version} ${op.operationId} ${parameter.in} ${parameter.name}`;
          expect(ajv.parameter(op.operationId, parameter.in, parameter.name)(parameter.example), where).toBe(true);
          checked++;
        }
        for (const [status, response] of Object.entries(op.responses) as any[]) {
          const examples = Object.entries(response.content['application/json'].examples ?? {}) as any[];
          expect(examples.length, `${version} ${op.operationId} ${status} keeps an example`).toBeGreaterThan(0);
          for (const [name, example] of examples) {
            expect(ajv.response(op.operationId, status)(example.value), `${version} ${op.operationId} ${status} ${name}`).toBe(true);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('a legacy list response validates against the baseline document and upgrades to the newest shape', () => {
    const legacy = {
      data: [
        {
          created_at: 1675732000,
          generation_id: 'gen_01',
          images: [{ id: 'media_01', size: { height: 512, width: 512 }, status: 'success', url: 'object-url' }],
        },
      ],
      err: {},
      pagination: { page: 1, page_size: 10, total: 100 },
    };
    expect(jsonSchemaValidator(versions.baseline).response('listGenerations', 200)(legacy)).toBe(true);
    expect(jsonSchemaValidator(newest).response('listGenerations', 200)(legacy)).toBe(false);
    const { body, changed } = upgradeResponseBody('listGenerations', 200, legacy, 'baseline');
    expect(changed).toBe(true);
    expect(body).toEqual(docs.listGenerationsResponse);
  });
});
