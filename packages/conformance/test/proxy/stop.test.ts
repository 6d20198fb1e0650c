// Ctrl-C always ends `media-conformance proxy` within its cleanup budget, with the summary printed, the
// HAR closed (valid JSON) and the evidence merged: while an upstream is silent, after an upstream
// switched protocols (101) or sent a status line no client can be given, on SIGINT, SIGTERM and
// SIGHUP alike. A second signal exits at once (130). The proxy runs as a child process.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOP_GRACE_MS } from '../../src/proxy/server.js';
import { type RawUpstream, rawJson, rawUpstream } from './peers.js';
import { startProxyProcess } from './process.js';

const SECRET = 'sk-live-DO-NOT-LEAK-stop-1618';
/** The grace, a second to judge what was cut, and room for a busy machine: far below a hang (the watchdog's minute). */
const STOP_BUDGET_MS = STOP_GRACE_MS + 10_000;

describe('media-conformance proxy on a signal', () => {
  let upstream: RawUpstream;

  beforeAll(async () => {
    upstream = await rawUpstream((head) => {
      if (head.startsWith('GET /pub/v1/generations/silent')) return 'silent';
      if (head.startsWith('GET /pub/v1/generations/switch'))
        return 'HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n\r\nraw bytes of another protocol';
      if (head.startsWith('GET /pub/v1/generations/control')) return rawJson('HTTP/1.1 200 O\x01K');
      return rawJson('HTTP/1.1 200 OK', { data: [], err: null });
    });
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  const silentSeen = () => upstream.seen.filter((head) => head.startsWith('GET /pub/v1/generations/silent')).length;
  const start = async () => ({ proxy: await startProxyProcess(['--upstream', upstream.url, '--insecure-upstream', '--port', '0']) });

  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    'ends on %s within its budget while the upstream is silent: summary, HAR closed, evidence merged',
    async (signal) => {
      const dir = mkdtempSync(join(tmpdir(), 'proxy-stop-'));
      const har = join(dir, 'traffic.har');
      const evidence = join(dir, 'evidence.json');
      const proxy = await startProxyProcess(['--upstream', upstream.url, '--insecure-upstream', '--port', '0', '--har', har, '--evidence', evidence]);
      // One exchange judged, then one the upstream never answers.
      await (await fetch(`${proxy.url}/pub/v1/voices`, { headers: { 'x-api-key': SECRET } })).text();
      const silentBefore = silentSeen();
      const pending = fetch(`${proxy.url}/pub/v1/generations/silent`, { headers: { 'x-api-key': SECRET } }).then(
        (res) => res.status,
        () => 0,
      );
      await waitFor(() => silentSeen() > silentBefore, 60_000);
      proxy.signal(signal);
      const exit = await proxy.exited;
      expect(exit.killed).toBe(false);
      expect(exit.afterSignalMs).toBeLessThan(STOP_BUDGET_MS);
      expect(exit.code).toBe(0);
      // The client still got an answer: the proxy was stopping.
      expect(await pending).toBe(503);
      expect(proxy.stdout()).toMatch(/PASSED: \d+ passed, 0 failed/);
      expect(proxy.stdout()).toMatch(/^ {2}1 exchange cut when the proxy stopped$/m);
      const recorded = JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: unknown[] } };
      expect(recorded.log.entries).toHaveLength(1);
      expect(JSON.parse(readFileSync(evidence, 'utf8')).format).toBe('mediagen-evidence/1');
      expect(proxy.stdout() + proxy.stderr()).not.toContain(SECRET);
    },
  );

  it('answers 502 to an upstream 101 and then ends on Ctrl-C with the summary (exit 1: it failed an obligation)', async () => {
    const { proxy } = await start();
    const res = await fetch(`${proxy.url}/pub/v1/generations/switch`, { headers: { 'x-api-key': SECRET } });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ data: null, err: { code: 'bad_gateway', message: expect.stringMatching(/101/) } });
    await waitFor(() => /✗ getGeneration › status_code_conformance/.test(proxy.stdout()), 60_000);
    proxy.signal('SIGINT');
    const exit = await proxy.exited;
    expect(exit.code).toBe(1);
    expect(exit.afterSignalMs).toBeLessThan(STOP_BUDGET_MS);
    expect(proxy.stdout()).toMatch(/FAILED: \d+ passed, 1 failed/);
    expect(proxy.stdout()).toMatch(/1 answer of the proxy's own \(502\)/);
  });

  it('survives a status line with a control character (502), and ends on Ctrl-C with the summary', async () => {
    const { proxy } = await start();
    const res = await fetch(`${proxy.url}/pub/v1/generations/control`, { headers: { 'x-api-key': SECRET } });
    expect(res.status).toBe(502);
    expect((await fetch(`${proxy.url}/pub/v1/voices`, { headers: { 'x-api-key': SECRET } })).status).toBe(200);
    proxy.signal('SIGINT');
    const exit = await proxy.exited;
    expect(exit.code).toBe(1);
    expect(proxy.stdout()).toMatch(/FAILED: /);
    expect(proxy.stderr()).not.toMatch(/ERR_INVALID_CHAR|\n\s+at /);
  });

  it('exits at once (130) on a second signal', async () => {
    const { proxy } = await start();
    const silentBefore = silentSeen();
    const pending = fetch(`${proxy.url}/pub/v1/generations/silent`, { headers: { 'x-api-key': SECRET } }).catch(() => undefined);
    await waitFor(() => silentSeen() > silentBefore, 60_000);
    proxy.signal('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 200));
    proxy.signal('SIGINT');
    const exit = await proxy.exited;
    await pending;
    expect(exit.code).toBe(130);
    // Before the grace the first signal started was over: it did not wait for the exchange.
    expect(exit.afterSignalMs).toBeLessThan(STOP_GRACE_MS + 500);
    expect(proxy.stdout()).not.toMatch(/Obligations:/);
  });
});

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (!condition() && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
}
