// The HTTP edge in front of the Prism process. Prism validates requests and answers examples well,
// but its own server dies on some inputs (a validation message naming a property with a character
// above U+00FF goes into a response header, which Node refuses, and the exception is uncaught) and
// answers others with a stack trace or problem+json. So the front, not Prism, faces the client:
// it refuses what no operation can take (bad percent-encoding 400, unknown path 404, wrong method
// 405 with `Allow`, oversized body 413, non-JSON body 400), forwards the rest on loopback, and puts
// every answer into the `{ err: { code, message } }` envelope, with Prism's validation detail in
// `err.message`. A proxy rather than Prism as a library keeps Prism's supported CLI surface and lets
// the front outlive a Prism crash (the supervisor restarts it meanwhile).
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isObject } from '@mediagen/schema/util';
import { errorBody, MOCK_HEADER, scrub } from '../edge/envelope.js';
import { answerClientErrors, readBody, sendJson } from '../edge/http.js';
import { MAX_JSON_BODY_BYTES } from '../edge/limits.js';
import { PathTable, type RouteTemplate } from '../edge/paths.js';

/** One operation of the served document, as the front needs it. */
export interface DocumentRoute extends RouteTemplate {
  hasBody: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The operations of an OpenAPI document (its `paths`). */
export function documentRoutes(document: unknown): DocumentRoute[] {
  const paths = (document as { paths?: Record<string, Record<string, unknown>> } | null)?.paths ?? {};
  const routes: DocumentRoute[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (!METHODS.includes(method)) continue;
      routes.push({ method: method.toUpperCase(), path, hasBody: Boolean((operation as { requestBody?: unknown })?.requestBody) });
    }
  }
  return routes;
}

export interface FrontOptions {
  routes: readonly DocumentRoute[];
  /** The loopback port Prism listens on now; undefined while it is (re)starting. */
  upstreamPort: () => number | undefined;
  /** Time limit of one forwarded exchange (default 30 s). */
  upstreamTimeoutMs?: number;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'expect',
]);
/** Prism's answer headers the front does not pass on: its violations travel in `err.message`. */
const DROPPED = new Set([...HOP_BY_HOP, 'content-type', 'sl-violations']);

// Node refuses header values outside tab, 0x20-0x7E and 0x80-0xFF; Prism copies property names into
// its `sl-violations` header, so names with other characters are sent to it \u-escaped. No name the
// contract knows contains one, so the validation outcome is the same.
// eslint-disable-next-line no-control-regex
const NOT_HEADER_SAFE = /[^\x20-\x7e\x80-\xff]/g;
const escapeName = (name: string) => name.replace(NOT_HEADER_SAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function headerSafeNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(headerSafeNames);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) out[escapeName(name)] = headerSafeNames(inner);
  return out;
}

interface Violation {
  location?: unknown;
  message?: unknown;
  severity?: unknown;
}

/** Prism's request violations of severity Error, as `body.ids: must be array` lines. */
function violationsMessage(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(header.replace(/^Too many violations! /, ''));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const lines = (parsed as Violation[])
    .filter((v) => v.severity === 'Error' && Array.isArray(v.location) && v.location[0] === 'request')
    .map((v) => {
      const where = (v.location as unknown[]).slice(1).join('.');
      return `${where ? `${where}: ` : ''}${String(v.message)}`;
    });
  return lines.length > 0 ? lines.join('; ') : undefined;
}

export interface Translated {
  status: number;
  body: unknown;
}

/**
 * Prism's answer as the client gets it: an envelope passes (with the violations as its message when
 * it is an error); problem+json, `{ error: … }` and anything not JSON become the error envelope.
 */
export function translateAnswer(status: number, headers: IncomingHttpHeaders, text: string): Translated {
  const validStatus = Number.isInteger(status) && status >= 200 && status <= 599 ? status : 500;
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const violations = violationsMessage(headers['sl-violations']);
  if (isObject(parsed) && !/problem\+json/.test(String(headers['content-type'])) && (isObject(parsed.err) || 'data' in parsed)) {
    if (validStatus >= 400 && isObject(parsed.err) && violations) {
      return { status: validStatus, body: { ...parsed, err: { ...parsed.err, message: scrub(violations) } } };
    }
    if (validStatus >= 400 && !isObject(parsed.err)) return { status: validStatus, body: errorBody(validStatus, 'the mock failed to answer') };
    return { status: validStatus, body: parsed };
  }
  const errorStatus = validStatus >= 400 ? validStatus : 500;
  if (isObject(parsed)) {
    // Prism's problem+json: { type, title, status, detail, validation? }; its server's own errors: { error: { message, stack } }.
    const problemStatus = typeof parsed.status === 'number' && parsed.status >= 400 && parsed.status <= 599 ? parsed.status : errorStatus;
    const inner = isObject(parsed.error) ? parsed.error : undefined;
    const message =
      violations ?? [parsed.title, parsed.detail, inner?.message].filter((part): part is string => typeof part === 'string' && part !== '').join(': ');
    return { status: problemStatus, body: errorBody(problemStatus, scrub(message) || 'the mock could not answer this request') };
  }
  return { status: errorStatus, body: errorBody(errorStatus, 'the mock could not answer this request') };
}

