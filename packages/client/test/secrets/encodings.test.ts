// The key is masked in every spelling a service may echo it in, not only as sent: upper, lower or
// mixed case, URL-encoded (once, twice, as a form value, every byte or some), hex, JSON \u escapes,
// inside a base64 value at any byte alignment (`Authorization: Basic base64(user:key)`), standard or
// URL-safe; in messages, String(), JSON, util.inspect, stacks, bodies, logs and warnings. And a body that says `__proto__` keeps its
// prototype: the copy the error carries has `__proto__` as an own key.
import { type ApiError, MediaGenError, REDACTED } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient } from '../support/client.js';
import { textsOf } from '../support/errors.js';
import { errorEnvelope, startServer, type TestServer } from '../support/server.js';

/** A key whose URL, form and base64 spellings all differ from it. */
const KEY = 'sk_live/SECRET+4f9a=2c7e!b3(d)';
const base64 = (text: string) => Buffer.from(text).toString('base64');
const SPELLINGS: Record<string, string> = {
  lower: KEY.toLowerCase(),
  upper: KEY.toUpperCase(),
  url: encodeURIComponent(KEY),
  'url, lower-case hex': encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
  'url twice': encodeURIComponent(encodeURIComponent(KEY)),
  form: new URLSearchParams({ k: KEY }).toString().slice(2),
  base64: base64(KEY),
  'base64, basic auth': base64(`user:${KEY}`),
  'base64, other alignment': base64(`ab:${KEY}`),
  base64url: Buffer.from(`x${KEY}`).toString('base64url'),
  hex: Buffer.from(KEY).toString('hex'),
  'hex, upper case': Buffer.from(KEY).toString('hex').toUpperCase(),
  'url, every byte': [...Buffer.from(KEY)].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join(''),
  'url, partly': [...KEY].map((c, i) => (i % 3 ? c : `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)).join(''),
  'JSON \\u escapes': [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  'mixed case': [...KEY].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join(''),
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** What of the key's spellings shows in a text: any run of 12 characters of one (base64 cores shift at the edges). */
const leaks = (text: string) =>
  Object.entries(SPELLINGS).flatMap(([name, spelling]) =>
    Array.from({ length: spelling.length - 11 }, (_, i) => spelling.slice(i + 2, i + 14))
      .filter((run) => run.length === 12 && text.toLowerCase().includes(run.toLowerCase()))
      .map(() => name),
  );

describe('every spelling of the key is masked', () => {
  for (const [name, spelling] of Object.entries(SPELLINGS)) {
    it(`${name}: not in the error, its body, the logs or the warnings`, async () => {
      const path = `/pub/v1/generations/enc_${name.replace(/\W+/g, '_')}`;
      server.on('GET', path, {
        status: 401,
        headers: { 'x-request-id': `req-${spelling}`, 'retry-after': '0' },
        json: { err: { code: `bad_${spelling}`, message: `the key ${spelling} is not valid` }, echo: { [spelling]: [spelling] } },
      });
      const { client, logs, warnings } = makeClient(server, { apiKey: KEY, maxRetries: 0 });
      const error = (await client.generations.get(path.split('/').at(-1)!).catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(MediaGenError);
      expect(error.message).toContain(REDACTED);
      const texts = [...textsOf(error), JSON.stringify(error.body), ...logs, ...warnings.map((w) => JSON.stringify(w))];
      expect(texts.flatMap(leaks)).toEqual([]);
    });
  }

  it('the scan finds each spelling when it is there (it is not vacuous)', () => {
    for (const [name, spelling] of Object.entries(SPELLINGS)) expect(leaks(`…${spelling}…`)).toContain(name);
  });

  it('a short key is masked as it is, without touching other words of its case', async () => {
    server.on('GET', '/pub/v1/generations/short', { status: 401, json: errorEnvelope('bad', 'ab is AB, not Ab') });
    const { client } = makeClient(server, { apiKey: 'ab', maxRetries: 0 });
    const error = (await client.generations.get('short').catch((e: unknown) => e)) as ApiError;
    expect(error.serverMessage).toBe(`${REDACTED} is AB, not Ab`);
  });
});

describe('error bodies are copied without honouring __proto__', () => {
  it('a 4xx body with __proto__ keeps the plain prototype and the key as data', async () => {
    server.on('GET', '/pub/v1/generations/proto', {
      status: 400,
      text: '{"err":{"code":"bad_request","message":"no"},"__proto__":{"polluted":true},"nested":{"__proto__":{"deep":1}}}',
      headers: { 'content-type': 'application/json' },
    });
    const { client } = makeClient(server, { maxRetries: 0 });
    const error = (await client.generations.get('proto').catch((e: unknown) => e)) as ApiError;
    const body = error.body as Record<string, unknown> & { nested: Record<string, unknown> };
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(body.nested)).toBe(Object.prototype);
    expect((body as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.hasOwn(body, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(body, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
