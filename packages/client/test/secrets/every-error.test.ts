// No part of the API key in any error class: for each one, a scenario where the key is at hand to
// leak (echoed by the service, passed as an id, cut short by a snippet), and a scan of the message,
// `String()`, the stack, `JSON.stringify`, `util.inspect` (hidden properties included) and every
// `cause`, for any run of six characters of the key.
import * as exported from '@mediagen/client';
import { createClient, type MediaGenClient, MediaGenError } from '@mediagen/client';
import { schemaValidator } from '@mediagen/client/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, makeClient } from '../support/client.js';
import { textsOf } from '../support/errors.js';
import { envelope, type Recorded, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Every run of six characters of the key. */
const fragments = Array.from({ length: API_KEY.length - 5 }, (_, i) => API_KEY.slice(i, i + 6));

const echo = (status: number) => (request: Recorded) => {
  const key = String(request.headers['x-api-key']);
  return {
    status,
    headers: { 'x-request-id': `req-${key}`, 'retry-after': '0' },
    json: { data: null, err: { code: `bad_${key}`, message: `key ${key}` }, [key]: key },
  };
};
const media = (id: string, status: string) => ({ id, dim: { height: 1, width: 1 }, type: 'image', status });

type Scenario = (client: MediaGenClient) => Promise<unknown>;
const scenarios: Record<string, [Scenario, object?]> = {
  MediaGenConfigError: [async () => createClient({ apiKey: API_KEY, baseUrl: `relative/${API_KEY}` })],
  ApiError: [(c) => (server.on('GET', '/pub/v1/generations/e418', echo(418)), c.generations.get('e418'))],
  BadRequestError: [(c) => (server.on('GET', '/pub/v1/generations/e400', echo(400)), c.generations.get('e400'))],
  AuthenticationError: [(c) => (server.on('GET', '/pub/v1/generations/e401', echo(401)), c.generations.get('e401'))],
  InsufficientCreditsError: [(c) => (server.on('GET', '/pub/v1/generations/e402', echo(402)), c.generations.get('e402'))],
  NotFoundError: [(c) => (server.on('GET', '/pub/v1/generations/e404', echo(404)), c.generations.get('e404'))],
  ValidationError: [(c) => c.generations.create({ model: 'JuggernautXL', prompt: 'p', sampler: API_KEY } as never)],
  RateLimitError: [(c) => (server.on('GET', '/pub/v1/generations/e429', echo(429)), c.generations.get('e429')), { maxRetries: 0 }],
  ServerError: [(c) => (server.on('GET', '/pub/v1/generations/e500', echo(500)), c.generations.get('e500')), { maxRetries: 0 }],
  ConnectionError: [(c) => (server.on('GET', `/pub/v1/generations/${API_KEY}`, 'reset'), c.generations.get(API_KEY)), { maxRetries: 0 }],
  TimeoutError: [(c) => (server.on('GET', '/pub/v1/generations/stall', 'stall'), c.generations.get('stall')), { timeoutMs: 100, maxRetries: 0 }],
  AbortError: [(c) => c.generations.get(API_KEY, { signal: AbortSignal.abort() })],
  // The key straddles the 60th character, where the quoted snippet of a body that is not JSON ends.
  ResponseParseError: [
    (c) => (server.on('GET', '/pub/v1/generations/notjson', { text: `{"data": ${'x'.repeat(45)}${API_KEY}` }), c.generations.get('notjson')),
  ],
  ResponseTooLargeError: [
    (c) => (server.on('GET', `/pub/v1/generations/${API_KEY}`, { chunks: ['x'.repeat(100)] }), c.generations.get(API_KEY)),
    { maxResponseBytes: 10 },
  ],
  PageLimitError: [
    async (c) => {
      server.on('GET', '/pub/v1/loras', (request) => ({
        json: { data: [{ name: String(request.headers['x-api-key']) }], err: {}, pagination: { page: 1, page_size: 1, total: 1e9 } },
      }));
      for await (const _ of c.paginate(c.resources.loras, {}, { maxPages: 2 }));
    },
  ],
  RedirectError: [
    (c) => (
      server.on('GET', `/pub/v1/generations/${API_KEY}`, { status: 307, headers: { location: `http://localhost:1/${API_KEY}?k=${API_KEY}` } }),
      c.generations.get(API_KEY)
    ),
  ],
  UnknownStatusError: [
    (c) => (
      server.on('GET', `/pub/v1/generations/${API_KEY}`, { json: envelope({ generation_id: API_KEY, created_at: 1, media: [media(API_KEY, API_KEY)] }) }),
      c.waitForGeneration(API_KEY, { unknownStatusTimeoutMs: 0 })
    ),
  ],
  UploadError: [
    (c) => (
      server.on('POST', '/pub/v2/assets/upload', {
        status: 201,
        json: envelope({ id: API_KEY, type: 'image', size: { height: 1, width: 1 }, url: 'u', upload_url: `${server.url}/put/${API_KEY}` }),
      }),
      server.on('PUT', `/put/${API_KEY}`, { status: 403, text: API_KEY }),
      c.assets.uploadFile({ bytes: new Uint8Array([1]), size: { width: 1, height: 1 } })
    ),
  ],
};

describe('no part of the key in any error', () => {
  it('covers every error class the package exports', () => {
    const classes = Object.entries(exported)
      .filter(([, value]) => typeof value === 'function' && value.prototype instanceof MediaGenError)
      .map(([name]) => name);
    expect(Object.keys(scenarios).sort()).toEqual(classes.sort());
  });

  for (const [name, [run, options]] of Object.entries(scenarios)) {
    it(`${name}: message, String, stack, JSON, inspect and causes`, async () => {
      const harness = makeClient(server, { validator: schemaValidator(), ...options });
      const error = await Promise.resolve()
        .then(() => run(harness.client))
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect((error as Error)?.name).toBe(name);
      const texts = [...textsOf(error), ...harness.logs, ...harness.warnings.map((w) => JSON.stringify(w))];
      for (const text of texts) for (const fragment of fragments) expect(text).not.toContain(fragment);
    });
  }
});
