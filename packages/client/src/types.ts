// Public types of the friendly layer, from the generated OpenAPI types (the schema package's
// document): response shapes closed (only the contract's fields; `WithExtra<T>` reaches the others)
// and request bodies. They import nothing of the schema package's zod schemas, so a program using
// the client type-checks none of them. The lazily loaded code imports its types from here, so no
// import of it leads back into the modules that load it.
import type { ValidationIssue } from './errors/index.js';
import type { KnownErrorCode, OPERATIONS, OperationId } from './generated/operations.js';
import type { components, operations } from './generated/paths.js';

export type { KnownErrorCode, OperationId };

type Schemas = components['schemas'];

export type CreateCharacterRequest = Schemas['CreateCharacterRequest'];
export type UploadAssetRequest = Schemas['UploadAssetRequest'];
export type ArchiveAssetsRequest = Schemas['ArchiveAssetsRequest'];
/** One generation item as the contract has it. */
export type GenerationItem = Schemas['GenerationItem'];

/**
 * A response object with the fields the contract does not name reachable, as `unknown`. Response
 * types are closed (only the contract's fields), so a misspelt field such as `media.media_id` (the
 * field is `id`) does not compile; the service may still send more, which the client keeps and never
 * rejects, and this is the one way to read them: `const extra: WithExtra<Media> = media; extra.seed`.
 * It opens one level; nested objects stay closed (`WithExtra<Media['dim']>` for those).
 */
export type WithExtra<T> = T & { readonly [field: string]: unknown };

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
export type QueryOf<Id extends OperationId> = NonNullable<operations[Id]['parameters']['query']>;
/** The path parameters of an operation (`never` for one without). */
export type PathParamsOf<Id extends OperationId> = operations[Id]['parameters'] extends { path: infer P } ? P : never;
/** The JSON request body of an operation (`never` for one without). */
export type RequestBodyOf<Id extends OperationId> = operations[Id] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
/** The envelope's `data` of an operation's success response. */
export type ResponseDataOf<Id extends OperationId> = {
  [S in keyof operations[Id]['responses']]: S extends 200 | 201
    ? operations[Id]['responses'][S] extends { content: { 'application/json': { data: infer D } } }
      ? D
      : never
    : never;
}[keyof operations[Id]['responses']];

/** What `client.request(operationId, parts)` takes, typed by operation. */
export interface RequestPartsOf<Id extends OperationId> {
  params?: PathParamsOf<Id>;
  query?: QueryOf<Id>;
  body?: RequestBodyOf<Id>;
}

export type ListGenerationsQuery = QueryOf<typeof OPERATIONS.listGenerations.id>;
export type CatalogueQuery = QueryOf<typeof OPERATIONS.listModels.id>;
export type ControlnetQuery = QueryOf<typeof OPERATIONS.listControlnets.id>;
export type PageQuery = QueryOf<typeof OPERATIONS.listVoices.id>;
export type UploadAssetV2Query = QueryOf<typeof OPERATIONS.uploadAssetV2.id>;

/** One generation item as callers write it: `prompt` may be a plain string (the client sends it as `{ positive }`). */
export type GenerationInput = Omit<GenerationItem, 'prompt'> & { prompt?: string | Schemas['Prompt'] };
/** The same, by the schema package's name for it. */
export type GenerationItemInput = GenerationInput;

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
  operationId: OperationId;
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
  /**
   * The key from the account page; sent as `X-API-KEY`. Defaults to the MEDIAGEN_API_KEY environment
   * variable where there is an environment (Node, Deno, Bun); required otherwise.
   */
  apiKey?: string | undefined;
  /** Defaults to the MEDIAGEN_BASE_URL environment variable, then `https://api.rendernet.ai`. */
  baseUrl?: string | undefined;
  /**
   * A fetch implementation, called as `fetch(request)` with a Request (as openapi-fetch calls it);
   * defaults to `globalThis.fetch` (looked up when the client is created).
   */
  fetch?: typeof globalThis.fetch | undefined;
  /**
   * Per attempt, in milliseconds (default 60 000), the whole body included; 0 for none. Each retry
   * gets its own. Values above 2^31 − 1 (what a timer can hold) are clamped to it; a negative or NaN
   * one is MediaGenConfigError.
   */
  timeoutMs?: number | undefined;
  /**
   * Largest response body read, in decoded bytes (default 16 MiB): a body announced larger, or that
   * grows larger as it arrives or inflates (gzip, brotli), is ResponseTooLargeError.
   */
  maxResponseBytes?: number | undefined;
  /** Retries after the first attempt, for idempotent operations (default 2). */
  maxRetries?: number | undefined;
  /** Also retry non-idempotent POSTs (generate, create character, upload slots). Default false. */
  retryOnPost?: boolean | undefined;
  /** First backoff ceiling in ms (default 500); doubles each retry, full jitter. */
  retryBaseDelayMs?: number | undefined;
  /** Largest backoff ceiling in ms (default 8 000). */
  retryMaxDelayMs?: number | undefined;
  /** A `Retry-After` longer than this (ms, default 60 000) is not waited for: the error is thrown. */
  maxRetryAfterMs?: number | undefined;
  /** Pages one walk of a listing (`paginate`, `pages`, `generations.iterate`) requests at most (default 1 000); past it, PageLimitError. */
  maxPages?: number | undefined;
  /** Check requests before sending them (default true). Needs `validator` for the full schema checks. */
  validate?: boolean | undefined;
  /** The full request checks, e.g. `schemaValidator()` from `@mediagen/client/validation`. */
  validator?: RequestValidator | undefined;
  /**
   * Brings responses in an older API shape up to date and warns (code `legacy_response`). Default:
   * `ledgerUpgrader` (the schema package's ledger, loaded only when a legacy body arrives);
   * `false` turns it off.
   */
  upgrader?: ResponseUpgrader | false | undefined;
  /** Called for validation warnings, legacy responses and deprecated operations. */
  onWarning?: ((warning: ClientWarning) => void) | undefined;
  logger?: Logger | undefined;
  /** Sent as `User-Agent` where the platform allows it (browsers do not). */
  userAgent?: string | undefined;
  /** Extra headers sent with every API request. */
  headers?: Record<string, string> | undefined;
}

/** Per-call overrides (checked as the client's options are). */
export interface RequestOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  maxRetries?: number | undefined;
  headers?: Record<string, string> | undefined;
}

/** A successful call: the envelope's data and, on paged listings, its pagination, with the Response (status, headers). */
export interface CallResult<T> {
  data: T;
  pagination: Pagination | undefined;
  response: Response;
}

/**
 * What a method returns: a promise of the data that can also give the raw Response beside it, as
 * Stainless SDKs do: `const { data, response } = await client.generations.get(id).withResponse()`.
 */
export interface ApiPromise<T> extends Promise<T> {
  /** The same call's data, pagination and Response (one request: the call is not made again). */
  withResponse(): Promise<CallResult<T>>;
}

/** A fetch as the client calls it. */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

// Paging (the walk is in lazy/pages.ts).

export interface PageParams {
  page?: number | undefined;
  page_size?: number | undefined;
}

/** A paged listing method of the client, e.g. `client.resources.models`. */
export type Lister<Q extends PageParams, T> = (query?: Q, options?: RequestOptions) => Promise<PagedList<T>>;

/** The options of a walk over pages: those of each call, and the page budget. */
export interface PaginateOptions extends RequestOptions {
  /** Pages requested at most (default: the client's `maxPages`, else 1 000); past it, PageLimitError. */
  maxPages?: number | undefined;
}

// Polling (lazy/poll.ts, lazy/wait.ts).
