// The transport's own bounds, without a run: a path step from a server is refused before anything is
// sent, and the per-request budgets it enforced are counted for the report.
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dotSegment, retryWaitMs, stoppedBy, Transport } from '../../src/engine/transport.js';
import { escapeDeep, escapeValue } from '../../src/report/terminal.js';

const request = (path: string) => ({ operationId: 'listStyles', method: 'get', path, auth: 'valid', label: 'a label' }) as never;

describe('transport bounds', () => {
  it('finds a "." or ".." path step, not dots inside a segment', () => {
    expect(dotSegment('/pub/v1/generations/..')).toBe('..');
    expect(dotSegment('/pub/v1/generations/./images/x')).toBe('.');
    expect(dotSegment('/pub/v1/generations/gen..1?x=..')).toBeUndefined();
  });

  it('refuses a dotted path without sending it; names the budgets that cut or ended answers', async () => {
    let hits = 0;
    const server = createServer((req, res) => {
      hits++;
      if (req.url === '/slow') return void res.writeHead(200).write('{');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: 'x'.repeat(10_000) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The time limit faces only an answer that never ends (/slow): far above what the other answers take
    // on a loaded machine (at 300 ms the cut /big could be ended by the clock instead of its bytes).
    const transport = new Transport({ baseUrl, apiKey: 'k', timeoutMs: 10_000, maxAnswerBytes: 2048, retries429: 0 });
    try {
      const refused = await transport.send(request('/pub/v1/generations/..'));
      expect(refused.error).toMatch(/^not sent: the path .* has a "\.\." segment/);
      expect(hits).toBe(0);
      const cut = await transport.send(request('/big'));
      expect(cut.truncated).toBe(true);
      const slow = await transport.send(request('/slow'));
      expect(slow.error).toBe('no answer within 10000 ms (--timeout)');
      const cleanup = await transport.send(request('/slow'), { timeoutMs: 200 });
      expect(cleanup.error).toBe("no answer within 200 ms (a cleanup request's own time limit)");
      expect(transport.budgetNotes()).toEqual([
        '1 answer(s) cut at the per-answer budget of 2048 bytes (--max-answer-bytes), first: listStyles GET /big (a label)',
        '1 request(s) ended by the time limit of 10000 ms (--timeout), first: listStyles GET /slow (a label)',
        '1 cleanup request(s) ended by their own time limit, first: listStyles GET /slow (a label)',
      ]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

/** A server on loopback for the length of `fn`, and the connections it accepted. */
async function serving(handler: RequestListener, fn: (baseUrl: string, connections: () => number) => Promise<void>): Promise<void> {
  let connections = 0;
  const server = createServer(handler);
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, () => connections);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('the client (node:http): what fetch did, for a fraction of its CPU', () => {
  const body = JSON.stringify({ data: { hello: 'world' }, err: {} });

  it('decodes gzip, deflate (wrapped or raw) as fetch did; an unknown coding is kept as it came', async () => {
    const encoded: Record<string, Buffer> = { gzip: gzipSync(body), deflate: deflateSync(body), raw: deflateRawSync(body), zstd: Buffer.from(body) };
    await serving(
      (req, res) => {
        const name = req.url!.slice(1);
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': name === 'raw' ? 'deflate' : name });
        res.end(encoded[name]);
      },
      async (baseUrl) => {
        const transport = new Transport({ baseUrl, apiKey: 'k', timeoutMs: 5_000, maxAnswerBytes: 1024, retries429: 0 });
        for (const name of ['gzip', 'deflate', 'raw', 'zstd']) expect((await transport.send(request(`/${name}`))).json, name).toEqual(JSON.parse(body));
        transport.close();
      },
    );
  });

  it('counts a compressed answer decoded, and stops reading a bomb at the cap', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    await serving(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(bomb);
      },
      async (baseUrl) => {
        const transport = new Transport({ baseUrl, apiKey: 'k', timeoutMs: 5_000, maxAnswerBytes: 1024 * 1024, retries429: 0 });
        const cut = await transport.send(request('/bomb'));
        expect(cut.truncated).toBe(true);
        expect(cut.text.length).toBe(1024 * 1024);
        transport.close();
      },
    );
  });

  it('keeps connections alive; an answer cut off mid-body fails that exchange only', async () => {
    await serving(
      (req, res) => {
        if (req.url === '/reset') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
          res.write('{"data":');
          setTimeout(() => res.socket?.destroy(), 20);
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      },
      async (baseUrl, connections) => {
        const transport = new Transport({ baseUrl, apiKey: 'k', timeoutMs: 5_000, maxAnswerBytes: 1024, retries429: 0 });
        for (let i = 0; i < 5; i++) expect((await transport.send(request('/ok'))).status).toBe(200);
        expect(connections()).toBe(1);
        const reset = await transport.send(request('/reset'));
        expect(reset.status).toBe(0);
        expect(reset.error).toMatch(/ECONNRESET/);
        expect((await transport.send(request('/ok'))).status).toBe(200);
        transport.close();
      },
    );
  });

  it('sends a GET again on a new connection when the kept one was closed as it was reused; never a POST', async () => {
    let seen = 0;
    const perSocket = new WeakMap<object, number>();
    await serving(
      (req, res) => {
        seen++;
        const nth = (perSocket.get(req.socket) ?? 0) + 1;
        perSocket.set(req.socket, nth);
        // The second request on a connection finds it closed: the server never answers it.
        if (nth === 2) return void req.socket.destroy();
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      },
      async (baseUrl) => {
        const transport = new Transport({ baseUrl, apiKey: 'k', timeoutMs: 5_000, maxAnswerBytes: 1024, retries429: 0 });
        expect((await transport.send(request('/a'))).status).toBe(200);
        expect((await transport.send(request('/b'))).status).toBe(200);
        expect(seen).toBe(3);
        // The retried GET's connection is kept: a POST is its second request, and is not sent again.
        const refused = await transport.send({ ...(request('/c') as object), method: 'post', body: {} } as never);
        expect(seen).toBe(4);
        expect(refused.status).toBe(0);
        expect(refused.error).toMatch(/ECONNRESET/);
        transport.close();
      },
    );
  });
});

describe('what stopped a request', () => {
  it('names the run\u2019s stop reason, or cleanup\u2019s time running out', () => {
    const run = new AbortController();
    run.abort("the run's deadline of 4 s (--deadline) passed");
    expect(stoppedBy(run.signal)).toBe("stopped: the run's deadline of 4 s (--deadline) passed");
    const cleanup = new AbortController();
    cleanup.abort(new DOMException('timed out', 'TimeoutError'));
    expect(stoppedBy(cleanup.signal)).toBe('stopped: the time of cleanup ran out');
  });
});

describe('terminal escapes of what a server chose', () => {
  it('escapes every control character of a value, newline and tab included', () => {
    expect(escapeValue('a\u001b[2J\r\nb\tc\u009b')).toBe('a\\x1b[2J\\x0d\\x0ab\\x09c\\x9b');
    expect(escapeDeep({ 'k\n': ['\u0007'] })).toEqual({ 'k\\x0a': ['\\x07'] });
  });
});

describe('a temporary refusal waited out', () => {
  it('a 503 with Retry-After is sent again like a 429, within the retries; one without it is the answer', async () => {
    const hits = new Map<string, number>();
    const server = createServer((req, res) => {
      const n = (hits.get(req.url ?? '') ?? 0) + 1;
      hits.set(req.url ?? '', n);
      const json = { 'content-type': 'application/json' };
      if (req.url === '/twice' && n <= 2) return void res.writeHead(503, { ...json, 'retry-after': '0' }).end('{"err":{"code":"busy","message":"busy"}}');
      if (req.url === '/dated' && n === 1) return void res.writeHead(503, { ...json, 'retry-after': new Date(0).toUTCString() }).end('{}');
      if (req.url === '/always') return void res.writeHead(503, { ...json, 'retry-after': '0' }).end('{}');
      if (req.url === '/plain') return void res.writeHead(503, json).end('{}');
      res.writeHead(200, json).end('{"data":[]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const transport = new Transport({ baseUrl, apiKey: 'k', timeoutMs: 5_000, maxAnswerBytes: 1024, retries429: 3 });
    try {
      expect((await transport.send(request('/twice'))).status).toBe(200);
      expect(hits.get('/twice')).toBe(3);
      // An HTTP date already past: sent again at once.
      expect((await transport.send(request('/dated'))).status).toBe(200);
      expect(hits.get('/dated')).toBe(2);
      // Within the run's retries: the last answer is judged as it came.
      expect((await transport.send(request('/always'))).status).toBe(503);
      expect(hits.get('/always')).toBe(4);
      // No Retry-After: a 503 is an answer like any other, sent once.
      expect((await transport.send(request('/plain'))).status).toBe(503);
      expect(hits.get('/plain')).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('waits what Retry-After asks (seconds or an HTTP date), at most 5 s; a 429 without it backs off', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryWaitMs(503, '2', 0, now)).toBe(2000);
    expect(retryWaitMs(503, 'Thu, 01 Jan 2026 00:00:03 GMT', 0, now)).toBe(3000);
    expect(retryWaitMs(503, '120', 0, now)).toBe(5000);
    expect(retryWaitMs(503, undefined, 0, now)).toBeUndefined();
    expect(retryWaitMs(503, 'soon', 0, now)).toBeUndefined();
    expect(retryWaitMs(429, undefined, 2, now)).toBe(800);
    expect(retryWaitMs(500, '1', 0, now)).toBeUndefined();
  });
});
