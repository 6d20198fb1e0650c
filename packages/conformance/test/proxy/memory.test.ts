// What the proxy keeps for judging is bounded across the answers in flight, not only per answer: 40
// answers of 10 MiB each, all in flight at once, through the CLI in a child process. Each would keep
// 8 MiB (--max-answer-bytes) were there no shared budget (320 MiB together); with it, the answers
// beyond the budget are judged on their start, the summary says how many, and the peak resident
// memory stays within the budget and the process's own. Each answer still reaches its client whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_KEPT_BYTES } from '../../src/proxy/server.js';
import { crowd, type LargeAnswers, largeAnswers } from './crowd.js';
import { startProxyProcess } from './process.js';

const MIB = 1024 * 1024;
const CLIENTS = 40;
const ANSWER = 10 * MIB;

describe('the proxy’s memory across answers in flight', () => {
  let upstream: LargeAnswers;

  beforeAll(async () => {
    upstream = await largeAnswers(ANSWER, CLIENTS);
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  it(`keeps at most the shared budget for judging while ${CLIENTS} answers of 10 MiB stream at once`, async () => {
    const idle = await startProxyProcess(['--upstream', upstream.url, '--insecure-upstream', '--port', '0']);
    idle.signal('SIGINT');
    const idlePeak = (await idle.exited).peakMiB;

    // The per-request limit far above what 40 streams take on a loaded machine: a stream cut by it is
    // not what this test is about (at the default 15 s, answers were cut under load).
    const proxy = await startProxyProcess(['--upstream', upstream.url, '--insecure-upstream', '--port', '0', '--timeout', '600'], { limitMs: 600_000 });
    const got = await crowd(proxy.url, CLIENTS);
    expect(got).toEqual(Array(CLIENTS).fill(expect.any(Number)));
    for (const bytes of got) expect(bytes).toBeGreaterThan(ANSWER - 1024);
    proxy.signal('SIGINT');
    const exit = await proxy.exited;
    expect(exit.killed).toBe(false);
    // The budget, and as much again for what streams through and waits for the collector: far below
    // the 320 MiB the answers' own copies would take.
    expect(exit.peakMiB - idlePeak).toBeLessThan((2 * DEFAULT_MAX_KEPT_BYTES) / MIB + 64);
    const cut = Number(/(\d+) answers? judged on their first bytes only, as truncated/.exec(proxy.stdout())?.[1]);
    expect(cut).toBeGreaterThanOrEqual(CLIENTS - DEFAULT_MAX_KEPT_BYTES / (8 * MIB));
    expect(proxy.stdout()).toMatch(/^note: GET \/pub\/v1\/voices judged on its first \d+ bytes, as truncated: the answers in flight held the judging budget/m);
  });
});
