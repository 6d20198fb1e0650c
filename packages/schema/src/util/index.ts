// @mediagen/schema/util: the small helpers the packages of this repository share, so each is written
// once: JSON object tests and key renames, the path-precise issue formatter, an API-key masker and a
// tiny valid PNG. A leaf: it imports only its own files (no zod, no operations table), so importing it
// costs next to nothing, and it uses no Node APIs.

export * from './facts.js';
export { clone, deepEqual, hasOwn, isObject, type JsonObject, renameKey, setOwn } from './json.js';
export { type KeyMatcher, keyFormsPattern, keyMatcher, keysPattern } from './key-forms.js';
export { createKeyMasker, type KeyMasker, type KeyMaskerOptions, MASK, MIN_EMBEDDED_KEY_LENGTH } from './mask.js';
export { formatIssue, formatPath, type IssuePath } from './path.js';
export { concatBytes, crc32, type Deflate, makePng, PNG_SIGNATURE, type PngOptions, pngSize, type Rgb, storedDeflate } from './png.js';
