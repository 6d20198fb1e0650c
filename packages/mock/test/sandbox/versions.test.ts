// `at`: the sandbox answers in the shapes of an API date and accepts requests in them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockError, type RunningSandbox, startSandbox } from '../../src/index.js';
import { call, item } from '../helpers.js';

describe('at 2024-09-03 (before media, dim and type)', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ at: '2024-09-03' });
  });
  afterAll(() => sandbox.stop());

  it('resolves the date to the baseline', () => {
    expect(sandbox.version).toBe('baseline');
  });

  it('generate answers images with image_size and no type', async () => {
    const answer = await call(sandbox.url, 'post', '/pub/v1/generations', { body: item() });
    expect(answer.status).toBe(200);
    expect(answer.body.data.media).toBeUndefined();
    expect(answer.body.data.images).toHaveLength(1);
    const [image] = answer.body.data.images;
    expect(image.image_size).toEqual({ height: 1024, width: 1024 });
    expect(image.dim).toBeUndefined();
    expect(image.type).toBeUndefined();
  });

  it('get and list answer images with size', async () => {
    const got = await call(sandbox.url, 'get', '/pub/v1/generations/gen_01');
    expect(got.body.data.images[0]).toMatchObject({ id: 'media_01', size: { height: 512, width: 512 }, status: 'success' });
    expect(got.body.data.images[0].type).toBeUndefined();
    const media = await call(sandbox.url, 'get', '/pub/v1/generations/media/media_01');
    expect(media.body.data.size).toEqual({ height: 512, width: 512 });
    expect(media.body.data.dim).toBeUndefined();
  });

  it('accepts the old query name image_id', async () => {
    const list = await call(sandbox.url, 'get', '/pub/v1/generations?image_id=img_01');
    expect(list.status).toBe(200);
    expect(list.body.data.map((g: { generation_id: string }) => g.generation_id)).toEqual(['gen_01']);
  });

  it('refuses what did not exist yet, naming the change', async () => {
    const narrator = await call(sandbox.url, 'post', '/pub/v1/generations', {
      body: [{ narrator: { image_asset_id: 'ast_imgxxxxx', script: 'hello', voice: 'Rachel' } }],
    });
    expect(narrator.status).toBe(422);
    expect(narrator.body.err.message).toMatch(/^\[0\]\.narrator: not available before 2024-09-04/);
    expect((await call(sandbox.url, 'get', '/pub/v1/models?type=flux')).status).toBe(422);
  });
});

describe('other dates', () => {
  it('2024-11-08 to 2024-12-03: style_detail yes, control nets for Flux not yet', async () => {
    const sandbox = await startSandbox({ at: '2024-12-03' });
    try {
      expect(sandbox.version).toBe('2024-11-08');
      const styled = await call(sandbox.url, 'post', '/pub/v1/generations', {
        body: [{ style_detail: { name: 'Bokeh', base_model: 'sdxl' }, prompt: { positive: 'x' } }],
      });
      expect(styled.status).toBe(200);
      expect(styled.body.data.media[0]).toMatchObject({ type: 'image', style_detail: { name: 'Bokeh', base_model: 'sdxl' } });
      expect((await call(sandbox.url, 'get', '/pub/v1/controlnets?type=flux')).status).toBe(422);
      expect((await call(sandbox.url, 'get', '/pub/v1/controlnets?type=sdxl')).status).toBe(200);
    } finally {
      await sandbox.stop();
    }
  });

  it('an invalid date is a typed error', async () => {
    const error = await startSandbox({ at: 'yesterday' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MockError);
    expect((error as MockError).code).toBe('invalid_version');
  });
});