interface Upstream {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

function forward(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string | string[]>,
  body: Buffer | undefined,
  timeoutMs: number,
): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    const upstream = httpRequest({ host: '127.0.0.1', port, method, path, headers, timeout: timeoutMs }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 500, headers: answer.headers, text: Buffer.concat(chunks).toString('utf8') }));
      answer.on('error', reject);
    });
    upstream.on('timeout', () => upstream.destroy(new Error('Prism did not answer in time')));
    upstream.on('error', reject);
    upstream.end(body);
  });
}

function forwardedHeaders(incoming: IncomingHttpHeaders, body: Buffer | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'accept' || name === 'content-type') continue;
    out[name] = value;
  }
  // The mock answers JSON whatever the client accepts, and the body was read as JSON.
  out.accept = 'application/json';
  if (body !== undefined) {
    out['content-type'] = 'application/json';
    out['content-length'] = String(body.length);
  }
  return out;
}

function passedHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !DROPPED.has(name)) out[name] = value;
  return out;
}

const isPreflight = (req: IncomingMessage) =>
  req.method === 'OPTIONS' && req.headers.origin !== undefined && req.headers['access-control-request-method'] !== undefined;

/** The front's HTTP server (not yet listening). */
export function createFront(options: FrontOptions): Server {
  const table = new PathTable(options.routes);
  const timeoutMs = options.upstreamTimeoutMs ?? 30_000;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    res.setHeader(MOCK_HEADER, 'prism');
    res.setHeader('x-content-type-options', 'nosniff');
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    const queryAt = target.indexOf('?');
    const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
    if (!rawPath.startsWith('/')) {
      sendJson(res, 400, errorBody(400, 'the request target must be a path starting with /'));
      return;
    }
    const port = options.upstreamPort();
    const unavailable = () => sendJson(res, 503, errorBody(503, 'Prism is restarting; try again shortly'), { 'retry-after': '1' });

    let forwardBody: Buffer | undefined;
    if (isPreflight(req)) {
      req.resume();
    } else {
      // HEAD is GET without the body (RFC 9110); Prism is asked the GET and Node leaves the body out.
      const match = table.match(method === 'HEAD' ? 'GET' : method, rawPath);
      if (match.kind === 'malformed') {
        req.resume();
        sendJson(res, 400, errorBody(400, match.message));
        return;
      }
      if (match.kind === 'unknown_path') {
        req.resume();
        sendJson(res, 404, errorBody(404, `no operation at ${method} ${rawPath.slice(0, 200)}`));
        return;
      }
      if (match.kind === 'method_not_allowed') {
        req.resume();
        sendJson(res, 405, errorBody(405, `${method} is not allowed here; allowed: ${match.allow.join(', ')}`), { allow: match.allow.join(', ') });
        return;
      }
      const read = await readBody(req, MAX_JSON_BODY_BYTES);
      if (!read.ok) {
        if (read.reason === 'too_large')
          sendJson(res, 413, errorBody(413, `request body is larger than ${MAX_JSON_BODY_BYTES} bytes`), { connection: 'close' });
        else res.destroy();
        return;
      }
      // Operations without a body ignore one, as HTTP servers do for GET and DELETE.
      if (match.route.hasBody && read.bytes.length > 0) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(read.bytes.toString('utf8'));
        } catch (error) {
          sendJson(res, 400, errorBody(400, `request body is not valid JSON (${(error as Error).message})`));
          return;
        }
        forwardBody = Buffer.from(JSON.stringify(headerSafeNames(parsed)), 'utf8');
      }
    }
    if (port === undefined) {
      unavailable();
      return;
    }
    let upstream: Upstream;
    try {
      upstream = await forward(port, method === 'HEAD' ? 'GET' : method, target, forwardedHeaders(req.headers, forwardBody), forwardBody, timeoutMs);
    } catch {
      unavailable();
      return;
    }
    if (isPreflight(req) || upstream.status === 204) {
      res.writeHead(upstream.status, passedHeaders(upstream.headers));
      res.end();
      return;
    }
    const answer = translateAnswer(upstream.status, upstream.headers, upstream.text);
    sendJson(res, answer.status, answer.body, passedHeaders(upstream.headers));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      sendJson(res, 500, errorBody(500, `the mock failed: ${scrub(error instanceof Error ? error.message : String(error))}`));
    });
  });
  answerClientErrors(server, 'prism');
  return server;
}
