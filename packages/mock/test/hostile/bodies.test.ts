// Bodies that try to exhaust a mock: declared huge, never ending, one byte a second, many slow ones
// at once, and uploads past the sandbox's budgets. Each mock is a real `media-mock` process with
// short timeouts; every case must end within its bound, leave the mock answering, and keep the
// mock's peak memory (VmHWM, read from /proc) under a fixed ceiling. A bound is asserted with the
// slack a loaded machine needs (a starved process answers late) and no more than tells it apart from
// what it bounds: the drip's 100 s, the limit of the wait. The upload budgets get a sandbox of their
// own with the default timeouts: thirty 32 MiB uploads must not race a 2 s body timeout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, KEY } from '../helpers.js';
import { alive, bodyOf, childrenOf, drip, exchange, flood, head, type MockProcess, peakRssMiB, shown, startMockProcess } from './harness.js';
import { type Held, hold } from './held.js';

/** Peak resident memory allowed, in MiB: the mock process (its bin) and, for Prism, the Prism child. */
const CEILING_MIB = { sandbox: 420, front: 260, prism: 320 };
const BODY_TIMEOUT_MS = 2_000;
const MAX_CONNECTIONS = 48;
const EDGE = ['--quiet', '--body-timeout-ms', String(BODY_TIMEOUT_MS), '--headers-timeout-ms', '2000', '--max-connections', String(MAX_CONNECTIONS)];
const MIB = 1024 * 1024;

/**
 * Past this a connection counts as held: every bound below faces a body that would take at least 100 s
 * to end (one byte a second of 100) or never ends, while a loaded machine stretches the body timeout's
 * 2 s and an answer by seconds, not by a minute. Which limit ended a connection is told by its status
 * (413 the size, 408 the body timeout, 503 the connection cap), not by how long it took.
 */
const HELD_MS = 60_000;
/** How long an exchange is waited for: past HELD_MS, so that a held connection fails on its time, not on the wait. */
const WAIT_MS = HELD_MS + 30_000;

const mocks: Record<'sandbox' | 'prism' | 'uploads', MockProcess> = {} as never;
beforeAll(async () => {
  [mocks.sandbox, mocks.prism, mocks.uploads] = await Promise.all([
    startMockProcess(['--stateful', ...EDGE]),
    startMockProcess(EDGE),
    startMockProcess(['--stateful', '--quiet']),
  ]);
}, 600_000);
afterAll(async () => {
  const report: string[] = [];
  for (const [kind, mock] of Object.entries(mocks)) {
    if (!mock) continue;
    report.push(`${kind}: ${peakRssMiB(mock.pid).toFixed(0)} MiB`);
    for (const child of childrenOf(mock.pid)) report.push(`${kind}'s child ${child}: ${peakRssMiB(child).toFixed(0)} MiB`);
    await mock.stop();
  }
  console.info(`peak RSS after the body cases: ${report.join(', ')}`);
});

/** The mock still answers, and its memory stayed under the ceiling. */
async function stillWell(kind: 'sandbox' | 'prism' | 'uploads') {
  const mock = mocks[kind];
  expect(alive(mock.pid)).toBe(true);
  const answer = await call(mock.url.origin, 'get', '/pub/v1/voices');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(peakRssMiB(mock.pid)).toBeLessThan(kind === 'prism' ? CEILING_MIB.front : CEILING_MIB.sandbox);
  for (const child of childrenOf(mock.pid)) expect(peakRssMiB(child)).toBeLessThan(CEILING_MIB.prism);
  expect(mock.run.stderr()).not.toMatch(/stopped on its own/);
}

const json = (port: number, extra: Record<string, string>) =>
  head('POST', '/pub/v1/generations', port, { 'x-api-key': KEY, 'content-type': 'application/json', ...extra });
const chunk = (size: number) => Buffer.from(`${size.toString(16)}\r\n${' '.repeat(size)}\r\n`);

