// Broken answers end in the right error: malformed JSON, a reset connection, a response that never
// comes or never finishes, a refused connection, an abort. Which limit ended a call is told by the
// error it ends with (the stalled answers never end on their own), not by how long it took: a loaded
// machine stretches every duration.
import { AbortError, ConnectionError, MediaGenError, ResponseParseError, TimeoutError } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient } from '../support/client.js';
import { envelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** The error a promise rejects with, and how long that took. */
async function failure(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  try {
    await promise;
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
  throw new Error('expected a rejection');
}

describe('network failures', () => {
  it('malformed JSON on a 200 → ResponseParseError (not retried)', async () => {
    server.on('GET', '/pub/v1/generations/gen_bad', {
      status: 200,
      text: '{"data": {"generation_id": "gen_bad",',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req_bad' },
    });
    const { client } = makeClient(server);
    const { error } = await failure(client.generations.get('gen_bad'));
    expect(error).toBeInstanceOf(ResponseParseError);
    const e = error as ResponseParseError;
    expect(e.status).toBe(200);
    expect(e.requestId).toBe('req_bad');
    expect(e.operationId).toBe('getGeneration');
    expect(e.message).toMatch(/^getGeneration: the 200 response is not valid JSON \(starts "\{\\"data\\"/);
    expect(server.hits('GET', '/pub/v1/generations/gen_bad')).toBe(1);
  });

  it('connection reset (socket destroyed) → ConnectionError after the retries', async () => {
    server.on('GET', '/pub/v1/generations/gen_reset', 'reset');
    const { client } = makeClient(server, { maxRetries: 2 });
    const { error } = await failure(client.generations.get('gen_reset'));
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).message).toMatch(/^getGeneration could not reach 127\.0\.0\.1:\d+: /);
    // Not a TimeoutError: the reset itself ended each attempt.
    expect(server.hits('GET', '/pub/v1/generations/gen_reset')).toBe(3);
  });

  it('a response that never starts → TimeoutError within timeoutMs', async () => {
    server.on('GET', '/pub/v1/generations/gen_stall', 'stall');
    const { client } = makeClient(server, { timeoutMs: 300, maxRetries: 0 });
    const { error, ms } = await failure(client.generations.get('gen_stall'));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(300);
    expect((error as TimeoutError).message).toBe('getGeneration got no complete response within 300 ms (1 attempt made).');
    expect((error as TimeoutError).attempts).toBe(1);
    // Timers count from the event loop's cached time, which a busy machine leaves tens of ms behind.
    expect(ms).toBeGreaterThanOrEqual(200);
  });

  it('a body that never finishes → TimeoutError within timeoutMs', async () => {
    server.on('GET', '/pub/v1/generations/gen_halfbody', 'stall-body');
    const { client } = makeClient(server, { timeoutMs: 300, maxRetries: 0 });
    const { error } = await failure(client.generations.get('gen_halfbody'));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(300);
  });

  it('a timed-out GET is retried, each attempt with its own timeout', async () => {
    // The first attempt never answers; the second answers at once and must be given a whole limit of its
    // own (one limit for the whole call would have run out). The limit is far above an ordinary answer
    // on a loaded machine, which is what the test waits for once.
    server.on('GET', '/pub/v1/generations/gen_slow', ['stall', { json: envelope({ generation_id: 'gen_slow', created_at: 1, media: [] }) }]);
    const { client } = makeClient(server, { timeoutMs: 5_000, maxRetries: 1 });
    await expect(client.generations.get('gen_slow')).resolves.toMatchObject({ generation_id: 'gen_slow' });
    expect(server.hits('GET', '/pub/v1/generations/gen_slow')).toBe(2);
  });

  it('a timeout aborts only its own request, also after earlier calls (whose signals are reused)', async () => {
    server.on('GET', '/pub/v1/generations/gen_quick', { json: envelope({ generation_id: 'gen_quick', created_at: 1, media: [] }) });
    server.on('GET', '/pub/v1/generations/gen_late', { delayMs: 500, json: envelope({ generation_id: 'gen_late', created_at: 1, media: [] }) });
    server.on('GET', '/pub/v1/generations/gen_never', 'stall');
    // Only the call that never gets an answer has a short limit; every other call's limit (the harness's)
    // is far above an ordinary answer on a loaded machine, so only a signal that fired wrongly fails them.
    const { client } = makeClient(server, { maxRetries: 0 });
    for (let i = 0; i < 5; i++) await client.generations.get('gen_quick');
    const [never, late] = await Promise.allSettled([client.generations.get('gen_never', { timeoutMs: 300 }), client.generations.get('gen_late')]);
    expect(never.status === 'rejected' && never.reason).toBeInstanceOf(TimeoutError);
    expect(late).toMatchObject({ status: 'fulfilled', value: { generation_id: 'gen_late' } });
    // The next calls get a signal that has not fired.
    for (let i = 0; i < 10; i++) await expect(client.generations.get('gen_quick')).resolves.toMatchObject({ generation_id: 'gen_quick' });
  });

  it('a timed-out generate is not retried', async () => {
    server.on('POST', '/pub/v1/generations', 'stall');
    const { client } = makeClient(server, { timeoutMs: 200, maxRetries: 3 });
    const { error } = await failure(client.generations.create({ model: 'JuggernautXL', prompt: 'x' }));
    expect(error).toBeInstanceOf(TimeoutError);
    // Counted by the client: a process stalled past the 200 ms can time the attempt out before the
    // server has read it, so the server's count is 1 or, stalled, 0; never more.
    expect((error as TimeoutError).attempts).toBe(1);
    expect(server.hits('POST', '/pub/v1/generations')).toBeLessThanOrEqual(1);
  });

  it('a refused connection → ConnectionError', async () => {
    const closed = await startServer();
    const url = closed.url;
    await closed.close();
    const { client } = makeClient({ ...server, url }, { maxRetries: 1 });
    const { error } = await failure(client.resources.models());
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });

  it('abort while waiting for the response → AbortError, promptly', async () => {
    server.on('GET', '/pub/v1/generations/gen_abort', 'stall');
    const { client } = makeClient(server);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    // The answer never comes and the call's own limit is the harness's two minutes: only the abort ends it.
    const { error } = await failure(client.generations.get('gen_abort', { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toBeInstanceOf(MediaGenError);
    expect((error as AbortError).operationId).toBe('getGeneration');
  });

  it('abort during the backoff between retries → AbortError', async () => {
    server.on('GET', '/pub/v1/generations/gen_abort2', {
      status: 503,
      json: { err: { code: 'service_unavailable', message: 'x' } },
      headers: { 'retry-after': '60' },
    });
    const { client, logs } = makeClient(server);
    const controller = new AbortController();
    const call = failure(client.generations.get('gen_abort2', { signal: controller.signal }));
    // Aborted once the client says it waits (the event), not after a guess at how long the first answer takes.
    while (!logs.some((line) => line.includes('Retrying in'))) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    controller.abort();
    const { error } = await call;
    expect(error).toBeInstanceOf(AbortError);
    // The wait asked for is a minute: ended by the abort, far sooner, whatever the machine's load.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(server.hits('GET', '/pub/v1/generations/gen_abort2')).toBe(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const { client } = makeClient(server);
    const before = server.requests.length;
    await expect(client.generations.get('gen_x', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortError);
    expect(server.requests.length).toBe(before);
  });
});
