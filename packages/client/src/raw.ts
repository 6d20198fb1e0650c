// The openapi-fetch client every request goes through: the friendly methods, `client.raw`, the
// polling and the paging of `createClient`, and `createRawClient` for any version's types. Its
// fetch is the API fetch (fetch.ts): the key added for the API's origin only, redirects followed
// within it, bodies capped. The key and the base URL default to the environment's
// MEDIAGEN_API_KEY and MEDIAGEN_BASE_URL (env.ts).
import { API_KEY_HEADER, clientUserAgent, HTTP_METHODS, LIVE_BASE_URL } from '@mediagen/schema/util';
import createFetchClient, { type Client } from 'openapi-fetch';
import { API_KEY_VARIABLE, BASE_URL_VARIABLE, fromEnvironment } from './env.js';
import { MediaGenConfigError } from './errors/index.js';
import { createApiFetch, DEFAULT_MAX_RESPONSE_BYTES } from './fetch.js';
import { OPERATIONS, type OperationInfo } from './generated/operations.js';
import { checkPathParams } from './params.js';
import { createRedactor, type Redactor } from './redact.js';
import type { FetchLike } from './types.js';

/** The live service, where requests go unless `baseUrl` or MEDIAGEN_BASE_URL says otherwise. */
export const DEFAULT_BASE_URL = LIVE_BASE_URL;

export interface RawClientOptions {
  /** Sent as `X-API-KEY`; defaults to the MEDIAGEN_API_KEY environment variable (where there is an environment). */
  apiKey?: string | undefined;
  /** Defaults to the MEDIAGEN_BASE_URL environment variable, then `https://api.rendernet.ai`. */
  baseUrl?: string | undefined;
  /** Called as `fetch(request)` with a Request, as openapi-fetch does; defaults to the global fetch. */
  fetch?: typeof globalThis.fetch | undefined;
  userAgent?: string | undefined;
  headers?: Record<string, string> | undefined;
  /** The API date the caller's shapes are: marked in the `User-Agent` (createClient gives its own). */
  apiDate?: string | undefined;
  /** Largest response body read, in decoded bytes (default 16 MiB); a larger one is ResponseTooLargeError. */
  maxResponseBytes?: number | undefined;
}

/** A browser page or worker: its fetch sets the User-Agent itself. */
const inBrowser = () => {
  const scope = globalThis as { document?: unknown; WorkerGlobalScope?: unknown };
  return scope.document !== undefined || scope.WorkerGlobalScope !== undefined;
};

/** Control characters cannot travel in a header (and fetch would echo the value in its error). */
const INVALID_HEADER_VALUE = /[\u0000-\u001f\u007f]/;

/** Throws MediaGenConfigError for a missing or unusable key; never echoes the key. */
export function checkApiKey(apiKey: unknown): string {
  if (typeof apiKey !== 'string' || !apiKey.trim()) {
    throw new MediaGenConfigError(
      `apiKey is required: pass createClient({ apiKey }) with the key from your account page (it is sent as ${API_KEY_HEADER}), or set ${API_KEY_VARIABLE}.`,
    );
  }
  if (INVALID_HEADER_VALUE.test(apiKey) || apiKey !== apiKey.trim()) {
    throw new MediaGenConfigError(`apiKey contains whitespace or control characters that cannot be sent in the ${API_KEY_HEADER} header.`);
  }
  return apiKey;
}

/** What an openapi-fetch client of this package is made of, checked. */
export interface ApiClientParts<Paths extends {}> {
  /** The client callers get: its path parameters are checked before a request is built. */
  raw: Client<Paths>;
  /** The same client (same middleware) without that check, for the transport, which checks first. */
  inner: Client<Paths>;
  redactor: Redactor;
  /** `http://127.0.0.1:8080`, for messages. */
  host: string;
  /** The configured fetch, called unbound (for requests that are not API calls: the upload PUT). */
  fetch: FetchLike;
  /** The fetch `raw` uses (key, redirects, cap). */
  apiFetch: FetchLike;
}

