// The failures the service answered with a status: ApiError, narrowed by status so callers can
// `instanceof` them. A request the service refused as invalid is one class to catch,
// `ValidationError`, whatever status it came with: neither source says whether the service answers
// such a request 400 or 422 (a live-like server answers 400, the sandbox 422 by default), so code
// written against one must catch the other. Every text here was redacted by the transport first.
import type { KnownErrorCode, OperationId } from '../generated/operations.js';
import { MediaGenError } from './base.js';
import { formatIssue, issuesInMessage, type ValidationIssue } from './issues.js';
import { nameClasses } from './naming.js';

/**
 * `err.code` of a failure: one the contract names, `http_<status>` when the body carried none, or
 * any other string the service sends (the contract lists codes by example, not as a closed set, so
 * the type stays open for them while naming the known ones).
 */
export type ApiErrorCode = KnownErrorCode | `http_${number}` | (string & {});

export interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  /** The service's own message (already redacted). */
  serverMessage: string;
  operationId: OperationId;
  requestId?: string | undefined;
  /** The parsed error body (already redacted). */
  body?: unknown;
  retryAfterMs?: number | undefined;
}

/** The service answered with a failure status. */
export class ApiError extends MediaGenError {
  declare readonly status: number;
  /** `err.code` of the envelope, or `http_<status>` when the body carried none. */
  declare readonly code: ApiErrorCode;
  /** `err.message` of the envelope as the service sent it. */
  declare readonly serverMessage: string;
  /** From the `x-request-id` response header, when sent. */
  declare readonly requestId: string | undefined;
  declare readonly operationId: OperationId;

  constructor(init: ApiErrorInit) {
    const where = init.requestId ? `${init.operationId}, request id ${init.requestId}` : init.operationId;
    super(`${init.status} ${init.code}: ${init.serverMessage} (${where})`);
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.requestId = init.requestId;
    this.operationId = init.operationId;
    // The raw body stays off JSON and enumeration; it is there for debugging.
    Object.defineProperty(this, 'body', { value: init.body }); // not enumerable: the default
  }

  /** The parsed error body (usually `{ err: { code, message } }`). */
  declare readonly body: unknown;
}

/**
 * The request was refused as invalid: by the service, with 400 (`BadRequestError`, a subclass) or
 * 422, or by the client's own checks before sending (then `local` is true and `status` 422). The
 * one class to catch for "this request is wrong". `issues` lists each problem with its path: the
 * local checks' own, or those the service's `err.message` lists in the toolkit's form
 * (`[0].steps: must be ≤ 3020`), whatever the status; empty when it lists none.
 */
export class ValidationError extends ApiError {
  declare readonly issues: readonly ValidationIssue[];
  declare readonly local: boolean;

  constructor(init: ApiErrorInit & { issues?: readonly ValidationIssue[]; local?: boolean }) {
    super(init);
    this.issues = init.issues ?? issuesInMessage(init.serverMessage, init.code);
    this.local = init.local ?? false;
  }

  /** A ValidationError for a request that was never sent. */
  static local(operationId: OperationId, issues: readonly ValidationIssue[]): ValidationError {
    const lines = issues.map(formatIssue);
    const error = new ValidationError({
      status: 422,
      code: 'invalid_request',
      serverMessage: `invalid request: ${lines.join('; ')}`,
      operationId,
      issues,
      local: true,
    });
    error.message = `invalid ${operationId} request (not sent):${lines.map((line) => `\n  ${line}`).join('')}`;
    return error;
  }
}

/** 400: the service refused the request as malformed or invalid. A `ValidationError`, so one `catch` covers 400 and 422. */
export class BadRequestError extends ValidationError {}
/** 401: the X-API-KEY header is missing or not valid. */
export class AuthenticationError extends ApiError {}
/** 402: not enough credits. */
export class InsufficientCreditsError extends ApiError {}
/** 404: no such resource. */
export class NotFoundError extends ApiError {}

/** 429: too many requests. `retryAfterMs` is the wait the service asked for, when it said. */
export class RateLimitError extends ApiError {
  declare readonly retryAfterMs: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** 5xx: the service failed. */
export class ServerError extends ApiError {}

type ApiErrorClass = new (init: ApiErrorInit) => ApiError;

const BY_STATUS: Record<number, ApiErrorClass> = {
  400: BadRequestError,
  401: AuthenticationError,
  402: InsufficientCreditsError,
  404: NotFoundError,
  422: ValidationError,
  429: RateLimitError,
};

/** The ApiError subclass for a status. */
export function apiErrorFor(init: ApiErrorInit): ApiError {
  const Class = BY_STATUS[init.status] ?? (init.status >= 500 ? ServerError : ApiError);
  return new Class(init);
}

nameClasses({ ApiError, ValidationError, BadRequestError, AuthenticationError, InsufficientCreditsError, NotFoundError, RateLimitError, ServerError });
