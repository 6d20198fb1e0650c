// @mediagen/schema/util: the small helpers the packages of this repository share, so each is written
// once: JSON object tests, key renames and a nesting-depth scan, the path-precise issue formatter, an
// API-key masker, a tiny valid PNG, HTTP's method list and hop-by-hop headers, the one walk over an
// OpenAPI document's operations, and a settings table with its overrides checked. A leaf: it imports
// only its own files (no zod, no operations table), so importing it costs next to nothing, and it
// uses no Node APIs.

export * from './facts.js';
export { HOP_BY_HOP_HEADERS, HTTP_METHODS, type HttpMethod, isHttpMethod } from './http.js';
export { clone, deepEqual, hasOwn, isObject, type JsonObject, nestsDeeperThan, renameKey, setOwn } from './json.js';
export { type KeyMatcher, keyFormsPattern, keyMatcher, keysPattern } from './key-forms.js';
export { createKeyMasker, type KeyMasker, type KeyMaskerOptions, MASK, MIN_EMBEDDED_KEY_LENGTH } from './mask.js';
export { type DocumentOperation, documentOperations } from './operations.js';
export { withOverrides } from './overrides.js';
export { formatIssue, formatPath, type IssuePath } from './path.js';
export { concatBytes, crc32, type Deflate, makePng, PNG_SIGNATURE, type PngOptions, pngSize, type Rgb, storedDeflate } from './png.js';
