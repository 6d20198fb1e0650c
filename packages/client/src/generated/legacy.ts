// GENERATED FILE: do not edit. It is rewritten by `pnpm generate` (scripts/generate.ts) in
// packages/client from the transform plan of @mediagen/schema, and a test fails when it drifts.
// Per operation and status: [path, old field name] pairs whose presence shows a legacy shape.

/** `'*'` in a path stands for every item of an array. */
export type LegacyMarker = readonly [path: readonly string[], field: string];

/** The newest API version (bodies in it need no upgrade). */
export const NEWEST_VERSION = '2025-05-07';

export const LEGACY_MARKERS: { readonly [operationId: string]: { readonly [status: string]: readonly LegacyMarker[] } } = {
  listGenerations: {
    '200': [[['data', '*', 'images', '*'], 'size'], [['data', '*'], 'images']],
  },
  generateMedia: {
    '200': [[['data', 'images', '*'], 'image_size'], [['data'], 'images']],
  },
  getGeneration: {
    '200': [[['data', 'images', '*'], 'size'], [['data'], 'images']],
  },
  getMedia: {
    '200': [[['data'], 'size']],
  },
};
