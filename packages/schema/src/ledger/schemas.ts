// What a revert reads of a document: its operations with an operationId, its component schemas, the
// sub-schemas that make up one component, and the components reachable from the operations.
import { isObject, type JsonObject, schemaRefName } from '../util/json.js';
import { type DocumentOperation, documentOperations } from '../util/operations.js';

export type OperationEntry = DocumentOperation & { operationId: string };

/** Every operation of the document that has an `operationId`, in document order. */
export const listOperations = (document: JsonObject): OperationEntry[] =>
  documentOperations(document).filter((entry): entry is OperationEntry => entry.operationId !== undefined);

export function componentSchemas(document: JsonObject): JsonObject | undefined {
  const components = document.components;
  if (!isObject(components)) return undefined;
  const schemas = components.schemas;
  return isObject(schemas) ? schemas : undefined;
}

/**
 * The schema objects that make up one component: the component itself and, recursively, its inline
 * `allOf`/`anyOf`/`oneOf`/`if`/`then`/`else`/`not` sub-schemas (not property or item schemas, which
 * describe other values, and not `$ref`s, which are other components).
 */
export function ownSubschemas(schema: JsonObject, out: JsonObject[] = []): JsonObject[] {
  out.push(schema);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (!Array.isArray(members)) continue;
    for (const member of members) if (isObject(member) && member.$ref === undefined) ownSubschemas(member, out);
  }
  for (const key of ['if', 'then', 'else', 'not'] as const) {
    const member = schema[key];
    if (isObject(member) && member.$ref === undefined) ownSubschemas(member, out);
  }
  return out;
}

function collectSchemaRefs(node: unknown, out: Set<string>, skip?: unknown): void {
  if (node === skip) return;
  if (Array.isArray(node)) {
    for (const item of node) collectSchemaRefs(item, out, skip);
  } else if (isObject(node)) {
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (key === '$ref') {
        const name = schemaRefName(value);
        if (name !== undefined) out.add(name);
      } else {
        collectSchemaRefs(value, out, skip);
      }
    }
  }
}

/** Component schemas reachable from everything outside `components.schemas`, transitively. */
export function reachableSchemas(document: JsonObject): Set<string> {
  const schemas = componentSchemas(document);
  const reached = new Set<string>();
  collectSchemaRefs(document, reached, schemas);
  if (!schemas) return reached;
  const queue = [...reached];
  while (queue.length > 0) {
    const name = queue.pop()!;
    const found = new Set<string>();
    collectSchemaRefs(schemas[name], found);
    for (const next of found) {
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
    }
  }
  return reached;
}
