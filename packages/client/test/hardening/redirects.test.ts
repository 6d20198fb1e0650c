// The API key never leaves its origin. Redirects are followed by the client itself: within the
// API's origin with the key (and the body, for 307/308), never to another origin (RedirectError,
// and that origin receives nothing), at most MAX_REDIRECTS in a row.
import { createRawClient, MAX_REDIRECTS, type paths, RedirectError } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, makeClient } from '../support/client.js';
import { envelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
let elsewhere: TestServer;
beforeAll(async () => {
  [server, elsewhere] = await Promise.all([startServer(), startServer()]);
});
afterAll(() => Promise.all([server.close(), elsewhere.close()]));

const redirect = (status: number, location: string) => ({ status, headers: { location } });
const generation = (id: string) => ({ generation_id: id, created_at: 1, media: [] });

describe('redirects', () => {
  it('a same-origin redirect is followed, with the key', async () => {
    server.on('GET', '/pub/v1/generations/gen_moved', redirect(301, '/pub/v1/generations/gen_here'));
    server.on('GET', '/pub/v1/generations/gen_here', { json: envelope(generation('gen_here')) });
    const { client } = makeClient(server);
    await expect(client.generations.get('gen_moved')).resolves.toMatchObject({ generation_id: 'gen_here' });
    expect(server.requestsTo('GET', '/pub/v1/generations/gen_here')[0]!.headers['x-api-key']).toBe(API_KEY);
  });

  it('307 keeps the method and the body; 303 turns into a GET without one', async () => {
    server.on('POST', '/pub/v1/characters', redirect(307, `${server.url}/pub/v1/characters2`));
    server.on('POST', '/pub/v1/characters2', { status: 201, json: envelope({ id: 'chr_1', name: 'n', character_type: 'realistic', prompt: 'p' }) });
    server.on('POST', '/pub/v1/assets/archive', redirect(303, '/pub/v1/archived'));
    server.on('GET', '/pub/v1/archived', { json: envelope([]) });
    const { client } = makeClient(server);
    await expect(client.characters.create({ name: 'n', character_type: 'realistic', prompt: 'p', asset_ids: ['a'] } as never)).resolves.toMatchObject({
      id: 'chr_1',
    });
    const [moved] = server.requestsTo('POST', '/pub/v1/characters2');
    expect(moved!.json).toMatchObject({ name: 'n' });
    expect(moved!.headers['x-api-key']).toBe(API_KEY);
    await expect(client.assets.archive(['ast_1'])).resolves.toEqual([]);
    const [after] = server.requestsTo('GET', '/pub/v1/archived');
    expect(after!.body.length).toBe(0);
  });

  it.each([301, 302, 303, 307, 308])('a %i to another origin is refused: RedirectError, nothing sent there', async (status) => {
    const path = `/pub/v1/generations/gen_away_${status}`;
    server.on('GET', path, redirect(status, `${elsewhere.url}/steal?token=abc`));
    const { client } = makeClient(server, { maxRetries: 2 });
    const error = (await client.generations.get(`gen_away_${status}`).catch((e: unknown) => e)) as RedirectError;
    expect(error).toBeInstanceOf(RedirectError);
    expect(error.status).toBe(status);
    expect(error.targetOrigin).toBe(elsewhere.url);
    expect(error.message).toBe(
      `GET ${path} was redirected (${status}) to another origin, ${elsewhere.url}; not followed, so the API key stays with ${server.url}.`,
    );
    expect(error.message).not.toContain('token');
    expect(elsewhere.requests).toHaveLength(0);
    // Not retried: the answer will not change.
    expect(server.hits('GET', path)).toBe(1);
  });

  it('a generate redirected elsewhere is not sent there either, and raw clients are held to the same rule', async () => {
    server.on('POST', '/pub/v1/generations', redirect(307, `${elsewhere.url}/pub/v1/generations`));
    const { client } = makeClient(server);
    await expect(client.generations.create({ model: 'JuggernautXL', prompt: 'p' })).rejects.toBeInstanceOf(RedirectError);
    const raw = createRawClient<paths>({ apiKey: API_KEY, baseUrl: server.url });
    await expect(raw.POST('/pub/v1/generations', { body: [] as never })).rejects.toBeInstanceOf(RedirectError);
    await expect(client.raw.POST('/pub/v1/generations', { body: [] as never })).rejects.toBeInstanceOf(RedirectError);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it.each([
    ['a Location that is not a URL', 'http://[', /to a Location that is not a URL; not followed\.$/],
    ['a Location with credentials', 'http://user:pw@127.0.0.1:1/pub/v1/generations/x', /to a URL with credentials in it; not followed\.$/],
  ])('%s → RedirectError, not retried as a connection failure', async (_name, location, message) => {
    const path = `/pub/v1/generations/gen_odd_${_name.length}`;
    server.on('GET', path, redirect(302, location));
    const { client } = makeClient(server, { maxRetries: 2 });
    const error = await client.generations.get(path.split('/').at(-1)!).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toMatch(message);
    expect(server.hits('GET', path)).toBe(1);
  });

  it('a redirect loop ends after MAX_REDIRECTS', async () => {
    server.on('GET', '/pub/v1/generations/gen_loop', redirect(302, '/pub/v1/generations/gen_loop'));
    const { client } = makeClient(server, { maxRetries: 0 });
    const error = await client.generations.get('gen_loop').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toMatch(/redirected more than 5 times/);
    expect(server.hits('GET', '/pub/v1/generations/gen_loop')).toBe(MAX_REDIRECTS + 1);
  });

  it('the key is only ever added for the API origin, whatever a middleware does to the URL', async () => {
    elsewhere.on('GET', '/pub/v1/generations/gen_rewritten', { json: envelope(generation('gen_rewritten')) });
    const { client } = makeClient(server);
    client.use({ onRequest: ({ request }) => new Request(request.url.replace(server.url, elsewhere.url), request) });
    await expect(client.generations.get('gen_rewritten')).resolves.toMatchObject({ generation_id: 'gen_rewritten' });
    expect(elsewhere.requestsTo('GET', '/pub/v1/generations/gen_rewritten')[0]!.headers['x-api-key']).toBeUndefined();
  });
});
