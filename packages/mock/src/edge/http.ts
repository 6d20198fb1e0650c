// Node http plumbing shared by both mocks' servers: JSON answers, answers for requests Node itself
// refuses (bad request line, header bytes, oversized headers, a request that took too long) in the
// envelope instead of Node's bare status line, and the answer to a request whose body is left
// unread (the connection is closed after it).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody, MOCK_HEADER, type MockKind } from './envelope.js';
import { EDGE_LIMITS } from './limits.js';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}): void {
  const text = startJson(res, status, body, headers);
  if (text !== undefined) res.end(text);
}

/** Writes the head of a JSON answer; the text to send, or undefined when a head had already gone out (the connection is then destroyed). */
function startJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]>): string | undefined {
  const text = JSON.stringify(body);
  if (res.headersSent) {
    res.destroy();
    return undefined;
  }
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  return text;
}

/**
 * Answers an error while the request's body is (partly) unread. The rest of the body is read and
 * dropped, so that a client still sending sees the answer: closing a socket with unread bytes resets
 * it, and a client that has not read the answer yet loses it (a loaded machine can take seconds to
 * send a 32 MiB upload). The reading lasts until the body ends or for `lingerMs`, the time any body
 * is given to arrive (the body timeout); then the connection is cut. With `lingerMs` 0, for a client
 * too slow to wait for, the connection closes right after the answer.
 */
export function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
  code?: string,
  headers: Record<string, string> = {},
  lingerMs: number = EDGE_LIMITS.bodyTimeoutMs,
): void {
  answerUnread(req, res, status, errorBody(status, message, code), headers, lingerMs);
}

/**
 * `refuse` for any JSON body (a server with an envelope of its own: the conformance suite's proxy):
 * answers `status` with `body`, then reads the rest of the request's body to its end, or for
 * `lingerMs`, before the exchange ends.
 */
export function answerUnread(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  lingerMs: number = EDGE_LIMITS.bodyTimeoutMs,
): void {
  if (lingerMs <= 0 || req.complete) {
    sendJson(res, status, body, lingerMs <= 0 ? { ...headers, connection: 'close' } : headers);
    return;
  }
  const text = startJson(res, status, body, headers);
  if (text === undefined) return;
  // The whole answer goes out now (its length is declared), but the exchange ends only with the
  // body: Node closes the connection as an answer ends when the client asked it to (`Connection:
  // close`), which with the body still coming would reset it.
  res.write(text);
  const socket = req.socket;
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  timer.unref();
  req.once('end', () => {
    clearTimeout(timer);
    res.end();
  });
  socket.once('close', () => clearTimeout(timer));
  req.resume();
}

const RAW_REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
  503: 'Service Unavailable',
};

/** A whole HTTP/1.1 answer in the envelope, for a socket no request object owns. */
export function rawAnswer(kind: MockKind, status: number, message: string, extra: Record<string, string> = {}): string {
  const body = JSON.stringify(errorBody(status, message));
  const headers = Object.entries(extra)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (
    `HTTP/1.1 ${status} ${RAW_REASONS[status] ?? 'Error'}\r\ncontent-type: application/json\r\n${MOCK_HEADER}: ${kind}\r\n` +
    `x-content-type-options: nosniff\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
  );
}

/** Every request Node's parser refuses, or that took too long, is answered in the envelope, then the connection closes. */
export function answerClientErrors(server: Server, kind: MockKind): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const owned = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (owned && !owned.headersSent) {
      // Node's parser failed inside a request it had started (bytes past the end of a
      // `connection: close` request, say): that request never completes, so it is answered now.
      sendJson(owned, 400, errorBody(400, 'the request is not valid HTTP'), { connection: 'close' });
      setTimeout(() => socket.destroy(), 1_000).unref();
      return;
    }
    if (!socket.writable || owned) {
      socket.destroy();
      return;
    }
    const answer =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? rawAnswer(kind, 431, 'request headers are too large')
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? rawAnswer(kind, 408, 'the request did not arrive in time')
          : rawAnswer(kind, 400, 'the request is not valid HTTP');
    socket.end(answer);
    // A socket whose peer stops reading must not linger.
    setTimeout(() => socket.destroy(), 1_000).unref();
  });
}
