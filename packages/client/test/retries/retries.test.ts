// Retries: idempotent operations are retried on 408/429/5xx and connection failures with backoff,
// Retry-After is honoured, and generate (which spends credits) is never retried unless asked.
import { backoffDelay, ConnectionError, parseRetryAfter, RateLimitError, ServerError } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient } from '../support/client.js';
import { envelope, errorEnvelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const generation = (id: string) => ({ generation_id: id, created_at: 1, media: [] });
const ITEM = { model: 'JuggernautXL', prompt: { positive: 'a cat' } };

describe('retries', () => {
  it('retries a GET after a 500 and returns the 200', async () => {
    server.on('GET', '/pub/v1/generations/gen_r1', [{ status: 500, json: errorEnvelope('internal_error', 'boom') }, { json: envelope(generation('gen_r1')) }]);
    const { client, logs } = makeClient(server);
    await expect(client.generations.get('gen_r1')).resolves.toEqual(generation('gen_r1'));
    expect(server.hits('GET', '/pub/v1/generations/gen_r1')).toBe(2);
    expect(logs.some((line) => line.startsWith('info getGeneration: 500 internal_error. Retrying in'))).toBe(true);
  });

  it('retries 408 and 503 too, up to maxRetries, then throws the last error', async () => {
    server.on('GET', '/pub/v1/generations/gen_r2', [
      { status: 408, json: errorEnvelope('timeout', 't') },
      { status: 503, json: errorEnvelope('service_unavailable', 'u') },
    ]);
    const { client } = makeClient(server, { maxRetries: 3 });
    const error = await client.generations.get('gen_r2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(server.hits('GET', '/pub/v1/generations/gen_r2')).toBe(4);
  });

  it('does not retry a 4xx other than 408 and 429', async () => {
    server.on('GET', '/pub/v1/generations/gen_r3', { status: 404, json: errorEnvelope('not_found', 'no') });
    const { client } = makeClient(server, { maxRetries: 3 });
    await expect(client.generations.get('gen_r3')).rejects.toThrow(/404 not_found/);
    expect(server.hits('GET', '/pub/v1/generations/gen_r3')).toBe(1);
  });

  it('honours Retry-After in seconds (the wait is measured)', async () => {
    server.on('GET', '/pub/v1/generations/gen_r4', [
      { status: 429, json: errorEnvelope('rate_limited', 'slow down'), headers: { 'retry-after': '1' } },
      { json: envelope(generation('gen_r4')) },
    ]);
    const { client } = makeClient(server, { retryBaseDelayMs: 1, retryMaxDelayMs: 1 });
    await client.generations.get('gen_r4');
    const [first, second] = server.requestsTo('GET', '/pub/v1/generations/gen_r4');
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    // Not a wait misread as far longer (a second taken as ms ×1000 would be 17 min); a loaded machine
    // stretches the wait, so the bound is far from the second asked for.
    expect(second!.at - first!.at).toBeLessThan(30_000);
  });

  it('honours Retry-After as an HTTP date', async () => {
    server.on('GET', '/pub/v1/generations/gen_r5', (_request, hit) =>
      hit === 1
        ? { status: 429, json: errorEnvelope('rate_limited', 'slow down'), headers: { 'retry-after': new Date(Date.now() + 2000).toUTCString() } }
        : { json: envelope(generation('gen_r5')) },
    );
    const { client } = makeClient(server, { retryBaseDelayMs: 1, retryMaxDelayMs: 1 });
    await client.generations.get('gen_r5');
    const [first, second] = server.requestsTo('GET', '/pub/v1/generations/gen_r5');
    // An HTTP date has whole seconds: 2 s from now is 1–2 s away.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    expect(second!.at - first!.at).toBeLessThan(30_000);
  });

  it('does not wait for a Retry-After longer than maxRetryAfterMs', async () => {
    server.on('GET', '/pub/v1/generations/gen_r6', { status: 429, json: errorEnvelope('rate_limited', 'later'), headers: { 'retry-after': '120' } });
    const { client } = makeClient(server, { maxRetryAfterMs: 1000 });
    const started = Date.now();
    const error = (await client.generations.get('gen_r6').catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(120_000);
    // Far below the 120 s asked for, with slack for a loaded machine.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(server.hits('GET', '/pub/v1/generations/gen_r6')).toBe(1);
  });

  it('never retries generate (POST) on 500, 429 or a reset connection', async () => {
    server.on('POST', '/pub/v1/generations', { status: 500, json: errorEnvelope('internal_error', 'boom') });
    const { client } = makeClient(server, { maxRetries: 5 });
    await expect(client.generations.create(ITEM)).rejects.toBeInstanceOf(ServerError);
    expect(server.hits('POST', '/pub/v1/generations')).toBe(1);

    server.on('POST', '/pub/v1/generations', { status: 429, json: errorEnvelope('rate_limited', 'x'), headers: { 'retry-after': '0' } });
    await expect(client.generations.create(ITEM)).rejects.toBeInstanceOf(RateLimitError);
    expect(server.hits('POST', '/pub/v1/generations')).toBe(2);

    server.on('POST', '/pub/v1/generations', 'reset');
    await expect(client.generations.create(ITEM)).rejects.toBeInstanceOf(ConnectionError);
    expect(server.hits('POST', '/pub/v1/generations')).toBe(3);
  });

  it('retries generate only with retryOnPost: true', async () => {
    const path = '/pub/v1/generations';
    const before = server.hits('POST', path);
    server.on('POST', path, (_request, hit) =>
      hit === before + 1
        ? { status: 503, json: errorEnvelope('service_unavailable', 'u') }
        : { json: envelope({ generation_id: 'gen_p', credits_remaining: 1, media: [] }) },
    );
    const { client } = makeClient(server, { retryOnPost: true });
    await expect(client.generations.create(ITEM)).resolves.toMatchObject({ generation_id: 'gen_p' });
    expect(server.hits('POST', path) - before).toBe(2);
  });

  it('retries estimate (an idempotent POST)', async () => {
    server.on('POST', '/pub/v1/generations/estimate', [
      { status: 500, json: errorEnvelope('internal_error', 'x') },
      { json: envelope({ estimated: 5, balance: 20 }) },
    ]);
    const { client } = makeClient(server);
    await expect(client.generations.estimate(ITEM)).resolves.toEqual({ estimated: 5, balance: 20 });
    expect(server.hits('POST', '/pub/v1/generations/estimate')).toBe(2);
  });

  it('retries a reset connection for a GET', async () => {
    server.on('GET', '/pub/v1/generations/gen_r7', ['reset', { json: envelope(generation('gen_r7')) }]);
    const { client } = makeClient(server);
    await expect(client.generations.get('gen_r7')).resolves.toEqual(generation('gen_r7'));
    expect(server.hits('GET', '/pub/v1/generations/gen_r7')).toBe(2);
  });

  it('maxRetries per call overrides the client setting', async () => {
    server.on('GET', '/pub/v1/generations/gen_r8', { status: 500, json: errorEnvelope('internal_error', 'x') });
    const { client } = makeClient(server, { maxRetries: 4 });
    await expect(client.generations.get('gen_r8', { maxRetries: 0 })).rejects.toBeInstanceOf(ServerError);
    expect(server.hits('GET', '/pub/v1/generations/gen_r8')).toBe(1);
  });
});

describe('backoff and Retry-After parsing', () => {
  it('full jitter: uniform below min(max, base · 2^retry)', () => {
    expect(backoffDelay(0, 500, 8000, () => 0.999)).toBe(499);
    expect(backoffDelay(3, 500, 8000, () => 0.5)).toBe(2000);
    expect(backoffDelay(10, 500, 8000, () => 0.5)).toBe(4000);
    expect(backoffDelay(2, 500, 8000, () => 0)).toBe(0);
  });

  it('reads seconds, decimals, HTTP dates and retry-after-ms', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(parseRetryAfter(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(parseRetryAfter(new Headers({ 'retry-after': '0.25' }), now)).toBe(250);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Wed, 21 Oct 2015 07:28:05 GMT' }), now)).toBe(5000);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Wed, 21 Oct 2015 07:27:00 GMT' }), now)).toBe(0);
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '120' }), now)).toBe(120);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfter(new Headers(), now)).toBeUndefined();
  });
});
