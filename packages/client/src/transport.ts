// The engine under every friendly method: local checks, then the call through the openapi-fetch
// client (`raw`, so a middleware registered with `client.use` sees it), one attempt at a time in
// the shared retry loop (each with its own timeout), the envelope unwrapped, failures turned into
// the error classes.
import type { Client } from 'openapi-fetch';
import { createEnvelopeReader } from './envelope.js';
import { AbortError, ConnectionError, formatIssue, MediaGenConfigError, MediaGenError, TimeoutError, ValidationError } from './errors/index.js';
import { NEWEST_VERSION } from './generated/legacy.js';
import { OPERATIONS, type OperationId, type OperationInfo } from './generated/operations.js';
import type { paths } from './generated/paths.js';
import type { UploadTransport } from './lazy/kit.js';
import { ledgerUpgrader } from './legacy.js';
import { checkPathParams } from './params.js';
import { createApiClient } from './raw.js';
import { Failure, type RetryPlan, retrying } from './retry.js';
import { countOption, durationOption, isRetryableStatus, parseRetryAfter } from './timing.js';
import type { CallResult, ClientOptions, ClientWarning, RequestOptions, RequestParts } from './types.js';

export const DEFAULTS = {
  timeoutMs: 60_000,
  maxRetries: 2,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
} as const;

/** What the friendly layer and the lazily loaded code need from the engine. */
export interface Transport extends UploadTransport {
  /** The openapi-fetch client callers get (path parameters checked). */
  readonly raw: Client<paths>;
  /** Calls one operation; returns the envelope's data (and pagination) or throws a MediaGenError. */
  call<T>(op: OperationInfo, parts: RequestParts, options?: RequestOptions): Promise<CallResult<T>>;
  /** The operation of an id that comes from a caller (own keys only: `constructor` is none); MediaGenConfigError otherwise. */
  operation(operationId: unknown): OperationInfo;
}

const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** `ECONNREFUSED`, the cause's message, or the error's own. */
function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  return nonEmpty(cause?.code) ?? nonEmpty(cause?.message) ?? (error instanceof Error ? error.message : String(error));
}

/** The body is serialised once, before the first attempt; openapi-fetch sends that text as it is. */
const asIs = (body: unknown) => body as string;

