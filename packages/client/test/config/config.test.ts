// Configuration mistakes are reported before any request, clearly.
import { API_KEY_VARIABLE, BASE_URL_VARIABLE, createClient, createRawClient, MediaGenConfigError, type paths } from '@mediagen/client';
import { latestDate as NEWEST_VERSION } from '@mediagen/schema';
import { clientDateOf } from '@mediagen/schema/util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_KEY, makeClient } from '../support/client.js';
import { envelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
// The environment of whoever runs the tests must not decide them.
beforeEach(() => {
  vi.stubEnv(API_KEY_VARIABLE, '');
  vi.stubEnv(BASE_URL_VARIABLE, '');
});
afterEach(() => vi.unstubAllEnvs());

describe('configuration', () => {
  it.each([
    ['missing', {}],
    ['empty', { apiKey: '' }],
    ['blank', { apiKey: '   ' }],
    ['not a string', { apiKey: 42 }],
  ])('%s apiKey → MediaGenConfigError, no request', (_name, options) => {
    const before = server.requests.length;
    expect(() => createClient({ baseUrl: server.url, ...options } as never)).toThrow(MediaGenConfigError);
    expect(() => createClient({ baseUrl: server.url, ...options } as never)).toThrow(/^apiKey is required: pass createClient\(\{ apiKey \}\)/);
    expect(() => createClient({ baseUrl: server.url, ...options } as never)).toThrow(/or set MEDIAGEN_API_KEY\.$/);
    expect(server.requests.length).toBe(before);
  });

  it('a key with a line break is refused without echoing it', () => {
    const error = (() => {
      try {
        createClient({ apiKey: `${API_KEY}\n` });
      } catch (e) {
        return e as Error;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(MediaGenConfigError);
    expect(error!.message).not.toContain(API_KEY);
  });

  it('no options, a relative baseUrl → MediaGenConfigError', () => {
    expect(() => createClient(undefined as never)).toThrow(MediaGenConfigError);
    expect(() => createClient({ apiKey: API_KEY, baseUrl: '/api' })).toThrow(/baseUrl "\/api" is not an absolute URL/);
  });

  it('createRawClient checks the key too', () => {
    expect(() => createRawClient({ apiKey: '' })).toThrow(MediaGenConfigError);
  });

  it('defaults to the live base URL and sends userAgent and extra headers', async () => {
    const seen: Request[] = [];
    const client = createClient({
      apiKey: API_KEY,
      // A custom fetch is called as fetch(url, init), like the global one.
      fetch: async (input, init) => {
        seen.push(new Request(input, init));
        return new Response(JSON.stringify(envelope([])), { headers: { 'content-type': 'application/json' } });
      },
      userAgent: 'my-app/1.2',
      headers: { 'x-team': 'blue' },
    });
    await client.resources.voices();
    expect(seen[0]!.url).toBe('https://api.rendernet.ai/pub/v1/voices');
    expect(seen[0]!.headers.get('x-api-key')).toBe(API_KEY);
    // The caller's agent first, then the mark naming the API date the client's shapes are.
    expect(seen[0]!.headers.get('user-agent')).toBe(`my-app/1.2 mediagen-client (api ${NEWEST_VERSION})`);
    expect(clientDateOf(seen[0]!.headers.get('user-agent') ?? undefined)).toBe(NEWEST_VERSION);
    expect(seen[0]!.headers.get('x-team')).toBe('blue');
  });

  it('marks its API date in the User-Agent; a raw client only when told its date', async () => {
    const seen: Request[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return new Response(JSON.stringify(envelope([])), { headers: { 'content-type': 'application/json' } });
    };
    await createClient({ apiKey: API_KEY, fetch }).resources.voices();
    await createRawClient<paths>({ apiKey: API_KEY, fetch }).GET('/pub/v1/voices');
    await createRawClient<paths>({ apiKey: API_KEY, fetch, apiDate: '2024-09-04' }).GET('/pub/v1/voices');
    expect(seen.map((r) => clientDateOf(r.headers.get('user-agent') ?? undefined))).toEqual([NEWEST_VERSION, undefined, '2024-09-04']);
  });

  it('a baseUrl with a trailing slash and a custom fetch are honoured against the server', async () => {
    server.on('GET', '/pub/v1/voices', { json: envelope([{ name: 'Rachel' }]) });
    let calls = 0;
    const { client } = makeClient(server, {
      baseUrl: `${server.url}/`,
      fetch: (input, init) => {
        calls++;
        return fetch(input, init);
      },
    });
    await expect(client.resources.voices()).resolves.toEqual([{ name: 'Rachel' }]);
    expect(calls).toBe(1);
  });

  it('MEDIAGEN_API_KEY and MEDIAGEN_BASE_URL are the defaults when the options leave them out', async () => {
    server.on('GET', '/pub/v1/voices', { json: { data: [{ name: 'Env' }], err: {} } });
    vi.stubEnv(API_KEY_VARIABLE, 'sk_from_env_0123456789');
    vi.stubEnv(BASE_URL_VARIABLE, server.url);
    await expect(createClient().resources.voices()).resolves.toEqual([{ name: 'Env' }]);
    expect(server.requests.at(-1)!.headers['x-api-key']).toBe('sk_from_env_0123456789');
    const raw = createRawClient<paths>();
    await raw.GET('/pub/v1/voices');
    expect(server.requests.at(-1)!.headers['x-api-key']).toBe('sk_from_env_0123456789');
    // The options win over the environment.
    await createClient({ apiKey: API_KEY, baseUrl: server.url }).resources.voices();
    expect(server.requests.at(-1)!.headers['x-api-key']).toBe(API_KEY);
    vi.stubEnv(BASE_URL_VARIABLE, 'not a url');
    expect(() => createClient()).toThrow(/^baseUrl "not a url" is not an absolute URL/);
  });

  it('where there is no process.env (a browser), the key must be passed', () => {
    vi.stubEnv(API_KEY_VARIABLE, 'sk_from_env_0123456789');
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'process')!;
    Object.defineProperty(globalThis, 'process', { value: undefined, configurable: true, writable: true });
    let error: unknown;
    try {
      createClient();
    } catch (e) {
      error = e;
    } finally {
      Object.defineProperty(globalThis, 'process', saved);
    }
    expect(error).toBeInstanceOf(MediaGenConfigError);
    expect(createClient().raw).toBeDefined();
  });
});
