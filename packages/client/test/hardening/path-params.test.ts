// Path parameters that would reach another endpoint are refused before anything is sent: empty, `.`
// and `..` (URL parsing resolves dot segments away, `%2e` spellings included). Against a server that
// redirects a trailing slash, as FastAPI does by default, `deleteImage(gen, '..')` would otherwise
// become `DELETE /pub/v1/generations/gen/`, follow the same-origin 307 and delete the generation.
import { createRawClient, type paths, ValidationError } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, makeClient } from '../support/client.js';
import { envelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  // The trap: a trailing-slash redirect to the generation itself, which deletes it.
  server.on('DELETE', '/pub/v1/generations/gen_1/', { status: 307, headers: { location: '/pub/v1/generations/gen_1' } });
  server.on('DELETE', '/pub/v1/generations/gen_1', { json: envelope({ id: 'gen_1' }) });
  server.on('GET', '/pub/v1/generations/gen_1', { json: envelope({ generation_id: 'gen_1', created_at: 1, media: [] }) });
});
afterAll(() => server.close());

const deletes = () => server.requests.filter((r) => r.method === 'DELETE').length;
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined as never,
    (e: unknown) => e as ValidationError,
  );

describe('path parameters', () => {
  it.each(['..', '.'])('deleteImage(gen, %j) is refused and nothing is deleted', async (imageId) => {
    const { client } = makeClient(server);
    const before = server.requests.length;
    const error = await rejection(client.deprecated.deleteImage('gen_1', imageId));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.local).toBe(true);
    expect(error.operationId).toBe('deleteImage');
    expect(error.issues).toEqual([
      { path: ['image_id'], message: `must not be ${JSON.stringify(imageId)}: a dot segment would reach another endpoint`, code: 'dot_segment' },
    ]);
    expect(server.requests.length).toBe(before);
    expect(deletes()).toBe(0);
  });

  it('every bad parameter of a call is named, empty ones and wrong types too', async () => {
    const { client } = makeClient(server);
    const error = await rejection(client.request('getImageStatus', { params: { generation_id: '', image_id: '..' } }));
    expect(error.message).toBe(
      'invalid getImageStatus request (not sent):\n  generation_id: required\n  image_id: must not be "..": a dot segment would reach another endpoint',
    );
    const typed = await rejection(client.request('getMedia', { params: { media_id: 7 as never } }));
    expect(typed.issues.map((i) => i.message)).toEqual(['expected string, got number']);
  });

  it('the raw client refuses them too, with the operation named, and still sends good ones', async () => {
    for (const raw of [makeClient(server).client.raw, createRawClient<paths>({ apiKey: API_KEY, baseUrl: server.url })]) {
      const before = server.requests.length;
      const error = await rejection(raw.DELETE('/pub/v1/generations/{generation_id}', { params: { path: { generation_id: '..' } } }));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.operationId).toBe('deleteGeneration');
      const viaRequest = await rejection(raw.request('get', '/pub/v1/generations/{generation_id}', { params: { path: { generation_id: '.' } } }));
      expect(viaRequest.operationId).toBe('getGeneration');
      expect(server.requests.length).toBe(before);
      const { data } = await raw.GET('/pub/v1/generations/{generation_id}', { params: { path: { generation_id: 'gen_1' } } });
      expect(data?.data.generation_id).toBe('gen_1');
    }
    expect(deletes()).toBe(0);
  });

  it('ids that merely contain dots, slashes or percent signs are sent encoded, as one segment', async () => {
    server.on('GET', '/pub/v1/generations/a..b', { json: envelope({ generation_id: 'a..b', created_at: 1, media: [] }) });
    const { client } = makeClient(server, { maxRetries: 0 });
    await expect(client.generations.get('a..b')).resolves.toMatchObject({ generation_id: 'a..b' });
    for (const id of ['../gen_1', '%2e%2e', '..%2F']) {
      await client.generations.get(id).catch(() => undefined);
      expect(server.requests.at(-1)!.path).toBe(`/pub/v1/generations/${encodeURIComponent(id)}`);
    }
  });
});
