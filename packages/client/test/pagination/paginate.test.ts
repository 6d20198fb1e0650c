// Async iteration over paged listings walks `page` until page · page_size ≥ total or an empty page.
import { pages } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient } from '../support/client.js';
import { type Recorded, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** A listing of `total` items served `page_size` at a time (`ids` overrides what exists). */
const pagedRoute =
  (total: number, make: (i: number) => unknown, reportedTotal = total) =>
  (request: Recorded) => {
    const page = Number(request.query.get('page') ?? '1');
    const size = Number(request.query.get('page_size') ?? '10');
    const items = Array.from({ length: total }, (_, i) => make(i)).slice((page - 1) * size, page * size);
    return { json: { data: items, err: {}, pagination: { page, page_size: size, total: reportedTotal } } };
  };

describe('pagination', () => {
  it('generations.iterate walks every page', async () => {
    server.on(
      'GET',
      '/pub/v1/generations',
      pagedRoute(7, (i) => ({ generation_id: `gen_${i}`, created_at: i, media: [] })),
    );
    const { client } = makeClient(server);
    const ids: string[] = [];
    for await (const generation of client.generations.iterate({ page_size: 3, status: 'success' })) ids.push(generation.generation_id);
    expect(ids).toEqual(['gen_0', 'gen_1', 'gen_2', 'gen_3', 'gen_4', 'gen_5', 'gen_6']);
    const asked = server.requestsTo('GET', '/pub/v1/generations').map((r) => Object.fromEntries(r.query));
    expect(asked).toEqual([1, 2, 3].map((page) => ({ page: String(page), page_size: '3', status: 'success' })));
  });

  it('stops at an empty page even when total says there is more', async () => {
    server.on(
      'GET',
      '/pub/v1/characters',
      pagedRoute(4, (i) => ({ id: `chr_${i}`, name: `c${i}`, character_type: 'realistic', prompt: 'p' }), 100),
    );
    const { client } = makeClient(server);
    const names: string[] = [];
    for await (const character of client.paginate(client.characters.list, { page_size: 2 })) names.push(character.name);
    expect(names).toEqual(['c0', 'c1', 'c2', 'c3']);
    expect(server.hits('GET', '/pub/v1/characters')).toBe(3);
  });

  it('paginate works for any paged listing and starts at the given page', async () => {
    server.on(
      'GET',
      '/pub/v1/models',
      pagedRoute(5, (i) => ({ name: `m${i}`, base_model: 'sdxl' })),
    );
    const { client } = makeClient(server);
    const names: string[] = [];
    for await (const model of client.paginate(client.resources.models, { type: 'sdxl', page: 2, page_size: 2 })) names.push(model.name);
    expect(names).toEqual(['m2', 'm3', 'm4']);
  });

  it('a listing without pagination is one page', async () => {
    server.on('GET', '/pub/v1/voices', { json: { data: [{ name: 'Rachel' }, { name: 'Adam' }], err: {} } });
    const { client } = makeClient(server);
    const names: string[] = [];
    for await (const voice of client.paginate(client.resources.voices)) names.push(voice.name);
    expect(names).toEqual(['Rachel', 'Adam']);
    expect(server.hits('GET', '/pub/v1/voices')).toBe(1);
  });

  it('pages() yields whole pages with their pagination; list() exposes it non-enumerably', async () => {
    server.on(
      'GET',
      '/pub/v2/assets',
      pagedRoute(3, (i) => ({ id: `ast_${i}`, type: 'image', status: 'active', size: { height: 1, width: 1 }, url: 'u' })),
    );
    const { client } = makeClient(server);
    const seen: unknown[] = [];
    for await (const page of pages(client.assets.list, { page_size: 2 })) seen.push([page.length, page.pagination]);
    expect(seen).toEqual([
      [2, { page: 1, page_size: 2, total: 3 }],
      [1, { page: 2, page_size: 2, total: 3 }],
    ]);
    const first = await client.assets.list({ page_size: 2 });
    expect(Object.keys(first)).toEqual(['0', '1']);
    expect(JSON.stringify(first)).not.toContain('pagination');
    expect(first.pagination).toEqual({ page: 1, page_size: 2, total: 3 });
  });
});
