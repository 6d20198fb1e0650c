// The sandbox in-process, as an application's unit test uses it: `createClient({ fetch })` runs whole
// workflows (generate, wait, download, upload, refusals) against `createInProcessSandbox().fetch`,
// and nothing listens: `listen` is never called on any server (net.Server, which HTTP servers are), the global fetch is never
// used, and the process holds no more listening handles than before.
import { createServer } from 'node:http';
import { Server } from 'node:net';
import { ConnectionError, createClient, TimeoutError, ValidationError } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createInProcessSandbox, IN_PROCESS_URL, MOCK_HEADER, manualClock, SANDBOX_API_KEY } from '../../src/index.js';
import { createInProcessSandbox as fromSandboxEntry } from '../../src/sandbox/index.js';

/** Listening servers the process holds (Node's own count of its handles). */
const listeningHandles = () => process.getActiveResourcesInfo().filter((name) => name === 'TCPServerWrap' || name === 'PipeServerWrap').length;

let listen: MockInstance;
let globalFetch: MockInstance;
let handlesBefore: number;
beforeAll(() => {
  handlesBefore = listeningHandles();
  listen = vi.spyOn(Server.prototype, 'listen');
  globalFetch = vi.spyOn(globalThis, 'fetch');
});
afterAll(() => {
  listen.mockRestore();
  globalFetch.mockRestore();
});

describe('createInProcessSandbox', () => {
  it('runs a whole workflow through createClient({ fetch }) with no port: generate, wait, download, upload', async () => {
    const clock = manualClock();
    const sandbox = createInProcessSandbox({ now: clock.now });
    expect(sandbox.url).toBe(IN_PROCESS_URL);
    const client = createClient({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url, fetch: sandbox.fetch });

    const models = await client.resources.models();
    expect(models.map((m) => m.name)).toContain('JuggernautXL');
    const { generation_id } = await client.generations.create({ model: 'JuggernautXL', prompt: 'a lighthouse at dusk' });
    expect(sandbox.state.generations.has(generation_id)).toBe(true);
    expect(sandbox.state.credits).toBe(500 - 2);
    clock.advance(3_000);
    const outcome = await client.waitForGeneration(generation_id);
    expect(outcome.ok).toBe(true);
    // The media URL is the sandbox's own: the same fetch serves the PNG.
    const url = outcome.succeeded[0]!.url!;
    expect(url.startsWith(`${IN_PROCESS_URL}/files/`)).toBe(true);
    const file = await sandbox.fetch(url);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get(MOCK_HEADER)).toBe('sandbox');
    expect([...new Uint8Array(await file.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]); // "PNG"
    // Upload: a v2 slot, then the PUT of the bytes to its URL, through the client's fetch too.
    const png = new Uint8Array(await (await sandbox.fetch(url)).arrayBuffer());
    const asset = await client.assets.uploadFile({ type: 'image', bytes: png, size: { width: 64, height: 64 }, contentType: 'image/png' });
    expect(sandbox.state.assets.get(asset.id)?.status).toBe('active');

    expect(listen).not.toHaveBeenCalled();
    expect(globalFetch).not.toHaveBeenCalled();
    expect(listeningHandles()).toBe(handlesBefore);
  });

  it('refuses an invalid request as the listening sandbox does, caught as ValidationError at 422 and at 400', async () => {
    for (const refusalStatus of [422, 400] as const) {
      const sandbox = createInProcessSandbox({ refusalStatus });
      const client = createClient({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url, fetch: sandbox.fetch });
      const error = await client.generations.create({ model: 'JuggernautXL', prompt: 'x', steps: 9 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).status).toBe(refusalStatus);
      expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([[0, 'steps']]);
    }
    expect(listen).not.toHaveBeenCalled();
  });

  it('answers its own origin only: any other fails as an unreachable host does, and nothing is sent', async () => {
    const sandbox = fromSandboxEntry({ publicUrl: 'http://app.test:8080' });
    expect(sandbox.url).toBe('http://app.test:8080');
    await expect(sandbox.fetch('http://127.0.0.1:9/pub/v1/models')).rejects.toThrow(TypeError);
    await expect(sandbox.fetch('http://app.test:8080/pub/v1/models', { headers: { 'x-api-key': SANDBOX_API_KEY } })).resolves.toHaveProperty('status', 200);
    const client = createClient({ apiKey: SANDBOX_API_KEY, baseUrl: 'https://api.rendernet.ai', fetch: sandbox.fetch, maxRetries: 0 });
    await expect(client.resources.models()).rejects.toBeInstanceOf(ConnectionError);
    expect(globalFetch).not.toHaveBeenCalled();
  });

  it('stops waiting when the request is aborted: the client times out on a slow sandbox', async () => {
    // Ratios far apart: a request the sandbox holds for 30 s, a client that waits 50 ms.
    const sandbox = createInProcessSandbox({ latencyMs: 30_000 });
    const client = createClient({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url, fetch: sandbox.fetch, timeoutMs: 50, maxRetries: 0 });
    await expect(client.resources.models()).rejects.toBeInstanceOf(TimeoutError);
    const aborted = new AbortController();
    aborted.abort(new Error('gone'));
    await expect(sandbox.fetch(`${sandbox.url}/pub/v1/models`, { signal: aborted.signal })).rejects.toThrow('gone');
  });

  it('the spies are live: a server that does listen is seen', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    expect(listen).toHaveBeenCalledTimes(1);
    expect(listeningHandles()).toBe(handlesBefore + 1);
    await new Promise((resolve) => server.close(resolve));
  });
});
