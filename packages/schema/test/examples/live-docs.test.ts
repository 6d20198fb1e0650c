// Every request and response example of the live docs validates against the zod schemas and, with a
// JSON Schema 2020-12 validator, against the emitted document.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as docs from '../../src/examples/live-docs.js';
import { operationById, operations } from '../../src/operations.js';
import { GenerationRequest } from '../../src/resources/generation-request.js';
import { checkGenerationRequest } from '../../src/rules/check.js';
import { formatIssue, validate } from '../../src/rules/issues.js';
import { newest } from '../support/documents.js';
import { jsonSchemaValidator } from '../support/json-schema.js';

const ajv = jsonSchemaValidator(newest);

const responses: Array<[operationId: string, example: unknown]> = [
  ['listGenerations', docs.listGenerationsResponse],
  ['getGeneration', docs.getGenerationResponse],
  ['getMedia', docs.getMediaResponse],
  ['deleteGeneration', docs.deleteGenerationResponse],
  ['generateMedia', docs.generateResponse],
  ['estimateGeneration', docs.estimateResponse],
  ['listControlnets', docs.listFluxControlnetsResponse],
  ['getGenerationStatus', docs.generationStatusResponse],
  ['getImageStatus', docs.imageStatusResponse],
  ['createCharacter', docs.createCharacterResponse],
  ['uploadAsset', docs.uploadAssetResponse],
  ['uploadAssetV2', docs.uploadAssetV2Response],
  ['archiveAssets', docs.archiveAssetsResponse],
];

describe('live docs response examples', () => {
  it.each(responses)('%s validates with zod and JSON Schema', (operationId, example) => {
    const op = operations[operationId as keyof typeof operations];
    const zodResult = validate(op.success.schema, example);
    expect(zodResult.errors.map(formatIssue)).toEqual([]);
    const fn = ajv.response(operationId, op.success.status);
    expect(fn(example), JSON.stringify(fn.errors)).toBe(true);
  });

  it('accepts the estimate example even with its `error` slip, and reads nothing from it', () => {
    const op = operations.estimateGeneration;
    const parsed = validate(op.success.schema, docs.estimateResponseVerbatim);
    expect(parsed.success).toBe(true);
    // `err` is optional on success, so the slip is tolerated; the envelope's data is what counts.
    expect((parsed.data as { data: unknown }).data).toEqual({ estimated: 5, balance: 20 });
    expect(ajv.response('estimateGeneration', 200)(docs.estimateResponseVerbatim)).toBe(true);
  });

  it('rejects a docs example once a documented field is broken (the test can fail)', () => {
    const broken = structuredClone(docs.listGenerationsResponse) as any;
    broken.data[0].media[0].status = 'done';
    expect(validate(operations.listGenerations.success.schema, broken).success).toBe(false);
    expect(ajv.response('listGenerations', 200)(broken)).toBe(false);
  });
});

describe('live docs request examples', () => {
  const requests: Array<[string, string, unknown]> = [
    ['createCharacter', 'createCharacter', docs.createCharacterRequest],
    ['uploadAsset', 'uploadAsset', docs.uploadAssetRequest],
    ['uploadAssetV2', 'uploadAssetV2', docs.uploadAssetRequest],
    ['archiveAssets', 'archiveAssets', docs.archiveAssetsRequest],
    ...Object.entries(docs.generationItems).map(([name, item]): [string, string, unknown] => [`generate ${name}`, 'generateMedia', [item]]),
    ...Object.entries(docs.generationItems).map(([name, item]): [string, string, unknown] => [`estimate ${name}`, 'estimateGeneration', [item]]),
  ];
  it.each(requests)('%s validates with zod and JSON Schema', (_name, operationId, body) => {
    const op = operationById(operationId)!;
    expect(validate(op.body!, body).errors.map(formatIssue)).toEqual([]);
    const fn = ajv.requestBody(operationId);
    expect(fn(body), JSON.stringify(fn.errors)).toBe(true);
  });

  it('sends even one job as an array', () => {
    expect(validate(GenerationRequest, docs.generationItems.standard).errors.map(formatIssue)).toEqual(['(root): expected array, got object']);
  });
});

describe('examples in the emitted document', () => {
  it('every operation has a request example (when it has a body) and a response example for every status', () => {
    for (const item of Object.values(newest.paths) as any[]) {
      for (const op of Object.values(item) as any[]) {
        if (op.requestBody) expect(Object.keys(op.requestBody.content['application/json'].examples ?? {}).length, op.operationId).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(op.responses) as any[]) {
          const examples = response.content['application/json'].examples ?? {};
          expect(Object.keys(examples).length, `${op.operationId} ${status}`).toBeGreaterThan(0);
          const fn = ajv.response(op.operationId, status);
          for (const [name, example] of Object.entries(examples) as any[]) {
            expect(fn(example.value), `${op.operationId} ${status} ${name}: ${JSON.stringify(fn.errors)}`).toBe(true);
          }
        }
      }
    }
  });
});

describe('the docs\u2019 composite generate and estimate example', () => {
  // Reconstructed from the live docs' field list and field examples as the docs show them: every
  // field at once, the narrator object with all five fields, character.mode and video_anyone.
  const composite = JSON.parse(readFileSync(new URL('../fixtures/docs/generate-composite.json', import.meta.url), 'utf8'));

  it.each(['generateMedia', 'estimateGeneration'])('validates against the emitted document for %s (Ajv 2020)', (operationId) => {
    const fn = ajv.requestBody(operationId);
    expect(fn(composite), JSON.stringify(fn.errors)).toBe(true);
  });

  it('validates with zod with no errors; what the docs leave open comes back as warnings', () => {
    const result = checkGenerationRequest(composite);
    expect(result.errors.map(formatIssue)).toEqual([]);
    expect(result.ok).toBe(true);
    const rulesWarned = new Set(result.warnings.map((w) => w.rule));
    // A segment outranks every other kind; the narrator object gives both inputs.
    expect(rulesWarned).toEqual(new Set(['kind_priority', 'own_object_only']));
    expect(result.warnings.every((w) => w.severity === 'warning')).toBe(true);
  });

  it('shows all five narrator fields, character.mode and video_anyone', () => {
    expect(Object.keys(composite[0].narrator).sort()).toEqual(['audio_asset_id', 'image_asset_id', 'script', 'video_asset_id', 'voice']);
    expect(composite[0].character.mode).toBe('balanced');
    expect(composite[0].video_anyone).toBeDefined();
  });

  it('is still a failing request once a documented limit is broken (the test can fail)', () => {
    const broken = structuredClone(composite);
    broken[0].video_anyone.prompt = 'x'.repeat(501);
    expect(checkGenerationRequest(broken).ok).toBe(false);
    expect(ajv.requestBody('generateMedia')(broken)).toBe(false);
  });
});

describe('the generate response example', () => {
  it('validates verbatim as far as the docs show it', () => {
    const result = validate(operations.generateMedia.success.schema, docs.generateResponseAsShown);
    // Only `type`, which the interface description adds and the cut example does not reach, is missing.
    expect(result.errors.map((e) => [formatIssue(e), e.rule, e.source])).toEqual([
      ['data.media[0].type: required', 'GeneratedMedia.type.required', 'interface'],
    ]);
  });
});
