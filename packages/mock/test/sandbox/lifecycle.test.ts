// The life of a generation in the sandbox, driven by an injected clock: initiated → pending →
// success (or failed), the files its media URLs serve, and both deletes.
import { inflateSync } from 'node:zlib';
import { operationById, validate } from '@mediagen/schema';
import { crc32 } from '@mediagen/schema/util';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock, type RunningSandbox, startSandbox } from '../../src/index.js';
import { call, item } from '../helpers.js';

const running: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

async function sandboxWithClock(options: Parameters<typeof startSandbox>[0] = {}) {
  const clock = manualClock();
  const sandbox = await startSandbox({ now: clock.now, delays: { pendingMs: 1000, completeMs: 3000 }, ...options });
  running.push(sandbox);
  return { sandbox, clock };
}

const successSchema = (operationId: string) => operationById(operationId)!.success.schema;

/** Checks the PNG's structure chunk by chunk and returns its size and decompressed scanlines. */
function readPng(bytes: Uint8Array) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: { type: string; data: Uint8Array }[] = [];
  let offset = 8;
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    expect(view.getUint32(offset + 8 + length), `CRC of ${type}`).toBe(crc32(bytes, offset + 4, offset + 8 + length));
    chunks.push({ type, data });
    offset += 12 + length;
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const ihdr = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset, 13);
  const width = ihdr.getUint32(0);
  const height = ihdr.getUint32(4);
  const raw = inflateSync(chunks[1]!.data);
  return { width, height, raw };
}

