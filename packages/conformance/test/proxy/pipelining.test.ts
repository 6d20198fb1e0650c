// Pipelined requests after a refused one on a kept-alive connection: a refusal that ends its
// connection ends it before anything sent after it is forwarded (the upstream never sees a request
// whose answer the client cannot get: for a generate, a spend with no answer); a refusal that keeps
// the connection answers every request after it, in order. Driven by a raw socket sending the
// requests back to back, against a real upstream on loopback that counts what reaches it.
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProxy, startValidatingProxy } from '../../src/proxy/server.js';

let upstream: Server;
let received = 0;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    received++;
    req.resume();
    req.once('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data":[],"err":null}');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  upstream?.closeAllConnections();
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
});

const startProxy = () => {
  const { port } = upstream.address() as { port: number };
  return startValidatingProxy({ upstream: `http://127.0.0.1:${port}`, insecureUpstream: true, limits: { jsonBodyBytes: 1024 } });
};

/** Writes `text` at once; reads until the proxy closes the connection or `answers` answers came. The status of each answer read. */
function pipelined(proxy: RunningProxy, text: string, answers: number): Promise<number[]> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(Buffer.from(text, 'latin1')));
    let got = '';
    const statuses = () => [...got.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));
    // A hang, not a speed: the proxy answers or closes the connection.
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no end and no answers: ${JSON.stringify(got.slice(0, 300))}`));
    }, 30_000);
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(statuses());
    };
    socket.on('data', (chunk: Buffer) => {
      got += chunk.toString('latin1');
      if (statuses().length >= answers && got.endsWith('{"data":[],"err":null}')) done();
    });
    socket.on('error', () => undefined);
    socket.on('close', done);
  });
}

const get = (host: string) => `GET /pub/v1/voices HTTP/1.1\r\nHost: ${host}\r\nX-API-KEY: k-pipelined-0001\r\n\r\n`;

describe('requests pipelined after a refused one', () => {
  let host = '';
  const refusals: [string, () => string][] = [
    [
      'a body past the limit (the connection ends)',
      () => `POST /pub/v1/generations HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n${'x'.repeat(4096)}`,
    ],
    ['a target that is not origin-form', () => `GET //elsewhere.example/pub/v1/voices HTTP/1.1\r\nHost: ${host}\r\n\r\n`],
    ['a Host that is not the proxy', () => `GET /pub/v1/voices HTTP/1.1\r\nHost: evil.example\r\n\r\n`],
  ];
  for (const [name, refused] of refusals)
    it(`${name}: every request forwarded is answered`, async () => {
      const proxy = await startProxy();
      host = new URL(proxy.url).host;
      const before = received;
      const statuses = await pipelined(proxy, refused() + get(host) + get(host), 3);
      // Stopping the proxy settles every exchange it started: whatever it forwarded has reached the upstream.
      await proxy.stop();
      const forwarded = received - before;
      expect(statuses[0]).toBeGreaterThanOrEqual(400);
      // Each request forwarded got its answer: all three answered, or none after the refusal forwarded.
      expect({ forwarded, answered: statuses.slice(1).filter((s) => s === 200).length }).toSatisfy(
        ({ forwarded: f, answered: a }: { forwarded: number; answered: number }) => f === a && (f === 0 || f === 2),
      );
    });
});

describe('pipelined requests with no refusal', () => {
  it('are forwarded and answered in order, every one', async () => {
    const proxy = await startProxy();
    const host = new URL(proxy.url).host;
    const before = received;
    const statuses = await pipelined(proxy, get(host) + get(host) + get(host), 3);
    await proxy.stop();
    expect(statuses).toEqual([200, 200, 200]);
    expect(received - before).toBe(3);
  });
});
