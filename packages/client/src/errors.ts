// The error classes. Every error the client throws extends MediaGenError; failures the service
// answered with a status extend ApiError, narrowed by status so callers can `instanceof` them.
// Messages, JSON and string forms never contain the API key: the transport redacts every text the
// service sends before an error is built from it.
import { formatIssue, formatPath, type IssuePath } from '@mediagen/schema/util';
import type { KnownErrorCode, OperationId } from './generated/operations.js';

export { formatIssue, formatPath as formatIssuePath };

/**
 * `err.code` of a failure: one the contract names, `http_<status>` when the body carried none, or
 * any other string the service sends (the contract lists codes by example, not as a closed set, so
 * the type stays open for them while naming the known ones).
 */
export type ApiErrorCode = KnownErrorCode | `http_${number}` | (string & {});

/** A path-precise problem in a request: `[0].video_anyone.prompt: at most 500 characters`. */
export interface ValidationIssue {
  readonly path: IssuePath;
  readonly message: string;
  /** Machine-readable kind, e.g. `too_big`, `unknown_resource`, `ignored_field`; the envelope's `err.code` for issues the service listed. */
  readonly code: string;
  /** The schema package's rule id, when the issue comes from its validator. */
  readonly rule?: string;
  /** Where that rule comes from (`interface`, `live-docs`, `assumption`, …). */
  readonly source?: string;
  /** `error` or `warning`. */
  readonly severity?: string;
}

/**
 * The issues of a service's validation message, when it lists them in the toolkit's form
 * (`[0].steps: must be ≤ 3020; [0].prompt.positive: required`); none when its first part does not
 * start with a path. A `; ` inside an issue's message stays in that message.
 */
export function issuesInMessage(message: string, code: string): ValidationIssue[] {
  const issues: { path: IssuePath; message: string; code: string }[] = [];
  for (const part of message.split('; ')) {
    const colon = part.indexOf(': ');
    const path = colon > 0 ? parsePath(part.slice(0, colon)) : undefined;
    if (path) issues.push({ path, message: part.slice(colon + 2), code });
    else if (issues.length > 0) issues[issues.length - 1]!.message += `; ${part}`;
    else return [];
  }
  return issues;
}

/** The toolkit's path form read back (`[0].video_anyone.prompt`, `[0]["my key"]`, `(root)`); undefined when the text is not one. */
function parsePath(text: string): IssuePath | undefined {
  if (text === '(root)') return [];
  const path: (string | number)[] = [];
  const token = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|(?:^|\.)([A-Za-z_$][A-Za-z0-9_$]*)/y;
  for (let at = 0; at < text.length; at = token.lastIndex) {
    token.lastIndex = at;
    const match = token.exec(text);
    if (!match || text[0] === '.') return undefined;
    path.push(match[1] !== undefined ? Number(match[1]) : match[2] !== undefined ? (JSON.parse(match[2]) as string) : match[3]!);
  }
  return path.length > 0 ? path : undefined;
}

/** The base class of every error this package throws. */
export class MediaGenError extends Error {
  // The constructor is Error's own: (message, { cause }).
  /** The name, the message and the own enumerable properties (`body` and `cause` are not). */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, ...(this as object) };
  }
}

/** The client was configured wrongly (e.g. no API key); thrown before any request is sent. */
export class MediaGenConfigError extends MediaGenError {}

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

/** 400: the request is malformed. */
export class BadRequestError extends ApiError {}
/** 401: the X-API-KEY header is missing or not valid. */
export class AuthenticationError extends ApiError {}
/** 402: not enough credits. */
export class InsufficientCreditsError extends ApiError {}
/** 404: no such resource. */
export class NotFoundError extends ApiError {}

/**
 * 422 from the service, or a request that failed local validation (then `local` is true, `status`
 * is 422). `issues` lists each problem with its path: the local checks' own, or those the service's
 * message lists in the toolkit's form (`[0].steps: must be ≤ 3020`); empty when it lists none.
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

/** The connection failed (refused, reset, DNS, TLS) before a response arrived. */
export class ConnectionError extends MediaGenError {
  declare readonly operationId: OperationId | undefined;

  constructor(message: string, operationId: OperationId | undefined, cause?: unknown) {
    super(message, { cause });
    this.operationId = operationId;
  }
}

