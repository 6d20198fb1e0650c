// The request engine under every friendly method: local checks, one fetch per attempt (with its own
// timeout), retries with backoff for operations that may be repeated, the envelope unwrapped,
// failures turned into the error classes, legacy shapes upgraded.
//
// The methods call fetch directly, with URLs built from the generated operations table, rather than
// through openapi-fetch: its per-call work (merging headers into a new Headers, serializer set-up,
// request objects, the middleware loop) measured 14–16 µs a call on a loopback server even with its
// cheapest options (a pass-through Request, prebuilt serializers), more than the whole overhead
// budget of a call. Queries are still written by its own serializer (so they read exactly as through
// `raw`), and `raw` is openapi-fetch itself.
import createFetchClient, { createQuerySerializer, type Client } from 'openapi-fetch';
import {
  AbortError,
  ApiError,
  ConnectionError,
  MediaGenConfigError,
  ResponseParseError,
  TimeoutError,
  ValidationError,
  apiErrorFor,
  formatIssue,
  type ValidationIssue,
} from './errors.js';
import { OPERATIONS, type OperationId, type OperationInfo } from './generated/operations.js';
import type { paths } from './generated/paths.js';
import { isObject, ledgerUpgrader } from './legacy.js';
import { createRedactor } from './redact.js';
import { ABORTED, attemptSignal, backoffDelay, isRetryableStatus, parseRetryAfter, sleep } from './timing.js';
import type {
  CallResult,
  ClientOptions,
  ClientWarning,
  Pagination,
  RequestOptions,
  RequestParts,
} from './types.js';

export const DEFAULT_BASE_URL = 'https://api.rendernet.ai';
export const DEFAULTS = {
  timeoutMs: 60_000,
  maxRetries: 2,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
} as const;

/** Control characters cannot travel in a header (and fetch would echo the value in its error). */
const INVALID_HEADER_VALUE = /[\u0000-\u001f\u007f]/;

/** Throws MediaGenConfigError for a missing or unusable key; never echoes the key. */
export function checkApiKey(apiKey: unknown): string {
  if (typeof apiKey !== 'string' || !apiKey.trim()) {
    throw new MediaGenConfigError(
      'apiKey is required: pass createClient({ apiKey }) with the key from your account page (it is sent as X-API-KEY).',
    );
  }
  if (INVALID_HEADER_VALUE.test(apiKey) || apiKey !== apiKey.trim()) {
    throw new MediaGenConfigError('apiKey contains whitespace or control characters that cannot be sent in the X-API-KEY header.');
  }
  return apiKey;
}

export function baseHeaders(apiKey: string, userAgent: string | undefined, extra: Record<string, string> | undefined): Record<string, string> {
  const headers: Record<string, string> = { ...extra, 'X-API-KEY': apiKey };
  if (userAgent) headers['User-Agent'] = userAgent;
  return headers;
}

/** The base URL without trailing slashes. */
export const baseUrlOf = (options: { baseUrl?: string | undefined }): string => (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');

export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * An operation ready to send, compiled once per operation (not per call): its table entry, the
 * upper-case method, and the path split at the parameters: literal, name, literal, …
 * (`/a/{id}/b` → `['/a/', 'id', '/b']`).
 */
interface Route {
  readonly op: OperationInfo;
  readonly method: string;
  readonly pieces: readonly string[];
}

const routes: { [id: string]: Route } = {};
const routeOf = (operationId: OperationId): Route => {
  const op: OperationInfo = OPERATIONS[operationId];
  return (routes[operationId] ??= { op, method: op.method.toUpperCase(), pieces: op.path.split(/\{([^}]+)\}/) });
};

const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** `ECONNREFUSED`, the cause's message, or the error's own. */
function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  return nonEmpty(cause?.code) ?? nonEmpty(cause?.message) ?? (error instanceof Error ? error.message : String(error));
}

/** A retry count: a whole number, not negative. */
const count = (value: number): number => Math.max(0, Math.floor(value));

