// The emitted OpenAPI document of the schema package and the ledger's transform plan built from it.
import { createRequire } from 'node:module';
import { compilePlan, type TransformPlan } from '@mediagen/schema';

const require = createRequire(import.meta.url);

export type JsonObject = Record<string, unknown>;

let document: JsonObject | undefined;
let plan: TransformPlan | undefined;

export function openapiDocument(): JsonObject {
  document ??= require('@mediagen/schema/openapi.json') as JsonObject;
  return document;
}

export function transformPlan(): TransformPlan {
  plan ??= compilePlan(openapiDocument());
  return plan;
}
