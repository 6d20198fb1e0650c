// A request body the proxy refuses (too large for it) while the client is still sending: the proxy
// answers 413 at once and reads the rest of the body to its end before it closes the connection, so
// the client sees the answer, not a reset. A loaded machine takes seconds to send a large body; a
// fixed grace of a few seconds cut it halfway. Driven by a raw socket that sends a MiB every 100 ms
// (longer than any such grace), against a real upstream on loopback that counts what reaches it.
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startValidatingProxy } from '../../src/proxy/server.js';

const MIB = 1024 * 1024;
let upstream: Server;
let received = 0;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    received++;
    req.resume();
    req.once('end', () => res.end('{"data":[],"err":null}'));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  upstream?.closeAllConnections();
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
});

interface Sent {
  answer: string;
  /** Bytes of the body written before the connection closed. */
  sent: number;
  /** The proxy closed the connection (rather than the test giving up). */
  closed: boolean;
}

/** Sends the head, then `total` bytes of body a MiB every 100 ms, until all are sent or the connection closes. */
function slowUpload(url: string, total: number): Promise<Sent> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let answer = '';
    let sent = 0;
    let feeding: NodeJS.Timeout | undefined;
    const socket = connect(Number(port), hostname, () => {
      socket.write(`POST /pub/v1/generate HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncontent-type: application/json\r\ncontent-length: ${total}\r\n\r\n`);
      feeding = setInterval(() => {
        if (sent >= total || socket.destroyed) return clearInterval(feeding);
        socket.write(Buffer.alloc(MIB, 0x20));
        sent += MIB;
      }, 100);
    });
    // A hang, not a speed: the proxy answers and closes, or this fails.
    const hang = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within 10 minutes; read ${JSON.stringify(answer.slice(0, 200))}, sent ${sent}`));
    }, 600_000);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(feeding);
      clearTimeout(hang);
      resolve({ answer, sent, closed: true });
    });
  });
}

it('a body over the size limit, still arriving: answered 413 in the envelope, read to its end, then the connection closes', async () => {
  const { port } = upstream.address() as { port: number };
  // The body timeout far above the upload's ~3 s: the upload never runs into it, however slow the machine.
  const proxy = await startValidatingProxy({ upstream: `http://127.0.0.1:${port}`, insecureUpstream: true, limits: { bodyTimeoutMs: 300_000 } });
  try {
    const total = 33 * MIB;
    const result = await slowUpload(proxy.url, total);
    expect(result.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(result.answer.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(result.answer.slice(result.answer.indexOf('\r\n\r\n') + 4))).toEqual({
      data: null,
      err: { code: 'payload_too_large', message: 'the proxy refused the request body (too_large)' },
    });
    // Not cut while the body was still coming (the feeding stops when the connection closes).
    expect(result.sent).toBe(total);
    expect(result.closed).toBe(true);
    expect(received).toBe(0);
  } finally {
    await proxy.stop();
  }
});
