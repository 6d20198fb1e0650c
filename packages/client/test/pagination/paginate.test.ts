// Async iteration over paged listings walks `page` until page · page_size ≥ total or an empty page.
import { DEFAULT_MAX_PAGES, MediaGenConfigError, PageLimitError, pages, paginate } from '@mediagen/client';
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

describe('the page budget', () => {
  /** A service claiming a billion styles, one a page, whatever page is asked. */
  const endless = (request: Recorded) => ({
    json: { data: [{ name: `s${request.query.get('page')}`, base_model: 'sdxl' }], err: {}, pagination: { page: 1, page_size: 1, total: 1e9 } },
  });

  it('a walk stops with PageLimitError after maxPages requests (per call, then per client)', async () => {
    server.on('GET', '/pub/v1/styles', endless);
    const { client } = makeClient(server);
    const before = server.hits('GET', '/pub/v1/styles');
    const names: string[] = [];
    const error = await (async () => {
      for await (const style of client.paginate(client.resources.styles, {}, { maxPages: 3 })) names.push(style.name);
    })().catch((e: unknown) => e as PageLimitError);
    expect(error).toBeInstanceOf(PageLimitError);
    expect(error!.maxPages).toBe(3);
    expect(error!.message).toBe('stopped paging after 3 pages (maxPages); the service claims 1000000000 items, 1 a page. Narrow the query or raise maxPages.');
    expect(names).toEqual(['s1', 's2', 's3']);
    expect(server.hits('GET', '/pub/v1/styles') - before).toBe(3);
    // The client's own budget applies to its walks, and the page option never reaches the server.
    const budgeted = makeClient(server, { maxPages: 2 }).client;
    const from = server.hits('GET', '/pub/v1/styles');
    await expect(
      (async () => {
        for await (const _ of budgeted.paginate(budgeted.resources.styles));
      })(),
    ).rejects.toMatchObject({ name: 'PageLimitError', maxPages: 2 });
    expect(server.hits('GET', '/pub/v1/styles') - from).toBe(2);
    expect(server.requestsTo('GET', '/pub/v1/styles').every((r) => !r.query.has('maxPages'))).toBe(true);
  });

  it(`the default budget is ${DEFAULT_MAX_PAGES} pages, also for the standalone paginate`, async () => {
    server.on('GET', '/pub/v1/styles', endless);
    const { client } = makeClient(server);
    const from = server.hits('GET', '/pub/v1/styles');
    let items = 0;
    const error = await (async () => {
      for await (const _ of paginate(client.resources.styles)) items++;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageLimitError);
    expect(items).toBe(DEFAULT_MAX_PAGES);
    expect(server.hits('GET', '/pub/v1/styles') - from).toBe(DEFAULT_MAX_PAGES);
  });

  it('a walk that ends within the budget ends quietly; a budget below 1 is a config error', async () => {
    server.on(
      'GET',
      '/pub/v1/loras',
      pagedRoute(4, (i) => ({ name: `l${i}`, base_model: 'sdxl' })),
    );
    const { client } = makeClient(server);
    const names: string[] = [];
    for await (const lora of client.paginate(client.resources.loras, { page_size: 2 }, { maxPages: 2 })) names.push(lora.name);
    expect(names).toEqual(['l0', 'l1', 'l2', 'l3']);
    await expect(
      (async () => {
        for await (const _ of client.paginate(client.resources.loras, {}, { maxPages: 0 }));
      })(),
    ).rejects.toThrow(/maxPages must be a number ≥ 1, got 0/);
    expect(() => makeClient(server, { maxPages: Number.NaN })).toThrow(MediaGenConfigError);
  });
});
