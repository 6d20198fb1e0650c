// A video asset's metadata are the uploaded file's own: a narrator input's frame rate and size are read
// from the WebM, as the service would read them, so the suite's 60 fps video is refused.
import { describe, expect, it } from 'vitest';
import { createSandbox, makeWebm } from '../../src/sandbox/index.js';
import { webmInfo } from '../../src/sandbox/webm.js';

describe('WebM metadata', () => {
  it('reads back what the builder wrote', () => {
    expect(webmInfo(makeWebm({ fps: 60, frames: 60 }))).toEqual({ width: 48, height: 80, frames: 60, duration: 1 });
    expect(webmInfo(makeWebm({ fps: 5, frames: 10, landscape: true }))).toEqual({ width: 80, height: 48, frames: 10, duration: 2 });
  });

  it('gives nothing (never throws) for what is not a WebM, or a cut one', () => {
    const whole = makeWebm({ fps: 5, frames: 5 });
    expect(webmInfo(new Uint8Array(256).fill(7))).toBeUndefined();
    for (const cut of [4, 40, 100, whole.length - 3]) expect(() => webmInfo(whole.subarray(0, cut))).not.toThrow();
    expect(webmInfo(new Uint8Array(0))).toBeUndefined();
  });

  it('sets an uploaded video asset\u2019s size, frames and duration, which the narrator limits read', async () => {
    const sandbox = createSandbox({ apiKeys: ['k'] });
    const call = (method: string, path: string, body?: unknown) =>
      sandbox.app.request(path, {
        method,
        headers: { 'x-api-key': 'k', 'content-type': 'application/json', host: '127.0.0.1' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const slot = (await (await call('POST', '/pub/v2/assets/upload?type=video', { size: { height: 720, width: 1280 } })).json()) as {
      data: { id: string; upload_url: string };
    };
    const url = new URL(slot.data.upload_url);
    const put = await sandbox.app.request(`${url.pathname}${url.search}`, {
      method: 'PUT',
      headers: { 'content-type': 'video/webm', host: '127.0.0.1' },
      body: makeWebm({ fps: 60, frames: 60 }),
    });
    expect(put.status).toBeLessThan(300);
    const asset = (await (await call('GET', `/pub/v2/assets/${slot.data.id}`)).json()) as { data: Record<string, unknown> };
    expect(asset.data).toMatchObject({ size: { width: 48, height: 80 }, frames: 60, duration: 1 });
    const narrator = [{ narrator: { image_asset_id: 'ast_imgxxxxx', video_asset_id: slot.data.id, script: 'Hello', voice: 'Rachel' } }];
    const refused = await call('POST', '/pub/v1/generations', narrator);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain('fps');
  });
});
