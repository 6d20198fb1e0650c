// The validating proxy in front of the sandbox and of broken servers: every exchange reaches the
// upstream byte-identical (a tap before the proxy and one after it see the same requests), each
// broken server is flagged through the check and rule meant for it, the key never appears in the HAR,
// the violation lines or on another origin, and an answer that never ends streams through without
// growing the proxy's memory or stalling other exchanges.
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { startSandbox } from '@mediagen/mock';
import { operations } from '@mediagen/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckId, judgeHar, type Report, runConformance } from '../../src/index.js';
import { startValidatingProxy, upstreamOf } from '../../src/proxy/server.js';
import { brokenTargets, startProxy } from '../../src/selftest/index.js';
import { result } from '../support/helpers.js';
import { startTap } from './tap.js';

const SECRET = 'sk-live-DO-NOT-LEAK-proxy-9e8d';

describe('the validating proxy in front of the sandbox', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let before: Awaited<ReturnType<typeof startTap>>;
  let after: Awaited<ReturnType<typeof startTap>>;
  let proxied: Report;
  let live: Report;
  let lines: string[];
  let harPath: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ apiKeys: [SECRET], credits: 100_000, delays: { pendingMs: 20, completeMs: 60 } });
    after = await startTap(sandbox.url);
    lines = [];
    harPath = join(await mkdtemp(join(tmpdir(), 'proxy-')), 'proxy.har');
    // Time limits sized for a loaded machine (the whole chain shares this process): they have tests of
    // their own, and here a slow answer must not become the proxy's 504 or the run's silence.
    const proxy = await startValidatingProxy({
      upstream: after.url,
      insecureUpstream: true,
      har: harPath,
      timeoutMs: 120_000,
      onViolation: (line) => lines.push(line),
    });
    before = await startTap(proxy.url);
    live = await runConformance({ baseUrl: before.url, apiKey: SECRET, seed: 5, maxExamples: 5, budgets: { timeoutMs: 120_000 } });
    proxied = await proxy.stop();
  });
  afterAll(async () => {
    await before?.stop();
    await after?.stop();
    await sandbox?.stop();
  });

  it('forwards every exchange byte-identical (only Host names the upstream)', () => {
    expect(before.seen.length).toBeGreaterThan(200);
    expect(after.seen.length).toBe(before.seen.length);
    const strip = ({ host: _host, connection: _connection, 'keep-alive': _keepAlive, ...rest }: Record<string, unknown>) => rest;
    // Requests go out in parallel: compared as sets of whole requests (method, URL, headers, body bytes).
    const whole = (t: (typeof before.seen)[number]) => JSON.stringify([t.method, t.url, strip(t.headers), t.body.toString('base64')]);
    expect(after.seen.map(whole).sort()).toEqual(before.seen.map(whole).sort());
  });

  it('passes a faithful server: no violation, the same verdicts as the run it carried', () => {
    expect(live.ok).toBe(true);
    expect(lines).toEqual([]);
    expect(proxied.ok).toBe(true);
    expect(proxied.requests).toBe(before.seen.length);
    const liveCells = new Map(live.operations.flatMap((o) => o.results.map((r) => [`${o.operationId} ${r.check}`, r.outcome] as const)));
    const judged = proxied.operations.flatMap((o) =>
      o.results.filter((r) => r.outcome !== 'skipped').map((r) => [`${o.operationId} ${r.check}`, r.outcome] as const),
    );
    expect(judged.length).toBeGreaterThan(100);
    for (const [cell, outcome] of judged) expect(outcome, cell).toBe(liveCells.get(cell));
  });

  it('records a HAR without the key, which --from-har judges the same', async () => {
    const har = await readFile(harPath, 'utf8');
    expect(har).not.toContain(SECRET);
    expect(JSON.parse(har).log.entries).toHaveLength(before.seen.length);
    const again = await judgeHar(harPath);
    expect(again.ok).toBe(true);
    for (const op of proxied.operations)
      for (const r of op.results) expect(result(again, op.operationId, r.check)?.outcome, `${op.operationId} ${r.check}`).toBe(r.outcome);
  });
});

describe('the validating proxy in front of broken servers', () => {
  const picked = [
    'missing-err-on-failure',
    'wrong-content-type',
    'generate-answers-202',
    'images-instead-of-media',
    'auth-not-enforced',
    'cross-origin-redirect',
  ];
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let elsewhere: Server;
  const elsewhereSaw: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ apiKeys: [SECRET], credits: 100_000, delays: { pendingMs: 20, completeMs: 60 } });
    // The origin a broken server redirects to: it must never see the key.
    elsewhere = createServer((req, res) => {
      elsewhereSaw.push(JSON.stringify(req.headers) + (req.url ?? ''));
      res.end('{}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.2', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => elsewhere?.close(resolve));
    await sandbox?.stop();
  });

  it.each(picked)('flags %s through the check and rule meant for it', async (id) => {
    const target = brokenTargets.find((t) => t.id === id)!;
    const broken = await startProxy(sandbox.url, target.rewrite, SECRET);
    const lines: string[] = [];
    // A fault against an assumption of ours is caught under --strict only (by default it is a refuted verdict).
    const strict = target.strict !== undefined;
    const proxy = await startValidatingProxy({ upstream: broken.url, insecureUpstream: true, strict, onViolation: (line) => lines.push(line) });
    try {
      await runConformance({ baseUrl: proxy.url, apiKey: SECRET, seed: 5, maxExamples: 3, strict, only: [target.expect as CheckId] });
    } finally {
      await broken.stop();
    }
    const report = await proxy.stop();
    expect(report.ok).toBe(false);
    const failed = report.operations.flatMap((o) => o.results.filter((r) => r.check === target.expect && r.outcome === 'failed'));
    expect(failed.flatMap((r) => r.failures.map((f) => f.basis?.rule))).toContain(target.rule);
    expect(lines.some((line) => line.includes(`› ${target.expect} · ${target.rule}`))).toBe(true);
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.every((line) => !/curl .*X-API-KEY: (?!\*\*\*)/.test(line))).toBe(true);
    expect(elsewhereSaw.join('\n')).not.toContain(SECRET);
  });
});

