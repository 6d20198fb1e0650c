// Assets (upload slots on the sandbox itself, the upload, get, list, archive), characters, and the
// seeded catalogue.
import { operationById, validate } from '@mediagen/schema';
import { makePng } from '@mediagen/schema/util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../src/index.js';
import { call } from '../helpers.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ fixtures: false });
});
afterAll(() => sandbox.stop());

const valid = (operationId: string, body: unknown) => expect(validate(operationById(operationId)!.success.schema, body).errors).toEqual([]);
const names = (body: { data: { name: string }[] }) => body.data.map((entry) => entry.name);

describe('assets', () => {
  it('v1 upload returns a pending asset and an upload URL on the sandbox; PUT makes it active', async () => {
    const slot = await call(sandbox.url, 'post', '/pub/v1/assets/upload', { body: { size: { height: 300, width: 200 } } });
    expect(slot.status).toBe(201);
    valid('uploadAsset', slot.body);
    const { asset, upload_url } = slot.body.data;
    expect(asset).toMatchObject({ status: 'pending', type: 'image', tags: ['api'], data: { size: { height: 300, width: 200 } } });
    expect(upload_url).toMatch(new RegExp(`^${sandbox.url}/uploads/${asset.id}\\?signature=[0-9a-f]{32}$`));

    // The real size of an uploaded PNG replaces the declared one.
    const png = makePng({ width: 30, height: 50, from: [10, 20, 30], to: [200, 100, 0] });
    const put = await fetch(upload_url, { method: 'PUT', body: png, headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);
    const got = await call(sandbox.url, 'get', `/pub/v2/assets/${asset.id}`);
    valid('getAssetV2', got.body);
    expect(got.body.data).toMatchObject({ id: asset.id, status: 'active', type: 'image', size: { height: 50, width: 30 }, bytes: png.length });
    const file = await fetch(got.body.data.url);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png);
  });

  it('v2 upload takes the type; videos carry duration and frames', async () => {
    const slot = await call(sandbox.url, 'post', '/pub/v2/assets/upload?type=video', { body: { size: { height: 1080, width: 1920 } } });
    expect(slot.status).toBe(201);
    valid('uploadAssetV2', slot.body);
    expect(slot.body.data).toMatchObject({ type: 'video', size: { height: 1080, width: 1920 } });
    expect(slot.body.data.upload_url).toMatch(new RegExp(`^${sandbox.url}/uploads/${slot.body.data.id}\\?signature=[0-9a-f]{32}$`));
    const put = await fetch(slot.body.data.upload_url, { method: 'PUT', body: new Uint8Array(1000) });
    expect(put.status).toBe(200);
    const got = await call(sandbox.url, 'get', `/pub/v2/assets/${slot.body.data.id}`);
    expect(got.body.data).toMatchObject({ status: 'active', duration: 5, frames: 150, bytes: 1000 });
    expect((await call(sandbox.url, 'post', '/pub/v2/assets/upload?type=pdf', { body: { size: { height: 1, width: 1 } } })).status).toBe(422);
  });

  it('lists assets paginated and archives them', async () => {
    const list = await call(sandbox.url, 'get', '/pub/v2/assets?page_size=1');
    valid('listAssetsV2', list.body);
    expect(list.body.pagination).toEqual({ page: 1, page_size: 1, total: 2 });
    const [first] = list.body.data;
    const archived = await call(sandbox.url, 'post', '/pub/v1/assets/archive', { body: { ids: [first.id, 'ast_nope'] } });
    expect(archived.status).toBe(200);
    valid('archiveAssets', archived.body);
    expect(archived.body.data).toEqual([expect.objectContaining({ id: first.id, status: 'archive' })]);
    expect(archived.body.err).toEqual({ code: 'not_found', message: 'asset ast_nope not found' });
    expect((await call(sandbox.url, 'get', '/pub/v2/assets')).body.pagination.total).toBe(1);
    expect((await call(sandbox.url, 'get', `/pub/v2/assets/${first.id}`)).body.data.status).toBe('archive');
    expect((await call(sandbox.url, 'post', '/pub/v1/assets/archive', { body: { ids: ['ast_nope'] } })).status).toBe(404);
    expect((await call(sandbox.url, 'get', '/pub/v2/assets/ast_nope')).status).toBe(404);
    expect((await fetch(`${sandbox.url}/uploads/ast_nope`, { method: 'PUT', body: 'x' })).status).toBe(403);
  });
});

