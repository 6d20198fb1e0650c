// The proxy's own answers, when it refuses a request or the upstream gives nothing it can hand on: the
// API's {data, err} envelope (`data: null`, `err: { code, message }`), with a status that says whose
// fault it was (400 the request, 502 the upstream's answer, 504 the upstream's silence). Never a stack
// trace. A request whose body is still unread is answered and its connection closed after the answer;
// what never reaches a request handler (a CONNECT, bytes that are not HTTP) is answered on the socket.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { answerUnread } from '@mediagen/mock/edge';

const CODES: Record<number, string> = {
  400: 'bad_request',
  403: 'origin_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  421: 'misdirected_request',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** The envelope of a refusal. */
const envelopeOf = (status: number, message: string, code = CODES[status] ?? 'bad_gateway') => ({ data: null, err: { code, message } });

/** The envelope of a refusal, as text. */
export function errorEnvelope(status: number, message: string, code?: string): string {
  return JSON.stringify(envelopeOf(status, message, code));
}

/** Connections a refusal ended: nothing read on them after it is forwarded (its answer could never arrive). */
const ended = new WeakSet<object>();

/** Whether the request's connection was ended by an answer before it (or is gone): the request is then dropped unforwarded. */
export function connectionEnded(req: IncomingMessage): boolean {
  return ended.has(req.socket) || req.socket.destroyed;
}

/**
 * Answers `status` in the envelope. A connection whose request was not read whole is closed after it,
 * once the rest of the body has been read and dropped (for at most `lingerMs`, the time a body is given
 * to arrive; 0 closes at once): cut while the client is still sending, the client gets a reset instead of the answer (a
 * loaded machine takes seconds to send a large body). The mocks' edge answers its refusals the same way.
 */
export function answerError(req: IncomingMessage, res: ServerResponse, status: number, message: string, code?: string, lingerMs?: number): void {
  if (res.headersSent) {
    ended.add(req.socket);
    res.destroy();
    return;
  }
  const close = !req.complete;
  // The rest of the body is dropped, and nothing after it on this connection is forwarded.
  if (close) ended.add(req.socket);
  answerUnread(req, res, status, envelopeOf(status, message, code), close ? { connection: 'close' } : {}, lingerMs);
}

/** A whole HTTP/1.1 answer in the envelope, for a socket no response object owns (CONNECT, a request Node could not parse). */
export function rawErrorAnswer(status: number, message: string): string {
  const body = errorEnvelope(status, message);
  return `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

/** Ends a socket with `answer`; one whose peer stops reading is cut a second later. */
function endWith(socket: Duplex, answer: string): void {
  socket.on('error', () => undefined);
  socket.end(answer);
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/**
 * Answers in the envelope what never reaches the request handler: a CONNECT (a tunnel to another
 * host: refused 400, `refuse` says why and counts it) and a request Node's parser refuses (400, or 431
 * for headers too large, 408 for one that took too long); then the connection closes.
 */
export function answerOutsideRequests(server: Server, refuse: (req: IncomingMessage) => string): void {
  server.on('connect', (req: IncomingMessage, socket: Duplex) => endWith(socket, rawErrorAnswer(400, refuse(req))));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return void socket.destroy();
    if (error.code === 'HPE_HEADER_OVERFLOW') endWith(socket, rawErrorAnswer(431, 'request headers are too large'));
    else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') endWith(socket, rawErrorAnswer(408, 'the request did not arrive in time'));
    else endWith(socket, rawErrorAnswer(400, 'the request is not valid HTTP'));
  });
}
