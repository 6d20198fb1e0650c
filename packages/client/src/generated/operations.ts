// GENERATED FILE: do not edit. It is rewritten by `pnpm generate` (scripts/generate.ts) in
// packages/client from the operations table of @mediagen/schema, and a test fails when it drifts.
// The runtime facts of each operation the client needs: method, path, whether a retry is safe, paging.

/** Per operation: HTTP method, path template, idempotent (safe to retry), paged listing, replacement if deprecated. */
export interface OperationInfo {
  readonly method: 'get' | 'post' | 'delete';
  readonly path: string;
  readonly idempotent: boolean;
  readonly paged: boolean;
  readonly deprecatedBy?: string;
}

export const OPERATIONS = {
  generateMedia: { method: 'post', path: '/pub/v1/generations', idempotent: false, paged: false },
  estimateGeneration: { method: 'post', path: '/pub/v1/generations/estimate', idempotent: true, paged: false },
  listGenerations: { method: 'get', path: '/pub/v1/generations', idempotent: true, paged: true },
  getGeneration: { method: 'get', path: '/pub/v1/generations/{generation_id}', idempotent: true, paged: false },
  getMedia: { method: 'get', path: '/pub/v1/generations/media/{media_id}', idempotent: true, paged: false },
  deleteGeneration: { method: 'delete', path: '/pub/v1/generations/{generation_id}', idempotent: true, paged: false },
  deleteMedia: { method: 'delete', path: '/pub/v1/generations/media/{media_id}', idempotent: true, paged: false },
  deleteImage: { method: 'delete', path: '/pub/v1/generations/{generation_id}/images/{image_id}', idempotent: true, paged: false, deprecatedBy: 'deleteMedia' },
  getGenerationStatus: { method: 'get', path: '/pub/v1/generations/{generation_id}/status', idempotent: true, paged: false, deprecatedBy: 'getGeneration' },
  getImageStatus: { method: 'get', path: '/pub/v1/generations/{generation_id}/images/{image_id}/status', idempotent: true, paged: false, deprecatedBy: 'getMedia' },
  listModels: { method: 'get', path: '/pub/v1/models', idempotent: true, paged: true },
  listStyles: { method: 'get', path: '/pub/v1/styles', idempotent: true, paged: true },
  listControlnets: { method: 'get', path: '/pub/v1/controlnets', idempotent: true, paged: true },
  listLoras: { method: 'get', path: '/pub/v1/loras', idempotent: true, paged: true },
  listVoices: { method: 'get', path: '/pub/v1/voices', idempotent: true, paged: true },
  createCharacter: { method: 'post', path: '/pub/v1/characters', idempotent: false, paged: false },
  listCharacters: { method: 'get', path: '/pub/v1/characters', idempotent: true, paged: true },
  uploadAsset: { method: 'post', path: '/pub/v1/assets/upload', idempotent: false, paged: false },
  archiveAssets: { method: 'post', path: '/pub/v1/assets/archive', idempotent: true, paged: false },
  uploadAssetV2: { method: 'post', path: '/pub/v2/assets/upload', idempotent: false, paged: false },
  getAssetV2: { method: 'get', path: '/pub/v2/assets/{asset_id}', idempotent: true, paged: false },
  listAssetsV2: { method: 'get', path: '/pub/v2/assets', idempotent: true, paged: true },
} as const satisfies Record<string, OperationInfo>;

export type OperationId = keyof typeof OPERATIONS;
