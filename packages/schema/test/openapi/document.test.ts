// The emitted document's shape: 22 operations with ids, tags, security, servers, declared error
// statuses in the envelope, deprecations, and the JSON Schema rules the zod refinements also enforce.
import { describe, expect, it } from 'vitest';
import { declaresStatus, operationList } from '../../src/operations.js';
import { newest } from '../support/documents.js';

const allOperations = () =>
  Object.entries(newest.paths).flatMap(([path, item]: [string, any]) => Object.entries(item).map(([method, op]: [string, any]) => ({ path, method, op })));

describe('the emitted OpenAPI document', () => {
  it('is OpenAPI 3.1 with the live and mock servers and the X-API-KEY scheme', () => {
    expect(newest.openapi).toBe('3.1.0');
    expect(newest.servers.map((s: any) => s.url)).toEqual(['https://api.rendernet.ai']);
    // No made-up URLs: no contact of a repository that does not exist, no fixed port of the mock.
    expect(JSON.stringify(newest.info)).not.toMatch(/github\.com|127\.0\.0\.1/);
    expect(newest.components.securitySchemes.ApiKeyAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-KEY' });
    expect(newest.tags.map((t: any) => t.name)).toEqual(['Generation', 'Resources', 'Assets', 'Characters']);
  });

  it('has the 22 operations of the contract, each with a unique operationId, a tag and security', () => {
    const ops = allOperations();
    expect(ops).toHaveLength(22);
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(22);
    expect(ops.map((o) => o.op.operationId).sort()).toEqual(operationList.map((o) => o.operationId).sort());
    for (const { op } of ops) {
      expect(op.tags).toHaveLength(1);
      expect(op.security).toEqual([{ ApiKeyAuth: [] }]);
      expect(op.summary && op.description, op.operationId).toBeTruthy();
    }
  });

  it('marks the three deprecated operations and names their replacements', () => {
    const deprecated = allOperations().filter((o) => o.op.deprecated);
    expect(deprecated.map((o) => [o.op.operationId, o.op['x-replaced-by']]).sort()).toEqual([
      ['deleteImage', 'deleteMedia'],
      ['getGenerationStatus', 'getGeneration'],
      ['getImageStatus', 'getMedia'],
    ]);
  });

  it('declares enveloped error responses (401 and 5xx everywhere, 402 on spending operations)', () => {
    for (const { op } of allOperations()) {
      for (const status of ['401', '429', '500', '503']) {
        expect(op.responses[status]?.content['application/json'].schema, `${op.operationId} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
      }
      if (op.requestBody || op.parameters?.some((p: any) => p.in === 'query')) expect(op.responses['422'], op.operationId).toBeDefined();
      if (op.parameters?.some((p: any) => p.in === 'path')) expect(op.responses['404'], op.operationId).toBeDefined();
    }
    expect(newest.paths['/pub/v1/generations'].post.responses['402']).toBeDefined();
    expect(newest.paths['/pub/v1/generations/estimate'].post.responses['402']).toBeDefined();
    expect(newest.components.schemas.ErrorEnvelope.required).toEqual(['err']);
  });

  it('declares the error envelope for the whole 4XX and 5XX ranges on every operation, as an assumption', () => {
    for (const { op } of allOperations()) {
      for (const range of ['4XX', '5XX']) {
        const response = op.responses[range];
        expect(response?.content['application/json'].schema, `${op.operationId} ${range}`).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
        expect(response['x-provenance'].source).toBe('assumption');
      }
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (!status.startsWith('2')) expect(response['x-provenance']?.source, `${op.operationId} ${status}`).toBe('assumption');
      }
    }
    // The error object's shape is ours too: the only filled err the docs show is the archive example's placeholder.
    for (const field of ['code', 'message']) expect(newest.components.schemas.ApiError.properties[field]['x-provenance'].source).toBe('assumption');
  });

  it('no operation is undeclared for one plausible 4xx or 5xx over another', () => {
    for (const op of operationList) {
      for (const status of [400, 403, 404, 409, 410, 413, 415, 418, 422, 429, 500, 502, 503, 504])
        expect(declaresStatus(op, status), `${op.operationId} ${status}`).toBe(true);
      expect(declaresStatus(op, op.success.status)).toBe(true);
      for (const status of [op.success.status === 200 ? 201 : 200, 204, 301, 302, 600])
        expect(declaresStatus(op, status), `${op.operationId} ${status}`).toBe(false);
    }
  });

  it("records generate's 200 as documented by the interface description", () => {
    expect(newest.paths['/pub/v1/generations'].post['x-provenance'].note).toMatch(/only success status shown is 200/);
  });

  it('writes the rules JSON Schema can say into the document', () => {
    const s = newest.components.schemas;
    expect(s.GenerationItem.properties.cfg_scale).toMatchObject({ minimum: 4, maximum: 127 });
    expect(s.GenerationItem.properties.steps).toMatchObject({ type: 'integer', minimum: 10, maximum: 3020 });
    // No source forbids unknown request fields, and "one kind per item" is a "should": neither is in the document.
    for (const name of ['GenerationItem', 'Prompt', 'Narrator', 'CreateCharacterRequest', 'UploadAssetRequest', 'SizeInput'])
      expect(s[name].additionalProperties, name).toBeUndefined();
    expect(s.GenerationItem.anyOf).toBeUndefined();
    expect(s.GenerationItem.allOf[0]).toMatchObject({ 'x-rule': 'flux_control_net_modes', if: expect.any(Object) });
    expect(s.VideoAnyone.properties.prompt.maxLength).toBe(500);
    expect(s.VideoAnyone.oneOf).toEqual([
      { title: 'generated image (media_id)', required: ['media_id'] },
      { title: 'uploaded image (asset_id)', required: ['asset_id'] },
    ]);
    expect(s.Narrator.anyOf).toEqual([
      { title: 'script with voice', required: ['script', 'voice'] },
      { title: 'audio asset', required: ['audio_asset_id'] },
    ]);
    expect(s.Sampler.enum).toHaveLength(6);
    expect(s.Quality.enum).toEqual(['Plus', 'Regular']);
    expect(s.CharacterMode.enum).toEqual(['flexible', 'balanced', 'strong']);
    expect(s.GenerationRequest).toMatchObject({ type: 'array', minItems: 1 });
    const listQuery = newest.paths['/pub/v1/generations'].get.parameters;
    expect(listQuery.find((p: any) => p.name === 'page_size').schema).toMatchObject({ minimum: 1, maximum: 50 });
  });

  it('gives every parameter an example of its own (Prism reads it there, and generates one with its faker for a parameter without)', () => {
    const without = allOperations().flatMap(({ op }) =>
      (op.parameters ?? []).filter((p: any) => p.example === undefined && p.examples === undefined).map((p: any) => `${op.operationId} ${p.in} ${p.name}`),
    );
    expect(without).toEqual([]);
    const upload = newest.paths['/pub/v2/assets/upload'].post.parameters.find((p: any) => p.name === 'type');
    expect(upload.example).toBe(upload.schema.default);
  });

  it('uses 201 where the docs show it and 200 elsewhere', () => {
    const created = allOperations()
      .filter((o) => o.op.responses['201'])
      .map((o) => o.op.operationId)
      .sort();
    expect(created).toEqual(['createCharacter', 'uploadAsset', 'uploadAssetV2']);
  });
});
