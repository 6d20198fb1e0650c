// The sandbox's Mock Service Worker handlers in Node (`msw/node`): a client using the global fetch,
// as application code does, is answered by the in-process sandbox behind MSW's interception, with
// no port; a request outside the sandbox's paths is not taken by its handlers.
import { Server } from 'node:net';
import { createClient, NotFoundError } from '@mediagen/client';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createInProcessSandbox, SANDBOX_API_KEY } from '../../src/index.js';
import { SANDBOX_PREFIXES, sandboxHandlers } from '../../src/msw/index.js';

const sandbox = createInProcessSandbox({ publicUrl: 'https://api.example.test' });
const unhandled: string[] = [];
const server = setupServer(...sandboxHandlers(sandbox));
let listen: MockInstance;
beforeAll(() => {
  listen = vi.spyOn(Server.prototype, 'listen');
  server.listen({ onUnhandledRequest: (request) => void unhandled.push(request.url) });
});
afterAll(() => {
  server.close();
  listen.mockRestore();
});

describe('sandboxHandlers (msw/node)', () => {
  it('take the sandbox paths of the operations table and its own URLs', () => {
    expect([...SANDBOX_PREFIXES].sort()).toEqual(['/files', '/pub', '/uploads']);
  });

  it('answer the client from the sandbox behind the global fetch: state kept between calls, errors by status', async () => {
    const client = createClient({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url, maxRetries: 0 });
    const { generation_id } = await client.generations.create({ model: 'JuggernautXL', prompt: 'a lighthouse at dusk' });
    expect((await client.generations.get(generation_id)).generation_id).toBe(generation_id);
    await client.generations.delete(generation_id);
    await expect(client.generations.get(generation_id)).rejects.toBeInstanceOf(NotFoundError);
    expect(sandbox.state.generations.has(generation_id)).toBe(false);
    expect(listen).not.toHaveBeenCalled();
    expect(unhandled).toEqual([]);
  });

  it('leave other paths of the origin alone', async () => {
    await fetch(`${sandbox.url}/index.html`).catch(() => undefined);
    expect(unhandled).toEqual([`${sandbox.url}/index.html`]);
  });

  it('make a sandbox of their own from options', async () => {
    const own = setupServer(...sandboxHandlers({ publicUrl: 'https://other.example.test', refusalStatus: 400 }));
    server.close();
    own.listen({ onUnhandledRequest: 'error' });
    try {
      const answer = await fetch('https://other.example.test/pub/v1/generations', {
        method: 'POST',
        headers: { 'x-api-key': SANDBOX_API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify([{ model: 'JuggernautXL', prompt: { positive: 'x' }, steps: 1 }]),
      });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { err: { message: string } }).err.message).toBe('[0].steps: must be ≥ 10');
    } finally {
      own.close();
      server.listen({ onUnhandledRequest: (request) => void unhandled.push(request.url) });
    }
  });
});
