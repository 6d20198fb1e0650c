// The API key never appears in an error's message, string form, JSON, stack or inspection, nor in a
// log line or warning, even when the service echoes it back in every field it can.
import { type MediaGenClient, MediaGenError, REDACTED } from '@mediagen/client';
import { schemaValidator } from '@mediagen/client/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, makeClient } from '../support/client.js';
import { textsOf } from '../support/errors.js';
import { type Recorded, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** A server that answers with the key it was sent, everywhere. */
const echo = (status: number) => (request: Recorded) => {
  const key = String(request.headers['x-api-key']);
  return {
    status,
    headers: { 'x-request-id': `req-${key}`, 'retry-after': '0' },
    json: { data: null, err: { code: `bad_key_${key}`, message: `the key ${key} is not valid` }, echo: { [key]: [key] } },
  };
};

async function collect(run: (client: MediaGenClient) => Promise<unknown>, options = {}) {
  const harness = makeClient(server, { validator: schemaValidator(), ...options });
  const error = await run(harness.client).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ...harness };
}

describe('the API key stays secret', () => {
  const scenarios: [string, (client: MediaGenClient) => Promise<unknown>, object?][] = [];
  for (const status of [400, 401, 402, 404, 422, 429, 500, 503]) {
    const path = `/pub/v1/generations/secret_${status}`;
    scenarios.push([`${status} echoing the key`, (c) => (server.on('GET', path, echo(status)), c.generations.get(`secret_${status}`))]);
  }
  scenarios.push([
    'malformed JSON echoing the key',
    (c) => (server.on('GET', '/pub/v1/generations/secret_json', { text: `{"data": "${API_KEY}` }), c.generations.get('secret_json')),
  ]);
  scenarios.push(['connection reset', (c) => (server.on('GET', '/pub/v1/generations/secret_reset', 'reset'), c.generations.get('secret_reset'))]);
  scenarios.push([
    'timeout',
    (c) => (server.on('GET', '/pub/v1/generations/secret_stall', 'stall'), c.generations.get('secret_stall')),
    { timeoutMs: 100, maxRetries: 1 },
  ]);
  scenarios.push([
    'abort',
    (c) => (server.on('GET', '/pub/v1/generations/secret_abort', 'stall'), c.generations.get('secret_abort', { signal: AbortSignal.timeout(50) })),
  ]);
  scenarios.push(['local validation quoting the key', (c) => c.generations.create({ model: 'JuggernautXL', prompt: 'p', sampler: API_KEY } as never)]);
  scenarios.push(['warning quoting the key', (c) => c.generations.create({ segment: { asset_id: 'a', find: 'f', replace: 'r' }, [API_KEY]: 1 } as never)]);
  scenarios.push([
    'upload failure',
    (c) => (
      server.on('POST', '/pub/v2/assets/upload', {
        status: 201,
        json: { data: { id: 'ast_s', type: 'image', size: { height: 1, width: 1 }, url: 'u', upload_url: `${server.url}/put/ast_s` }, err: {} },
      }),
      server.on('PUT', '/put/ast_s', { status: 403, text: API_KEY }),
      c.assets.uploadFile({ bytes: new Uint8Array([1]), size: { width: 1, height: 1 } })
    ),
  ]);

  for (const [name, run, options] of scenarios) {
    it(`${name}: not in the error, the logs or the warnings`, async () => {
      const { error, logs, warnings } = await collect(run, options);
      if (name !== 'warning quoting the key') expect(error).toBeInstanceOf(MediaGenError);
      for (const text of [...textsOf(error), ...logs, ...warnings.map((w) => JSON.stringify(w))]) expect(text).not.toContain(API_KEY);
    });
  }

  it('echoed values are replaced by a marker, so the message still reads', async () => {
    const { error } = await collect((c) => c.generations.get('secret_401'));
    expect((error as Error).message).toBe(`401 bad_key_${REDACTED}: the key ${REDACTED} is not valid (getGeneration, request id req-${REDACTED})`);
  });

  it('logs lines exist for the scenarios (the scan above is not vacuous)', async () => {
    const { logs } = await collect((c) => c.generations.get('secret_500'), { maxRetries: 2 });
    expect(logs.filter((l) => l.startsWith('info getGeneration: 500'))).toHaveLength(2);
    expect(logs.filter((l) => l.startsWith('debug'))).not.toHaveLength(0);
  });
});
