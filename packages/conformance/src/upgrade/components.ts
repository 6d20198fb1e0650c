// The schema package's emitted document of each version, read once: what the ledger's change sites
// (where a component sits in a dated document) are read from.
import { createRequire } from 'node:module';
import type { JsonObject } from '@mediagen/schema/util';

const require = createRequire(import.meta.url);

const documents = new Map<string, JsonObject>();

/** The emitted document of a version (`baseline` or a ledger date), read once. */
export function documentOf(version: string): JsonObject {
  let document = documents.get(version);
  if (!document) {
    document = require(`@mediagen/schema/versions/${version}.json`) as JsonObject;
    documents.set(version, document);
  }
  return document;
}
