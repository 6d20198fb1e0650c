// What a hostile upstream answers cannot knock the proxy over: a status line or a header the client
// side cannot carry, a status that is not HTTP's, a 101 that would switch protocols, silence. Each is
// answered (502, or 504 past the time limit) in the {data, err} envelope, recorded (HAR entry, a
// violation line), and the proxy keeps serving. A client that gives up takes its upstream request with
// it: 300 of them leave no socket open on the upstream's side.
import { mkdtemp, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startValidatingProxy } from '../../src/proxy/server.js';
import { type RawUpstream, rawJson, rawRequest, rawUpstream } from './peers.js';

const SECRET = 'sk-live-DO-NOT-LEAK-upstream-2718';

/** The upstream's answer for each path under /pub/v1/generations/…: raw bytes chosen to break a naive proxy. */
const ANSWERS: Record<string, string | 'silent'> = {
  'control-in-reason': rawJson('HTTP/1.1 200 O\x01K'),
  'control-in-header': rawJson('HTTP/1.1 200 OK', undefined, 'x-note: a\x01b\r\n'),
  'del-in-header': rawJson('HTTP/1.1 200 OK', undefined, 'x-note: a\x7fb\r\n'),
  'newline-in-reason': 'HTTP/1.1 200 OK\rinjected: 1\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}',
  'status-999': rawJson('HTTP/1.1 999 Nine'),
  'status-099': rawJson('HTTP/1.1 099 Low'),
  'switching-protocols': 'HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n\r\nraw bytes of another protocol',
  silent: 'silent',
};

describe('an upstream that answers what no client can be given', () => {
  let upstream: RawUpstream;
  let harPath: string;
  let proxy: Awaited<ReturnType<typeof startValidatingProxy>>;
  const lines: string[] = [];
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    upstream = await rawUpstream((head) => {
      const name = /^GET \/pub\/v1\/generations\/([\w-]+)/.exec(head)?.[1];
      return name && ANSWERS[name] !== undefined ? ANSWERS[name]! : rawJson('HTTP/1.1 200 OK', { data: { name: 'fine' }, err: null });
    });
    harPath = join(await mkdtemp(join(tmpdir(), 'proxy-upstream-')), 'traffic.har');
    proxy = await startValidatingProxy({
      upstream: upstream.url,
      insecureUpstream: true,
      har: harPath,
      // Faces only the silent upstream: far above what the other answers take on a loaded machine.
      timeoutMs: 5_000,
      onViolation: (line) => lines.push(line),
    });
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await upstream?.stop();
  });

  const get = (path: string) =>
    rawRequest(proxy.url, `GET ${path} HTTP/1.1\r\nHost: ${new URL(proxy.url).host}\r\nX-API-KEY: ${SECRET}\r\nConnection: close\r\n\r\n`, 60_000);

  it.each(Object.keys(ANSWERS).filter((name) => name !== 'silent'))('answers 502 in the envelope to an upstream answering %s', async (name) => {
    const reply = await get(`/pub/v1/generations/${name}`);
    expect(reply.status).toBe(502);
    const body = JSON.parse(reply.body) as { data: unknown; err: { code: string; message: string } };
    expect(body).toMatchObject({ data: null, err: { code: 'bad_gateway' } });
    expect(reply.head).not.toMatch(/injected|\x01|\x7f/);
    // The proxy still serves.
    expect((await get('/pub/v1/voices')).status).toBe(200);
  });

  it('answers 504 when the upstream is silent past the time limit, and goes on serving', async () => {
    const started = performance.now();
    const reply = await get('/pub/v1/generations/silent');
    expect(reply.status).toBe(504);
    expect(JSON.parse(reply.body)).toMatchObject({ data: null, err: { code: 'gateway_timeout', message: expect.stringMatching(/5000 ms \(--timeout\)/) } });
    // The upstream never answers: slack for a loaded machine, far from never.
    expect(performance.now() - started).toBeLessThan(30_000);
    expect((await get('/pub/v1/voices')).status).toBe(200);
  });

  it('records each of them (HAR entry, violation line), with no uncaught exception', async () => {
    const report = await proxy.stop();
    expect(uncaught).toEqual([]);
    const har = JSON.parse(await readFile(harPath, 'utf8')) as {
      log: { entries: { request: { url: string }; response: { status: number }; comment: string }[] };
    };
    for (const name of Object.keys(ANSWERS)) {
      const entry = har.log.entries.find((e) => e.request.url.endsWith(`/generations/${name}`));
      expect(entry, name).toBeDefined();
      expect(entry!.response.status, name).toBe(0);
    }
    const comments = har.log.entries.map((e) => e.comment).join('\n');
    expect(comments).toMatch(/cannot be carried to the client/);
    expect(comments).toMatch(/switch(ed)? protocols/);
    expect(comments).toMatch(/no answer within 5000 ms \(--timeout\)/);
    expect(lines.filter((line) => /getGeneration › status_code_conformance · answers_requests/.test(line)).length).toBe(Object.keys(ANSWERS).length);
    expect(proxy.stats.badGateway).toBe(Object.keys(ANSWERS).length - 1);
    expect(proxy.stats.timedOut).toBe(1);
    expect(report.requests).toBe(2 * (Object.keys(ANSWERS).length - 1) + 2);
    expect(JSON.stringify(har)).not.toContain(SECRET);
  });
});

describe('clients that give up', () => {
  it('take their upstream requests with them: 300 of them leave no upstream socket open', async () => {
    const upstream = await rawUpstream(() => 'silent');
    // No request may end by its time limit while the 300 gather on a loaded machine: each must end because its client gave up.
    const proxy = await startValidatingProxy({ upstream: upstream.url, insecureUpstream: true, limits: { maxConnections: 400 }, timeoutMs: 600_000 });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const CLIENTS = 300;
      const clients = Array.from({ length: CLIENTS }, (_, i) => {
        const out = request(`${proxy.url}/pub/v1/voices/v${i}`, { headers: { 'x-api-key': SECRET }, agent: false });
        out.on('error', () => undefined);
        out.end();
        return out;
      });
      // Every request reached the upstream (its sockets are open), then every client gives up.
      await waitFor(() => upstream.seen.length === CLIENTS, 60_000);
      expect(upstream.open).toBeGreaterThanOrEqual(Math.min(CLIENTS, 250));
      for (const client of clients) client.destroy();
      await waitFor(() => upstream.open === 0, 60_000);
      expect(upstream.open).toBe(0);
      expect(proxy.stats.abandoned).toBe(CLIENTS);
      // One listener per exchange on the proxy's stop signal is expected, not a leak.
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
      await proxy.stop();
      await upstream.stop();
    }
  });
});

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (!condition() && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
}
