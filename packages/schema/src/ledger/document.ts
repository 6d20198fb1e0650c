// The OpenAPI document as of every version, derived from the newest document and the ledger: the
// structure comes from reverting entries (revert.ts), examples are downgraded with the same data
// transforms clients use, and `info` says which version each document describes.

import { deepEqual, hasOwn, isObject, type JsonObject } from '../util/json.js';
import { ledger as defaultLedger } from './changes.js';
import type { VersionChange } from './instructions.js';
import { planFromDocuments, type TransformPlan } from './plan.js';
import { structuralDocuments } from './revert.js';
import { listOperations } from './schemas.js';
import { downgradeRequest, downgradeResponse, upgradeRequest, upgradeResponse, VersionIncompatibleError } from './transform.js';
import { resolveVersion, type VersionKey, versionKeys } from './versions.js';

/** An OpenAPI 3.1 document as a plain JSON object. */
export type OpenApiDocument = JsonObject;

/** Throws a clear error if an instruction names something the document it applies to lacks. */
export function validateLedger(newest: object, ledger: readonly VersionChange[] = defaultLedger): void {
  structuralDocuments(newest, ledger);
}

type Downgrade = (value: unknown) => { keep: true; value: unknown } | { keep: false };

/** Downgrades a value, keeping it only if upgrading it back gives the original (nothing lost). */
function lossless(down: (value: unknown) => unknown, up: (value: unknown) => unknown): Downgrade {
  return (value) => {
    try {
      const older = down(value);
      return deepEqual(up(older), value) ? { keep: true, value: older } : { keep: false };
    } catch (error) {
      if (error instanceof VersionIncompatibleError) return { keep: false };
      throw error;
    }
  };
}

/**
 * The date an Example Object shows the API from (`x-since`, a ledger date): an example that names a
 * kind, field or value of a later date (a Flux model, a Flux control net) though every older schema
 * would accept it. Documents of older versions leave it out; it is the one way examples are dated.
 */
export const EXAMPLE_SINCE = 'x-since';

/** Whether an Example Object may appear in the document of `version` (`x-since` on or before it). */
function shownAt(example: JsonObject, version: VersionKey, ledger: readonly VersionChange[]): boolean {
  const since = example[EXAMPLE_SINCE];
  if (since === undefined) return true;
  if (typeof since !== 'string' || !ledger.some((change) => change.date === since)) {
    throw new Error(`An example's ${EXAMPLE_SINCE} must be the date of a ledger entry, got ${JSON.stringify(since)}.`);
  }
  return version !== 'baseline' && since <= version;
}

/** Rewrites `example` and `examples` of a media type (or parameter) object; drops what cannot be kept. */
function rewriteExamples(holder: JsonObject, downgrade: Downgrade, shown: (example: JsonObject) => boolean = () => true): void {
  if (hasOwn(holder, 'example')) {
    const result = downgrade(holder.example);
    if (result.keep) holder.example = result.value;
    else delete holder.example;
  }
  const examples = holder.examples;
  if (!isObject(examples)) return;
  for (const name of Object.keys(examples)) {
    const example = examples[name];
    // Referenced and external examples are left as they are.
    if (!isObject(example) || !hasOwn(example, 'value')) continue;
    if (!shown(example)) {
      delete examples[name];
      continue;
    }
    const result = downgrade(example.value);
    if (result.keep) example.value = result.value;
    else delete examples[name];
  }
  if (Object.keys(examples).length === 0) delete holder.examples;
}

function forEachMediaType(holder: unknown, visit: (media: JsonObject) => void): void {
  if (!isObject(holder) || !isObject(holder.content)) return;
  for (const media of Object.values(holder.content)) if (isObject(media)) visit(media);
}

function downgradeExamples(document: JsonObject, plan: TransformPlan, version: VersionKey, ledger: readonly VersionChange[]): void {
  const shown = (example: JsonObject) => shownAt(example, version, ledger);
  for (const { operationId, operation } of listOperations(document)) {
    const request = lossless(
      (value) => downgradeRequest(plan, operationId, { body: value }, version).body,
      (value) => upgradeRequest(plan, operationId, { body: value }, version).body,
    );
    forEachMediaType(operation.requestBody, (media) => rewriteExamples(media, request, shown));

    if (isObject(operation.responses)) {
      for (const status of Object.keys(operation.responses)) {
        const response = lossless(
          (value) => downgradeResponse(plan, operationId, status, value, version, { strict: true }).body,
          (value) => upgradeResponse(plan, operationId, status, value, version).body,
        );
        forEachMediaType(operation.responses[status], (media) => rewriteExamples(media, response, shown));
      }
    }

    // Parameter names already follow renames; values may use an enum value the version lacks.
    if (Array.isArray(operation.parameters)) {
      for (const parameter of operation.parameters) {
        if (!isObject(parameter) || parameter.in !== 'query' || typeof parameter.name !== 'string') continue;
        const name = parameter.name;
        rewriteExamples(parameter, (value) => {
          try {
            const newest = upgradeRequest(plan, operationId, { query: { [name]: value } }, version).query;
            downgradeRequest(plan, operationId, { query: newest ?? {} }, version);
            return { keep: true, value };
          } catch (error) {
            if (error instanceof VersionIncompatibleError) return { keep: false };
            throw error;
          }
        });
      }
    }
  }
}

function describeVersion(ledger: readonly VersionChange[], index: number): string {
  const first = ledger[0];
  if (index < 0) {
    return first
      ? `This document describes the API as it was before ${first.date} (version \`baseline\`).`
      : 'This document describes the API (version `baseline`).';
  }
  const change = ledger[index]!;
  const next = ledger[index + 1];
  return next
    ? `This document describes the API as of ${change.date} (version \`${change.date}\`), until ${next.date}.`
    : `This document describes the API as of ${change.date} (version \`${change.date}\`), the newest version.`;
}

function stampInfo(document: JsonObject, key: VersionKey, sentence: string): void {
  const info: JsonObject = isObject(document.info) ? document.info : {};
  document.info = info;
  info['x-api-version'] = key;
  info.description = typeof info.description === 'string' && info.description.trim() !== '' ? `${info.description}\n\n${sentence}` : sentence;
}

/**
 * The document as of every version key (`'baseline'` and each ledger date), derived from the newest
 * document. The input is not modified.
 */
export function documentsByVersion(newest: object, ledger: readonly VersionChange[] = defaultLedger): Record<VersionKey, OpenApiDocument> {
  const documents = structuralDocuments(newest, ledger);
  const plan = planFromDocuments(documents, ledger);
  const keys = versionKeys(ledger);
  const out = {} as Record<VersionKey, OpenApiDocument>;
  for (let i = 0; i < documents.length; i++) {
    const document = documents[i]!;
    const key = keys[i]!;
    if (i < ledger.length) downgradeExamples(document, plan, key, ledger);
    stampInfo(document, key, describeVersion(ledger, i - 1));
    out[key] = document;
  }
  return out;
}

/** The document as of any date (or version key). */
export function documentAt(newest: object, dateOrKey: string, ledger: readonly VersionChange[] = defaultLedger): OpenApiDocument {
  const key = resolveVersion(dateOrKey, ledger);
  const document = documentsByVersion(newest, ledger)[key];
  if (!document) throw new Error(`No document for version ${key}.`);
  return document;
}
