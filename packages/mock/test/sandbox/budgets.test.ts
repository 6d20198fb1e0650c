// What the sandbox holds is bounded: uploaded files (count and bytes; archiving frees them), records
// (deleting frees room), made media files (a byte-bounded cache whose dropped files are made again
// byte for byte). Past a budget the answer is 503 `budget_exceeded` in the envelope. Upload URLs
// carry a random token: one derived from the public seed, as they used to be, opens nothing, and
// fixtures cannot be written at all. In-process, with small budgets.
import { describe, expect, it } from 'vitest';
import { createSandbox, manualClock, SANDBOX_DEFAULTS, type SandboxOptions } from '../../src/index.js';
import { hashString } from '../../src/sandbox/rng.js';
import { type Answer, item, KEY } from '../helpers.js';

function sandboxWith(options: SandboxOptions) {
  const { app, state, parts } = createSandbox(options);
  const request = async (method: string, path: string, body?: unknown, raw?: Uint8Array) => {
    const response = await app.request(path, {
      method,
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      ...(raw ? { body: raw as Uint8Array<ArrayBuffer> } : body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };
  const slot = async () => (await request('POST', '/pub/v2/assets/upload', { size: { height: 8, width: 8 } })).body.data as { id: string; upload_url: string };
  const upload = (url: string, bytes: number) => request('PUT', new URL(url).pathname + new URL(url).search, undefined, new Uint8Array(bytes));
  return { app, state, parts, request, slot, upload };
}

describe('upload budgets', () => {
  it('bytes held: an upload past the total is refused; archiving frees its bytes', async () => {
    const box = sandboxWith({ budgets: { uploadTotalBytes: 1000 } });
    const first = await box.slot();
    expect((await box.upload(first.upload_url, 600)).status).toBe(200);
    const second = await box.slot();
    const refused = await box.upload(second.upload_url, 600);
    expect(refused.status).toBe(503);
    expect(refused.body.err.code).toBe('budget_exceeded');
    expect(refused.body.err.message).toContain('--max-upload-total');
    expect(box.parts.assets.held()).toEqual({ bytes: 600, uploads: 1 });
    expect((await box.request('POST', '/pub/v1/assets/archive', { ids: [first.id] })).status).toBe(200);
    expect(box.parts.assets.held()).toEqual({ bytes: 0, uploads: 0 });
    expect(box.state.assets.get(first.id)!.bytes).toBeUndefined();
    expect((await box.upload(second.upload_url, 600)).status).toBe(200);
  });

  it('files held: one past the count is refused', async () => {
    const box = sandboxWith({ budgets: { uploads: 2 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await box.upload((await box.slot()).upload_url, 10)).status);
    expect(statuses).toEqual([200, 200, 503]);
  });

  it('replacing an upload counts only the difference', async () => {
    const box = sandboxWith({ budgets: { uploadTotalBytes: 1000, uploads: 1 } });
    const slot = await box.slot();
    expect((await box.upload(slot.upload_url, 900)).status).toBe(200);
    expect((await box.upload(slot.upload_url, 950)).status).toBe(200);
    expect(box.parts.assets.held()).toEqual({ bytes: 950, uploads: 1 });
  });
});

describe('upload tokens', () => {
  it('a signature derived from the public seed (the old scheme) opens neither a fixture nor a fresh asset', async () => {
    const box = sandboxWith({});
    const fresh = await box.slot();
    const seedSignature = (id: string) =>
      ['upload', 'sign'].map((salt) => hashString(`${SANDBOX_DEFAULTS.seed}:${salt}:${id}`).toString(16).padStart(8, '0')).join('');
    for (const id of ['ast_01', fresh.id]) {
      const answer = await box.request('PUT', `/uploads/${id}?signature=${seedSignature(id)}`, undefined, new Uint8Array(4));
      expect(answer.status, id).toBe(403);
    }
    // A fresh asset's own token does not open a fixture either.
    const token = new URL(fresh.upload_url).searchParams.get('signature');
    expect((await box.request('PUT', `/uploads/ast_01?signature=${token}`, undefined, new Uint8Array(4))).status).toBe(403);
    expect(box.state.assets.get('ast_01')!.bytes).toBeUndefined();
  });

  it('two sandboxes with the same seed hand out different tokens for the same asset id', async () => {
    const [a, b] = [sandboxWith({ seed: 3 }), sandboxWith({ seed: 3 })];
    const [slotA, slotB] = [await a.slot(), await b.slot()];
    expect(slotA.id).toBe(slotB.id);
    expect(new URL(slotA.upload_url).searchParams.get('signature')).not.toBe(new URL(slotB.upload_url).searchParams.get('signature'));
  });
});

describe('records', () => {
  it('a generation past the records budget is refused; deleting frees room', async () => {
    // The fixtures are 8 records (5 assets, 1 generation, 2 media); 12 leave room for one generation of 2 images (3 records).
    const box = sandboxWith({ budgets: { records: 12 }, credits: 1_000 });
    const body = item({ batch_size: 2 });
    const made = await box.request('POST', '/pub/v1/generations', body);
    expect(made.status).toBe(200);
    const refused = await box.request('POST', '/pub/v1/generations', body);
    expect(refused.status).toBe(503);
    expect(refused.body.err).toMatchObject({ code: 'budget_exceeded' });
    expect(refused.body.err.message).toContain('--max-records');
    expect(box.state.credits).toBe(1_000 - 4);
    expect((await box.request('DELETE', `/pub/v1/generations/${made.body.data.generation_id}`)).status).toBe(200);
    expect((await box.request('POST', '/pub/v1/generations', body)).status).toBe(200);
  });
});

describe('made media files', () => {
  it('are kept up to the cache budget; a dropped one is made again byte for byte; deleting drops it', async () => {
    const clock = manualClock();
    const box = sandboxWith({ budgets: { fileCacheBytes: 300 }, credits: 1_000, now: clock.now });
    const made = await box.request('POST', '/pub/v1/generations', item({ batch_size: 4 }));
    clock.advance(10_000);
    const files: Uint8Array[] = [];
    for (const media of made.body.data.media as { id: string }[]) {
      const response = await box.app.request(`/files/${media.id}.png`);
      expect(response.status).toBe(200);
      files.push(new Uint8Array(await response.arrayBuffer()));
    }
    expect(box.parts.files.heldBytes).toBeLessThanOrEqual(300);
    const again = new Uint8Array(await (await box.app.request(`/files/${made.body.data.media[0].id}.png`)).arrayBuffer());
    expect(again).toEqual(files[0]);
    await box.request('DELETE', `/pub/v1/generations/${made.body.data.generation_id}`);
    expect(box.parts.files.heldBytes).toBe(0);
  });
});
