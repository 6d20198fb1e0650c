// The emitted OpenAPI document of the schema package (read once, on first use).
import { createRequire } from 'node:module';
import type { JsonObject } from '@mediagen/schema/util';

const require = createRequire(import.meta.url);

let document: JsonObject | undefined;

export function openapiDocument(): JsonObject {
  document ??= require('@mediagen/schema/openapi.json') as JsonObject;
  return document;
}
