// Kept-alive connections on a busy machine. The server closes an idle connection after its keep-alive
// time; the client's timer that should close it first runs late when the client is busy (here: its
// thread is held until the server says it closed the connection, past both times whatever the load), so
// the pool still holds the socket the server has closed. A write
// sent on it would be lost. The suite's connections measure the idle time when a socket is handed
// out: an overdue one is closed unwritten, and the write goes, once, on a new connection.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connections, type RoundTrip } from '../../src/plumbing/http.js';
import { keepAliveAgent } from '../../src/plumbing/keep-alive.js';
import { forward } from '../../src/proxy/forward.js';
import { createKeptBudget, KeptCopy } from '../../src/proxy/kept.js';

let server: ChildProcess;
let base: string;
const dir = mkdtempSync(join(tmpdir(), 'keep-alive-'));
/** Where the server notes each connection it closed (see the fixture). */
const closedLog = join(dir, 'closed.log');
beforeAll(async () => {
  server = spawn(process.execPath, [new URL('./fixtures/keep-alive-server.mjs', import.meta.url).pathname, '2000', closedLog], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) => server.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  server.stdin!.end();
  rmSync(dir, { recursive: true, force: true });
});

/** The warm-up's connection back in the pool (it is freed just after its answer ends). */
const pooled = () => new Promise((resolve) => setTimeout(resolve, 100));

/** Holds this thread (timers, sockets, everything) for `ms`: a machine too busy to run the client. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/**
 * Holds this thread, as `busy` does, until the server has closed the connection that carried `path`
 * (read from its log, synchronously): the server's keep-alive time has then passed on its side, however
 * late a loaded machine ran it. A minute only catches a server that never closes it.
 */
function busyUntilClosed(path: string): void {
  const until = performance.now() + 60_000;
  const closed = () =>
    existsSync(closedLog) &&
    readFileSync(closedLog, 'utf8')
      .split('\n')
      .some((line) => line.split(' ').includes(path));
  while (!closed()) {
    if (performance.now() > until) throw new Error(`the server did not close the connection of ${path} within a minute`);
    busy(20);
  }
}

const trip = (method: string, body?: string): RoundTrip => ({
  method,
  headers: { 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body }),
  signal: new AbortController().signal,
  maxBytes: 1 << 20,
});

async function counts(): Promise<Record<string, number>> {
  const answer = await new Connections().roundTrip(new URL(`${base}/counts`), trip('GET'));
  return JSON.parse(answer.text) as Record<string, number>;
}

/** A POST through `agent` (to the server, or to `via`). */
function plainPost(agent: Agent, path: string, via = base): Promise<number> {
  return new Promise((resolve, reject) => {
    const out = request(`${via}${path}`, { method: 'POST', agent, headers: { 'content-length': 2 } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    out.on('error', reject);
    out.end('{}');
  });
}

describe('a write after the connection sat idle past the server’s keep-alive, the client too busy to notice', () => {
  it('through a plain keep-alive pool: the write is lost on the closed connection (why this matters)', async () => {
    const agent = new Agent({ keepAlive: true, timeout: 4_000 });
    expect(await plainPost(agent, '/warm-plain')).toBe(200);
    await pooled();
    busyUntilClosed('/warm-plain');
    await expect(plainPost(agent, '/lost')).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|EPIPE/) });
    agent.destroy();
  });

  it('through the suite’s connections: sent once, on a new connection, and answered', async () => {
    const before = await counts();
    const connections = new Connections();
    expect((await connections.roundTrip(new URL(`${base}/warm-suite`), trip('POST', '{}'))).status).toBe(200);
    await pooled();
    busyUntilClosed('/warm-suite');
    const answer = await connections.roundTrip(new URL(`${base}/write`), trip('POST', '{}'));
    expect(answer.status).toBe(200);
    const after = await counts();
    // The warm-up and the write, each once: nothing was sent twice.
    expect((after.POST ?? 0) - (before.POST ?? 0)).toBe(2);
    connections.close();
  });

  it('through the validating proxy: its own connection to the upstream is the overdue one; the write reaches the server once, and its answer the client', async () => {
    const before = await counts();
    // The proxy's forwarding, behind a server of the test's: the handler holds the thread just before
    // it forwards, past the pool's idle time (200 ms here), which the pool's timer could not enforce.
    const agent = keepAliveAgent(false, { timeout: 200 });
    const stopping = new AbortController();
    const kept = createKeptBudget(1 << 20);
    let hold = 0;
    const front = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        busy(hold);
        const copy = new KeptCopy(1 << 20, kept);
        void forward(req, req.url ?? '/', Buffer.concat(chunks), res, {
          upstream: new URL(base),
          agent,
          timeoutMs: 30_000,
          stopping: stopping.signal,
          copy,
        }).finally(() => copy.release());
      });
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const via = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    const client = new Agent({ keepAlive: false });
    try {
      expect(await plainPost(client, '/warm', via)).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      hold = 600;
      expect(await plainPost(client, '/write', via)).toBe(200);
      const after = await counts();
      expect((after.POST ?? 0) - (before.POST ?? 0)).toBe(2);
    } finally {
      client.destroy();
      agent.destroy();
      stopping.abort();
      await new Promise((resolve) => front.close(resolve));
    }
  });
});

describe('a long keep-alive (60 s): reads reuse an idle connection, a write does not after a second', () => {
  let patient: ChildProcess;
  let url: string;
  beforeAll(async () => {
    patient = spawn(process.execPath, [new URL('./fixtures/keep-alive-server.mjs', import.meta.url).pathname, '60000'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const port = await new Promise<string>((resolve) => patient.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(() => {
    patient.stdin!.end();
  });

  it('a GET after 1.5 s idle goes on the same connection; a POST after 1.5 s idle on a new one, sent once', async () => {
    const connections = new Connections();
    const seen = async () => JSON.parse((await connections.roundTrip(new URL(`${url}/counts`), trip('GET'))).text) as { connections: number; POST?: number };
    expect((await connections.roundTrip(new URL(`${url}/warm`), trip('POST', '{}'))).status).toBe(200);
    const start = await seen();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const read = await seen();
    expect(read.connections).toBe(start.connections);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await connections.roundTrip(new URL(`${url}/write`), trip('POST', '{}'))).status).toBe(200);
    const after = await seen();
    expect(after.connections).toBe(read.connections + 1);
    expect(after.POST).toBe(2);
    connections.close();
  });
});
