// The base of every error the client throws, MediaGenError, and the failures that are not an
// answer of the service (configuration, connection, time, size, redirects, waits, uploads). Messages,
// JSON and string forms never contain the API key: the transport redacts every text the service
// sends before an error is built from it.
import type { OperationId } from '../generated/operations.js';
import { nameClasses } from './naming.js';

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

nameClasses({
  MediaGenError,
  MediaGenConfigError,
  ConnectionError,
  TimeoutError,
  AbortError,
  ResponseParseError,
  ResponseTooLargeError,
  PageLimitError,
  RedirectError,
  UnknownStatusError,
  UploadError,
});
