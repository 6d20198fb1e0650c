// Flattens an OpenAPI 3.1 document into the facts a client depends on: operations, parameters and the
// fields of every request and response body, each with its type, enum, required flag and the component
// schema that declares it (which is how the ledger names things). Diffing two fact sets is then a
// matter of comparing keys; see classify.mjs.

import { documentOperations } from '@mediagen/schema/util';

const refName = (ref) => (ref.startsWith('#/components/') ? ref.split('/').pop() : ref);

const SHAPE_KEYS = ['$ref', 'type', 'properties', 'items', 'enum', 'const', 'allOf', 'oneOf', 'anyOf', 'if', 'not'];
/** Whether a schema constrains anything (as opposed to only annotating: description, x-provenance…). */
const hasShape = (schema) => schema && typeof schema === 'object' && SHAPE_KEYS.some((k) => schema[k] !== undefined);

function resolver(doc) {
  const at = (ref) => {
    const parts = ref.replace(/^#\//, '').split('/');
    let node = doc;
    for (const p of parts) node = node?.[p.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (node === undefined) throw new Error(`unresolvable $ref ${ref}`);
    return node;
  };
  /**
   * Follows $ref chains, and `allOf` lists where one member carries the shape and the others only
   * annotate it (`allOf: [{ $ref }, { x-provenance }]`); returns the schema and the name of the last
   * component it went through.
   */
  return (schema) => {
    let name;
    let seen = 0;
    for (;;) {
      if (++seen > 50) throw new Error(`$ref cycle at ${name}`);
      if (schema && typeof schema === 'object' && typeof schema.$ref === 'string') {
        name = refName(schema.$ref);
        schema = at(schema.$ref);
        continue;
      }
      const shaped = Array.isArray(schema?.allOf) && !hasShape({ ...schema, allOf: undefined }) ? schema.allOf.filter(hasShape) : [];
      if (shaped.length === 1 && schema.allOf.length > 1) {
        schema = shaped[0];
        continue;
      }
      return { schema: schema ?? {}, name };
    }
  };
}

function typeOf(schema) {
  if (schema.const !== undefined) return `const ${JSON.stringify(schema.const)}`;
  if (schema.type) return Array.isArray(schema.type) ? [...schema.type].sort().join('|') : schema.type;
  if (schema.enum) return 'enum';
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  if (schema.oneOf || schema.anyOf) return 'union';
  return 'any';
}

/** The sub-schemas whose properties belong to the same object (composition and conditionals). */
const BRANCH_KEYS = ['allOf', 'oneOf', 'anyOf'];
const CONDITIONAL_KEYS = ['if', 'then', 'else'];

/**
 * @returns {Map<string, object>} fact key → fact. Keys:
 *   `op METHOD /path`, `param METHOD /path in name`, `field METHOD /path WHERE path.to[].field`
 *   where WHERE is `request` or a response status, and `rule Component rule-id`.
 */
export function factsOf(doc) {
  const resolve = resolver(doc);
  const facts = new Map();

  function enumInfo(schema, ownerLabel) {
    const { schema: s, name } = resolve(schema);
    if (Array.isArray(s.enum)) return { enum: s.enum.map(String).sort(), enumSchema: name ?? ownerLabel };
    if (s.items) {
      const inner = enumInfo(s.items, ownerLabel);
      if (inner.enum) return inner;
    }
    return {};
  }

  /** Properties of an object schema, merged over its composition branches, with their owner. */
  function propertiesOf(schema, name, stack) {
    const out = [];
    const required = new Set(schema.required ?? []);
    for (const [prop, sub] of Object.entries(schema.properties ?? {})) out.push({ prop, sub, owner: name, required: required.has(prop) });
    for (const key of [...BRANCH_KEYS, ...CONDITIONAL_KEYS]) {
      const branches = Array.isArray(schema[key]) ? schema[key] : schema[key] ? [schema[key]] : [];
      for (const branch of branches) {
        const { schema: b, name: bName } = resolve(branch);
        if (bName && stack.includes(bName)) continue;
        const inner = propertiesOf(b, bName ?? name, bName ? [...stack, bName] : stack);
        // A property only mentioned in a conditional or a branch is still optional for the object.
        for (const p of inner) out.push({ ...p, required: key === 'allOf' ? p.required : false, branch: true });
      }
    }
    return out;
  }

  function walk(base, schema, prefix, stack) {
    const { schema: s, name } = resolve(schema);
    if (name && stack.includes(name)) return; // recursive schema: its fields are already listed
    const nextStack = name ? [...stack, name] : stack;
    if (s.items && !s.properties) {
      walk(base, s.items, `${prefix}[]`, nextStack);
      return;
    }
    const seen = new Set();
    for (const { prop, sub, owner, required, branch } of propertiesOf(s, name, nextStack)) {
      const path = prefix ? `${prefix}.${prop}` : prop;
      const key = `${base.key} ${path}`;
      const existing = facts.get(key);
      if (existing && seen.has(prop)) {
        existing.required ||= required;
        if (branch) continue;
      }
      seen.add(prop);
      const resolved = resolve(sub);
      const ownerName = owner ?? `${base.label}:${prefix || '(body)'}`;
      facts.set(key, {
        kind: 'field',
        op: base.op,
        operationId: base.operationId,
        where: base.where,
        path,
        owner: ownerName,
        name: prop,
        required: existing?.required || required,
        type: typeOf(resolved.schema),
        deprecated: Boolean(resolved.schema.deprecated || sub.deprecated),
        ...enumInfo(sub, `${ownerName}.${prop}`),
      });
      walk(base, sub, path, nextStack);
    }
  }

  // Rules of the contract carried as tagged subschemas (`x-rule: <id>`) of a component schema.
  const rulesIn = (node, found) => {
    if (Array.isArray(node)) for (const n of node) rulesIn(n, found);
    else if (node && typeof node === 'object' && typeof node.$ref !== 'string') {
      if (typeof node['x-rule'] === 'string') found.add(node['x-rule']);
      for (const value of Object.values(node)) rulesIn(value, found);
    }
    return found;
  };
  for (const [component, schema] of Object.entries(doc.components?.schemas ?? {})) {
    for (const rule of rulesIn(schema, new Set())) {
      facts.set(`rule ${component} ${rule}`, { kind: 'rule', owner: component, name: rule });
    }
  }

  for (const { path, method, operation: op, pathItem: item } of documentOperations(doc)) {
    const opLabel = `${method.toUpperCase()} ${path}`;
    const operationId = op.operationId ?? opLabel;
    facts.set(`op ${opLabel}`, { kind: 'op', op: opLabel, operationId });

    for (const raw of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
      const { schema: p } = resolve(raw);
      const { schema: ps } = resolve(p.schema ?? {});
      facts.set(`param ${opLabel} ${p.in} ${p.name}`, {
        kind: 'param',
        op: opLabel,
        operationId,
        in: p.in,
        name: p.name,
        required: Boolean(p.required),
        type: typeOf(ps),
        deprecated: Boolean(p.deprecated),
        ...enumInfo(p.schema ?? {}, `${operationId}.${p.name}`),
      });
    }

    const body = resolve(op.requestBody ?? {}).schema;
    for (const [mediaType, content] of Object.entries(body.content ?? {})) {
      if (!content.schema) continue;
      const where = 'request';
      walk({ key: `field ${opLabel} ${where}`, op: opLabel, operationId, where, label: `${operationId} ${mediaType}` }, content.schema, '', []);
    }
    for (const [status, rawResponse] of Object.entries(op.responses ?? {})) {
      const response = resolve(rawResponse).schema;
      for (const [mediaType, content] of Object.entries(response.content ?? {})) {
        if (!content.schema) continue;
        walk(
          { key: `field ${opLabel} ${status}`, op: opLabel, operationId, where: status, label: `${operationId} ${status} ${mediaType}` },
          content.schema,
          '',
          [],
        );
      }
    }
  }
  return facts;
}