describe('the proxy’s bounds', () => {
  let upstream: Server;
  let upstreamUrl: string;

  beforeAll(async () => {
    // An answer that never ends on /pub/v1/voices; a quick one on /pub/v1/models.
    upstream = createServer((req, res) => {
      if (req.url?.startsWith('/pub/v1/voices')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          while (res.write(chunk)) {
            /* until the socket is full */
          }
          res.once('drain', pump);
        };
        res.write('{"data":[');
        pump();
        return;
      }
      // Compressed as a real API behind a CDN answers: forwarded as is, judged in clear.
      const body = Buffer.from(JSON.stringify({ data: [{ name: 'a-voice' }], err: null }));
      if (req.url?.startsWith('/pub/v1/models') && /gzip/.test(String(req.headers['accept-encoding']))) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync(body));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('refuses an upstream that is not https unless told', () => {
    expect(() => upstreamOf('http://api.example', false)).toThrow(/not https: the API key would travel in clear/);
    expect(upstreamOf('http://127.0.0.1:1', true).origin).toBe('http://127.0.0.1:1');
    expect(upstreamOf('https://api.rendernet.ai', false).origin).toBe('https://api.rendernet.ai');
  });

  it('refuses a web page (an Origin it was not told of) and a foreign Host, forwarding nothing', async () => {
    let forwarded = 0;
    const counting = createServer((_req, res) => {
      forwarded++;
      res.end('{}');
    });
    await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
    const proxy = await startValidatingProxy({ upstream: `http://127.0.0.1:${(counting.address() as AddressInfo).port}`, insecureUpstream: true });
    try {
      const page = await fetch(`${proxy.url}/pub/v1/models`, { headers: { 'x-api-key': SECRET, origin: 'https://evil.example' } });
      expect(page.status).toBe(403);
      const { request } = await import('node:http');
      const status = await new Promise<number>((resolve) => {
        request(`${proxy.url}/pub/v1/models`, { headers: { host: 'rebound.example', 'x-api-key': SECRET } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).end();
      });
      expect(status).toBe(421);
      expect(forwarded).toBe(0);
    } finally {
      await proxy.stop();
      await new Promise((resolve) => counting.close(resolve));
    }
  });

  it('forwards a compressed answer as it came and judges it in clear', async () => {
    const lines: string[] = [];
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, insecureUpstream: true, onViolation: (line) => lines.push(line) });
    const { request } = await import('node:http');
    const raw = await new Promise<{ encoding?: string; bytes: Buffer }>((resolve, reject) => {
      const out = request(`${proxy.url}/pub/v1/models`, { headers: { 'x-api-key': SECRET, 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
      });
      out.on('error', reject);
      out.end();
    });
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.bytes).toString()).toContain('a-voice');
    const report = await proxy.stop();
    expect(lines).toEqual([]);
    expect(result(report, operations.listModels.operationId, 'envelope_conformance')?.outcome).toBe('passed');
    expect(result(report, operations.listModels.operationId, 'content_type_conformance')?.outcome).toBe('passed');
  });

  it('streams a never-ending answer (1 GiB read) within a fixed memory bound, while other exchanges go on', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, insecureUpstream: true, maxAnswerBytes: 1024 * 1024, timeoutMs: 300_000 });
    const controller = new AbortController();
    const GIB = 1024 * 1024 * 1024;
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const answer = await fetch(`${proxy.url}/pub/v1/voices`, { headers: { 'x-api-key': SECRET }, signal: controller.signal });
    const reader = answer.body!.getReader();
    let read = 0;
    // How much of the endless answer had gone through when the other exchange was answered: counted in
    // bytes, not time, so a loaded machine cannot fail it. A proxy that held other exchanges behind the
    // stream would answer it only after the stream ended (never): the loop's byte cap then ends the test.
    let readWhenOtherDone: number | undefined;
    const other = (async () => {
      const res = await fetch(`${proxy.url}/pub/v1/models`, { headers: { 'x-api-key': SECRET } });
      await res.text();
      readWhenOtherDone = read;
    })();
    while (read < GIB || (readWhenOtherDone === undefined && read < 8 * GIB)) {
      const { value, done } = await reader.read();
      if (done) break;
      read += value.length;
      if ((read & 0x3ffffff) < value.length) peak = Math.max(peak, process.memoryUsage().rss);
    }
    controller.abort();
    expect(readWhenOtherDone, 'the other exchange was answered while the endless one streamed').toBeDefined();
    await other;
    expect(read).toBeGreaterThanOrEqual(GIB);
    // The bound: the judged copy (1 MiB) and the socket buffers, far from the gigabyte that went through.
    expect(peak - baseline).toBeLessThan(200 * 1024 * 1024);
    const report = await proxy.stop();
    expect(report.requests).toBe(2);
  });
});
