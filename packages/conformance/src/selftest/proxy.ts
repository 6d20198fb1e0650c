// A rewriting proxy on loopback: it forwards every request to an upstream mock (the sandbox or
// Prism) and lets a broken target change the request on the way in and the response on the way
// out. The self-test puts one in front of a faithful mock to make a deliberately broken server.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type OperationId, type OperationSpec, operations, operationFor as routeOperation } from '@mediagen/schema';
import { HOP_BY_HOP_HEADERS } from '@mediagen/schema/util';
import { keepAliveAgent, MAX_UNSENT_RETRIES, neverSent } from '../plumbing/keep-alive.js';

export interface ProxyRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body?: string;
  /** The operation of the contract this request is for, if any. */
  operationId?: OperationId;
}

export interface ProxyResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
}

export interface ProxyTools {
  /** Sends a request to the upstream (e.g. a side request a broken behaviour needs). */
  upstream(request: Omit<ProxyRequest, 'query'> & { query?: URLSearchParams }): Promise<ProxyResponse>;
  /** The API key the upstream accepts. */
  apiKey: string;
}

export interface Rewrite {
  /** Changes the request, or answers it without the upstream (return a response). */
  request?(request: ProxyRequest, tools: ProxyTools): ProxyRequest | ProxyResponse | Promise<ProxyRequest | ProxyResponse>;
  /** Changes the upstream's response. */
  response?(request: ProxyRequest, response: ProxyResponse, tools: ProxyTools): ProxyResponse | Promise<ProxyResponse>;
}

export interface RunningProxy {
  url: string;
  stop(): Promise<void>;
}

/** The operation a request is for: the contract's one router. */
export function operationFor(method: string, path: string): OperationId | undefined {
  return routeOperation(method, path)?.op.operationId;
}

/** How long the upstream may send nothing before its request fails (fetch's own limit: only a hang). */
const UPSTREAM_IDLE_MS = 300_000;
/** How long a kept-alive connection to the upstream may stay idle (fetch's own). */
const IDLE_CONNECTION_MS = 4_000;
const isResponse = (value: ProxyRequest | ProxyResponse): value is ProxyResponse => 'status' in value;

/** Whether a proxied request is for this operation. */
export const isFor = (request: Pick<ProxyRequest, 'operationId'>, ...ops: OperationSpec[]): boolean => ops.some((op) => op.operationId === request.operationId);

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
}

/** A JSON response with the envelope's content type. */
export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): ProxyResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/** The response body as JSON, or undefined. */
export function parseJson(response: ProxyResponse | ProxyRequest): unknown {
  try {
    return response.body === undefined ? undefined : JSON.parse(response.body);
  } catch {
    return undefined;
  }
}

/** Headers a proxy does not pass on: they describe one connection, not the message. */
const HOP_BY_HOP = new Set([...HOP_BY_HOP_HEADERS, 'content-length']);

export async function startProxy(upstreamUrl: string, rewrite: Rewrite, apiKey: string): Promise<RunningProxy> {
  const base = new URL(upstreamUrl.replace(/\/+$/, ''));
  // node:http, not fetch: the proxy is on the path of every request of a self-test run, and fetch's
  // streams, signals and header objects were about a tenth of the self-test's CPU. Its connections are kept
  // alive, and closed with the proxy. An idle one is closed after a second less than the upstream's own
  // limit (node:http servers close theirs at five seconds), as fetch does: a request sent on a connection
  // the upstream is closing at that moment fails, and a write is never sent again, unless it was never
  // written: an overdue connection is closed before anything is written on it (plumbing/keep-alive.ts).
  const agent = keepAliveAgent(false, { timeout: IDLE_CONNECTION_MS });
  /** Sends one request; resolves when the upstream's answer starts. */
  const send = (request: Omit<ProxyRequest, 'query'>, query: string | undefined) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const hasBody = request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
      const out = httpRequest(
        {
          agent,
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port,
          method: request.method,
          path: `${base.pathname.replace(/\/$/, '')}${request.path}${query ? `?${query}` : ''}`,
          headers: hasBody ? { ...request.headers, 'content-length': Buffer.byteLength(request.body!) } : request.headers,
          timeout: UPSTREAM_IDLE_MS,
        },
        resolve,
      );
      out.on('timeout', () => out.destroy(new Error(`the upstream sent nothing for ${UPSTREAM_IDLE_MS / 1000} s`)));
      out.on('error', (error) => reject(neverSent(out) ? Object.assign(error, { unsent: true }) : error));
      out.end(hasBody ? request.body : undefined);
    });
  /** Sends again what was never written (each retry closes one overdue socket of the pool). */
  const sendWritten = async (request: Omit<ProxyRequest, 'query'>, query: string | undefined) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await send(request, query);
      } catch (error) {
        if (!(error as { unsent?: boolean }).unsent || attempt >= MAX_UNSENT_RETRIES) throw error;
      }
    }
  };
  const upstream: ProxyTools['upstream'] = async (request) => {
    const query = request.query?.toString();
    // The proxy is the self-test's harness, not the server under test: a read whose connection failed
    // before any answer (a kept-alive socket the upstream closed, a starved machine) is sent once more
    // rather than answered 502, which would be judged as the target's. A read is a GET, or an operation
    // whose effect is a read (an estimate is a POST that changes nothing). A write is never sent twice.
    const read =
      request.method === 'GET' || request.method === 'HEAD' || (request.operationId !== undefined && operations[request.operationId].effect === 'read');
    const response = await sendWritten(request, query).catch((error: unknown) => {
      if (!read) throw error;
      return sendWritten(request, query);
    });
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(key)) headers[key] = Array.isArray(value) ? value.join(', ') : value;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    return { status: response.statusCode ?? 502, headers, body: Buffer.concat(chunks).toString('utf8') };
  };
  const tools: ProxyTools = { upstream, apiKey };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && key !== 'host' && key !== 'content-length' && key !== 'connection') headers[key] = value;
    }
    const body = await readBody(req);
    const method = (req.method ?? 'GET').toUpperCase();
    const operationId = operationFor(method, url.pathname);
    let request: ProxyRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(operationId ? { operationId } : {}),
    };
    let response: ProxyResponse;
    const changed = rewrite.request ? await rewrite.request(request, tools) : request;
    if (isResponse(changed)) response = changed;
    else {
      request = changed;
      response = await upstream(request);
      if (rewrite.response) response = await rewrite.response(request, response, tools);
    }
    res.writeHead(response.status, { ...response.headers, 'content-length': Buffer.byteLength(response.body) });
    res.end(response.body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ err: { code: 'proxy_error', message: (error as Error).message } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let stopped: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      });
      return stopped;
    },
  };
}