const parseError = (operationId: string, response: Response, message: string, cause?: unknown) =>
  new ResponseParseError(
    `${operationId}: the ${response.status} response ${message}.`,
    response.status,
    operationId,
    response.headers.get('x-request-id') ?? undefined,
    cause,
  );

function attachPagination<T>(data: T, pagination: Pagination | undefined): T {
  // Not enumerable (the default of defineProperty).
  if (Array.isArray(data)) Object.defineProperty(data, 'pagination', { value: pagination, configurable: true });
  return data;
}

/** What the friendly layer and the upload need from the engine. */
export interface Transport {
  readonly raw: Client<paths>;
  /** The configured fetch, called unbound. */
  readonly fetch: FetchLike;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly retryBaseDelayMs: number;
  readonly retryMaxDelayMs: number;
  /** Calls one operation; returns the envelope's data (and pagination) or throws a MediaGenError. */
  call<T>(operationId: OperationId, parts: RequestParts, options?: RequestOptions): Promise<CallResult<T>>;
  /** Logs through the configured logger (redacted). */
  log(level: 'debug' | 'info', message: string, meta?: Record<string, unknown>): void;
}

// A closure rather than a class: minifiers can shorten its local names, which keeps the entry small.
export function createTransport(options: ClientOptions): Transport {
  // No options at all gets the message of a missing key, which says what to pass.
  const apiKey = checkApiKey(options?.apiKey);
  const redactor = createRedactor(apiKey);
  const baseFetch = options.fetch ?? globalThis.fetch;
  if (typeof baseFetch !== 'function') {
    throw new MediaGenConfigError('This platform has no global fetch: pass createClient({ fetch }).');
  }
  // Called unbound: some platforms reject a fetch invoked with another `this`.
  const doFetch: FetchLike = (input, init) => baseFetch(input, init);
  const baseUrl = baseUrlOf(options);
  let host: string;
  try {
    host = new URL(baseUrl).host;
  } catch {
    throw new MediaGenConfigError(`baseUrl ${JSON.stringify(redactor.text(baseUrl))} is not an absolute URL.`);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxRetries = count(options.maxRetries ?? DEFAULTS.maxRetries);
  const retryOnPost = options.retryOnPost ?? false;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs;
  const retryMaxDelayMs = options.retryMaxDelayMs ?? DEFAULTS.retryMaxDelayMs;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs;
  const validator = options.validate === false ? undefined : options.validator;
  const upgrader = options.upgrader === false ? undefined : (options.upgrader ?? ledgerUpgrader);
  const { onWarning, logger } = options;
  const warnedDeprecated = new Set<string>();
  // Plain header objects prepared once: fetch takes them in faster than a Headers, and a call without
  // per-call headers sends one of these as it is (no merge per call).
  const sendHeaders = baseHeaders(apiKey, options.userAgent, options.headers);
  const jsonHeaders = { ...sendHeaders, 'Content-Type': 'application/json' };
  // `raw` is the public openapi-fetch client; its query serializer writes the methods' queries too.
  const raw = createFetchClient<paths>({ baseUrl, headers: sendHeaders, fetch: baseFetch });
  const serializeQuery = createQuerySerializer();

  /** Emits a warning to onWarning and the logger (redacted). */
  const warn = (warning: ClientWarning): void => {
    const safe = redactor.value(warning);
    onWarning?.(safe);
    logger?.warn?.(`${safe.operationId}: ${safe.message}`, { code: safe.code, ...(safe.version ? { version: safe.version } : {}) });
  };
  const log = (level: 'debug' | 'info', message: string, meta?: Record<string, unknown>): void => {
    logger?.[level]?.(redactor.text(message), meta && redactor.value(meta));
  };
  const aborted = (operationId: string) => new AbortError(`${operationId} was aborted.`, operationId);
  /** An error building the request (before anything was sent): rethrown, unless it shows the key. */
  const unsent = (operationId: string, error: unknown): unknown =>
    redactor.inError(error) ? new MediaGenConfigError(`${operationId} could not be sent: ${redactor.text(describeFailure(error))}`) : error;

  /**
   * The URL of a call: path parameters must be non-empty strings (or the request would reach another
   * endpoint), then the validator, if any, has its say.
   */
  const prepare = (operationId: OperationId, route: Route, parts: RequestParts): string => {
    const { pieces } = route;
    let issues: ValidationIssue[] | undefined;
    let url = baseUrl + pieces[0];
    for (let i = 1; i < pieces.length; i += 2) {
      const name = pieces[i]!;
      const value = parts.params?.[name];
      if (typeof value !== 'string' || value === '') {
        (issues ??= []).push({
          path: [name],
          message: value === undefined || typeof value === 'string' ? 'required' : `expected string, got ${typeof value}`,
          code: 'invalid_type',
        });
      } else url += encodeURIComponent(value) + pieces[i + 1];
    }
    if (issues) throw ValidationError.local(operationId, issues);
    if (validator) {
      const outcome = validator.validate(operationId, parts);
      // Issues quote the values they are about, which could be anything the caller passed.
      if (outcome.warnings.length > 0) {
        const code = outcome.warnings.every((w) => w.code === 'deprecated_field') ? 'deprecated_field' : 'ignored_field';
        warn({ code, operationId, message: outcome.warnings.map(formatIssue).join('; '), issues: outcome.warnings });
      }
      if (outcome.errors.length > 0) throw ValidationError.local(operationId, redactor.value(outcome.errors));
    }
    const search = parts.query ? serializeQuery(parts.query) : '';
    return search ? `${url}?${search}` : url;
  };

  const apiError = (operationId: OperationId, response: Response, parsed: unknown): ApiError => {
    const err = isObject(parsed) && isObject(parsed.err) ? parsed.err : undefined;
    return apiErrorFor({
      status: response.status,
      code: redactor.text(nonEmpty(err?.code) ?? `http_${response.status}`),
      serverMessage: redactor.text(nonEmpty(err?.message) ?? (response.statusText || 'request failed')),
      operationId,
      requestId: redactor.text(response.headers.get('x-request-id') ?? '') || undefined,
      body: redactor.value(parsed),
      retryAfterMs: parseRetryAfter(response.headers),
    });
  };

  const unwrap = <T>(body: Record<string, unknown>, response: Response): CallResult<T> => {
    const pagination = isObject(body.pagination) ? (body.pagination as Pagination) : undefined;
    return { data: attachPagination(body.data, pagination) as T, pagination, response };
  };

  const success = <T>(operationId: OperationId, response: Response, text: string): CallResult<T> | Promise<CallResult<T>> => {
    const { status } = response;
    // An empty body (e.g. a 204): no data, no pagination.
    if (text === '') return unwrap<T>({}, response);
    let body: unknown;
    try {
      // The text is read (rather than `response.json()`, which costs the same) so a body that is not
      // JSON can be quoted in the error.
      body = JSON.parse(text);
    } catch (error) {
      const snippet = redactor.text(text.slice(0, 60)).replace(/\s+/g, ' ');
      throw parseError(operationId, response, `is not valid JSON (starts ${JSON.stringify(snippet)})`, error);
    }
    if (!isObject(body) || !('data' in body)) {
      if (isObject(body) && isObject(body.err) && nonEmpty(body.err.code)) throw apiError(operationId, response, body);
      throw parseError(operationId, response, 'is JSON but not the { data, err } envelope');
    }
    if (upgrader && (!upgrader.mayApply || upgrader.mayApply(operationId, status, body))) {
      const original = body;
      return Promise.resolve(upgrader.upgrade(operationId, status, original)).then((upgraded) => {
        if (!upgraded || !isObject(upgraded.body)) return unwrap<T>(original, response);
        warn({
          code: 'legacy_response',
          operationId,
          version: upgraded.version,
          message: `the service answered in the legacy shape of API version ${upgraded.version}; the response was upgraded to the newest shape.`,
        });
        return unwrap<T>(upgraded.body, response);
      });
    }
    return unwrap<T>(body, response);
  };

  async function call<T>(operationId: OperationId, parts: RequestParts, options: RequestOptions = {}): Promise<CallResult<T>> {
    const route = routeOf(operationId);
    const url = prepare(operationId, route, parts);
    const { method, op } = route;
    const { deprecatedBy } = op;
    if (deprecatedBy && !warnedDeprecated.has(operationId)) {
      warnedDeprecated.add(operationId);
      warn({ code: 'deprecated_operation', operationId, message: `${operationId} is deprecated: use ${deprecatedBy}.` });
    }
    const retries = options.maxRetries === undefined ? maxRetries : count(options.maxRetries);
    const retryable = op.idempotent || retryOnPost;
    const attemptTimeoutMs = options.timeoutMs ?? timeoutMs;
    const { signal } = options;
    // Serialised once for every attempt.
    let body: string | null = null;
    if (parts.body !== undefined) {
      try {
        body = JSON.stringify(parts.body);
      } catch (error) {
        throw unsent(operationId, error);
      }
    }
    const common = body === null ? sendHeaders : jsonHeaders;
    const headers = options.headers ? { ...common, ...options.headers } : common;
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw aborted(operationId);
      const guard = attemptSignal(attemptTimeoutMs, signal);
      const started = logger?.debug ? Date.now() : 0;
      if (started) log('debug', `${operationId}: ${method} ${op.path} (attempt ${attempt + 1})`);
      let response: Response | undefined;
      let text = '';
      let failure: ConnectionError | TimeoutError | undefined;
      // 0: building the request, 1: sent, 2: answered (reading the body). Tells a failure while
      // reading apart from one reaching the host, and both from an error building the request.
      let stage = 0;
      try {
        // Only the fields in use: each one fetch is handed costs it a conversion.
        const init: RequestInit = body === null ? { method, headers } : { method, headers, body };
        if (guard.signal) init.signal = guard.signal;
        const pending = doFetch(url, init);
        stage = 1;
        response = await pending;
        stage = 2;
        // The body is read inside the attempt, so the timeout covers it.
        text = await response.text();
      } catch (error) {
        // What it means: a timeout, the caller's abort (thrown), an error building the request
        // (thrown), or a connection failure before or while the answer arrived.
        if (guard.timedOut) {
          failure = new TimeoutError(`${operationId} got no complete response within ${attemptTimeoutMs} ms.`, operationId, attemptTimeoutMs);
        } else {
          if (signal?.aborted || (stage && (error as { name?: unknown } | undefined)?.name === 'AbortError')) throw aborted(operationId);
          if (!stage) throw unsent(operationId, error);
          const what = stage > 1 ? 'lost the connection while reading the response from' : 'could not reach';
          failure = new ConnectionError(
            `${operationId} ${what} ${host}: ${redactor.text(describeFailure(error))}.`,
            operationId,
            redactor.inError(error) ? undefined : error,
          );
        }
      } finally {
        guard.done();
      }
      let delay: number | undefined;
      let reason: string;
      let meta: Record<string, unknown> | undefined;
      const last = !retryable || attempt >= retries;
      if (failure || !response) {
        if (last) throw failure;
        reason = failure!.message;
      } else {
        if (started) log('debug', `${operationId}: ${response.status} in ${Date.now() - started} ms`);
        if (response.ok) return success<T>(operationId, response, text);
        let parsed: unknown;
        if (text !== '') {
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = text;
          }
        }
        const error = apiError(operationId, response, parsed);
        if (last || !isRetryableStatus(response.status)) throw error;
        delay = parseRetryAfter(response.headers);
        if (delay! > maxRetryAfterMs) throw error;
        reason = `${response.status} ${error.code}.`;
        meta = { status: response.status, ...(error.requestId ? { requestId: error.requestId } : {}) };
      }
      delay ??= backoffDelay(attempt, retryBaseDelayMs, retryMaxDelayMs);
      log('info', `${operationId}: ${reason} Retrying in ${delay} ms (retry ${attempt + 1} of ${retries}).`, meta);
      try {
        await sleep(delay, signal);
      } catch (error) {
        throw error === ABORTED ? aborted(operationId) : error;
      }
    }
  }

  return {
    raw,
    fetch: doFetch,
    timeoutMs,
    maxRetries,
    retryBaseDelayMs,
    retryMaxDelayMs,
    call,
    log,
  };
}
