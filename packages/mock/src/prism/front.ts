// The HTTP edge in front of the Prism process. Prism validates requests and answers examples well,
// but its own server dies on some inputs and answers others with a stack trace or problem+json. So
// the front, not Prism, faces the client, behind the same edge as the sandbox (edge/server.ts): it
// refuses what no operation can take (bad percent-encoding 400, unknown path 404, wrong method 405
// with `Allow`, a body over the bounds, a body that is not JSON 400), judges the request with the
// contract's own checks (validation/request.ts, as the sandbox does: same verdict, same wording),
// forwards the rest to Prism on its private socket with the run's secret, and puts every answer
// into the `{ err: { code, message } }` envelope (translate.ts). A proxy rather than Prism as a
// library keeps Prism's CLI server and lets the front outlive a Prism crash (the supervisor
// restarts it meanwhile).
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { operationById, PathTable, type RouteTemplate, type TransformPlan } from '@mediagen/schema';
import { API_KEY_HEADER, documentOperations, HOP_BY_HOP_HEADERS } from '@mediagen/schema/util';
import { documentVersion } from '../core/documents.js';
import { hasBody } from '../edge/body.js';
import { errorBody } from '../edge/envelope.js';
import type { Gate } from '../edge/gate.js';
import { sendJson } from '../edge/http.js';
import { parseJsonBody } from '../edge/json.js';
import type { EdgeLimits } from '../edge/limits.js';
import { createEdgeServer, type EdgeTools, type RequestLogEntry } from '../edge/server.js';
import { checkRequest, queryObject, REFUSAL_CODE, type RefusalStatus, type Versioning } from '../validation/request.js';
import { FRONT_HEADER } from './process.js';
import type { Upstream } from './supervisor.js';
import { headerSafeNames, translateAnswer } from './translate.js';

/** One operation of the served document, as the front needs it. */
export interface DocumentRoute extends RouteTemplate {
  hasBody: boolean;
  operationId?: string;
}

/** The operations of an OpenAPI document (its `paths`). */
export function documentRoutes(document: unknown): DocumentRoute[] {
  return documentOperations(document).map(({ path, method, operation, operationId }) => ({
    method: method.toUpperCase(),
    path,
    hasBody: Boolean(operation.requestBody),
    ...(operationId === undefined ? {} : { operationId }),
  }));
}

/** What the front knows of the document Prism serves. */
export interface ServedDocument {
  table: PathTable<DocumentRoute>;
  /** The document is one of the contract's (it names its API version): requests get the contract's verdict. */
  contract: boolean;
  /** Set when that version is not the newest. */
  versioning?: Versioning;
}

export function servedDocument(document: Record<string, unknown>, plan: TransformPlan): ServedDocument {
  const version = documentVersion(document);
  const table = new PathTable(documentRoutes(document));
  if (version === undefined) return { table, contract: false };
  return version === plan.changes.at(-1)?.date ? { table, contract: true } : { table, contract: true, versioning: { version, plan } };
}

export interface FrontOptions {
  /** The document served now (it changes with --watch). */
  served: () => ServedDocument;
  /** Where Prism listens now; undefined while it is (re)starting. */
  upstream: () => Upstream | undefined;
  limits: EdgeLimits;
  gate: Gate;
  /** The status of a request the contract refuses (400 or 422). */
  refusalStatus: RefusalStatus;
  onRequest?: (entry: RequestLogEntry) => void;
  /** Time limit of one forwarded exchange (default 30 s). */
  upstreamTimeoutMs?: number;
}