/**
 * No answer within the time allowed: each attempt's `timeoutMs` (then `attempts` is how many were
 * made, retries included), or a wait's deadline (then `attempts` is how many polls were made).
 */
export class TimeoutError extends MediaGenError {
  declare readonly operationId: OperationId | undefined;
  declare readonly timeoutMs: number;
  declare readonly attempts: number;

  constructor(message: string, operationId: OperationId | undefined, timeoutMs: number, attempts: number) {
    super(message);
    this.operationId = operationId;
    this.timeoutMs = timeoutMs;
    this.attempts = attempts;
  }
}

/** The caller's AbortSignal fired. */
export class AbortError extends MediaGenError {
  declare readonly operationId: OperationId | undefined;

  constructor(message: string, operationId: OperationId | undefined) {
    super(message);
    this.operationId = operationId;
  }
}

/** A successful status whose body is not the JSON envelope `{ data, err }`. */
export class ResponseParseError extends MediaGenError {
  declare readonly status: number;
  declare readonly operationId: OperationId;
  declare readonly requestId: string | undefined;

  constructor(message: string, status: number, operationId: OperationId, requestId: string | undefined, cause?: unknown) {
    super(message, { cause });
    this.status = status;
    this.operationId = operationId;
    this.requestId = requestId;
  }
}

/**
 * A body larger than the client accepts (`maxResponseBytes`), counted in decoded bytes (after gzip
 * or brotli) or refused on its announced length; it was not read to the end.
 */
export class ResponseTooLargeError extends MediaGenError {
  declare readonly limitBytes: number;

  constructor(message: string, limitBytes: number) {
    super(message);
    this.limitBytes = limitBytes;
  }
}

/** A walk over a paged listing reached its page budget (`maxPages`) while the service still claimed more pages. */
export class PageLimitError extends MediaGenError {
  declare readonly maxPages: number;

  constructor(message: string, maxPages: number) {
    super(message);
    this.maxPages = maxPages;
  }
}

/**
 * The service answered with a redirect the client does not follow: to another origin (the API key
 * never leaves its own), more than a few in a row, or one a browser hides (`opaqueredirect`).
 */
export class RedirectError extends MediaGenError {
  declare readonly status: number;
  /** The origin the redirect pointed to (never the whole URL, which may carry credentials). */
  declare readonly targetOrigin: string | undefined;

  constructor(message: string, status: number, targetOrigin: string | undefined) {
    super(message);
    this.status = status;
    this.targetOrigin = targetOrigin;
  }
}

/** A resource kept a status the contract does not list for longer than the wait allows for it. */
export class UnknownStatusError extends MediaGenError {
  declare readonly operationId: OperationId;
  /** The media item or asset whose status is unknown. */
  declare readonly resourceId: string;
  declare readonly status: string;

  constructor(message: string, operationId: OperationId, resourceId: string, status: string) {
    super(message);
    this.operationId = operationId;
    this.resourceId = resourceId;
    this.status = status;
  }
}

/** Sending the bytes of an upload to its presigned URL failed. */
export class UploadError extends MediaGenError {
  /** The status of the upload URL's answer; undefined when no answer arrived. */
  declare readonly status: number | undefined;
  declare readonly assetId: string;

  constructor(message: string, assetId: string, status: number | undefined, cause?: unknown) {
    super(message, { cause });
    this.status = status;
    this.assetId = assetId;
  }
}

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

// Names are set on the prototypes from string keys, so they survive minifiers that rename classes.
const NAMED = {
  MediaGenError,
  MediaGenConfigError,
  ApiError,
  BadRequestError,
  AuthenticationError,
  InsufficientCreditsError,
  NotFoundError,
  ValidationError,
  RateLimitError,
  ServerError,
  ConnectionError,
  TimeoutError,
  AbortError,
  ResponseParseError,
  ResponseTooLargeError,
  PageLimitError,
  RedirectError,
  UnknownStatusError,
  UploadError,
};
for (const [name, Class] of Object.entries(NAMED)) {
  // Not enumerable (the default of defineProperty), as Error.prototype.name is not.
  Object.defineProperty(Class.prototype, 'name', { value: name, writable: true, configurable: true });
}
