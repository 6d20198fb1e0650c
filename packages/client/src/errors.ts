// The error classes. Every error the client throws extends MediaGenError; failures the service
// answered with a status extend ApiError, narrowed by status so callers can `instanceof` them.
// Messages, JSON and string forms never contain the API key: the transport redacts every text the
// service sends before an error is built from it.

/** A path-precise problem in a request: `[0].video_anyone.prompt: at most 500 characters`. */
export interface ValidationIssue {
  readonly path: ReadonlyArray<string | number>;
  readonly message: string;
  /** Machine-readable kind, e.g. `too_big`, `unknown_resource`, `ignored_field`. */
  readonly code: string;
}

/** `[0].video_anyone.prompt`; `(root)` for the value itself (the schema package's wording). */
export function formatIssuePath(path: ReadonlyArray<string | number>): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${segment}` : segment;
  }
  return out || '(root)';
}

export function formatIssue(issue: ValidationIssue): string {
  return `${formatIssuePath(issue.path)}: ${issue.message}`;
}

/** The base class of every error this package throws. */
export class MediaGenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }

  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const key of Object.keys(this)) out[key] = (this as unknown as Record<string, unknown>)[key];
    return out;
  }
}

/** The client was configured wrongly (e.g. no API key); thrown before any request is sent. */
export class MediaGenConfigError extends MediaGenError {}

export interface ApiErrorInit {
  status: number;
  code: string;
  /** The service's own message (already redacted). */
  serverMessage: string;
  operationId: string;
  requestId?: string | undefined;
  /** The parsed error body (already redacted). */
  body?: unknown;
  retryAfterMs?: number | undefined;
}

/** The service answered with a failure status. */
export class ApiError extends MediaGenError {
  readonly status: number;
  /** `err.code` of the envelope, or `http_<status>` when the body carried none. */
  readonly code: string;
  /** `err.message` of the envelope as the service sent it. */
  readonly serverMessage: string;
  /** From the `x-request-id` response header, when sent. */
  readonly requestId: string | undefined;
  readonly operationId: string;

  constructor(init: ApiErrorInit) {
    const where = init.requestId ? `${init.operationId}, request id ${init.requestId}` : init.operationId;
    super(`${init.status} ${init.code}: ${init.serverMessage} (${where})`);
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.requestId = init.requestId;
    this.operationId = init.operationId;
    // The raw body stays off JSON and enumeration; it is there for debugging.
    Object.defineProperty(this, 'body', { value: init.body, enumerable: false });
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
 * is 422 and `issues` lists each problem with its path).
 */
export class ValidationError extends ApiError {
  readonly issues: readonly ValidationIssue[];
  readonly local: boolean;

  constructor(init: ApiErrorInit & { issues?: readonly ValidationIssue[]; local?: boolean }) {
    super(init);
    this.issues = init.issues ?? [];
    this.local = init.local ?? false;
  }

  /** A ValidationError for a request that was never sent. */
  static local(operationId: string, issues: readonly ValidationIssue[]): ValidationError {
    const lines = issues.map(formatIssue);
    const error = new ValidationError({
      status: 422,
      code: 'invalid_request',
      serverMessage: `invalid request: ${lines.join('; ')}`,
      operationId,
      issues,
      local: true,
    });
    error.message = `invalid ${operationId} request (not sent):\n${lines.map((line) => `  ${line}`).join('\n')}`;
    return error;
  }
}

/** 429: too many requests. `retryAfterMs` is the wait the service asked for, when it said. */
export class RateLimitError extends ApiError {
  readonly retryAfterMs: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** 5xx: the service failed. */
export class ServerError extends ApiError {}

/** The connection failed (refused, reset, DNS, TLS) before a response arrived. */
export class ConnectionError extends MediaGenError {
  readonly operationId: string | undefined;

  constructor(message: string, operationId: string | undefined, cause?: unknown) {
    super(message, { cause });
    this.operationId = operationId;
  }
}

/** No answer within the time allowed (one attempt's `timeoutMs`, or a wait's deadline). */
export class TimeoutError extends MediaGenError {
  readonly operationId: string | undefined;
  readonly timeoutMs: number;

  constructor(message: string, operationId: string | undefined, timeoutMs: number) {
    super(message);
    this.operationId = operationId;
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's AbortSignal fired. */
export class AbortError extends MediaGenError {
  readonly operationId: string | undefined;

  constructor(message: string, operationId: string | undefined) {
    super(message);
    this.operationId = operationId;
  }
}

/** A successful status whose body is not the JSON envelope `{ data, err }`. */
export class ResponseParseError extends MediaGenError {
  readonly status: number;
  readonly operationId: string;
  readonly requestId: string | undefined;

  constructor(message: string, status: number, operationId: string, requestId: string | undefined, cause?: unknown) {
    super(message, { cause });
    this.status = status;
    this.operationId = operationId;
    this.requestId = requestId;
  }
}

/** Sending the bytes of an upload to its presigned URL failed. */
export class UploadError extends MediaGenError {
  /** The status of the upload URL's answer; undefined when no answer arrived. */
  readonly status: number | undefined;
  readonly assetId: string;

  constructor(message: string, assetId: string, status: number | undefined, cause?: unknown) {
    super(message, { cause });
    this.assetId = assetId;
    this.status = status;
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
  UploadError,
};
for (const [name, Class] of Object.entries(NAMED)) {
  Object.defineProperty(Class.prototype, 'name', { value: name, writable: true, configurable: true, enumerable: false });
}