// A closure rather than a class: minifiers can shorten its local names, which keeps the entry small.
export function createTransport(options: ClientOptions): Transport {
  // Its shapes are the newest date's: marked in the User-Agent, so recorded traffic is read at that date.
  const { raw, inner, redactor, host, fetch, apiFetch } = createApiClient<paths>({ ...options, apiDate: NEWEST_VERSION });
  const timeoutMs = durationOption('timeoutMs', options.timeoutMs ?? DEFAULTS.timeoutMs);
  const retry = {
    retries: countOption('maxRetries', options.maxRetries ?? DEFAULTS.maxRetries),
    timeoutMs,
    baseDelayMs: durationOption('retryBaseDelayMs', options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs),
    maxDelayMs: durationOption('retryMaxDelayMs', options.retryMaxDelayMs ?? DEFAULTS.retryMaxDelayMs),
    maxRetryAfterMs: durationOption('maxRetryAfterMs', options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs),
  };
  const retryOnPost = options.retryOnPost ?? false;
  const validator = options.validate === false ? undefined : options.validator;
  const upgrader = options.upgrader === false ? undefined : (options.upgrader ?? ledgerUpgrader);
  const { onWarning, logger } = options;
  const warnedDeprecated = new Set<string>();

  /** Emits a warning to onWarning and the logger (redacted). */
  const warn = (warning: ClientWarning): void => {
    const safe = redactor.value(warning);
    onWarning?.(safe);
    logger?.warn?.(`${safe.operationId}: ${safe.message}`, { code: safe.code, ...(safe.version ? { version: safe.version } : {}) });
  };
  const log = (level: 'debug' | 'info', message: string, meta?: Record<string, unknown>): void => {
    const method = logger?.[level];
    if (!method) return;
    // A console prints every argument it is given: an absent meta is left out, not passed as `undefined`.
    if (meta === undefined) method.call(logger, redactor.text(message));
    else method.call(logger, redactor.text(message), redactor.value(meta));
  };
  const envelope = createEnvelopeReader(redactor, upgrader, warn);
  const aborted = (operationId: OperationId) => new AbortError(`${operationId} was aborted.`, operationId);
  /** An error building the request (before anything was sent): rethrown, unless it shows the key. */
  const unsent = (operationId: OperationId, error: unknown): unknown =>
    redactor.inError(error) ? new MediaGenConfigError(`${operationId} could not be sent: ${redactor.text(describeFailure(error))}`) : error;

  /** Path parameters first (params.ts: an unusable one would reach another endpoint); then the validator has its say. */
  const check = (op: OperationInfo, parts: RequestParts): void => {
    const operationId = op.id;
    checkPathParams(op, parts.params);
    if (validator) {
      const outcome = validator.validate(operationId, parts);
      // Issues quote the values they are about, which could be anything the caller passed.
      if (outcome.warnings.length > 0) {
        // One kind of warning names itself (`unknown_field`, `deprecated_field`, …); a mix is fields the service ignores.
        const [first] = outcome.warnings;
        const code = outcome.warnings.every((w) => w.code === first!.code) ? first!.code : 'ignored_field';
        warn({ code, operationId, message: outcome.warnings.map(formatIssue).join('; '), issues: redactor.value(outcome.warnings) });
      }
      if (outcome.errors.length > 0) throw ValidationError.local(operationId, redactor.value(outcome.errors));
    }
  };

  const operation = (operationId: unknown): OperationInfo => {
    if (typeof operationId === 'string' && Object.hasOwn(OPERATIONS, operationId)) return OPERATIONS[operationId as OperationId];
    throw new MediaGenConfigError(`${JSON.stringify(redactor.text(String(operationId)))} is not an operation of this API.`);
  };

  /** A call: checked here (a mistake rejects, never throws), then sent in the retry loop. */
  function call<T>(op: OperationInfo, parts: RequestParts, callOptions: RequestOptions = {}): Promise<CallResult<T>> {
    try {
      return send<T>(op, parts, callOptions);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  // Not async: the retry loop's promise is handed back as it is (an async wrapper costs a call more ticks).
  function send<T>(op: OperationInfo, parts: RequestParts, callOptions: RequestOptions): Promise<CallResult<T>> {
    const operationId = op.id;
    check(op, parts);
    if (op.deprecatedBy && !warnedDeprecated.has(operationId)) {
      warnedDeprecated.add(operationId);
      warn({ code: 'deprecated_operation', operationId, message: `${operationId} is deprecated: use ${op.deprecatedBy}.` });
    }
    const retryable = op.idempotent || retryOnPost;
    const { signal, headers } = callOptions;
    const attemptTimeoutMs = callOptions.timeoutMs === undefined ? timeoutMs : durationOption('timeoutMs', callOptions.timeoutMs);
    let body: string | undefined;
    if (parts.body !== undefined) {
      try {
        body = JSON.stringify(parts.body);
      } catch (error) {
        throw unsent(operationId, error);
      }
    }
    const plan: RetryPlan = {
      ...retry,
      retries: callOptions.maxRetries === undefined ? retry.retries : countOption('maxRetries', callOptions.maxRetries),
      timeoutMs: attemptTimeoutMs,
      signal,
      aborted: () => aborted(operationId),
      onRetry: (failure, delay, n) => log('info', `${operationId}: ${failure.reason} Retrying in ${delay} ms (retry ${n} of ${plan.retries}).`, failure.meta),
    };
    let attempt = 0;
    return retrying<CallResult<T>>(plan, async (guard) => {
      attempt++;
      const started = logger?.debug ? Date.now() : 0;
      if (started) log('debug', `${operationId}: ${op.method.toUpperCase()} ${op.path} (attempt ${attempt})`);
      // 0: building the request, 1: sent, 2: answered (openapi-fetch reading the body). Tells a
      // failure while reading apart from one reaching the host, and both from an error building the
      // request (a middleware's, a serializer's).
      let stage = 0;
      let result: { response: Response; data?: unknown; error?: unknown };
      try {
        result = await inner.request(
          op.method,
          op.path as never,
          {
            params: { path: parts.params, query: parts.query },
            body,
            bodySerializer: asIs,
            headers,
            signal: guard.signal,
            parseAs: 'text',
            fetch: (request: Request) => {
              stage = 1;
              return apiFetch(request).then((response) => {
                stage = 2;
                return response;
              });
            },
          } as never,
        );
      } catch (error) {
        // What it means: a timeout, the caller's abort (thrown), an error of ours from the API fetch
        // (a redirect refused, a body too large: thrown), an error building the request (thrown), or
        // a connection failure before or while the answer arrived.
        if (guard.timedOut) {
          const made = `${attempt} ${attempt === 1 ? 'attempt' : 'attempts'} made`;
          return new Failure(
            new TimeoutError(`${operationId} got no complete response within ${attemptTimeoutMs} ms (${made}).`, operationId, attemptTimeoutMs, attempt),
            retryable,
          );
        }
        if (signal?.aborted || (stage && (error as { name?: unknown } | undefined)?.name === 'AbortError')) throw aborted(operationId);
        if (error instanceof MediaGenError) throw error;
        // Network failures are TypeErrors (fetch standard); anything else after the answer came is a middleware's.
        if (!stage || (stage > 1 && !(error instanceof TypeError))) throw unsent(operationId, error);
        const what = stage > 1 ? 'lost the connection while reading the response from' : 'could not reach';
        const failure = new ConnectionError(
          `${operationId} ${what} ${host}: ${redactor.text(describeFailure(error))}.`,
          operationId,
          redactor.inError(error) ? undefined : error,
        );
        return new Failure(failure, retryable);
      }
      const { response } = result;
      if (started) log('debug', `${operationId}: ${response.status} in ${Date.now() - started} ms`);
      if (response.ok) return envelope.success<T>(operationId, response, result.data as string | undefined);
      const error = envelope.failure(operationId, response, result.error);
      const meta = { status: response.status, ...(error.requestId ? { requestId: error.requestId } : {}) };
      return new Failure(error, retryable && isRetryableStatus(response.status), parseRetryAfter(response.headers), `${response.status} ${error.code}.`, meta);
    });
  }

  return { raw, fetch, retry, call, operation, log, redact: redactor.text };
}
