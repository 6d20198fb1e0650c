// Forwarding one exchange to the upstream unchanged: the request's method, path, query, headers and
// body go as they came (only `Host` names the upstream, and hop-by-hop headers stay on their hop); the
// answer streams back to the client as it arrives (never buffered: backpressure from the client slows
// the upstream), while a copy of at most `copyBytes` is kept for judging after the exchange ends.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Headers that belong to one connection, not to the exchange (RFC 9110 § 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase()),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) out[name] = value;
  return out;
}

export interface Forwarded {
  status: number;
  /** Response headers, lower-case names, one value each (repeated ones joined). */
  headers: Record<string, string>;
  /** The first `copyBytes` bytes of the answer. */
  copy: Buffer;
  /** The answer was longer than the copy. */
  truncated: boolean;
  /** Set when no answer (or only part of it) came: why. */
  error?: string;
}

/**
 * Sends `req` (its body already read: `body`) to `upstream` and streams the answer into `res`.
 * Resolves when the exchange ends (answered, or failed: then a 502 in the envelope when nothing was sent yet).
 */
export function forward(req: IncomingMessage, body: Buffer, res: ServerResponse, upstream: URL, copyBytes: number): Promise<Forwarded> {
  const target = new URL(`${upstream.pathname.replace(/\/+$/, '')}${req.url ?? '/'}`, upstream.origin);
  const headers = { ...endToEnd(req.headers), host: upstream.host };
  if (body.length > 0 || req.headers['content-length'] !== undefined) headers['content-length'] = String(body.length);
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let total = 0;
    let settled = false;
    const done = (result: Forwarded) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const out = send(target, { method: req.method, headers }, (answer) => {
      const answerHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (value !== undefined) answerHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
      answer.on('data', (chunk: Buffer) => {
        if (kept < copyBytes) {
          const room = copyBytes - kept;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          kept += Math.min(room, chunk.length);
        }
        total += chunk.length;
      });
      answer.pipe(res);
      const result = (error?: string): Forwarded => ({
        status: answer.statusCode ?? 0,
        headers: answerHeaders,
        copy: Buffer.concat(chunks),
        truncated: total > copyBytes,
        ...(error ? { error } : {}),
      });
      answer.on('end', () => done(result()));
      answer.on('error', (error) => done(result(`the answer broke off: ${error.message}`)));
      // The client went away: the upstream's answer is dropped with it.
      res.on('close', () => {
        if (!answer.complete) {
          answer.destroy();
          done(result('the client closed the connection before the answer ended'));
        }
      });
    });
    out.on('error', (error) => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: null, err: { code: 'bad_gateway', message: 'the upstream could not be reached' } }));
      } else res.destroy();
      done({
        status: 0,
        headers: {},
        copy: Buffer.alloc(0),
        truncated: false,
        error: `the upstream could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message})`,
      });
    });
    req.on('close', () => {
      if (!res.writableFinished) out.destroy();
    });
    out.end(body);
  });
}
