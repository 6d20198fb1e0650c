// Durations and counts are checked and clamped: a timeout above what a timer holds (2^31 − 1 ms)
// does not fire at once, a negative or NaN one is MediaGenConfigError before anything is sent, a
// poll interval has a floor (MIN_POLL_INTERVAL_MS), and a media status the API does not document
// ends a wait with UnknownStatusError after `unknownStatusTimeoutMs` instead of at its deadline.
import { createClient, MediaGenConfigError, MIN_POLL_INTERVAL_MS, TimeoutError, UnknownStatusError } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, makeClient } from '../support/client.js';
import { envelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const media = (id: string, status: string) => ({ id, dim: { height: 1, width: 1 }, type: 'image', status });
const generation = (id: string, statuses: string[]) => ({ generation_id: id, created_at: 1, media: statuses.map((s, i) => media(`${id}_m${i}`, s)) });

describe('timeouts and counts', () => {
  it('a timeoutMs above 2^31 − 1 (or Infinity) does not time out at once', async () => {
    server.on('GET', '/pub/v1/generations/gen_t', { delayMs: 50, json: envelope(generation('gen_t', ['success'])) });
    for (const timeoutMs of [2 ** 31, 2 ** 40, Number.POSITIVE_INFINITY]) {
      const { client } = makeClient(server, { timeoutMs, maxRetries: 0 });
      await expect(client.generations.get('gen_t')).resolves.toMatchObject({ generation_id: 'gen_t' });
      await expect(client.generations.get('gen_t', { timeoutMs })).resolves.toMatchObject({ generation_id: 'gen_t' });
    }
  });

  it.each([
    ['timeoutMs', -1],
    ['timeoutMs', Number.NaN],
    ['timeoutMs', '100'],
    ['maxRetries', Number.NaN],
    ['maxRetries', -1],
    ['retryBaseDelayMs', -5],
    ['maxRetryAfterMs', Number.NaN],
    ['maxResponseBytes', 0],
  ])('%s: %s → MediaGenConfigError when the client is made', (name, value) => {
    expect(() => createClient({ apiKey: API_KEY, baseUrl: server.url, [name]: value })).toThrow(MediaGenConfigError);
    expect(() => createClient({ apiKey: API_KEY, baseUrl: server.url, [name]: value })).toThrow(new RegExp(`^${name} must be a number`));
  });

  it('per-call options are checked the same way, before anything is sent', async () => {
    const { client } = makeClient(server);
    const before = server.requests.length;
    await expect(client.generations.get('gen_t', { timeoutMs: -1 })).rejects.toBeInstanceOf(MediaGenConfigError);
    await expect(client.generations.get('gen_t', { maxRetries: Number.NaN })).rejects.toBeInstanceOf(MediaGenConfigError);
    await expect(client.request('noSuchOperation' as never)).rejects.toThrow(/"noSuchOperation" is not an operation of this API/);
    expect(server.requests.length).toBe(before);
  });
});

describe('polling limits', () => {
  it(`intervalMs: 0 is raised to ${MIN_POLL_INTERVAL_MS} ms between polls`, async () => {
    server.on('GET', '/pub/v1/generations/gen_fast', [
      { json: envelope(generation('gen_fast', ['pending'])) },
      { json: envelope(generation('gen_fast', ['pending'])) },
      { json: envelope(generation('gen_fast', ['success'])) },
    ]);
    const { client } = makeClient(server);
    await client.waitForGeneration('gen_fast', { intervalMs: 0 });
    const at = server.requestsTo('GET', '/pub/v1/generations/gen_fast').map((r) => r.at);
    expect(at).toHaveLength(3);
    // Well above 0 (the interval asked for); below the floor by at most what a busy event loop's cached time lags.
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(MIN_POLL_INTERVAL_MS - 100);
  });

  it('a negative interval or deadline is MediaGenConfigError, before any poll', async () => {
    const { client } = makeClient(server);
    const before = server.requests.length;
    await expect(client.waitForGeneration('gen_fast', { intervalMs: -1 })).rejects.toBeInstanceOf(MediaGenConfigError);
    await expect(client.waitForGeneration('gen_fast', { timeoutMs: Number.NaN })).rejects.toBeInstanceOf(MediaGenConfigError);
    expect(server.requests.length).toBe(before);
  });

  it('a wait deadline above 2^31 − 1 does not fire at once', async () => {
    server.on('GET', '/pub/v1/generations/gen_long', [
      { json: envelope(generation('gen_long', ['pending'])) },
      { json: envelope(generation('gen_long', ['success'])) },
    ]);
    const { client } = makeClient(server);
    await expect(client.waitForGeneration('gen_long', { intervalMs: 0, timeoutMs: 2 ** 33 })).resolves.toMatchObject({ ok: true });
  });

  it('an undocumented media status ends the wait with UnknownStatusError after unknownStatusTimeoutMs', async () => {
    server.on('GET', '/pub/v1/generations/gen_odd', { json: envelope(generation('gen_odd', ['success', 'blurred'])) });
    const { client } = makeClient(server);
    const started = Date.now();
    const error = (await client
      .waitForGeneration('gen_odd', { intervalMs: 0, unknownStatusTimeoutMs: 500, timeoutMs: 300_000 })
      .catch((e: unknown) => e)) as UnknownStatusError;
    expect(error).toBeInstanceOf(UnknownStatusError);
    expect(error).toMatchObject({ operationId: 'getGeneration', resourceId: 'gen_odd_m1', status: 'blurred' });
    expect(error.message).toBe('generation gen_odd: gen_odd_m1 has status "blurred", which the API does not document, for 500 ms or more.');
    // Not before the allowance; and ended by it, not by the wait's own deadline (which would be a
    // TimeoutError, and is five minutes away: no loaded machine reaches it first).
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  it('an undocumented status that turns into a documented one within the allowance does not end the wait', async () => {
    server.on('GET', '/pub/v1/generations/gen_queued', [
      { json: envelope(generation('gen_queued', ['queued'])) },
      { json: envelope(generation('gen_queued', ['pending'])) },
      { json: envelope(generation('gen_queued', ['success'])) },
    ]);
    const { client } = makeClient(server);
    await expect(client.waitForGeneration('gen_queued', { intervalMs: 0, unknownStatusTimeoutMs: 400 })).resolves.toMatchObject({ ok: true });
  });

  it('a media item that is not an object counts as an unknown status, not a TypeError', async () => {
    server.on('GET', '/pub/v1/generations/gen_nullitem', { json: envelope({ generation_id: 'gen_nullitem', created_at: 1, media: [null] }) });
    const { client } = makeClient(server);
    const error = await client.waitForGeneration('gen_nullitem', { unknownStatusTimeoutMs: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownStatusError);
    expect((error as UnknownStatusError).status).toBe('null');
  });

  it('the overall deadline still applies while a status is unknown', async () => {
    server.on('GET', '/pub/v1/generations/gen_odd2', { json: envelope(generation('gen_odd2', ['blurred'])) });
    const { client } = makeClient(server);
    await expect(client.waitForGeneration('gen_odd2', { intervalMs: 0, timeoutMs: 300 })).rejects.toBeInstanceOf(TimeoutError);
  });
});
