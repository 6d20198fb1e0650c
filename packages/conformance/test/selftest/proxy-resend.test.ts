// The self-test's proxy is a harness, not the server under test: a read whose upstream connection fails
// before any answer is sent once more instead of answered 502 (a 502 would be judged as the target's).
// An estimate is a POST whose effect is a read; a generate is a write, never sent twice.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/selftest/proxy.js';

/** An upstream that cuts the connection of the first request to each path, and answers 200 after. */
async function cutsFirstRequest() {
  const seen = new Map<string, number>();
  const server = createServer((req, res) => {
    const n = (seen.get(req.url ?? '') ?? 0) + 1;
    seen.set(req.url ?? '', n);
    req.resume();
    req.on('end', () => {
      if (n === 1) req.socket.destroy();
      else res.end(JSON.stringify({ data: { ok: true }, err: null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

describe('the self-test proxy, when the upstream cuts a connection before answering', () => {
  it('sends an estimate (a POST that reads) once more, and answers with what came', async () => {
    const upstream = await cutsFirstRequest();
    stops.push(upstream.stop);
    const proxy = await startProxy(upstream.url, {}, 'key');
    stops.push(proxy.stop);
    const res = await fetch(`${proxy.url}/pub/v1/generations/estimate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' });
    expect(res.status).toBe(200);
    expect(upstream.seen.get('/pub/v1/generations/estimate')).toBe(2);
  });

  it('never sends a generate twice: its cut answers 502', async () => {
    const upstream = await cutsFirstRequest();
    stops.push(upstream.stop);
    const proxy = await startProxy(upstream.url, {}, 'key');
    stops.push(proxy.stop);
    const res = await fetch(`${proxy.url}/pub/v1/generations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' });
    expect(res.status).toBe(502);
    expect(upstream.seen.get('/pub/v1/generations')).toBe(1);
  });
});
