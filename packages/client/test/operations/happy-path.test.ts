// Every operation's happy path against a real server answering the contract's own examples: the
// right method, path, query, body and X-API-KEY go out, and the envelope's data comes back. The types
// of what comes back are happy-path.test-d.ts's.
import { type MediaGenClient, OPERATIONS, type OperationId } from '@mediagen/client';
import { schemaValidator } from '@mediagen/client/validation';
import { operationList } from '@mediagen/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, makeClient } from '../support/client.js';
import { envelope, startServer, type TestServer } from '../support/server.js';

const byId = Object.fromEntries(operationList.map((op) => [op.operationId, op]));
const exampleBody = (operationId: string) => Object.values(byId[operationId]!.requestExamples ?? {})[0]!.value;
const successExample = (operationId: string) => Object.values(byId[operationId]!.success.examples)[0]!.value as { data: unknown; pagination?: unknown };
const fill = (path: string, params: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);

type Call = { run: (client: MediaGenClient) => Promise<unknown>; params?: Record<string, string>; query?: Record<string, string>; body?: unknown };

const CALLS: Record<OperationId, Call> = {
  generateMedia: { run: (c) => c.generations.create(exampleBody('generateMedia') as never), body: exampleBody('generateMedia') },
  estimateGeneration: { run: (c) => c.generations.estimate(exampleBody('estimateGeneration') as never), body: exampleBody('estimateGeneration') },
  listGenerations: { run: (c) => c.generations.list({ status: 'success', page: 2, page_size: 5 }), query: { status: 'success', page: '2', page_size: '5' } },
  getGeneration: { run: (c) => c.generations.get('gen_01'), params: { generation_id: 'gen_01' } },
  getMedia: { run: (c) => c.media.get('media_01'), params: { media_id: 'media_01' } },
  deleteGeneration: { run: (c) => c.generations.delete('gen_01'), params: { generation_id: 'gen_01' } },
  deleteMedia: { run: (c) => c.media.delete('media_01'), params: { media_id: 'media_01' } },
  deleteImage: { run: (c) => c.deprecated.deleteImage('gen_01', 'img_01'), params: { generation_id: 'gen_01', image_id: 'img_01' } },
  getGenerationStatus: { run: (c) => c.deprecated.getGenerationStatus('gen_01'), params: { generation_id: 'gen_01' } },
  getImageStatus: { run: (c) => c.deprecated.getImageStatus('gen_01', 'img_01'), params: { generation_id: 'gen_01', image_id: 'img_01' } },
  listModels: { run: (c) => c.resources.models({ type: 'sdxl' }), query: { type: 'sdxl' } },
  listStyles: { run: (c) => c.resources.styles(), query: {} },
  listControlnets: { run: (c) => c.resources.controlnets({ type: 'flux' }), query: { type: 'flux' } },
  listLoras: { run: (c) => c.resources.loras({ page_size: 50 }), query: { page_size: '50' } },
  listVoices: { run: (c) => c.resources.voices(), query: {} },
  createCharacter: { run: (c) => c.characters.create(exampleBody('createCharacter') as never), body: exampleBody('createCharacter') },
  listCharacters: { run: (c) => c.characters.list({ page: 1 }), query: { page: '1' } },
  uploadAsset: { run: (c) => c.assets.upload(exampleBody('uploadAsset') as never), body: exampleBody('uploadAsset') },
  archiveAssets: { run: (c) => c.assets.archive(['ast_01', 'ast_02']), body: { ids: ['ast_01', 'ast_02'] } },
  uploadAssetV2: {
    run: (c) => c.assets.uploadV2(exampleBody('uploadAssetV2') as never, { type: 'video' }),
    body: exampleBody('uploadAssetV2'),
    query: { type: 'video' },
  },
  getAssetV2: { run: (c) => c.assets.get('ast_01'), params: { asset_id: 'ast_01' } },
  listAssetsV2: { run: (c) => c.assets.list({ page: 3 }), query: { page: '3' } },
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('every operation', () => {
  it('has a friendly method (the table and the client agree)', () => {
    expect(Object.keys(CALLS).sort()).toEqual(operationList.map((op) => op.operationId).sort());
    expect(Object.keys(OPERATIONS).sort()).toEqual(Object.keys(CALLS).sort());
  });

  for (const op of operationList) {
    const operationId = op.operationId as OperationId;
    it(`${operationId}: ${op.method.toUpperCase()} ${op.path}`, async () => {
      const call = CALLS[operationId];
      const path = fill(op.path, call.params ?? {});
      const example = successExample(operationId);
      server.on(op.method, path, { status: op.success.status, json: example, headers: { 'x-request-id': `req_${operationId}` } });
      const { client, warnings } = makeClient(server, { validator: schemaValidator() });

      const result = await call.run(client);

      expect(result).toEqual(example.data);
      if (OPERATIONS[operationId].paged) expect((result as { pagination?: unknown }).pagination).toEqual(example.pagination);
      const [request] = server.requestsTo(op.method, path).slice(-1);
      expect(request).toBeDefined();
      expect(request!.headers['x-api-key']).toBe(API_KEY);
      expect(Object.fromEntries(request!.query)).toEqual(call.query ?? {});
      if (call.body !== undefined) {
        expect(request!.json).toEqual(call.body);
        expect(request!.headers['content-type']).toBe('application/json');
      } else {
        expect(request!.body.length).toBe(0);
      }
      if (op.deprecatedBy) expect(warnings.map((w) => w.code)).toEqual(['deprecated_operation']);
      else expect(warnings.filter((w) => w.code === 'deprecated_operation')).toEqual([]);
    });
  }
});

describe('request()', () => {
  it('calls any operation by id and returns data, pagination and the Response', async () => {
    server.on('GET', '/pub/v1/voices', {
      json: { data: [{ name: 'Rachel' }], err: {}, pagination: { page: 1, page_size: 10, total: 1 } },
      headers: { 'x-request-id': 'req_v' },
    });
    const { client } = makeClient(server);
    const result = await client.request('listVoices', { query: { page: 1 } });
    expect(result.data).toEqual([{ name: 'Rachel' }]);
    expect(result.pagination).toEqual({ page: 1, page_size: 10, total: 1 });
    expect(result.response.headers.get('x-request-id')).toBe('req_v');
  });

  it('withResponse() gives the data with the Response of the same request; awaiting the call gives the data', async () => {
    server.on('GET', '/pub/v1/generations/gen_wr', {
      json: envelope({ generation_id: 'gen_wr', created_at: 1, media: [] }),
      headers: { 'x-request-id': 'req_wr' },
    });
    server.on('GET', '/pub/v1/generations/gen_wr_404', { status: 404, json: { err: { code: 'not_found', message: 'no' } } });
    server.on('GET', '/pub/v1/characters', { json: { data: [], err: {}, pagination: { page: 1, page_size: 10, total: 0 } } });
    const { client } = makeClient(server);
    const before = server.hits('GET', '/pub/v1/generations/gen_wr');
    const { data, response, pagination } = await client.generations.get('gen_wr').withResponse();
    expect(data.generation_id).toBe('gen_wr');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req_wr');
    expect(pagination).toBeUndefined();
    expect(server.hits('GET', '/pub/v1/generations/gen_wr')).toBe(before + 1);
    await expect(client.generations.get('gen_wr')).resolves.toMatchObject({ generation_id: 'gen_wr' });
    expect((await client.characters.list().withResponse()).pagination).toEqual({ page: 1, page_size: 10, total: 0 });
    // A failure rejects withResponse() alone (vitest fails the run on an unhandled rejection of the data).
    await expect(client.generations.get('gen_wr_404').withResponse()).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it('raw is the typed openapi-fetch client with the key and base URL', async () => {
    server.on('GET', '/pub/v1/generations/gen_raw', { json: { data: { generation_id: 'gen_raw', created_at: 1, media: [] }, err: {} } });
    const { client } = makeClient(server);
    const { data, response } = await client.raw.GET('/pub/v1/generations/{generation_id}', { params: { path: { generation_id: 'gen_raw' } } });
    expect(response.status).toBe(200);
    expect(data?.data.generation_id).toBe('gen_raw');
    expect(server.requestsTo('GET', '/pub/v1/generations/gen_raw')[0]!.headers['x-api-key']).toBe(API_KEY);
  });
});
