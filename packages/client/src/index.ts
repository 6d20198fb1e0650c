// @mediagen/client: a typed client for the RenderNet (Affogato) media-generation API.
// This entry carries no schema or zod code: request validation is `@mediagen/client/validation`,
// per-date types are `@mediagen/client/versions/<key>`. The ledger transforms that upgrade legacy
// responses, and the code of waiting, uploads and paging, are loaded on first use (lazy/load.ts).

export type { Middleware } from 'openapi-fetch';
export type {
  AssetsApi,
  CharactersApi,
  DeprecatedApi,
  GenerationsApi,
  MediaApi,
  MediaGenClient,
  ResourcesApi,
  UploadFileInput,
} from './client.js';
export { createClient, normalizeGenerationInput } from './client.js';
export * from './errors.js';
export { DEFAULT_MAX_RESPONSE_BYTES, MAX_REDIRECTS } from './fetch.js';
export { OPERATIONS, type OperationId, type OperationInfo } from './generated/operations.js';
export type { components, operations, paths } from './generated/paths.js';
export { ledgerUpgrader, looksLegacy } from './legacy.js';
export { type Lister, type PageParams, pages, paginate } from './pagination.js';
export {
  type GenerationOutcome,
  type GenerationProgress,
  MEDIA_STATUSES,
  MIN_POLL_INTERVAL_MS,
  POLL_DEFAULTS,
  type PollOptions,
  TERMINAL_STATUSES,
  type WaitForGenerationOptions,
} from './polling.js';
export { createRawClient, DEFAULT_BASE_URL, type RawClientOptions } from './raw.js';
export { REDACTED } from './redact.js';
export { backoffDelay, MAX_TIMER_MS, parseRetryAfter } from './timing.js';
export { DEFAULTS } from './transport.js';
export type * from './types.js';
