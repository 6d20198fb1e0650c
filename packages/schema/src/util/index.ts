// @mediagen/schema/util: the small helpers the packages of this repository share, so each is
// written once: JSON object tests and key renames, a tiny valid PNG, an API-key masker, and the
// path-precise issue formatter. Runtime-agnostic: no Node APIs.
export { type JsonObject, hasOwn, isObject, renameKey } from '../ledger/json.js';
export { formatIssue, formatPath } from '../rules/issues.js';
export { type KeyMasker, MASK, MIN_EMBEDDED_KEY_LENGTH, createKeyMasker } from './mask.js';
export { type Deflate, PNG_SIGNATURE, type PngOptions, type Rgb, crc32, makePng, pngSize, storedDeflate } from './png.js';
