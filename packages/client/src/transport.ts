// The request engine under every friendly method: local checks, one openapi-fetch call per attempt
// (with its own timeout), retries with backoff for operations that may be repeated, the envelope
// unwrapped, failures turned into the error classes, legacy shapes upgraded.
import createFetchClient, { type Client } from 'openapi-fetch';
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
import { ledgerUpgrader } from './legacy.js';
import { createRedactor, type Redactor } from './redact.js';
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
  if (typeof apiKey !== 'string' || apiKey.trim() === '') {
    throw new MediaGenConfigError(
      'apiKey is required: pass createClient({ apiKey }) with the key from the account page of the service (it is sent as X-API-KEY).',
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

export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** Marks an error thrown by fetch itself (as opposed to building the request). */
class FetchFailure {
  constructor(readonly error: unknown) {}
}

/**
 * What openapi-fetch builds for the friendly layer's calls instead of a Request (its `Request`
 * option): the URL, method, body and signal go to fetch as they are, so the platform builds one
 * Request per call, not two (building one that follows an AbortSignal is the costliest step of a call).
 */
class PlainRequest {
  readonly method: string;
  constructor(
    readonly url: string,
    readonly init: RequestInit,
  ) {
    this.method = init.method ?? 'GET';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

function attachPagination<T>(data: T, pagination: Pagination | undefined): T {
  if (Array.isArray(data)) Object.defineProperty(data, 'pagination', { value: pagination, enumerable: false, configurable: true });
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
  debug(message: string): void;
}

// A closure rather than a class: minifiers can shorten its local names, which keeps the entry small.
export function createTransport(options: ClientOptions): Transport {
  if (!isObject(options)) throw new MediaGenConfigError('createClient needs an options object: createClient({ apiKey }).');
  const apiKey = checkApiKey(options.apiKey);
  const redactor = createRedactor(apiKey);
  const baseFetch = options.fetch ?? globalThis.fetch;
  if (typeof baseFetch !== 'function') {
    throw new MediaGenConfigError('No fetch implementation: this platform has no global fetch, so pass createClient({ fetch }).');
  }
  // Called unbound: some platforms reject a fetch invoked with another `this`.
  const doFetch: FetchLike = (input, init) => baseFetch(input, init);
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  let host: string;
  try {
    host = new URL(baseUrl).host;
  } catch {
    throw new MediaGenConfigError(`baseUrl ${JSON.stringify(redactor.text(baseUrl))} is not an absolute URL.`);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxRetries = Math.max(0, Math.floor(options.maxRetries ?? DEFAULTS.maxRetries));
  const retryOnPost = options.retryOnPost ?? false;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs;
  const retryMaxDelayMs = options.retryMaxDelayMs ?? DEFAULTS.retryMaxDelayMs;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs;
  const validator = options.validate === false ? undefined : options.validator;
  const upgrader = options.upgrader === false ? undefined : (options.upgrader ?? ledgerUpgrader);
  const { onWarning, logger } = options;
  const warnedDeprecated = new Set<string>();
  const sendHeaders = baseHeaders(apiKey, options.userAgent, options.headers);
  const jsonHeaders = { ...sendHeaders, 'Content-Type': 'application/json' };
  // `raw` is the public openapi-fetch client. The methods use their own, without default headers:
  // they send a plain headers object prepared once, which fetch takes in faster than a Headers.
  const raw = createFetchClient<paths>({ baseUrl, headers: sendHeaders, fetch: baseFetch });
  const engine = createFetchClient<paths>({ baseUrl });

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
  const pause = async (ms: number, signal: AbortSignal | undefined, operationId: string): Promise<void> => {
    try {
      await sleep(ms, signal);
    } catch (error) {
      throw error === ABORTED ? aborted(operationId) : error;
    }
  };

  /**
   * What a thrown error means: a timeout, the caller's abort (thrown), a connection failure (before
   * or while the answer arrived), or an error building the request (rethrown unless it shows the key).
   */
  const classify = (
    thrown: unknown,
    timedOut: boolean,
    answered: boolean,
    signal: AbortSignal | undefined,
    operationId: string,
    attemptTimeoutMs: number,
  ): ConnectionError | TimeoutError => {
    if (timedOut) {
      return new TimeoutError(`${operationId} got no complete response within ${attemptTimeoutMs} ms.`, operationId, attemptTimeoutMs);
    }
    if (signal?.aborted) throw aborted(operationId);
    const fromFetch = thrown instanceof FetchFailure;
    const error = fromFetch ? thrown.error : thrown;
    const leaks = redactor.inError(error);
    if (!fromFetch && !answered) {
      if (!leaks) throw error;
      throw new MediaGenConfigError(`${operationId} could not be sent: ${redactor.text(describeFailure(error))}`);
    }
    if ((error as { name?: unknown } | undefined)?.name === 'AbortError') throw aborted(operationId);
    const what = answered ? 'lost the connection while reading the response from' : 'could not reach';
    return new ConnectionError(`${operationId} ${what} ${host}: ${redactor.text(describeFailure(error))}.`, operationId, leaks ? undefined : error);
  };

  /** Path parameters must be non-empty strings, or the request would reach another endpoint. */
  const check = (operationId: OperationId, path: string, parts: RequestParts): void => {
    let issues: ValidationIssue[] | undefined;
    for (const match of path.match(/\{[^}]+\}/g) ?? []) {
      const name = match.slice(1, -1);
      const value = parts.params?.[name];
      if (typeof value !== 'string' || value === '') {
        (issues ??= []).push({
          path: [name],
          message: value === undefined || value === '' ? 'required' : `expected string, got ${typeof value}`,
          code: 'invalid_type',
        });
      }
    }
    if (issues) throw ValidationError.local(operationId, issues);
    if (!validator) return;
    const outcome = validator.validate(operationId, parts);
    // Issues quote the values they are about, which could be anything the caller passed.
    if (outcome.warnings.length > 0) {
      const code = outcome.warnings.every((w) => w.code === 'deprecated_field') ? 'deprecated_field' : 'ignored_field';
      warn({ code, operationId, message: outcome.warnings.map(formatIssue).join('; '), issues: outcome.warnings });
    }
    if (outcome.errors.length > 0) throw ValidationError.local(operationId, redactor.value(outcome.errors));
  };

  const apiError = (operationId: OperationId, response: Response, parsed: unknown): ApiError => {
    const err = isObject(parsed) && isObject(parsed.err) ? parsed.err : undefined;
    const code = typeof err?.code === 'string' && err.code !== '' ? err.code : `http_${response.status}`;
    const message = typeof err?.message === 'string' && err.message !== '' ? err.message : response.statusText || 'request failed';
    return apiErrorFor({
      status: response.status,
      code: redactor.text(code),
      serverMessage: redactor.text(message),
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

  const success = <T>(operationId: OperationId, response: Response, text: unknown): CallResult<T> | Promise<CallResult<T>> => {
    const { status } = response;
    if (text === undefined || text === '') return { data: undefined as T, pagination: undefined, response };
    let body: unknown;
    const parseError = (message: string, cause?: unknown) =>
      new ResponseParseError(`${operationId}: the ${status} response ${message}.`, status, operationId, response.headers.get('x-request-id') ?? undefined, cause);
    try {
      body = JSON.parse(text as string);
    } catch (error) {
      const snippet = redactor.text(String(text).slice(0, 60)).replace(/\s+/g, ' ');
      throw parseError(`is not valid JSON (starts ${JSON.stringify(snippet)})`, error);
    }
    if (!isObject(body) || !('data' in body)) {
      const err = isObject(body) ? body.err : undefined;
      if (isObject(err) && typeof err.code === 'string' && err.code !== '') throw apiError(operationId, response, body);
      throw parseError('is JSON but not the { data, err } envelope');
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
    const op: OperationInfo = OPERATIONS[operationId];
    check(operationId, op.path, parts);
    if (op.deprecatedBy && !warnedDeprecated.has(operationId)) {
      warnedDeprecated.add(operationId);
      warn({ code: 'deprecated_operation', operationId, message: `${operationId} is deprecated: use ${op.deprecatedBy}.` });
    }
    const retries = options.maxRetries === undefined ? maxRetries : Math.max(0, Math.floor(options.maxRetries));
    const retryable = op.idempotent || retryOnPost;
    const attemptTimeoutMs = options.timeoutMs ?? timeoutMs;
    const { signal } = options;
    const init = {
      params: { path: parts.params, query: parts.query },
      body: parts.body,
      parseAs: 'text' as const,
      signal: undefined as AbortSignal | undefined,
      fetch: undefined as ((request: PlainRequest) => Promise<Response>) | undefined,
      Request: PlainRequest,
    };
    const common = parts.body === undefined ? sendHeaders : jsonHeaders;
    const headers = options.headers ? { ...common, ...options.headers } : common;
    const backoff = (attempt: number) => backoffDelay(attempt, retryBaseDelayMs, retryMaxDelayMs);
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw aborted(operationId);
      const guard = attemptSignal(attemptTimeoutMs, signal);
      const state = { answered: false };
      init.signal = guard.signal;
      // Per attempt: errors of fetch itself are tagged, and an answer is noted, so a failure while
      // reading the body is told apart from an error building the request.
      init.fetch = (request) =>
        doFetch(request.url, { method: request.method, headers, body: request.init.body ?? null, signal: request.init.signal ?? null }).then(
          (response) => {
            state.answered = true;
            return response;
          },
          (error: unknown) => {
            throw new FetchFailure(error);
          },
        );
      const started = logger?.debug ? Date.now() : 0;
      if (started) log('debug', `${operationId}: ${op.method.toUpperCase()} ${op.path} (attempt ${attempt + 1})`);
      let result: { data?: unknown; error?: unknown; response: Response } | undefined;
      let failure: ConnectionError | TimeoutError | undefined;
      try {
        result = await (engine.request as (method: string, path: string, init: unknown) => Promise<typeof result>)(op.method, op.path, init);
      } catch (thrown) {
        failure = classify(thrown, guard.timedOut, state.answered, signal, operationId, attemptTimeoutMs);
      } finally {
        guard.done();
      }
      let delay: number;
      if (failure || !result) {
        if (!failure || !retryable || attempt >= retries) throw failure;
        delay = backoff(attempt);
        log('info', `${operationId}: ${failure.message} Retrying in ${delay} ms (retry ${attempt + 1} of ${retries}).`);
      } else {
        const { response } = result;
        if (started) log('debug', `${operationId}: ${response.status} in ${Date.now() - started} ms`);
        if (response.ok) return success<T>(operationId, response, result.data);
        const error = apiError(operationId, response, result.error);
        if (!retryable || attempt >= retries || !isRetryableStatus(response.status)) throw error;
        const asked = parseRetryAfter(response.headers);
        if (asked !== undefined && asked > maxRetryAfterMs) throw error;
        delay = asked ?? backoff(attempt);
        log('info', `${operationId}: ${response.status} ${error.code}. Retrying in ${delay} ms (retry ${attempt + 1} of ${retries}).`, {
          status: response.status,
          ...(error.requestId ? { requestId: error.requestId } : {}),
        });
      }
      await pause(delay, signal, operationId);
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
    debug: (message) => log('debug', message),
  };
}
