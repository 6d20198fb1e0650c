// The transport's own bounds, without a run: a path step from a server is refused before anything is
// sent, and the per-request budgets it enforced are counted for the report.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { dotSegment, stoppedBy, Transport } from '../../src/engine/transport.js';
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
    const transport = new Transport({ baseUrl, apiKey: 'k', timeoutMs: 300, maxAnswerBytes: 2048, retries429: 0 });
    try {
      const refused = await transport.send(request('/pub/v1/generations/..'));
      expect(refused.error).toMatch(/^not sent: the path .* has a "\.\." segment/);
      expect(hits).toBe(0);
      const cut = await transport.send(request('/big'));
      expect(cut.truncated).toBe(true);
      const slow = await transport.send(request('/slow'));
      expect(slow.error).toBe('no answer within 300 ms (--timeout)');
      const cleanup = await transport.send(request('/slow'), { timeoutMs: 200 });
      expect(cleanup.error).toBe("no answer within 200 ms (a cleanup request's own time limit)");
      expect(transport.budgetNotes()).toEqual([
        '1 answer(s) cut at the per-answer budget of 2048 bytes (--max-answer-bytes), first: listStyles GET /big (a label)',
        '1 request(s) ended by the time limit of 300 ms (--timeout), first: listStyles GET /slow (a label)',
        '1 cleanup request(s) ended by their own time limit, first: listStyles GET /slow (a label)',
      ]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
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
