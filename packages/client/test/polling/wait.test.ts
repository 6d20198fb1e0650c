// waitForGeneration polls until every media item is terminal and sums up what failed; it stops with
// TimeoutError at its deadline and AbortError when the caller aborts.
import { AbortError, type GenerationProgress, TimeoutError } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient } from '../support/client.js';
import { envelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const media = (id: string, status: string) => ({
  id,
  dim: { height: 512, width: 512 },
  type: 'image',
  status,
  ...(status === 'success' ? { url: `https://cdn/${id}.png` } : {}),
});
const generation = (id: string, statuses: string[]) => ({ generation_id: id, created_at: 1, media: statuses.map((s, i) => media(`${id}_m${i}`, s)) });

describe('waitForGeneration', () => {
  it('polls until every media item succeeded', async () => {
    server.on('GET', '/pub/v1/generations/gen_w1', [
      { json: envelope(generation('gen_w1', ['initiated', 'initiated'])) },
      { json: envelope(generation('gen_w1', ['pending', 'success'])) },
      { json: envelope(generation('gen_w1', ['success', 'success'])) },
    ]);
    const { client } = makeClient(server);
    const progress: GenerationProgress[] = [];
    const outcome = await client.waitForGeneration('gen_w1', { intervalMs: 20, onProgress: (p) => progress.push(p) });
    expect(outcome.ok).toBe(true);
    expect(outcome.failed).toEqual([]);
    expect(outcome.succeeded.map((m) => m.id)).toEqual(['gen_w1_m0', 'gen_w1_m1']);
    expect(outcome.generation).toEqual(generation('gen_w1', ['success', 'success']));
    expect(progress.map((p) => [p.done, p.total])).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
    expect(server.hits('GET', '/pub/v1/generations/gen_w1')).toBe(3);
  });

  it('ends when the rest failed, with the failed items summed up', async () => {
    server.on('GET', '/pub/v1/generations/gen_w2', [
      { json: envelope(generation('gen_w2', ['pending', 'pending', 'pending'])) },
      { json: envelope(generation('gen_w2', ['success', 'failed', 'failed'])) },
    ]);
    const { client } = makeClient(server);
    const outcome = await client.generations.wait('gen_w2', { intervalMs: 10 });
    expect(outcome.ok).toBe(false);
    expect(outcome.failed.map((m) => m.id)).toEqual(['gen_w2_m1', 'gen_w2_m2']);
    expect(outcome.succeeded.map((m) => m.id)).toEqual(['gen_w2_m0']);
  });

  it('reports progress after the first poll and then only when a status changes', async () => {
    server.on('GET', '/pub/v1/generations/gen_wp', [
      { json: envelope(generation('gen_wp', ['initiated', 'initiated'])) },
      { json: envelope(generation('gen_wp', ['initiated', 'initiated'])) },
      { json: envelope(generation('gen_wp', ['pending', 'initiated'])) },
      { json: envelope(generation('gen_wp', ['pending', 'initiated'])) },
      { json: envelope(generation('gen_wp', ['success', 'pending'])) },
      { json: envelope(generation('gen_wp', ['success', 'pending'])) },
      { json: envelope(generation('gen_wp', ['success', 'failed'])) },
    ]);
    const { client } = makeClient(server);
    const progress: string[] = [];
    await client.waitForGeneration('gen_wp', {
      intervalMs: 0,
      onProgress: (p) => progress.push(`${p.done}/${p.total} ${p.generation.media.map((m) => m.status).join(',')}`),
    });
    expect(server.hits('GET', '/pub/v1/generations/gen_wp')).toBe(7);
    expect(progress).toEqual(['0/2 initiated,initiated', '0/2 pending,initiated', '1/2 success,pending', '2/2 success,failed']);
  });

  it('throws TimeoutError at the deadline, saying how far it got', async () => {
    // The first poll answers (one of two media finished); every later one never does, so only the
    // deadline ends the wait, and the polls it started are the first and at most one it cut short
    // (on a quiet machine: the first answered at once, the second sent 250 ms later and cut at 1 s).
    server.on('GET', '/pub/v1/generations/gen_w3', (_request, hit) => (hit === 1 ? { json: envelope(generation('gen_w3', ['success', 'pending'])) } : 'stall'));
    const { client } = makeClient(server);
    const seen: string[] = [];
    const error = (await client
      .waitForGeneration('gen_w3', { intervalMs: 250, timeoutMs: 1_000, onProgress: (p) => seen.push(`${p.done} of ${p.total} media finished, `) })
      .catch((e: unknown) => e)) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    const polls = error.attempts;
    expect([1, 2]).toContain(polls);
    // A poll the deadline cut before the server read it is counted by the client only.
    expect([polls - 1, polls]).toContain(server.hits('GET', '/pub/v1/generations/gen_w3'));
    // How far it got is what the answered polls said, as progress reported it: on any machine but one
    // stalled for the whole second, the first poll's one of two (whether the first is answered before
    // the deadline is the machine's speed; what the message says about it is the client's).
    expect(seen.length).toBeLessThanOrEqual(1);
    expect(error.message).toBe(`generation gen_w3 did not finish within 1000 ms (${seen.join('')}${polls} ${polls === 1 ? 'poll' : 'polls'}).`);
  });

  it('the deadline also cuts a poll request in flight', async () => {
    server.on('GET', '/pub/v1/generations/gen_w4', 'stall');
    const { client } = makeClient(server);
    const started = Date.now();
    const error = await client.waitForGeneration('gen_w4', { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    // The wait's deadline, not the poll's own limit (the harness's two minutes), ended it.
    expect((error as TimeoutError).message).toMatch(/^generation gen_w4 did not finish within 200 ms/);
    // The stalled poll never answers: far below the poll's own limit, whatever the machine's load.
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('throws AbortError when the signal fires between polls', async () => {
    server.on('GET', '/pub/v1/generations/gen_w5', { json: envelope(generation('gen_w5', ['pending'])) });
    const { client } = makeClient(server);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 120);
    const error = await client.waitForGeneration('gen_w5', { intervalMs: 50, signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).message).toBe('waiting for generation gen_w5 was aborted.');
  });

  it('a generation that does not exist ends the wait with NotFoundError', async () => {
    const { client } = makeClient(server);
    await expect(client.waitForGeneration('gen_missing', { intervalMs: 10 })).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
  });
});
