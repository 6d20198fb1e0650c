// Node http plumbing shared by both mocks' servers: answers for requests Node itself cannot parse
// (bad request line, header bytes, oversized headers) in the envelope instead of Node's bare 400,
// and a bounded reader of request bodies.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody, MOCK_HEADER, type MockKind } from './envelope.js';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}): void {
  const text = JSON.stringify(body);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Every request Node's parser refuses is answered in the envelope, then the connection closes. */
export function answerClientErrors(server: Server, kind: MockKind): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify(errorBody(status, tooLarge ? 'request headers are too large' : 'the request is not valid HTTP'));
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `content-type: application/json\r\n${MOCK_HEADER}: ${kind}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}

export type BodyRead = { ok: true; bytes: Buffer } | { ok: false; reason: 'too_large' | 'aborted' };

/**
 * Reads a request body up to `limit` bytes. A larger body is refused without being kept: a declared
 * content-length over the limit at once, a longer stream as soon as it passes the limit (the rest is
 * drained and dropped, so the client still reads the answer).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      resolve({ ok: false, reason: 'too_large' });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        resolve({ ok: false, reason: 'too_large' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve({ ok: true, bytes: Buffer.concat(chunks) });
    });
    req.on('error', () => resolve({ ok: false, reason: 'aborted' }));
    req.on('aborted', () => resolve({ ok: false, reason: 'aborted' }));
  });
}
