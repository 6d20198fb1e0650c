// GENERATED FILE: do not edit. It is rewritten by `pnpm generate` (scripts/generate.ts) in
// packages/client from the operations table and error codes of @mediagen/schema, and a test fails when it drifts.
// The runtime facts of each operation the client needs (id, method, path, whether a retry is safe, paging), and the error codes the contract names.

/** Per operation: its id, HTTP method, path template, idempotent (safe to retry), paged listing, replacement if deprecated. */
export interface OperationInfo {
  readonly id: OperationId;
  readonly method: 'get' | 'post' | 'delete';
  readonly path: string;
  readonly idempotent: boolean;
  readonly paged: boolean;
  readonly deprecatedBy?: OperationId;
}

export const OPERATIONS = {
  generateMedia: { id: 'generateMedia', method: 'post', path: '/pub/v1/generations', idempotent: false, paged: false },
  estimateGeneration: { id: 'estimateGeneration', method: 'post', path: '/pub/v1/generations/estimate', idempotent: true, paged: false },
  listGenerations: { id: 'listGenerations', method: 'get', path: '/pub/v1/generations', idempotent: true, paged: true },
  getGeneration: { id: 'getGeneration', method: 'get', path: '/pub/v1/generations/{generation_id}', idempotent: true, paged: false },
  getMedia: { id: 'getMedia', method: 'get', path: '/pub/v1/generations/media/{media_id}', idempotent: true, paged: false },
  deleteGeneration: { id: 'deleteGeneration', method: 'delete', path: '/pub/v1/generations/{generation_id}', idempotent: true, paged: false },
  deleteMedia: { id: 'deleteMedia', method: 'delete', path: '/pub/v1/generations/media/{media_id}', idempotent: true, paged: false },
  deleteImage: { id: 'deleteImage', method: 'delete', path: '/pub/v1/generations/{generation_id}/images/{image_id}', idempotent: true, paged: false, deprecatedBy: 'deleteMedia' },
  getGenerationStatus: { id: 'getGenerationStatus', method: 'get', path: '/pub/v1/generations/{generation_id}/status', idempotent: true, paged: false, deprecatedBy: 'getGeneration' },
  getImageStatus: { id: 'getImageStatus', method: 'get', path: '/pub/v1/generations/{generation_id}/images/{image_id}/status', idempotent: true, paged: false, deprecatedBy: 'getMedia' },
  listModels: { id: 'listModels', method: 'get', path: '/pub/v1/models', idempotent: true, paged: true },
  listStyles: { id: 'listStyles', method: 'get', path: '/pub/v1/styles', idempotent: true, paged: true },
  listControlnets: { id: 'listControlnets', method: 'get', path: '/pub/v1/controlnets', idempotent: true, paged: true },
  listLoras: { id: 'listLoras', method: 'get', path: '/pub/v1/loras', idempotent: true, paged: true },
  listVoices: { id: 'listVoices', method: 'get', path: '/pub/v1/voices', idempotent: true, paged: true },
  createCharacter: { id: 'createCharacter', method: 'post', path: '/pub/v1/characters', idempotent: false, paged: false },
  listCharacters: { id: 'listCharacters', method: 'get', path: '/pub/v1/characters', idempotent: true, paged: true },
  uploadAsset: { id: 'uploadAsset', method: 'post', path: '/pub/v1/assets/upload', idempotent: false, paged: false },
  archiveAssets: { id: 'archiveAssets', method: 'post', path: '/pub/v1/assets/archive', idempotent: true, paged: false },
  uploadAssetV2: { id: 'uploadAssetV2', method: 'post', path: '/pub/v2/assets/upload', idempotent: false, paged: false },
  getAssetV2: { id: 'getAssetV2', method: 'get', path: '/pub/v2/assets/{asset_id}', idempotent: true, paged: false },
  listAssetsV2: { id: 'listAssetsV2', method: 'get', path: '/pub/v2/assets', idempotent: true, paged: true },
} as const satisfies { readonly [K in OperationId]: OperationInfo & { readonly id: K } };

/** An operationId of the contract. */
export type OperationId = 'generateMedia' | 'estimateGeneration' | 'listGenerations' | 'getGeneration' | 'getMedia' | 'deleteGeneration' | 'deleteMedia' | 'deleteImage' | 'getGenerationStatus' | 'getImageStatus' | 'listModels' | 'listStyles' | 'listControlnets' | 'listLoras' | 'listVoices' | 'createCharacter' | 'listCharacters' | 'uploadAsset' | 'archiveAssets' | 'uploadAssetV2' | 'getAssetV2' | 'listAssetsV2';

/** The error codes (`err.code`) the contract names; the service may send others. */
export type KnownErrorCode = 'bad_request' | 'unauthorized' | 'insufficient_credits' | 'not_found' | 'validation_error' | 'rate_limited' | 'internal_error' | 'service_unavailable';