/** Headers not passed to Prism nor back: the connection's own, and those of a message the front re-frames. */
const HOP_BY_HOP = new Set([...HOP_BY_HOP_HEADERS, 'content-length', 'host', 'expect']);
/** Prism's answer headers the front does not pass on: its violations travel in `err.message`. */
const DROPPED = new Set([...HOP_BY_HOP, 'content-type', 'sl-violations', 'access-control-allow-origin', 'access-control-allow-credentials']);
/** The largest answer taken from Prism (its examples are a few kilobytes; dynamic ones more). */
const MAX_UPSTREAM_BYTES = 8 * 1024 * 1024;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * One exchange with Prism, on a connection of its own (`agent: false`, closed after the answer). A
 * kept-alive connection would be one Prism closes once idle for its keep-alive timeout (Node's 5 s)
 * while the front's pool keeps it for 4: a front held up for a second (a loaded machine) sent the next
 * request on it as Prism closed it, and that request was reset and answered 503. A connection to a
 * local socket costs microseconds.
 */
function forward(upstream: Upstream, method: string, path: string, headers: Record<string, string | string[]>, body: Buffer | undefined, timeoutMs: number) {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest(
      { socketPath: upstream.socket, agent: false, method, path, headers: { ...headers, [FRONT_HEADER]: upstream.secret }, timeout: timeoutMs },
      (answer) => {
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_UPSTREAM_BYTES) outgoing.destroy(new Error('Prism answered more than the front takes'));
          else chunks.push(chunk);
        });
        answer.on('end', () => resolve({ status: answer.statusCode ?? 500, headers: answer.headers, text: Buffer.concat(chunks).toString('utf8') }));
        answer.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('Prism did not answer in time')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function forwardedHeaders(incoming: IncomingHttpHeaders, body: Buffer | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'accept' || name === 'content-type' || name === 'origin' || name === FRONT_HEADER) continue;
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

type Prepared = { ok: true; body: Buffer | undefined } | { ok: false };

/** Matches, reads and judges the request; answers it (and returns ok: false) when it goes no further. */
async function prepare(req: IncomingMessage, res: ServerResponse, tools: EdgeTools, served: ServedDocument, options: FrontOptions): Promise<Prepared> {
  const { limits } = options;
  const method = req.method ?? 'GET';
  const target = req.url ?? '/';
  const rawPath = target.split('?')[0]!;
  const refused = (status: number, message: string, headers: Record<string, string> = {}, code?: string): Prepared => {
    req.resume();
    sendJson(res, status, errorBody(status, message, code), headers);
    return { ok: false };
  };
  if (!rawPath.startsWith('/')) return refused(400, 'the request target must be a path starting with /');
  // HEAD is GET without the body (RFC 9110); Prism is asked the GET and Node leaves the body out.
  const match = served.table.match(method === 'HEAD' ? 'GET' : method, rawPath);
  if (match.kind === 'malformed') return refused(400, match.message);
  if (match.kind === 'unknown_path') return refused(404, `no operation at ${method} ${rawPath.slice(0, 200)}`);
  if (match.kind === 'method_not_allowed')
    return refused(405, `${method} is not allowed here; allowed: ${match.allow.join(', ')}`, { allow: match.allow.join(', ') });
  const bytes = hasBody(req) ? await tools.body() : Buffer.alloc(0);
  if (!bytes) return { ok: false };
  // Operations without a body ignore one, as HTTP servers do for GET and DELETE.
  let parsed: unknown;
  if (match.route.hasBody && bytes.length > 0) {
    const read = parseJsonBody(bytes.toString('utf8'), limits.jsonDepth);
    if (!read.ok) return refused(400, read.message);
    parsed = read.value;
  }
  // The contract's verdict, as the sandbox gives it; without a key Prism answers 401 first, as the sandbox does.
  const op = served.contract && match.route.operationId !== undefined ? operationById(match.route.operationId) : undefined;
  if (op && req.headers[API_KEY_HEADER.toLowerCase()] !== undefined) {
    if (op.body && parsed === undefined) return refused(400, 'request body is required (JSON)');
    const query = queryObject(new URL(target, 'http://front.invalid').searchParams);
    const verdict = checkRequest(op, { params: match.params, query, body: parsed }, served.versioning ? { versioning: served.versioning } : {});
    if (!verdict.ok) return refused(options.refusalStatus, verdict.message, {}, REFUSAL_CODE);
  }
  return { ok: true, body: parsed === undefined ? undefined : Buffer.from(JSON.stringify(headerSafeNames(parsed)), 'utf8') };
}

/** The front's HTTP server (not yet listening). */
export function createFront(options: FrontOptions): Server {
  const timeoutMs = options.upstreamTimeoutMs ?? 30_000;
  return createEdgeServer({
    kind: 'prism',
    limits: options.limits,
    gate: options.gate,
    corsMethods: 'GET, POST, DELETE',
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    handle: async (req, res, tools) => {
      const prepared = await prepare(req, res, tools, options.served(), options);
      if (!prepared.ok) return;
      const unavailable = () => sendJson(res, 503, errorBody(503, 'Prism is restarting; try again shortly'), { 'retry-after': '1' });
      const upstream = options.upstream();
      if (upstream === undefined) return unavailable();
      const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
      let answer: Answer;
      try {
        answer = await forward(upstream, method, req.url ?? '/', forwardedHeaders(req.headers, prepared.body), prepared.body, timeoutMs);
      } catch {
        return unavailable();
      }
      if (answer.status === 204) {
        res.writeHead(204, passedHeaders(answer.headers));
        res.end();
        return;
      }
      const translated = translateAnswer(answer.status, answer.headers, answer.text);
      sendJson(res, translated.status, translated.body, passedHeaders(answer.headers));
    },
  });
}