describe('generation lifecycle', () => {
  it('goes initiated → pending → success as the clock moves, and serves a real PNG', async () => {
    const { sandbox, clock } = await sandboxWithClock();
    const created = await call(sandbox.url, 'post', '/pub/v1/generations', { body: item({ batch_size: 2, aspect_ratio: '16:9' }) });
    expect(created.status).toBe(200);
    expect(validate(successSchema('generateMedia'), created.body).success).toBe(true);
    const { generation_id, media } = created.body.data;
    expect(media).toHaveLength(2);
    expect(media.map((m: { status: string }) => m.status)).toEqual(['initiated', 'initiated']);
    expect(media[0].dim).toEqual({ height: 768, width: 1344 });

    const statusAt = async () => {
      const got = await call(sandbox.url, 'get', `/pub/v1/generations/${generation_id}`);
      expect(got.status).toBe(200);
      expect(validate(successSchema('getGeneration'), got.body).success).toBe(true);
      return got.body.data.media.map((m: { status: string }) => m.status);
    };
    expect(await statusAt()).toEqual(['initiated', 'initiated']);
    clock.advance(999);
    expect(await statusAt()).toEqual(['initiated', 'initiated']);
    clock.advance(1);
    expect(await statusAt()).toEqual(['pending', 'pending']);
    const pending = await call(sandbox.url, 'get', `/pub/v1/generations/media/${media[0].id}`);
    expect(pending.body.data.url).toBeUndefined();
    clock.advance(2000);
    expect(await statusAt()).toEqual(['success', 'success']);

    const done = await call(sandbox.url, 'get', `/pub/v1/generations/media/${media[0].id}`);
    expect(validate(successSchema('getMedia'), done.body).success).toBe(true);
    expect(done.body.data).toMatchObject({ id: media[0].id, status: 'success', type: 'image' });
    expect(done.body.data.url).toBe(`${sandbox.url}/files/${media[0].id}.png`);

    const file = await fetch(done.body.data.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const png = readPng(new Uint8Array(await file.arrayBuffer()));
    expect(png.width / png.height).toBeCloseTo(1344 / 768, 1);
    expect(Math.max(png.width, png.height)).toBeLessThanOrEqual(64);
    expect(png.raw.length).toBe(png.height * (1 + png.width * 3));
  });

  it('marks the configured share of media failed, with an empty url and no file', async () => {
    const { sandbox, clock } = await sandboxWithClock({ failureRate: 1 });
    const created = await call(sandbox.url, 'post', '/pub/v1/generations', { body: item() });
    const id = created.body.data.media[0].id;
    clock.advance(3000);
    const got = await call(sandbox.url, 'get', `/pub/v1/generations/media/${id}`);
    expect(got.body.data).toMatchObject({ status: 'failed', url: '' });
    expect((await fetch(`${sandbox.url}/files/${id}.png`)).status).toBe(404);
  });

  it('lists generations newest first, filtered by status, media and generation id, paginated', async () => {
    const { sandbox, clock } = await sandboxWithClock({ fixtures: false });
    const first = await call(sandbox.url, 'post', '/pub/v1/generations', { body: item() });
    clock.advance(10);
    const second = await call(sandbox.url, 'post', '/pub/v1/generations', { body: item() });
    const list = await call(sandbox.url, 'get', '/pub/v1/generations');
    expect(validate(successSchema('listGenerations'), list.body).success).toBe(true);
    expect(list.body.data.map((g: { generation_id: string }) => g.generation_id)).toEqual([second.body.data.generation_id, first.body.data.generation_id]);
    expect(list.body.pagination).toEqual({ page: 1, page_size: 10, total: 2 });
    expect((await call(sandbox.url, 'get', '/pub/v1/generations?status=success')).body.data).toHaveLength(0);
    clock.advance(5000);
    expect((await call(sandbox.url, 'get', '/pub/v1/generations?status=success')).body.data).toHaveLength(2);
    const byMedia = await call(sandbox.url, 'get', `/pub/v1/generations?media_id=${first.body.data.media[0].id}`);
    expect(byMedia.body.data.map((g: { generation_id: string }) => g.generation_id)).toEqual([first.body.data.generation_id]);
    const page2 = await call(sandbox.url, 'get', '/pub/v1/generations?page=2&page_size=1');
    expect(page2.body.data[0].generation_id).toBe(first.body.data.generation_id);
    expect(page2.body.pagination).toEqual({ page: 2, page_size: 1, total: 2 });
  });

  it('serves a real WebM for a finished video', async () => {
    const { sandbox, clock } = await sandboxWithClock();
    const created = await call(sandbox.url, 'post', '/pub/v1/generations', {
      body: [{ video_anyone: { asset_id: 'ast_01', prompt: 'Camera static, a woman riding a bicycle', duration: 5 } }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const media = created.body.data.media[0];
    expect(media).toMatchObject({ type: 'video', dim: { height: 1280, width: 768 } });
    clock.advance(3000);
    const got = await call(sandbox.url, 'get', `/pub/v1/generations/media/${media.id}`);
    expect(got.body.data.url).toBe(`${sandbox.url}/files/${media.id}.webm`);
    const file = await fetch(got.body.data.url);
    expect(file.headers.get('content-type')).toBe('video/webm');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // EBML
    expect(Buffer.from(bytes).includes('webm')).toBe(true); // DocType
    expect(Buffer.from(bytes).includes('V_VP8')).toBe(true); // CodecID
  });
});

describe('deletes', () => {
  it('deleteMedia removes one item and keeps its siblings', async () => {
    const { sandbox } = await sandboxWithClock();
    const created = await call(sandbox.url, 'post', '/pub/v1/generations', { body: item({ batch_size: 3 }) });
    const { generation_id, media } = created.body.data;
    const removed = await call(sandbox.url, 'delete', `/pub/v1/generations/media/${media[1].id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { id: media[1].id }, err: {} });
    expect((await call(sandbox.url, 'get', `/pub/v1/generations/media/${media[1].id}`)).status).toBe(404);
    expect((await call(sandbox.url, 'delete', `/pub/v1/generations/media/${media[1].id}`)).status).toBe(404);
    const left = await call(sandbox.url, 'get', `/pub/v1/generations/${generation_id}`);
    expect(left.body.data.media.map((m: { id: string }) => m.id)).toEqual([media[0].id, media[2].id]);
    expect((await call(sandbox.url, 'get', `/pub/v1/generations/media/${media[0].id}`)).status).toBe(200);
  });

  it('deleteGeneration removes the generation and all of its media', async () => {
    const { sandbox } = await sandboxWithClock();
    const created = await call(sandbox.url, 'post', '/pub/v1/generations', { body: item({ batch_size: 2 }) });
    const { generation_id, media } = created.body.data;
    const removed = await call(sandbox.url, 'delete', `/pub/v1/generations/${generation_id}`);
    expect(removed.body).toEqual({ data: { id: generation_id }, err: {} });
    const gone = await call(sandbox.url, 'get', `/pub/v1/generations/${generation_id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.err.code).toBe('not_found');
    for (const m of media) expect((await call(sandbox.url, 'get', `/pub/v1/generations/media/${m.id}`)).status).toBe(404);
    expect((await call(sandbox.url, 'get', `/pub/v1/generations?generation_id=${generation_id}`)).body.data).toEqual([]);
  });
});

describe('deprecated operations behave like their replacements', () => {
  it('status endpoints report per image, image_id being the media id', async () => {
    const { sandbox, clock } = await sandboxWithClock({ failureRate: 0.5, seed: 3 });
    const created = await call(sandbox.url, 'post', '/pub/v1/generations', { body: item({ batch_size: 4 }) });
    const { generation_id, media } = created.body.data;
    const before = await call(sandbox.url, 'get', `/pub/v1/generations/${generation_id}/status`);
    expect(before.body.data.map((s: { status: string }) => s.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    clock.advance(3000);
    const modern = await call(sandbox.url, 'get', `/pub/v1/generations/${generation_id}`);
    const legacy = await call(sandbox.url, 'get', `/pub/v1/generations/${generation_id}/status`);
    expect(validate(successSchema('getGenerationStatus'), legacy.body).success).toBe(true);
    expect(legacy.body.data).toEqual(modern.body.data.media.map((m: { id: string; status: string }) => ({ image_id: m.id, status: m.status })));
    const one = await call(sandbox.url, 'get', `/pub/v1/generations/${generation_id}/images/${media[0].id}/status`);
    expect(validate(successSchema('getImageStatus'), one.body).success).toBe(true);
    expect(one.body.data).toEqual(legacy.body.data[0]);
  });

  it('deleteImage deletes one image of its generation only', async () => {
    const { sandbox } = await sandboxWithClock();
    const a = await call(sandbox.url, 'post', '/pub/v1/generations', { body: item({ batch_size: 2 }) });
    const b = await call(sandbox.url, 'post', '/pub/v1/generations', { body: item() });
    const [first, second] = a.body.data.media;
    const wrongGeneration = await call(sandbox.url, 'delete', `/pub/v1/generations/${b.body.data.generation_id}/images/${first.id}`);
    expect(wrongGeneration.status).toBe(404);
    const removed = await call(sandbox.url, 'delete', `/pub/v1/generations/${a.body.data.generation_id}/images/${first.id}`);
    expect(removed.body).toEqual({ data: { id: first.id }, err: {} });
    const left = await call(sandbox.url, 'get', `/pub/v1/generations/${a.body.data.generation_id}`);
    expect(left.body.data.media.map((m: { id: string }) => m.id)).toEqual([second.id]);
  });
});
