// openapi-fetch middleware added with `client.use` sees every request the client makes: the
// methods, `request`, `raw`, each attempt of a retried call, every poll of a wait and every page
// of a listing. It never sees the API key, and what it changes reaches the server.
import type { Middleware } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, makeClient } from '../support/client.js';
import { envelope, type Recorded, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** A middleware that records what it sees, request and response. */
function recorder() {
  const seen: { method: string; path: string; schemaPath: string; keyHeader: string | null; status?: number }[] = [];
  const middleware: Middleware = {
    onRequest({ request, schemaPath }) {
      seen.push({
        method: request.method,
        path: new URL(request.url).pathname + new URL(request.url).search,
        schemaPath,
        keyHeader: request.headers.get('x-api-key'),
      });
      request.headers.set('x-trace-id', `trace-${seen.length}`);
      return request;
    },
    onResponse({ response }) {
      seen.at(-1)!.status = response.status;
    },
  };
  return { seen, middleware };
}

const media = (id: string, status: string) => ({ id, dim: { height: 1, width: 1 }, type: 'image', status });
const generation = (id: string, statuses: string[]) => ({ generation_id: id, created_at: 1, media: statuses.map((s, i) => media(`${id}_m${i}`, s)) });

describe('client.use', () => {
  it('sees every poll of a waitForGeneration run, each reaching the server with its changes', async () => {
    server.on('GET', '/pub/v1/generations/gen_mw', [
      { json: envelope(generation('gen_mw', ['pending'])) },
      { json: envelope(generation('gen_mw', ['pending'])) },
      { json: envelope(generation('gen_mw', ['success'])) },
    ]);
    const { client } = makeClient(server);
    const { seen, middleware } = recorder();
    client.use(middleware);
    const outcome = await client.waitForGeneration('gen_mw', { intervalMs: 0 });
    expect(outcome.ok).toBe(true);
    expect(seen).toEqual(
      [1, 2, 3].map(() => ({
        method: 'GET',
        path: '/pub/v1/generations/gen_mw',
        schemaPath: '/pub/v1/generations/{generation_id}',
        keyHeader: null,
        status: 200,
      })),
    );
    const received = server.requestsTo('GET', '/pub/v1/generations/gen_mw');
    expect(received.map((r) => r.headers['x-trace-id'])).toEqual(['trace-1', 'trace-2', 'trace-3']);
    // The key is added after the middleware, and still sent.
    expect(received.every((r: Recorded) => r.headers['x-api-key'] === API_KEY)).toBe(true);
  });

  it('sees every page of a paged listing', async () => {
    server.on('GET', '/pub/v1/models', (request) => {
      const page = Number(request.query.get('page'));
      const items = page < 3 ? [{ name: `m${page}a` }, { name: `m${page}b` }] : [{ name: 'm3a' }];
      return { json: envelope(items, { pagination: { page, page_size: 2, total: 5 } }) };
    });
    const { client } = makeClient(server);
    const { seen, middleware } = recorder();
    client.use(middleware);
    const names: string[] = [];
    for await (const model of client.paginate(client.resources.models, { page_size: 2 })) names.push(model.name);
    expect(names).toEqual(['m1a', 'm1b', 'm2a', 'm2b', 'm3a']);
    expect(seen.map((s) => s.path)).toEqual([1, 2, 3].map((page) => `/pub/v1/models?page_size=2&page=${page}`));
    expect(seen.every((s) => s.schemaPath === '/pub/v1/models' && s.status === 200)).toBe(true);
  });

  it('sees each attempt of a retried call, raw calls, request() and generate; eject removes it', async () => {
    server.on('GET', '/pub/v1/generations/gen_mw_retry', [
      { status: 503, json: { err: { code: 'busy', message: 'x' } } },
      { json: envelope(generation('gen_mw_retry', ['success'])) },
    ]);
    server.on('POST', '/pub/v1/generations', { json: envelope({ generation_id: 'gen_new', media: [] }) });
    const { client } = makeClient(server);
    const { seen, middleware } = recorder();
    client.use(middleware);
    await client.generations.get('gen_mw_retry');
    expect(seen.map((s) => s.status)).toEqual([503, 200]);
    await client.raw.GET('/pub/v1/generations/{generation_id}', { params: { path: { generation_id: 'gen_mw_retry' } } });
    await client.request('getGeneration', { params: { generation_id: 'gen_mw_retry' } });
    await client.generations.create({ model: 'JuggernautXL', prompt: 'p' });
    expect(seen.map((s) => `${s.method} ${s.schemaPath}`).slice(2)).toEqual([
      'GET /pub/v1/generations/{generation_id}',
      'GET /pub/v1/generations/{generation_id}',
      'POST /pub/v1/generations',
    ]);
    client.eject(middleware);
    await client.generations.get('gen_mw_retry');
    expect(seen).toHaveLength(5);
  });

  it('a middleware that answers by itself is honoured, and its errors reach the caller as they are', async () => {
    const { client } = makeClient(server);
    client.use({
      onRequest: ({ request }) =>
        request.url.endsWith('/cached')
          ? new Response(JSON.stringify(envelope(generation('cached', ['success']))), { headers: { 'content-type': 'application/json' } })
          : undefined,
    });
    await expect(client.generations.get('cached')).resolves.toMatchObject({ generation_id: 'cached' });
    const failing = makeClient(server).client;
    const boom = new Error('tracing backend down');
    failing.use({ onRequest: () => Promise.reject(boom) });
    await expect(failing.generations.get('gen_any')).rejects.toBe(boom);
  });
});
