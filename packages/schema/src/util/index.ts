// @mediagen/schema/util: the small helpers the packages of this repository share, so each is
// written once: JSON object tests and key renames, a tiny valid PNG, an API-key masker, and the
// path-precise issue formatter. Runtime-agnostic: no Node APIs.
export { hasOwn, isObject, type JsonObject, renameKey } from '../ledger/json.js';
export { formatIssue, formatPath } from '../rules/issues.js';
export { createKeyMasker, type KeyMasker, MASK, MIN_EMBEDDED_KEY_LENGTH } from './mask.js';
export { concatBytes, crc32, type Deflate, makePng, PNG_SIGNATURE, type PngOptions, pngSize, type Rgb, storedDeflate } from './png.js';
