// Seeds: two sandboxes with the same seed given the same requests answer the same; the fault and
// latency knobs are off by default, and deterministic when on.
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, MockError, manualClock, type RunningSandbox, type SandboxServerOptions, startSandbox } from '../../src/index.js';
import { call, item } from '../helpers.js';

const running: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});
async function start(options: SandboxServerOptions) {
  const sandbox = await startSandbox(options);
  running.push(sandbox);
  return sandbox;
}

/** Makes three generations of four images, finishes them, and returns every id and status. */
async function run(seed: number) {
  const clock = manualClock();
  const sandbox = await start({ seed, failureRate: 0.4, now: clock.now });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const created = await call(sandbox.url, 'post', '/pub/v1/generations', { body: item({ batch_size: 4 }) });
    ids.push(created.body.data.generation_id);
  }
  clock.advance(10_000);
  const out: string[] = [];
  for (const id of ids) {
    const got = await call(sandbox.url, 'get', `/pub/v1/generations/${id}`);
    for (const m of got.body.data.media) out.push(`${id}/${m.id}:${m.status}`);
  }
  return out;
}

describe('seed determinism', () => {
  it('the same seed gives the same ids and statuses; another seed does not', async () => {
    const [a, b, c] = await Promise.all([run(42), run(42), run(43)]);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    const statuses = a.map((entry) => entry.split(':')[1]);
    expect(statuses).toContain('success');
    expect(statuses).toContain('failed');
  });
});

describe('faults and latency', () => {
  it('are off by default', async () => {
    const sandbox = await start({});
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(sandbox.url, 'get', '/pub/v1/voices')));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it('errorRate 1 answers every API request with the fault status and Retry-After', async () => {
    const sandbox = await start({ faults: { errorRate: 1, status: 429 } });
    const answer = await call(sandbox.url, 'get', '/pub/v1/models');
    expect(answer.status).toBe(429);
    expect(answer.body.err.code).toBe('rate_limited');
    expect(answer.headers.get('retry-after')).toBe('1');
  });

  it('a partial error rate hits the same requests for the same seed', async () => {
    const pattern = async () => {
      const { app } = createSandbox({ seed: 9, faults: { errorRate: 0.5 } });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await app.request('/pub/v1/voices', { headers: { 'x-api-key': 'sandbox-key' } })).status);
      return statuses;
    };
    const [first, second] = [await pattern(), await pattern()];
    expect(first).toEqual(second);
    expect(first).toContain(503);
    expect(first).toContain(200);
  });

  it('latencyMs and slowMs delay answers', async () => {
    const slow = await start({ latencyMs: 150 });
    let started = performance.now();
    await call(slow.url, 'get', '/pub/v1/voices');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    const failing = await start({ faults: { errorRate: 1, slowMs: 150 } });
    started = performance.now();
    expect((await call(failing.url, 'get', '/pub/v1/voices')).status).toBe(503);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('out-of-range knobs are refused with a typed error', async () => {
    for (const options of [{ failureRate: 2 }, { faults: { errorRate: -1 } }, { plan: { maxBatchSize: 0 } }, { port: 70000 }]) {
      const error = await startSandbox(options).catch((e: unknown) => e);
      expect(error, JSON.stringify(options)).toBeInstanceOf(MockError);
      expect((error as MockError).code).toBe('invalid_option');
    }
  });
});
