// @mediagen/client: a typed client for the RenderNet (Affogato) media-generation API.
// This entry carries no schema or zod code: request validation is `@mediagen/client/validation`,
// per-date types are `@mediagen/client/versions/<key>`. The ledger transforms that upgrade legacy
// responses are loaded only when such a response arrives, and the code of waiting, uploads and paging
// on first use.
export { createClient, createRawClient, normalizeGenerationInput } from './client.js';
export type {
  AssetsApi,
  CharactersApi,
  DeprecatedApi,
  GenerationsApi,
  MediaApi,
  MediaGenClient,
  RawClientOptions,
  ResourcesApi,
  UploadFileInput,
} from './client.js';
export * from './errors.js';
export { ledgerUpgrader, looksLegacy } from './legacy.js';
export { OPERATIONS, type OperationId, type OperationInfo } from './generated/operations.js';
export type { components, operations, paths } from './generated/paths.js';
export { pages, paginate, type Lister, type PageParams } from './pagination.js';
export {
  TERMINAL_STATUSES,
  type GenerationOutcome,
  type GenerationProgress,
  type PollOptions,
  type WaitForGenerationOptions,
} from './polling.js';
export { REDACTED } from './redact.js';
export { backoffDelay, parseRetryAfter } from './timing.js';
export { DEFAULT_BASE_URL, DEFAULTS } from './transport.js';
export type * from './types.js';
export type { UploadBytes } from './upload.js';
