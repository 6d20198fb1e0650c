// A response in an older shape (images, size, image_size) is upgraded through the schema package's
// ledger transforms, and onWarning and the logger hear which version the service answered in.
import { looksLegacy } from '@mediagen/client';
import { fingerprint } from '@mediagen/schema/transforms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient } from '../support/client.js';
import { envelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const legacyGeneration = {
  generation_id: 'gen_old',
  created_at: 1675732000,
  images: [
    { id: 'img_01', size: { height: 512, width: 512 }, status: 'success', url: 'object-url' },
    { id: 'img_02', size: { height: 512, width: 512 }, status: 'failed', url: '' },
  ],
};
const upgradedGeneration = {
  generation_id: 'gen_old',
  created_at: 1675732000,
  media: [
    { id: 'img_01', dim: { height: 512, width: 512 }, status: 'success', url: 'object-url', type: 'image' },
    { id: 'img_02', dim: { height: 512, width: 512 }, status: 'failed', url: '', type: 'image' },
  ],
};

describe('legacy responses', () => {
  it('getGeneration in the baseline shape is upgraded, with a warning naming the version', async () => {
    server.on('GET', '/pub/v1/generations/gen_old', { json: envelope(legacyGeneration) });
    const { client, warnings, logs } = makeClient(server);
    const generation = await client.generations.get('gen_old');
    expect(generation).toEqual(upgradedGeneration);
    expect(warnings).toEqual([
      {
        code: 'legacy_response',
        operationId: 'getGeneration',
        version: 'baseline',
        message: 'the service answered in the legacy shape of API version baseline; the response was upgraded to the newest shape.',
      },
    ]);
    expect(logs).toContain(
      'warn getGeneration: the service answered in the legacy shape of API version baseline; the response was upgraded to the newest shape. {"code":"legacy_response","version":"baseline"}',
    );
  });

  it('generate, getMedia and listGenerations legacy shapes are upgraded too', async () => {
    server.on('POST', '/pub/v1/generations', {
      json: envelope({
        generation_id: 'gen_n',
        credits_remaining: 9,
        images: [{ id: 'img_9', image_size: { height: 8, width: 8 }, status: 'initiated', model: 'JuggernautXL' }],
      }),
    });
    server.on('GET', '/pub/v1/generations/media/img_9', { json: envelope({ id: 'img_9', size: { height: 8, width: 8 }, status: 'pending' }) });
    server.on('GET', '/pub/v1/generations', { json: { data: [legacyGeneration], err: {}, pagination: { page: 1, page_size: 10, total: 1 } } });
    const { client, warnings } = makeClient(server);

    const created = await client.generations.create({ model: 'JuggernautXL', prompt: 'p' });
    expect(created.media).toEqual([{ id: 'img_9', dim: { height: 8, width: 8 }, status: 'initiated', model: 'JuggernautXL', type: 'image' }]);
    expect(await client.media.get('img_9')).toEqual({ id: 'img_9', dim: { height: 8, width: 8 }, status: 'pending', type: 'image' });
    const listed = await client.generations.list();
    expect([...listed]).toEqual([upgradedGeneration]);
    expect(listed.pagination).toEqual({ page: 1, page_size: 10, total: 1 });
    expect(warnings.map((w) => [w.operationId, w.version])).toEqual([
      ['generateMedia', 'baseline'],
      ['getMedia', 'baseline'],
      ['listGenerations', 'baseline'],
    ]);
  });

  it('waitForGeneration works against a service answering in the legacy shape', async () => {
    server.on('GET', '/pub/v1/generations/gen_old2', [
      { json: envelope({ ...legacyGeneration, generation_id: 'gen_old2', images: [{ id: 'i', size: { height: 1, width: 1 }, status: 'pending' }] }) },
      { json: envelope({ ...legacyGeneration, generation_id: 'gen_old2', images: [{ id: 'i', size: { height: 1, width: 1 }, status: 'success', url: 'u' }] }) },
    ]);
    const { client } = makeClient(server);
    const outcome = await client.waitForGeneration('gen_old2', { intervalMs: 10 });
    expect(outcome.ok).toBe(true);
    expect(outcome.succeeded).toEqual([{ id: 'i', dim: { height: 1, width: 1 }, status: 'success', url: 'u', type: 'image' }]);
  });

  it('newest-shape bodies are left alone and not reported', async () => {
    const current = { generation_id: 'gen_new', created_at: 1, media: [{ id: 'm', dim: { height: 1, width: 1 }, type: 'video', status: 'success' }] };
    server.on('GET', '/pub/v1/generations/gen_new', { json: envelope(current) });
    const { client, warnings } = makeClient(server);
    expect(await client.generations.get('gen_new')).toEqual(current);
    expect(warnings).toEqual([]);
  });

  it('upgrader: false turns it off; a custom upgrader can replace it', async () => {
    const { client, warnings } = makeClient(server, { upgrader: false });
    expect(await client.generations.get('gen_old')).toEqual(legacyGeneration);
    expect(warnings).toEqual([]);
    const custom = makeClient(server, { upgrader: { upgrade: (_op, _status, body) => ({ body: { ...(body as object), data: 'custom' }, version: 'x' }) } });
    expect(await custom.client.generations.get('gen_old')).toBe('custom');
    expect(custom.warnings[0]).toMatchObject({ code: 'legacy_response', version: 'x' });
  });

  it('the cheap check agrees with the ledger fingerprint', () => {
    const cases: [string, unknown][] = [
      ['getGeneration', envelope(legacyGeneration)],
      ['getGeneration', envelope(upgradedGeneration)],
      ['getMedia', envelope({ id: 'm', size: { height: 1, width: 1 }, status: 'success' })],
      ['getMedia', envelope({ id: 'm', dim: { height: 1, width: 1 }, type: 'image', status: 'success' })],
      ['listGenerations', { data: [legacyGeneration] }],
      ['generateMedia', envelope({ generation_id: 'g', credits_remaining: 1, images: [] })],
      ['listModels', envelope([{ name: 'x', base_model: 'sd' }])],
    ];
    for (const [operationId, body] of cases) {
      const version = fingerprint(operationId, 200, body);
      expect(looksLegacy(operationId, 200, body), `${operationId} ${JSON.stringify(body)}`).toBe(version !== undefined && version !== '2025-05-07');
    }
  });
});
