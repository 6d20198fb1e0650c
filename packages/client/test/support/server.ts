// A real HTTP server on 127.0.0.1 (an ephemeral port) for the tests: routes answer with JSON,
// raw text, a reset connection or a stalled response, and every request is recorded.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON, when it is. */
  json: unknown;
  at: number;
}

export type Reply =
  | {
      status?: number;
      headers?: Record<string, string>;
      /** Sent as JSON. */
      json?: unknown;
      /** Sent as is (e.g. malformed JSON, or compressed bytes). */
      text?: string | Uint8Array;
      /** Sent piece by piece, without a Content-Length (chunked). */
      chunks?: (string | Uint8Array)[];
      /** Wait this long before answering. */
      delayMs?: number;
    }
  /** Destroy the socket without answering. */
  | 'reset'
  /** Never answer (the socket is closed when the server closes). */
  | 'stall'
  /** Send the status line and half a body, then never finish. */
  | 'stall-body';

export type Handler = (request: Recorded, hit: number) => Reply | Promise<Reply>;

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: Recorded[];
  /** Answer `METHOD path` (path without query) with a handler, a fixed reply, or replies in turn (the last repeats). */
  on(method: string, path: string, reply: Handler | Reply | Reply[]): void;
  hits(method: string, path: string): number;
  /** Requests to `METHOD path`. */
  requestsTo(method: string, path: string): Recorded[];
  close(): Promise<void>;
}

export const envelope = (data: unknown, extra: Record<string, unknown> = {}) => ({ data, err: {}, ...extra });
export const errorEnvelope = (code: string, message: string) => ({ err: { code, message } });

export async function startServer(): Promise<TestServer> {
  const routes = new Map<string, Handler>();
  const counts = new Map<string, number>();
  const requests: Recorded[] = [];
  const sockets = new Set<Socket>();

  const send = (res: ServerResponse, reply: Exclude<Reply, string>) => {
    const status = reply.status ?? 200;
    const headers: Record<string, string> = { ...reply.headers };
    let payload: string | Uint8Array = '';
    if (reply.text !== undefined) payload = reply.text;
    else if (reply.json !== undefined) {
      payload = JSON.stringify(reply.json);
      headers['content-type'] ??= 'application/json';
    }
    res.writeHead(status, headers);
    if (reply.chunks) {
      for (const chunk of reply.chunks) res.write(chunk);
      res.end();
      return;
    }
    res.end(payload);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks);
      let json: unknown;
      try {
        json = body.length ? JSON.parse(body.toString('utf8')) : undefined;
      } catch {
        json = undefined;
      }
      const recorded: Recorded = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body, json, at: Date.now() };
      requests.push(recorded);
      const key = `${recorded.method} ${recorded.path}`;
      const hit = (counts.get(key) ?? 0) + 1;
      counts.set(key, hit);
      const handler = routes.get(key);
      void Promise.resolve(handler ? handler(recorded, hit) : { status: 404, json: errorEnvelope('not_found', `no route for ${key}`) }).then(async (reply) => {
        if (reply === 'reset') {
          req.socket.destroy();
          return;
        }
        if (reply === 'stall') return;
        if (reply === 'stall-body') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
          res.write('{"data": {"generation_id": "gen_01", ');
          return;
        }
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        if (!res.destroyed) send(res, reply);
      });
    });
  });
  // An idle kept-alive connection is closed by the client, never here: a server that closes it after
  // its idle timeout (Node's 5 s) resets a request sent as that timer fires, which a test that works
  // for seconds between two requests on a loaded machine makes likely. close() ends them all.
  server.keepAliveTimeout = 0;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(method, path, reply) {
      const key = `${method.toUpperCase()} ${path}`;
      if (typeof reply === 'function') routes.set(key, reply);
      else if (Array.isArray(reply)) routes.set(key, (_request, hit) => reply[Math.min(hit, reply.length) - 1]!);
      else routes.set(key, () => reply);
    },
    hits: (method, path) => counts.get(`${method.toUpperCase()} ${path}`) ?? 0,
    requestsTo: (method, path) => requests.filter((r) => r.method === method.toUpperCase() && r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
