import { buildDocument } from '../../src/openapi/document.js';

/** The newest document, built once per test file from the schemas (not read from disk). */
export const newest = buildDocument() as any;
