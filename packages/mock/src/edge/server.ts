// The one HTTP server both mocks face clients with: Node's own timeouts set from the limits (and
// checked every second, not every 30), a cap on open connections answered 503, the gate (Host,
// Origin, CORS preflight), bounded body reading for the handler, a request log line per request,
// and no way for a request or a failed accept to end the process.
import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type BodyBudget, createBodyBudget, readBody } from './body.js';
import { errorBody, MOCK_HEADER, type MockKind, scrub } from './envelope.js';
import type { Gate } from './gate.js';
import { answerClientErrors, rawAnswer, refuse, sendJson } from './http.js';
import type { EdgeLimits } from './limits.js';

export interface RequestLogEntry {
  method: string;
  /** The path, without the query. */
  path: string;
  /** 0 when the connection closed before an answer. */
  status: number;
  ms: number;
}

/** One log line: `GET /pub/v1/models → 200 (1.2 ms)`. Never the query or a header (the API key stays out). */
export const requestLine = ({ method, path, status, ms }: RequestLogEntry): string =>
  `${method} ${path} → ${status === 0 ? 'closed' : status} (${ms.toFixed(1)} ms)`;

export interface EdgeTools {
  /** The body within the limits (`limit` defaults to the JSON limit), or undefined once the refusal is answered. */
  body(limit?: number): Promise<Buffer | undefined>;
}

export interface EdgeServerOptions {
  kind: MockKind;
  limits: EdgeLimits;
  gate: Gate;
  /** The methods a CORS preflight is told. */
  corsMethods: string;
  handle(req: IncomingMessage, res: ServerResponse, tools: EdgeTools): Promise<void>;
  onRequest?: (entry: RequestLogEntry) => void;
}

/** Node's server options for `limits`: what Node enforces itself. */
export function serverOptions(limits: EdgeLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    // Our body timer answers 408 first; Node's own is the backstop.
    requestTimeout: limits.headersTimeoutMs + limits.bodyTimeoutMs + 2_000,
    keepAliveTimeout: limits.idleTimeoutMs,
    connectionsCheckingInterval: 1_000,
  };
}

/**
 * Caps the open connections of `server`: one over the cap is answered 503 and closed at once.
 * Also keeps a failed accept (EMFILE) from being an uncaught error.
 */
export function capConnections(server: Server, kind: MockKind, max: number): void {
  let open = 0;
  server.on('connection', (socket: Socket) => {
    open++;
    socket.once('close', () => open--);
    if (open > max) {
      socket.end(rawAnswer(kind, 503, `the mock holds ${max} connections (its limit); try again shortly`, { 'retry-after': '1' }));
      socket.resume();
      setTimeout(() => socket.destroy(), 1_000).unref();
    }
  });
  // Node refuses further connections itself a little above the cap, before file descriptors run out.
  server.maxConnections = max + 16;
  server.on('error', () => {
    // Failed accepts (too many open files) are reported here; the server keeps listening.
  });
}

function bodyReader(req: IncomingMessage, res: ServerResponse, limits: EdgeLimits, budget: BodyBudget): EdgeTools['body'] {
  return async (limit = limits.jsonBodyBytes) => {
    const read = await readBody(req, { limit, timeoutMs: limits.bodyTimeoutMs, budget });
    if (read.ok) {
      res.once('close', read.release);
      return read.bytes;
    }
    const linger = limits.bodyTimeoutMs;
    if (read.reason === 'too_large') refuse(req, res, 413, `request body is larger than ${limit} bytes`, undefined, {}, linger);
    else if (read.reason === 'timeout') refuse(req, res, 408, `the request body did not arrive within ${limits.bodyTimeoutMs} ms`, 'request_timeout', {}, 0);
    else if (read.reason === 'busy')
      refuse(
        req,
        res,
        503,
        `the mock is reading ${limits.bodyBytesInFlight} bytes of other request bodies (its limit); try again shortly`,
        undefined,
        { 'retry-after': '1' },
        linger,
      );
    else res.destroy();
    return undefined;
  };
}

const isPreflight = (req: IncomingMessage) =>
  req.method === 'OPTIONS' && req.headers.origin !== undefined && req.headers['access-control-request-method'] !== undefined;

/** The mock's server (not yet listening). */
export function createEdgeServer(options: EdgeServerOptions): Server {
  const { kind, limits, gate } = options;
  const budget = createBodyBudget(limits.bodyBytesInFlight);

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader(MOCK_HEADER, kind);
    res.setHeader('x-content-type-options', 'nosniff');
    const verdict = gate.check({ host: req.headers.host, origin: req.headers.origin });
    if (!verdict.ok) {
      refuse(req, res, verdict.status, verdict.message, verdict.code, {}, limits.bodyTimeoutMs);
      return;
    }
    for (const [name, value] of Object.entries(verdict.headers)) res.setHeader(name, value);
    if (isPreflight(req) && req.headers.origin !== undefined) {
      req.resume();
      res.writeHead(204, gate.preflight(req.headers, options.corsMethods));
      res.end();
      return;
    }
    await options.handle(req, res, { body: bodyReader(req, res, limits, budget) });
  };

  const server = createServer(serverOptions(limits), (req, res) => {
    const started = performance.now();
    if (options.onRequest) {
      const onRequest = options.onRequest;
      res.once('close', () =>
        onRequest({
          method: req.method ?? '?',
          path: (req.url ?? '').split('?')[0]!.slice(0, 200),
          status: res.writableFinished ? res.statusCode : 0,
          ms: performance.now() - started,
        }),
      );
    }
    serve(req, res).catch((error: unknown) => {
      sendJson(res, 500, errorBody(500, `the mock failed: ${scrub(error instanceof Error ? error.message : String(error))}`));
    });
  });
  answerClientErrors(server, kind);
  capConnections(server, kind, limits.maxConnections);
  return server;
}
