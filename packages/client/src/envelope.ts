// Reading the `{ data, err }` envelope out of a response openapi-fetch has read as text: a success
// gives its data (and pagination), upgraded from a legacy shape when it is in one; a failure status
// gives the ApiError subclass for it; a success that is not the envelope, or carries no data, gives
// ResponseParseError. Every text taken from the response is redacted before it goes into an error,
// and redacted before it is cut short (a cut could otherwise split the key past recognition).
import { isObject } from '@mediagen/schema/util';
import { type ApiError, apiErrorFor, ResponseParseError } from './errors/index.js';
import type { OperationId } from './generated/operations.js';
import type { Redactor } from './redact.js';
import { parseRetryAfter } from './timing.js';
import type { CallResult, ClientWarning, Pagination, ResponseUpgrader } from './types.js';

export interface EnvelopeReader {
  /** The data of a 2xx body (`undefined` for an empty one); throws ResponseParseError or ApiError. */
  success<T>(operationId: OperationId, response: Response, text: string | undefined): CallResult<T> | Promise<CallResult<T>>;
  /** The error for a failure status, from its body (parsed JSON, text, or nothing). */
  failure(operationId: OperationId, response: Response, body: unknown): ApiError;
}

const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** How much of a body that is not JSON goes into the message. */
const SNIPPET_CHARS = 60;

function attachPagination<T>(data: T, pagination: Pagination | undefined): T {
  // Not enumerable (the default of defineProperty).
  if (Array.isArray(data)) Object.defineProperty(data, 'pagination', { value: pagination, configurable: true });
  return data;
}

const unwrap = <T>(body: Record<string, unknown>, response: Response): CallResult<T> => {
  const pagination = isObject(body.pagination) ? (body.pagination as Pagination) : undefined;
  return { data: attachPagination(body.data, pagination) as T, pagination, response };
};

export function createEnvelopeReader(redactor: Redactor, upgrader: ResponseUpgrader | undefined, warn: (warning: ClientWarning) => void): EnvelopeReader {
  // No cause: a JSON.parse error quotes the body, where the key may be, and cuts it short.
  const parseError = (operationId: OperationId, response: Response, message: string) =>
    new ResponseParseError(
      `${operationId}: the ${response.status} response ${message}.`,
      response.status,
      operationId,
      redactor.text(response.headers.get('x-request-id') ?? '') || undefined,
    );

  const failure = (operationId: OperationId, response: Response, parsed: unknown): ApiError => {
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

  const success = <T>(operationId: OperationId, response: Response, text: string | undefined): CallResult<T> | Promise<CallResult<T>> => {
    // Every operation of the contract answers a success with data: an empty body is a broken answer.
    if (!text) throw parseError(operationId, response, 'is empty, not the { data, err } envelope');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      const snippet = redactor.text(text).slice(0, SNIPPET_CHARS).replace(/\s+/g, ' ');
      throw parseError(operationId, response, `is not valid JSON (starts ${JSON.stringify(snippet)})`);
    }
    if (!isObject(body) || !('data' in body)) {
      if (isObject(body) && isObject(body.err) && nonEmpty(body.err.code)) throw failure(operationId, response, body);
      throw parseError(operationId, response, 'is JSON but not the { data, err } envelope');
    }
    if (body.data === null || body.data === undefined) throw parseError(operationId, response, 'has no data (`data` is null)');
    const { status } = response;
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

  return { success, failure };
}
