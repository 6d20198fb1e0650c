// The proxy sends the key to its upstream and nowhere else, whatever the request target names: a
// target that is not origin-form (`//host/x`, `/\host/x`, absolute-form with or without userinfo, `*`,
// CONNECT, dot segments, a fragment) is answered 400 in the {data, err} envelope, never forwarded, and
// the refusal is shown (a line, and a count in the proxy's summary). Credential and hop-by-hop headers
// other than the key are neither forwarded nor invented.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProxy, startValidatingProxy } from '../../src/proxy/server.js';
import { type Elsewhere, elsewhere, type RawUpstream, rawJson, rawRequest, rawUpstream } from './peers.js';

const SECRET = 'sk-live-DO-NOT-LEAK-target-4411';

describe('the request target', () => {
  let upstream: RawUpstream;
  let other: Elsewhere;
  let proxy: RunningProxy;
  const refusals: string[] = [];

  beforeAll(async () => {
    upstream = await rawUpstream(() => rawJson('HTTP/1.1 200 OK'));
    other = await elsewhere();
    proxy = await startValidatingProxy({ upstream: upstream.url, insecureUpstream: true, onRefused: (line) => refusals.push(line) });
  });
  afterAll(async () => {
    await proxy?.stop();
    await upstream?.stop();
    await other?.stop();
  });

  const host = () => new URL(proxy.url).host;
  const attacks = () => [
    `GET //${other.host}/pub/v1/models HTTP/1.1`,
    `GET /\\${other.host}/pub/v1/models HTTP/1.1`,
    `GET http://${other.host}/pub/v1/models HTTP/1.1`,
    `GET http://user:pass@${other.host}/pub/v1/models HTTP/1.1`,
    `GET https://${other.host}/pub/v1/models HTTP/1.1`,
    `GET http://${host()}/pub/v1/models HTTP/1.1`,
    `OPTIONS * HTTP/1.1`,
    `CONNECT ${other.host} HTTP/1.1`,
    `GET /pub/v1/../../x HTTP/1.1`,
    `GET /pub/v1/%2e%2E/models HTTP/1.1`,
    `GET /pub/v1/models#top HTTP/1.1`,
  ];

  it('answers 400 in the envelope to every target that is not origin-form, forwarding nothing', async () => {
    const before = upstream.seen.length;
    for (const line of attacks()) {
      const reply = await rawRequest(proxy.url, `${line}\r\nHost: ${host()}\r\nX-API-KEY: ${SECRET}\r\nConnection: close\r\n\r\n`);
      expect(reply.status, line).toBe(400);
      const body = JSON.parse(reply.body) as { data: unknown; err: { code: string; message: string } };
      expect(body.data, line).toBeNull();
      expect(body.err.code, line).toBe('bad_request');
      expect(body.err.message, line).toMatch(/request target/);
      expect(body.err.message, line).not.toContain(SECRET);
    }
    expect(other.seen).toEqual([]);
    expect(upstream.seen.length).toBe(before);
  });

  it('answers a request Node cannot parse in the envelope too', async () => {
    const reply = await rawRequest(proxy.url, `GET /pub/v1/mo\x7fdels HTTP/1.1\r\nHost: ${host()}\r\n\r\n`);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual({ data: null, err: { code: 'bad_request', message: 'the request is not valid HTTP' } });
  });

  it('shows each refusal: one line, and a count in the summary', async () => {
    const lines = refusals.splice(0);
    const count = attacks().length;
    expect(lines).toHaveLength(count);
    for (const line of lines) expect(line).toMatch(/^refused (GET|OPTIONS|CONNECT) .+: .*request target.*: not forwarded$/);
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(proxy.stats.refused).toBe(count);
    expect(proxy.report().notes.join('\n')).toMatch(new RegExp(`${count} requests? refused`));
  });

  it('forwards an origin-form target to the upstream as it came, the key with it and no other credential', async () => {
    const before = upstream.seen.length;
    const reply = await rawRequest(
      proxy.url,
      `GET /pub/v1/models?page=1&next=//${other.host}/x HTTP/1.1\r\nHost: ${host()}\r\nX-API-KEY: ${SECRET}\r\n` +
        'Authorization: Basic dXNlcjpwYXNz\r\nProxy-Authorization: Basic dXNlcjpwYXNz\r\nCookie: session=1\r\n' +
        'Connection: close, X-Hop\r\nX-Hop: 1\r\nKeep-Alive: timeout=5\r\nTE: trailers\r\nUpgrade: websocket\r\nX-Kept: 1\r\n\r\n',
    );
    expect(reply.status).toBe(200);
    expect(upstream.seen.length).toBe(before + 1);
    const head = upstream.seen.at(-1)!;
    const [requestLine, ...headerLines] = head.split('\r\n');
    expect(requestLine).toBe(`GET /pub/v1/models?page=1&next=//${other.host}/x HTTP/1.1`);
    const names = headerLines.map((h) => h.slice(0, h.indexOf(':')).toLowerCase());
    expect(headerLines).toContain(`x-api-key: ${SECRET}`);
    expect(headerLines).toContain(`host: ${new URL(upstream.url).host}`);
    expect(headerLines).toContain('x-kept: 1');
    for (const name of ['authorization', 'proxy-authorization', 'cookie', 'x-hop', 'keep-alive', 'te', 'upgrade']) expect(names).not.toContain(name);
    expect(other.seen).toEqual([]);
  });

  it('keeps a path prefix of the upstream, and sends nothing outside it', async () => {
    const prefixed = await startValidatingProxy({ upstream: `${upstream.url}/api`, insecureUpstream: true });
    try {
      const before = upstream.seen.length;
      const ok = await rawRequest(prefixed.url, `GET /pub/v1/models HTTP/1.1\r\nHost: ${new URL(prefixed.url).host}\r\nConnection: close\r\n\r\n`);
      expect(ok.status).toBe(200);
      expect(upstream.seen.at(-1)!.split('\r\n')[0]).toBe('GET /api/pub/v1/models HTTP/1.1');
      const outside = await rawRequest(prefixed.url, `GET /../admin HTTP/1.1\r\nHost: ${new URL(prefixed.url).host}\r\nConnection: close\r\n\r\n`);
      expect(outside.status).toBe(400);
      expect(upstream.seen.length).toBe(before + 1);
    } finally {
      await prefixed.stop();
    }
  });
});
