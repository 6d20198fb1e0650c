// @mediagen/client: a typed client for the RenderNet (Affogato) media-generation API.
// This entry carries no zod and no operations table of the schema package, only its small util leaf
// (the contract's facts and helpers): request validation is `@mediagen/client/validation`, per-date
// types are `@mediagen/client/versions/<key>`. The ledger transforms that upgrade legacy responses,
// and the code of waiting, uploads and paging, are loaded on first use (lazy/load.ts).

export type { Middleware } from 'openapi-fetch';
export type { AssetsApi, CharactersApi, DeprecatedApi, GenerationsApi, MediaApi, MediaGenClient, ResourcesApi } from './client.js';
export { createClient, normalizeGenerationInput } from './client.js';
export { API_KEY_VARIABLE, BASE_URL_VARIABLE } from './env.js';
export * from './errors/index.js';
export { DEFAULT_MAX_RESPONSE_BYTES, MAX_REDIRECTS } from './fetch.js';
export { OPERATIONS, type OperationInfo } from './generated/operations.js';
export type { components, operations, paths } from './generated/paths.js';
export { ledgerUpgrader, looksLegacy } from './legacy.js';
export { DEFAULT_MAX_PAGES, pages, paginate } from './pagination.js';
export { MEDIA_STATUSES, MIN_POLL_INTERVAL_MS, POLL_DEFAULTS, TERMINAL_STATUSES } from './polling.js';
export { createRawClient, DEFAULT_BASE_URL, type RawClientOptions } from './raw.js';
export { REDACTED } from './redact.js';
export { backoffDelay, MAX_TIMER_MS, parseRetryAfter } from './timing.js';
export { DEFAULTS } from './transport.js';
export type * from './types.js';
export type * from './waits.js';
