// The one walk over an OpenAPI document's operations, for every reader of a document: the ledger's
// derivation of older documents, the mocks' routes, the upgrade report's field sites, the site and the
// breaking-change gate. Tolerant: a path item or an operation that is not an object is skipped.
import { HTTP_METHODS, type HttpMethod } from './http.js';
import { isObject, type JsonObject } from './json.js';

export interface DocumentOperation {
  path: string;
  method: HttpMethod;
  operation: JsonObject;
  pathItem: JsonObject;
  /** The operation's `operationId`, when it has one that is a string. */
  operationId?: string;
}

/**
 * Every operation of `document` (its `paths`): paths in document order, each path item's methods in
 * HTTP_METHODS' order (however the document orders its keys, so what is derived from it does not move).
 */
export function documentOperations(document: unknown): DocumentOperation[] {
  const paths = isObject(document) ? document.paths : undefined;
  if (!isObject(paths)) return [];
  const out: DocumentOperation[] = [];
  for (const path of Object.keys(paths)) {
    const pathItem = paths[path];
    if (!isObject(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const operationId = typeof operation.operationId === 'string' ? operation.operationId : undefined;
      out.push({ path, method, operation, pathItem, ...(operationId === undefined ? {} : { operationId }) });
    }
  }
  return out;
}
