// uploadFile: a v2 slot, then the bytes PUT to the presigned URL (raw bytes, the file's
// Content-Type, no X-API-KEY), then optionally a poll until the asset is ready.
import { UploadError } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient } from '../support/client.js';
import { envelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const slot = (id: string, type = 'image') => ({
  id,
  type,
  size: { height: 64, width: 48 },
  url: `https://cdn.example/${id}`,
  upload_url: `${server.url}/upload/${id}?X-Amz-Signature=abc123`,
});

describe('assets.uploadFile', () => {
  it('requests a slot, PUTs the bytes and returns the pending asset', async () => {
    server.on('POST', '/pub/v2/assets/upload', { status: 201, json: envelope(slot('ast_u1')) });
    server.on('PUT', '/upload/ast_u1', { status: 200, text: '' });
    const { client } = makeClient(server);
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]);

    const asset = await client.assets.uploadFile({ bytes, size: { width: 48, height: 64 }, contentType: 'image/png' });

    expect(asset).toEqual({ id: 'ast_u1', type: 'image', status: 'pending', size: { height: 64, width: 48 }, url: 'https://cdn.example/ast_u1' });
    const [slotRequest] = server.requestsTo('POST', '/pub/v2/assets/upload');
    expect(slotRequest!.json).toEqual({ size: { height: 64, width: 48 } });
    expect(slotRequest!.query.get('type')).toBe('image');
    const [put] = server.requestsTo('PUT', '/upload/ast_u1');
    expect(put!.query.get('X-Amz-Signature')).toBe('abc123');
    expect([...put!.body]).toEqual([...bytes]);
    expect(put!.headers['content-type']).toBe('image/png');
    expect(put!.headers['x-api-key']).toBeUndefined();
  });

  it('sends a Blob with its own type, and waits for the asset when asked', async () => {
    server.on('POST', '/pub/v2/assets/upload', { status: 201, json: envelope(slot('ast_u2', 'video')) });
    server.on('PUT', '/upload/ast_u2', { status: 200, text: '' });
    const asset = (status: string) => ({ id: 'ast_u2', type: 'video', status, size: { height: 64, width: 48 }, url: 'u', duration: 5, frames: 150 });
    server.on('GET', '/pub/v2/assets/ast_u2', [{ json: envelope(asset('pending')) }, { json: envelope(asset('active')) }]);
    const { client } = makeClient(server);
    const blob = new Blob([new Uint8Array(1024).fill(7)], { type: 'video/webm' });

    const result = await client.assets.uploadFile({ type: 'video', bytes: blob, size: { width: 48, height: 64 }, wait: { intervalMs: 10 } });

    expect(result).toEqual(asset('active'));
    const [put] = server.requestsTo('PUT', '/upload/ast_u2');
    expect(put!.body.length).toBe(1024);
    expect(put!.headers['content-type']).toBe('video/webm');
    expect(server.requestsTo('POST', '/pub/v2/assets/upload').at(-1)!.query.get('type')).toBe('video');
    expect(server.hits('GET', '/pub/v2/assets/ast_u2')).toBe(2);
  });

  it('retries the PUT after a 503 and fails with UploadError on a 403 (without the signed URL)', async () => {
    server.on('POST', '/pub/v2/assets/upload', (request) => ({
      status: 201,
      json: envelope(slot(request.headers['x-test-id'] === 'b' ? 'ast_u4' : 'ast_u3')),
    }));
    server.on('PUT', '/upload/ast_u3', [
      { status: 503, text: 'busy' },
      { status: 200, text: '' },
    ]);
    server.on('PUT', '/upload/ast_u4', { status: 403, text: '<Error>SignatureDoesNotMatch</Error>' });
    const { client } = makeClient(server, { headers: { 'x-test-id': 'a' } });
    await expect(client.assets.uploadFile({ bytes: new Uint8Array([1]), size: { width: 1, height: 1 } })).resolves.toMatchObject({ id: 'ast_u3' });
    expect(server.hits('PUT', '/upload/ast_u3')).toBe(2);

    const { client: other } = makeClient(server, { headers: { 'x-test-id': 'b' } });
    const error = (await other.assets.uploadFile({ bytes: new Uint8Array([1]), size: { width: 1, height: 1 } }).catch((e: unknown) => e)) as UploadError;
    expect(error).toBeInstanceOf(UploadError);
    expect(error.status).toBe(403);
    expect(error.assetId).toBe('ast_u4');
    expect(error.message).toMatch(/^upload of asset ast_u4 to 127\.0\.0\.1:\d+ failed: 403/);
    expect(error.message).not.toContain('Signature');
    expect(server.hits('PUT', '/upload/ast_u4')).toBe(1);
  });
});
