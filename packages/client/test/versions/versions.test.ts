// Per-date types: `@mediagen/client/versions/<key>` exports the `paths` of the API as of that date,
// and `createRawClient<paths>()` gives a typed client for it.
import { createRawClient, type paths as NewestPaths } from '@mediagen/client';
import type { paths as Paths20241108 } from '@mediagen/client/versions/2024-11-08';
import type { components as BaselineComponents, paths as BaselinePaths } from '@mediagen/client/versions/baseline';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { API_KEY } from '../support/client.js';
import { envelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type BaselineGeneration = BaselineComponents['schemas']['Generation'];

describe('per-date types', () => {
  it('the baseline says images and size; the newest says media and dim', () => {
    expectTypeOf<BaselineGeneration>().toHaveProperty('images');
    expectTypeOf<BaselineGeneration['images'][number]>().toHaveProperty('size');
    type NewestGeneration = NewestPaths['/pub/v1/generations/{generation_id}']['get']['responses'][200]['content']['application/json']['data'];
    expectTypeOf<NewestGeneration>().toHaveProperty('media');
    // listGenerations took image_id before 2024-09-04 and media_id after.
    type BaselineQuery = NonNullable<BaselinePaths['/pub/v1/generations']['get']['parameters']['query']>;
    type LaterQuery = NonNullable<Paths20241108['/pub/v1/generations']['get']['parameters']['query']>;
    expectTypeOf<BaselineQuery>().toHaveProperty('image_id');
    expectTypeOf<LaterQuery>().toHaveProperty('media_id');
  });

  it('createRawClient<paths>() talks to a service of that date with its types', async () => {
    server.on('GET', '/pub/v1/generations/gen_b', {
      json: envelope({ generation_id: 'gen_b', created_at: 1, images: [{ id: 'img', size: { height: 2, width: 3 }, status: 'success', url: 'u' }] }),
    });
    const legacy = createRawClient<BaselinePaths>({ apiKey: API_KEY, baseUrl: server.url });
    const { data } = await legacy.GET('/pub/v1/generations/{generation_id}', { params: { path: { generation_id: 'gen_b' } } });
    expect(data?.data.images[0]?.size).toEqual({ height: 2, width: 3 });
    expect(server.requestsTo('GET', '/pub/v1/generations/gen_b')[0]!.headers['x-api-key']).toBe(API_KEY);
  });
});
