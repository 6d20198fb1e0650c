// One request and its response, as the checks see them, and the curl line that replays a request
// with the key masked. Plain data and pure functions: the transport fills exchanges, recordings
// (HAR files, the validating proxy) rebuild them, the checks read them.
import { API_KEY_HEADER, MASK } from '@mediagen/schema/util';

export type AuthMode = 'valid' | 'missing' | 'wrong';

export interface RequestSpec {
  operationId: string;
  method: string;
  /** Concrete path, parameters filled in. */
  path: string;
  query?: Record<string, string | number | boolean>;
  /** JSON body; `rawBody` wins when both are set. */
  body?: unknown;
  rawBody?: string;
  auth: AuthMode;
  /** What the request is for, shown in failure messages (e.g. `steps 3021`). */
  label: string;
}

export interface Exchange {
  request: RequestSpec;
  url: string;
  /** 0 when no response arrived. */
  status: number;
  contentType: string | undefined;
  /** Response headers (lower-case names), when a response arrived. */
  headers?: Record<string, string>;
  /** The body as text: at most the run's per-answer budget (see `truncated`). */
  text: string;
  /** The parsed body when it is JSON; `undefined` otherwise (`jsonError` says why). */
  json: unknown;
  /**
   * The parsed body as the server sent it, when `json` holds it brought to the newest shape (a run
   * `--at` an older date): what the fingerprint and the names of the date judged read.
   */
  sentJson?: unknown;
  jsonError?: string;
  /** The body was longer than the per-answer budget: `text` holds its start, `json` is undefined. */
  truncated?: boolean;
  /** Network failure or a budget that ended the exchange (no usable response). */
  error?: string;
  /**
   * The target answered with a redirect to this other origin, not followed (the key would go with it):
   * an answer, though none at the service's origin.
   */
  redirectedTo?: string;
  durationMs: number;
  /** When the request was sent (ISO time). */
  startedAt?: string;
  /** Recorded traffic: the API date the client marked its request with (see clientUserAgent). */
  clientDate?: string;
}

/** The wrong key sent by the auth checks: unrelated to the real one, so nothing of it leaks. */
export const WRONG_API_KEY = 'conformance-invalid-key-0000';

export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `missing_${name}`));
}

export function buildUrl(baseUrl: string, path: string, query?: RequestSpec['query']): string {
  // The base URL's own path prefix, if any, is kept.
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.append(key, String(value));
  return url.toString();
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function requestBodyText(request: Pick<RequestSpec, 'body' | 'rawBody'>): string | undefined {
  if (request.rawBody !== undefined) return request.rawBody;
  return request.body === undefined ? undefined : JSON.stringify(request.body);
}

/** A curl command that replays the request; the key is always written `***`. */
export function toCurl(baseUrl: string, request: RequestSpec): string {
  const parts = ['curl', '-X', request.method.toUpperCase(), shellQuote(buildUrl(baseUrl, request.path, request.query))];
  if (request.auth !== 'missing') parts.push('-H', shellQuote(`${API_KEY_HEADER}: ${MASK}`));
  const body = requestBodyText(request);
  if (body !== undefined) parts.push('-H', shellQuote('Content-Type: application/json'), '-d', shellQuote(body));
  return parts.join(' ');
}

/** The operation fields a request is built from. */
export interface OperationShape {
  operationId: string;
  method: string;
  path: string;
  exampleParams?: Record<string, string>;
}

/** A request for an operation with the path filled in. */
export function requestFor(
  op: OperationShape,
  parts: { params?: Record<string, string>; query?: RequestSpec['query']; body?: unknown; rawBody?: string; auth?: AuthMode; label: string },
): RequestSpec {
  return {
    operationId: op.operationId,
    method: op.method,
    path: fillPath(op.path, parts.params ?? op.exampleParams ?? {}),
    ...(parts.query ? { query: parts.query } : {}),
    ...(parts.body !== undefined ? { body: parts.body } : {}),
    ...(parts.rawBody !== undefined ? { rawBody: parts.rawBody } : {}),
    auth: parts.auth ?? 'valid',
    label: parts.label,
  };
}

/** The data of a JSON envelope, or undefined. */
export function dataOf(exchange: Pick<Exchange, 'json'>): unknown {
  const json = exchange.json;
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as { data?: unknown }).data : undefined;
}

/** The parsed body as the server sent it (before any upgrade to the newest shape). */
export const sentBody = (exchange: Pick<Exchange, 'json' | 'sentJson'>): unknown => ('sentJson' in exchange ? exchange.sentJson : exchange.json);

export const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/**
 * An answer's body read as JSON: `json`, or `jsonError` saying why there is none — `unread` when the
 * body was not read whole (cut at the per-answer budget, unknown), else an empty body or one not JSON.
 */
function answerJson(text: string, unread: string | undefined): { json: unknown; jsonError?: string } {
  if (unread) return { json: undefined, jsonError: unread };
  if (text.length === 0) return { json: undefined, jsonError: 'empty body' };
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    return { json: undefined, jsonError: `body is not JSON (${(error as Error).message.split('\n')[0]})` };
  }
}

/** What arrived of an answer, as a live request and observed traffic both hold it. */
export interface Arrived {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  text: string;
  truncated: boolean;
}

/** The answer half of an exchange from what arrived, its body read as JSON (see `answerJson` for `unread`). */
export function answerFields(arrived: Arrived, unread: string | undefined) {
  const { json, jsonError } = answerJson(arrived.text, unread);
  return {
    status: arrived.status,
    contentType: arrived.headers['content-type'],
    headers: arrived.headers,
    text: arrived.text,
    json,
    ...(jsonError ? { jsonError } : {}),
    ...(arrived.truncated ? { truncated: true } : {}),
  } satisfies Partial<Exchange>;
}
