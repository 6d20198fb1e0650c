// Per-date types: `@mediagen/client/versions/<key>` exports the `paths` of the API as of that date,
// and `createRawClient<paths>()` gives a typed client for it. What each date's types say is
// versions.test-d.ts's.
import { createRawClient } from '@mediagen/client';
import type { paths as BaselinePaths } from '@mediagen/client/versions/baseline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY } from '../support/client.js';
import { envelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('per-date types', () => {
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