describe.each(['sandbox', 'prism'] as const)('%s', (kind) => {
  it('refuses a declared 50 MiB body at once, and keeps none of it', async () => {
    const port = mocks[kind].port;
    const answer = await exchange(port, json(port, { 'content-length': String(50 * MIB) }), {
      limitMs: WAIT_MS,
      feed: flood(Buffer.alloc(64 * 1024, 0x20), 50 * MIB),
    });
    expect(answer.status, shown(answer)).toBe(413);
    expect(bodyOf(answer)?.err?.code).toBe('payload_too_large');
    // On its length (the rest is read and dropped afterwards): the body is not kept, which the peak RSS
    // below shows; reading 50 MiB over loopback takes well under a second, so no clock could tell.
    expect(answer.answeredMs).toBeLessThan(HELD_MS);
    // The rest is read and dropped; the connection then idles out.
    expect(answer.closed).toBe(true);
    await stillWell(kind);
  });

  it('cuts a chunked body that never ends as soon as it passes the limit', async () => {
    const port = mocks[kind].port;
    const answer = await exchange(port, json(port, { 'transfer-encoding': 'chunked' }), { limitMs: WAIT_MS, feed: flood(chunk(64 * 1024)) });
    expect(answer.status, shown(answer)).toBe(413);
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeLessThan(HELD_MS);
    await stillWell(kind);
  });

  it('does not let one byte a second hold a connection past the body timeout', async () => {
    const port = mocks[kind].port;
    const answer = await exchange(port, json(port, { 'content-length': '100' }), { limitMs: WAIT_MS, feed: drip(1_000) });
    expect(answer.status, shown(answer)).toBe(408);
    expect(bodyOf(answer)?.err?.code).toBe('request_timeout');
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
    // The body would take 100 s: ended by the body timeout, whatever the machine's load adds to its 2 s.
    expect(answer.ms).toBeLessThan(HELD_MS);
    await stillWell(kind);
  });

  it('many slow uploads: those over the connection cap are answered 503, none holds a socket past the body timeout', async () => {
    const port = mocks[kind].port;
    // The cap is filled first, by connections held open, so that the slow uploads after them are over
    // it however long opening them takes (each is answered at the body timeout, 2 s, once admitted).
    // A holder refused (a connection of an earlier case not yet closed there) is replaced.
    const holders: Held[] = [];
    for (let round = 0; holders.length < MAX_CONNECTIONS && round < 20; round++) {
      const opened = await Promise.all(Array.from({ length: MAX_CONNECTIONS - holders.length }, () => hold(port)));
      for (const held of opened) {
        if (held.closed || held.status === 503) held.release();
        else holders.push(held);
      }
    }
    expect(holders).toHaveLength(MAX_CONNECTIONS);
    const over = await Promise.all(Array.from({ length: 20 }, slowUpload));
    // Over the cap a connection is answered 503; a little further over it (while the refused ones are
    // still closing), Node itself drops it unanswered (status 0 here) before file descriptors run out.
    expect(over.map((a) => a.status).filter((status) => status !== 503 && status !== 0)).toEqual([]);
    expect(over.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    // Refused, not held until the body timeout (each body would take 11 days to end).
    expect(over.every((a) => a.closed && a.ms < HELD_MS)).toBe(true);
    // The cap was full all along.
    expect(holders.filter((held) => held.closed)).toEqual([]);
    for (const held of holders) held.release();
    // Under the cap, each slow upload is admitted and ended by the body timeout. One refused while the
    // mock is still closing the holders tries again, at most ten times.
    const under = await Promise.all(
      Array.from({ length: MAX_CONNECTIONS }, async () => {
        let answer = await slowUpload();
        for (let attempt = 1; attempt < 10 && (answer.status === 503 || answer.status === 0); attempt++) answer = await slowUpload();
        return answer;
      }),
    );
    expect(under.map((a) => a.status).filter((status) => status !== 408)).toEqual([]);
    expect(under.every((a) => a.closed && a.ms < HELD_MS)).toBe(true);
    await stillWell(kind);

    function slowUpload() {
      return exchange(port, json(port, { 'content-length': '1000000' }), { limitMs: WAIT_MS, feed: drip(1_000) });
    }
  });
});

describe('the sandbox\u2019s upload budgets', () => {
  it('cuts an upload that never ends past the upload limit', async () => {
    const { port, url } = mocks.uploads;
    const slot = await call(url.origin, 'post', '/pub/v2/assets/upload', { body: { size: { height: 8, width: 8 } } });
    const path = new URL(slot.body.data.upload_url).pathname + new URL(slot.body.data.upload_url).search;
    // Refused as it passes 32 MiB, while the body goes on. The rest is then read and dropped for the
    // default body timeout (30 s) before the connection is cut, as the cases above show with 2 s: the
    // answer is what this case is about.
    const answer = await exchange(port, head('PUT', path, port, { 'transfer-encoding': 'chunked' }), {
      limitMs: WAIT_MS,
      feed: flood(chunk(256 * 1024)),
      until: 'answer',
    });
    expect(answer.status, shown(answer)).toBe(413);
    await stillWell('uploads');
  });

  it.each([
    ['kept alive', {}],
    ['asking to close the connection', { connection: 'close' }],
  ])('reads a refused upload to its end, so that a client still sending sees the answer, not a reset (%s)', async (_name, extra) => {
    const { port, url } = mocks.uploads;
    const slot = await call(url.origin, 'post', '/pub/v2/assets/upload', { body: { size: { height: 8, width: 8 } } });
    const path = new URL(slot.body.data.upload_url).pathname + new URL(slot.body.data.upload_url).search;
    // 33 MiB declared, over the upload limit: refused before a byte is read. Sent a MiB every 100 ms,
    // the body outlasts any fixed grace of a few seconds (as a loaded machine's uploads do); the mock
    // reads it for as long as a body may take (the body timeout, 30 s), so every byte goes out.
    const total = 33 * MIB;
    let sent = 0;
    const paced = (write: (chunk: Buffer) => boolean) => {
      const timer = setInterval(() => {
        if (sent >= total) return clearInterval(timer);
        write(Buffer.alloc(MIB, 0x20));
        sent += MIB;
      }, 100);
      return () => clearInterval(timer);
    };
    const answer = await exchange(port, head('PUT', path, port, { 'content-length': String(total), ...extra }), { limitMs: WAIT_MS, feed: paced });
    expect(answer.status, shown(answer)).toBe(413);
    expect(bodyOf(answer)?.err?.code).toBe('payload_too_large');
    // Not cut while the body was still coming (the feeding stops when the connection closes).
    expect(sent).toBe(total);
    // Then, the body read, the connection closes (at once when asked to, else as it idles out).
    expect(answer.closed).toBe(true);
    await stillWell('uploads');
  });

  it('thirty uploads of 32 MiB: the ones past the total budget are refused, archiving frees room', async () => {
    const { url } = mocks.uploads;
    const file = new Uint8Array(32 * MIB);
    const statuses: number[] = [];
    const ids: string[] = [];
    // A connection per upload, as call() makes (see there).
    for (let i = 0; i < 30; i++) {
      const slot = await call(url.origin, 'post', '/pub/v2/assets/upload', { body: { size: { height: 8, width: 8 } } });
      ids.push(slot.body.data.id);
      const put = await fetch(slot.body.data.upload_url, { method: 'PUT', body: file, headers: { connection: 'close' } });
      statuses.push(put.status);
      if (put.status !== 200) expect((await put.json()).err.code).toBe('budget_exceeded');
      else await put.arrayBuffer();
    }
    // 128 MiB held at most: four files of 32 MiB.
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 503)).toHaveLength(26);
    const archived = await call(url.origin, 'post', '/pub/v1/assets/archive', { body: { ids: [ids[0]] } });
    expect(archived.status).toBe(200);
    const again = await fetch((await call(url.origin, 'post', '/pub/v2/assets/upload', { body: { size: { height: 8, width: 8 } } })).body.data.upload_url, {
      method: 'PUT',
      body: file,
      headers: { connection: 'close' },
    });
    expect(again.status).toBe(200);
    await stillWell('uploads');
  });
});
