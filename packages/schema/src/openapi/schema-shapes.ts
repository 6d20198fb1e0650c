// Schema shapes that code generators misread, rewritten without changing what validates: a `$ref`
// wrapped with its metadata in an allOf becomes the `$ref` with the metadata beside it, and the
// branches of the "one of these fields" idiom become full object schemas.

export type SchemaNode = Record<string, unknown>;
export const isNode = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);
const COMPOSITIONS = ['oneOf', 'anyOf', 'allOf'] as const;
const TYPED = ['type', '$ref', 'const', 'enum'];
const REF_ANNOTATIONS = new Set(['description', 'title', 'default', 'deprecated', 'readOnly', 'writeOnly', 'example', 'examples']);

/**
 * zod-to-openapi wraps a `$ref` with metadata as `allOf: [{ $ref }, { x-provenance }]`; the
 * metadata-only branch reads as `unknown` to hey-api and orval (`Ref & unknown`). OpenAPI 3.1 allows
 * siblings of `$ref`, so the wrapper becomes `{ $ref, x-provenance, … }`.
 */
export function collapseRefWrappers(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) collapseRefWrappers(item);
  else if (isNode(node)) {
    collapseRefWrapper(node);
    for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'example') collapseRefWrappers(value);
  }
}

/**
 * JSON Schema's "one of these fields" idiom (`anyOf: [{ required: [a] }, { required: [b] }]`) has
 * branches without a type, which hey-api and orval turn into `unknown & {…}`. In an object's context
 * each branch becomes a full object schema: `type: object` and the properties it requires, as `{}`
 * (the object's own property schemas still apply, so validation is unchanged).
 *
 * Applied to each emitted document, after the ledger has derived the older ones from the newest:
 * the ledger recognises these rules by their bare `{ required: [field] }` shape.
 */
export function completeObjectBranches<T>(doc: T): T {
  const copy = JSON.parse(JSON.stringify(doc)) as T;
  walkSchemas(copy, false);
  return copy;
}

function walkSchemas(node: unknown, inObjectContext: boolean): void {
  if (Array.isArray(node)) {
    for (const item of node) walkSchemas(item, inObjectContext);
    return;
  }
  if (!isNode(node)) return;
  // `required` and `properties` only speak of objects: branches made of them are the object idiom even
  // where the object's own schema sits elsewhere (a property re-stated under `then`, whose schema is an object).
  const objectIdiom = COMPOSITIONS.some(
    (key) => Array.isArray(node[key]) && (node[key] as unknown[]).every((b) => isNode(b) && ('required' in b || 'properties' in b)),
  );
  const inObject = node.type === 'object' || isNode(node.properties) || inObjectContext || objectIdiom;
  for (const key of COMPOSITIONS) {
    const branches = node[key];
    if (!Array.isArray(branches) || !inObject) continue;
    for (const branch of branches) if (isNode(branch) && !TYPED.some((k) => k in branch)) completeBranch(branch);
  }
  for (const [key, value] of Object.entries(node)) {
    // Inside `properties` each value is a schema of its own, with no object context from here.
    if (key === 'properties' && isNode(value)) for (const property of Object.values(value)) walkSchemas(property, false);
    else if (key === 'not' || key === 'if' || key === 'then' || key === 'else' || (COMPOSITIONS as readonly string[]).includes(key))
      walkSchemas(value, inObject);
    else if (key !== 'examples' && key !== 'example' && key !== 'x-provenance') walkSchemas(value, false);
  }
}

function collapseRefWrapper(node: SchemaNode): void {
  const branches = node.allOf;
  if (!Array.isArray(branches) || branches.length !== 2) return;
  const [ref, meta] = branches as unknown[];
  if (!isNode(ref) || typeof ref.$ref !== 'string' || Object.keys(ref).length !== 1 || !isNode(meta)) return;
  // Annotations only (OpenAPI 3.1 allows them beside `$ref`); a branch that constrains stays an allOf.
  if (!Object.keys(meta).every((k) => k.startsWith('x-') || REF_ANNOTATIONS.has(k))) return;
  delete node.allOf;
  Object.assign(node, { $ref: ref.$ref, ...meta });
}

function completeBranch(branch: SchemaNode): void {
  const required = Array.isArray(branch.required) ? (branch.required as string[]) : [];
  const own = isNode(branch.properties) ? branch.properties : {};
  // `{}`: the object's own property schema already constrains the value (a copy would drift from it
  // when the ledger rewrites that property for an older API date).
  const added = Object.fromEntries(required.filter((name) => !(name in own)).map((name) => [name, {}]));
  const entries = Object.entries(branch).filter(([k]) => k !== 'type' && k !== 'properties');
  for (const key of Object.keys(branch)) delete branch[key];
  Object.assign(
    branch,
    { type: 'object', ...(required.length || Object.keys(own).length ? { properties: { ...added, ...own } } : {}) },
    Object.fromEntries(entries),
  );
}
