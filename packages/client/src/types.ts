// Public types of the friendly layer. Response shapes come from the generated OpenAPI types; request
// bodies from the schema package (type-only imports: nothing of it is loaded at run time).
import type { ArchiveAssetsRequest, CreateCharacterRequest, GenerationItemInput, UploadAssetRequest } from '@mediagen/schema';
import type { ValidationIssue } from './errors.js';
import type { OperationId } from './generated/operations.js';
import type { components, operations } from './generated/paths.js';

export type { ArchiveAssetsRequest, CreateCharacterRequest, GenerationItemInput, OperationId, UploadAssetRequest };

type Schemas = components['schemas'];

export type Generation = Schemas['Generation'];
export type Media = Schemas['Media'];
export type MediaStatus = Schemas['MediaStatus'];
export type GenerationResult = Schemas['GenerationResult'];
export type GeneratedMedia = Schemas['GeneratedMedia'];
export type Estimate = Schemas['Estimate'];
export type DeletedId = Schemas['DeletedId'];
export type DeletedImage = Schemas['DeletedImage'];
export type ImageStatus = Schemas['ImageStatus'];
export type Model = Schemas['Model'];
export type Style = Schemas['Style'];
export type Controlnet = Schemas['Controlnet'];
export type Lora = Schemas['Lora'];
export type Voice = Schemas['Voice'];
export type Character = Schemas['Character'];
export type AssetV1 = Schemas['AssetV1'];
export type AssetV2 = Schemas['AssetV2'];
export type AssetType = Schemas['AssetType'];
export type UploadSlotV1 = Schemas['UploadSlotV1'];
export type UploadSlotV2 = Schemas['UploadSlotV2'];
export type Pagination = Schemas['Pagination'];
export type Dim = Schemas['Dim'];

/** The query parameters of an operation (all optional). */
export type QueryOf<Op extends OperationId> = NonNullable<operations[Op]['parameters']['query']>;

export type ListGenerationsQuery = QueryOf<'listGenerations'>;
export type CatalogueQuery = QueryOf<'listModels'>;
export type ControlnetQuery = QueryOf<'listControlnets'>;
export type PageQuery = QueryOf<'listVoices'>;
export type UploadAssetV2Query = QueryOf<'uploadAssetV2'>;

/** One generation item as callers write it: `prompt` may be a plain string (sent as `{ positive }`). */
export type GenerationInput = GenerationItemInput;

/**
 * A page of a paged listing: the `data` array, with the envelope's `pagination` attached as a
 * non-enumerable property (so the array still compares, spreads and serialises as a plain array).
 */
export type PagedList<T> = T[] & { readonly pagination: Pagination | undefined };

/** The bytes of a file: a Blob (or File), an ArrayBuffer or a typed array. */
export type UploadBytes = Blob | ArrayBuffer | ArrayBufferView;

/** Console-compatible; every method optional. Lines never contain the API key. */
export interface Logger {
  debug?(message: string, meta?: Record<string, unknown>): void;
  info?(message: string, meta?: Record<string, unknown>): void;
  warn?(message: string, meta?: Record<string, unknown>): void;
  error?(message: string, meta?: Record<string, unknown>): void;
}

export type WarningCode = 'ignored_field' | 'unknown_field' | 'deprecated_field' | 'legacy_response' | 'deprecated_operation' | (string & {});

/** Something worth knowing that did not stop the request. */
export interface ClientWarning {
  code: WarningCode;
  message: string;
  operationId: string;
  /** Validation warnings: the issues (fields the service will ignore, deprecated fields). */
  issues?: readonly ValidationIssue[];
  /** Legacy responses: the API version whose shape the service answered in. */
  version?: string;
}

/** What a validator says about a request before it is sent. */
export interface ValidationOutcome {
  errors: readonly ValidationIssue[];
  warnings: readonly ValidationIssue[];
}

export interface RequestParts {
  params?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

/**
 * Checks requests before they are sent. `@mediagen/client/validation` provides one built on the
 * schema package (`schemaValidator()`); the core entry carries none, to stay small.
 */
export interface RequestValidator {
  validate(operationId: OperationId, request: RequestParts): ValidationOutcome;
}

/** What a response upgrader did to a body in an older shape. */
export interface UpgradeOutcome {
  /** The body in the newest shape. */
  body: unknown;
  /** The API version whose shape the body was in. */
  version: string;
}

/**
 * Brings response bodies in an older API shape to the newest one. The default, `ledgerUpgrader`,
 * uses the schema package's ledger. `upgrade` returns undefined when the body is already in the
 * newest shape (or nothing tells).
 */
export interface ResponseUpgrader {
  /** A cheap synchronous check; when it says false, `upgrade` is not called. */
  mayApply?(operationId: OperationId, status: number, body: unknown): boolean;
  upgrade(operationId: OperationId, status: number, body: unknown): UpgradeOutcome | undefined | Promise<UpgradeOutcome | undefined>;
}

export interface ClientOptions {
  /** The key from the account page; sent as `X-API-KEY`. Required. */
  apiKey: string;
  /** Defaults to `https://api.rendernet.ai`. */
  baseUrl?: string;
  /**
   * A fetch implementation, called as `fetch(request)` with a Request (as openapi-fetch calls it);
   * defaults to `globalThis.fetch` (looked up when the client is created).
   */
  fetch?: typeof globalThis.fetch;
  /**
   * Per attempt, in milliseconds (default 60 000); 0 for none. Each retry gets its own. Values above
   * 2^31 − 1 (what a timer can hold) are clamped to it; a negative or NaN one is MediaGenConfigError.
   */
  timeoutMs?: number;
  /** Largest response body read, in bytes (default 16 MiB); a larger one is ResponseTooLargeError. */
  maxResponseBytes?: number;
  /** Retries after the first attempt, for idempotent operations (default 2). */
  maxRetries?: number;
  /** Also retry non-idempotent POSTs (generate, create character, upload slots). Default false. */
  retryOnPost?: boolean;
  /** First backoff ceiling in ms (default 500); doubles each retry, full jitter. */
  retryBaseDelayMs?: number;
  /** Largest backoff ceiling in ms (default 8 000). */
  retryMaxDelayMs?: number;
  /** A `Retry-After` longer than this (ms, default 60 000) is not waited for: the error is thrown. */
  maxRetryAfterMs?: number;
  /** Check requests before sending them (default true). Needs `validator` for the full schema checks. */
  validate?: boolean;
  /** The full request checks, e.g. `schemaValidator()` from `@mediagen/client/validation`. */
  validator?: RequestValidator;
  /**
   * Brings responses in an older API shape up to date and warns (code `legacy_response`). Default:
   * `ledgerUpgrader` (the schema package's ledger, loaded only when a legacy body arrives);
   * `false` turns it off.
   */
  upgrader?: ResponseUpgrader | false;
  /** Called for validation warnings, legacy responses and deprecated operations. */
  onWarning?: (warning: ClientWarning) => void;
  logger?: Logger;
  /** Sent as `User-Agent` where the platform allows it (browsers do not). */
  userAgent?: string;
  /** Extra headers sent with every API request. */
  headers?: Record<string, string>;
}

/** Per-call overrides (checked as the client's options are). */
export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
  headers?: Record<string, string>;
}

/** A successful call: the envelope's data and, on paged listings, its pagination. */
export interface CallResult<T> {
  data: T;
  pagination: Pagination | undefined;
  response: Response;
}
