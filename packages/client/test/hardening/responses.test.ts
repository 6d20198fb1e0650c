// Broken successes and oversized bodies end in a typed error, never in `undefined`, a raw
// TypeError or unbounded memory: an empty body or `data: null` on a 2xx is ResponseParseError (also
// in the middle of a wait), a body above `maxResponseBytes` is ResponseTooLargeError whether or not
// it announces its length.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createRawClient, type paths, ResponseParseError, ResponseTooLargeError } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, makeClient } from '../support/client.js';
import { envelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const generation = (id: string) => ({ generation_id: id, created_at: 1, media: [{ id: 'm', dim: { height: 1, width: 1 }, type: 'image', status: 'pending' }] });

describe('broken successes', () => {
  it.each([
    ['an empty body', { status: 200, text: '' }, /the 200 response is empty/],
    ['an empty chunked body', { status: 200, chunks: [] }, /the 200 response is empty/],
    ['a 204', { status: 204 }, /the 204 response is empty/],
    ['data: null', { json: { data: null, err: {} } }, /has no data/],
    ['no data at all', { json: { err: {} } }, /not the \{ data, err \} envelope/],
  ])('%s → ResponseParseError', async (_name, reply, message) => {
    const path = `/pub/v1/generations/gen_broken_${_name.replace(/\W+/g, '_')}`;
    server.on('GET', path, reply);
    const { client } = makeClient(server);
    const error = await client.generations.get(path.split('/').at(-1)!).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseParseError);
    expect((error as Error).message).toMatch(message);
  });

  it('data: null in the middle of a wait ends it with ResponseParseError, not a TypeError', async () => {
    server.on('GET', '/pub/v1/generations/gen_null', [{ json: envelope(generation('gen_null')) }, { json: { data: null, err: {} } }]);
    const { client } = makeClient(server);
    const error = await client.waitForGeneration('gen_null', { intervalMs: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseParseError);
    expect(server.hits('GET', '/pub/v1/generations/gen_null')).toBe(2);
  });
});

describe('response size cap', () => {
  const big = JSON.stringify(envelope({ generation_id: 'gen_big', created_at: 1, media: [], pad: 'x'.repeat(5000) }));

  it('a body announced larger than maxResponseBytes is refused without reading it', async () => {
    server.on('GET', '/pub/v1/generations/gen_big', { text: big, headers: { 'content-type': 'application/json' } });
    const { client } = makeClient(server, { maxResponseBytes: 4096 });
    const error = (await client.generations.get('gen_big').catch((e: unknown) => e)) as ResponseTooLargeError;
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.limitBytes).toBe(4096);
    expect(error.message).toBe('the response to GET /pub/v1/generations/gen_big is larger than 4096 bytes (maxResponseBytes); the rest was not read.');
  });

  it('a chunked body is cut off once it passes the cap, also on an error status and through raw', async () => {
    const chunks = Array.from({ length: 10 }, () => 'y'.repeat(1000));
    server.on('GET', '/pub/v1/generations/gen_chunked', { chunks: ['{"data":{"pad":"', ...chunks, '"},"err":{}}'] });
    server.on('GET', '/pub/v1/generations/gen_chunked_500', { status: 500, chunks });
    const { client } = makeClient(server, { maxResponseBytes: 4096, maxRetries: 0 });
    await expect(client.generations.get('gen_chunked')).rejects.toBeInstanceOf(ResponseTooLargeError);
    await expect(client.generations.get('gen_chunked_500')).rejects.toBeInstanceOf(ResponseTooLargeError);
    const raw = createRawClient<paths>({ apiKey: API_KEY, baseUrl: server.url, maxResponseBytes: 4096 });
    await expect(raw.GET('/pub/v1/generations/{generation_id}', { params: { path: { generation_id: 'gen_chunked' } } })).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
  });

  it('the default cap (16 MiB) lets ordinary answers through, and is not retried', async () => {
    server.on('GET', '/pub/v1/generations/gen_ok', { chunks: [JSON.stringify(envelope({ generation_id: 'gen_ok', created_at: 1, media: [] }))] });
    const { client } = makeClient(server);
    await expect(client.generations.get('gen_ok')).resolves.toMatchObject({ generation_id: 'gen_ok' });
    const small = makeClient(server, { maxResponseBytes: 10, maxRetries: 3 }).client;
    const before = server.hits('GET', '/pub/v1/generations/gen_ok');
    await expect(small.generations.get('gen_ok')).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(server.hits('GET', '/pub/v1/generations/gen_ok')).toBe(before + 1);
  });

  it('a compressed body is counted in decoded bytes, whatever its Content-Length says', async () => {
    // 8 MiB of JSON padding, some kB on the wire: the announced length is far below the cap.
    const inflated = Buffer.from(JSON.stringify(envelope({ generation_id: 'gen_z', created_at: 1, media: [], pad: ' '.repeat(8 << 20) })));
    const codings = { gzip: gzipSync(inflated), br: brotliCompressSync(inflated) };
    for (const [coding, body] of Object.entries(codings)) {
      expect(body.byteLength).toBeLessThan(64 * 1024);
      server.on('GET', `/pub/v1/generations/gen_${coding}`, { text: body, headers: { 'content-encoding': coding, 'content-length': String(body.byteLength) } });
      server.on('GET', `/pub/v1/generations/gen_${coding}_chunked`, { chunks: [body], headers: { 'content-encoding': coding } });
    }
    // Decoding 8 MiB takes seconds on a loaded machine: the harness's 5 s limit is not what this test is about.
    const { client } = makeClient(server, { maxResponseBytes: 1 << 20, maxRetries: 0, timeoutMs: 120_000 });
    for (const id of ['gen_gzip', 'gen_br', 'gen_gzip_chunked', 'gen_br_chunked']) {
      const error = (await client.generations.get(id).catch((e: unknown) => e)) as ResponseTooLargeError;
      expect(error, id).toBeInstanceOf(ResponseTooLargeError);
      expect(error.message).toBe(`the response to GET /pub/v1/generations/${id} is larger than 1 MiB (maxResponseBytes); the rest was not read.`);
    }
    // Under the cap, a compressed body reads as usual.
    const roomy = makeClient(server, { maxResponseBytes: 16 << 20 }).client;
    await expect(roomy.generations.get('gen_gzip')).resolves.toMatchObject({ generation_id: 'gen_z' });
  });
});