describe('the upload and file URLs', () => {
  it('refuses a PUT without the signature the sandbox issued, to a fixture or a fresh asset', async () => {
    const slot = await call(sandbox.url, 'post', '/pub/v2/assets/upload', { body: { size: { height: 8, width: 8 } } });
    const unsigned = slot.body.data.upload_url.split('?')[0];
    for (const url of [`${sandbox.url}/uploads/ast_01`, unsigned, `${unsigned}?signature=0000000000000000`]) {
      const put = await fetch(url, { method: 'PUT', body: '<script>alert(1)</script>', headers: { 'content-type': 'text/html' } });
      expect(put.status, url).toBe(403);
      expect((await put.json()).err.code).toBe('forbidden');
    }
    expect((await call(sandbox.url, 'get', `/pub/v2/assets/${slot.body.data.id}`)).body.data.status).toBe('pending');
  });

  it('serves a stored file with a type of its kind and nosniff, never the HTML it was sent as', async () => {
    const slot = await call(sandbox.url, 'post', '/pub/v2/assets/upload', { body: { size: { height: 8, width: 8 } } });
    const put = await fetch(slot.body.data.upload_url, { method: 'PUT', body: '<script>alert(1)</script>', headers: { 'content-type': 'text/html' } });
    expect(put.status).toBe(200);
    const file = await fetch(slot.body.data.url);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('caps upload bodies (413) and API bodies (413) in the envelope', async () => {
    const slot = await call(sandbox.url, 'post', '/pub/v2/assets/upload', { body: { size: { height: 8, width: 8 } } });
    const big = await fetch(slot.body.data.upload_url, { method: 'PUT', body: new Uint8Array(33 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect((await big.json()).err.code).toBe('payload_too_large');
    const bigJson = await call(sandbox.url, 'post', '/pub/v1/generations', { rawBody: `[${'1,'.repeat(600_000)}1]` });
    expect(bigJson.status).toBe(413);
  });
});

describe('characters', () => {
  it('creates from an uploaded image, refuses duplicates and unknown assets, lists with pagination', async () => {
    const slot = await call(sandbox.url, 'post', '/pub/v2/assets/upload', { body: { size: { height: 512, width: 512 } } });
    const request = { asset_id: slot.body.data.id, character_type: 'realistic', name: 'mira', prompt: 'a woman, 30, red hair' };
    const early = await call(sandbox.url, 'post', '/pub/v1/characters', { body: request });
    expect(early.status).toBe(422);
    expect(early.body.err.message).toContain('has not been uploaded');
    await fetch(slot.body.data.upload_url, { method: 'PUT', body: new Uint8Array(10) });
    const created = await call(sandbox.url, 'post', '/pub/v1/characters', { body: request });
    expect(created.status).toBe(201);
    valid('createCharacter', created.body);
    expect(created.body.data).toMatchObject({ name: 'mira', character_type: 'realistic', system_character: false, input_image: slot.body.data.url });
    const duplicate = await call(sandbox.url, 'post', '/pub/v1/characters', { body: request });
    expect(duplicate.body.err.message).toBe('name: a character named "mira" already exists');
    expect((await call(sandbox.url, 'post', '/pub/v1/characters', { body: { ...request, name: 'x', asset_id: 'ast_nope' } })).status).toBe(422);
    expect((await call(sandbox.url, 'post', '/pub/v1/characters', { body: { ...request, character_type: 'Realistic' } })).status).toBe(422);

    const all = await call(sandbox.url, 'get', '/pub/v1/characters');
    valid('listCharacters', all.body);
    expect(all.body.pagination.total).toBe(3);
    const page = await call(sandbox.url, 'get', '/pub/v1/characters?page=3&page_size=1');
    expect(page.body.data.map((c: { name: string }) => c.name)).toEqual(['mira']);
    expect(page.body.pagination).toEqual({ page: 3, page_size: 1, total: 3 });
  });
});

describe('catalogue', () => {
  it('lists models of every base model, filterable by type', async () => {
    const models = await call(sandbox.url, 'get', '/pub/v1/models');
    valid('listModels', models.body);
    expect(models.body.data).toEqual(
      expect.arrayContaining([
        { name: 'Flux', base_model: 'flux' },
        { name: 'JuggernautXL', base_model: 'sdxl' },
      ]),
    );
    expect(models.body.data.some((m: { base_model: string }) => m.base_model === 'sd 1.5')).toBe(true);
    const sd = await call(sandbox.url, 'get', '/pub/v1/models?type=sd');
    expect(sd.body.data.every((m: { base_model: string }) => m.base_model === 'sd 1.5')).toBe(true);
  });

  it('lists styles (Bokeh and Flux styles), control nets (?type=flux: Canny, Depth), LoRAs and voices', async () => {
    const styles = await call(sandbox.url, 'get', '/pub/v1/styles');
    expect(names(styles.body)).toContain('Bokeh');
    expect((await call(sandbox.url, 'get', '/pub/v1/styles?type=flux')).body.data.length).toBeGreaterThanOrEqual(2);
    const flux = await call(sandbox.url, 'get', '/pub/v1/controlnets?type=flux');
    valid('listControlnets', flux.body);
    expect(flux.body.data).toEqual([
      { name: 'Canny', base_model: 'flux' },
      { name: 'Depth', base_model: 'flux' },
    ]);
    const loras = await call(sandbox.url, 'get', '/pub/v1/loras');
    expect(loras.body.data.every((l: { base_model?: string }) => typeof l.base_model === 'string')).toBe(true);
    const voices = await call(sandbox.url, 'get', '/pub/v1/voices?page_size=2');
    valid('listVoices', voices.body);
    expect(names(voices.body)).toEqual(['Rachel', 'Adam']);
    expect(voices.body.pagination.total).toBeGreaterThan(2);
  });
});