let byRoute: Map<string, OperationInfo> | undefined;
/** The operation at `METHOD path template`, if the contract has one there. */
const operationAt = (method: string, path: unknown): OperationInfo | undefined =>
  (byRoute ??= new Map(Object.values(OPERATIONS).map((op) => [`${op.method} ${op.path}`, op]))).get(`${method.toLowerCase()} ${String(path)}`);

/** openapi-fetch's method names: the path item's methods, upper case. */
const METHODS = HTTP_METHODS.map((method) => method.toUpperCase() as Uppercase<typeof method>);
type Call = (...args: unknown[]) => Promise<unknown>;
type Init = { params?: { path?: Record<string, unknown> } } | undefined;

/**
 * The raw client with the methods' path-parameter check in front: an operation of the contract
 * called with an empty, `.` or `..` path parameter rejects with ValidationError and sends nothing.
 * The middleware list is the client's own (`use`/`eject` are shared).
 */
function guardPathParams<Paths extends {}>(client: Client<Paths>): Client<Paths> {
  const methods = client as unknown as Record<string, Call>;
  const guarded: Record<string, unknown> = { ...client };
  const send = (method: string, path: unknown, init: Init, call: () => Promise<unknown>): Promise<unknown> => {
    const op = operationAt(method, path);
    try {
      if (op) checkPathParams(op, init?.params?.path);
    } catch (error) {
      return Promise.reject(error);
    }
    return call();
  };
  for (const method of METHODS) guarded[method] = (path: unknown, init: Init) => send(method, path, init, () => methods[method]!(path, init));
  guarded.request = (method: string, path: unknown, init: Init) => send(method, path, init, () => methods.request!(method, path, init));
  return guarded as unknown as Client<Paths>;
}

export function createApiClient<Paths extends {}>(options: RawClientOptions = {}): ApiClientParts<Paths> {
  // No options at all gets the message of a missing key, which says what to pass.
  const apiKey = checkApiKey(options?.apiKey ?? fromEnvironment(API_KEY_VARIABLE));
  const redactor = createRedactor(apiKey);
  const baseFetch = options.fetch ?? globalThis.fetch;
  if (typeof baseFetch !== 'function') {
    throw new MediaGenConfigError('This platform has no global fetch: pass createClient({ fetch }).');
  }
  const baseUrl = (options.baseUrl ?? fromEnvironment(BASE_URL_VARIABLE) ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new MediaGenConfigError(`baseUrl ${JSON.stringify(redactor.text(baseUrl))} is not an absolute URL.`);
  }
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (!(maxResponseBytes > 0)) throw new MediaGenConfigError(`maxResponseBytes must be a number of bytes > 0, got ${maxResponseBytes}.`);
  // Called unbound: some platforms reject a fetch invoked with another `this`.
  const fetch: FetchLike = (input, init) => baseFetch(input, init);
  const headers: Record<string, string> = { ...options.headers };
  // The date mark goes where a User-Agent can be set; a browser sets its own (and a header set there
  // could cost a preflight), so there only a userAgent given is sent.
  const mark = options.apiDate && !inBrowser() ? clientUserAgent(options.apiDate) : undefined;
  const agent = [options.userAgent, mark].filter(Boolean).join(' ');
  if (agent) headers['User-Agent'] = agent;
  const apiFetch = createApiFetch({ apiKey, origin: url.origin, fetch, maxResponseBytes, redact: redactor.text });
  const inner = createFetchClient<Paths>({
    baseUrl,
    headers,
    fetch: apiFetch,
    // The API fetch follows redirects itself, within the API's origin only.
    redirect: 'manual',
  });
  return { raw: guardPathParams(inner), inner, redactor, host: url.host, fetch, apiFetch };
}

/**
 * A bare openapi-fetch client typed with any version's `paths`, e.g. the types of an older API date
 * from `@mediagen/client/versions/<key>`: `createRawClient<paths>({ apiKey })`. Same key handling,
 * redirects, body cap and path-parameter check as the client's own.
 */
export function createRawClient<Paths extends {}>(options: RawClientOptions = {}): Client<Paths> {
  return createApiClient<Paths>(options).raw;
}
