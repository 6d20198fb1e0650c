// Names for the branches of a schema, for the reader. Redoc labels an untitled oneOf/anyOf branch by
// its type ("object", "object (2)") and the two sides of an if/then "case 1" and "case 2"; here each
// untitled branch gets a title that says what it is, derived from what it requires, the constants it
// fixes and what it forbids. A title the document gives always wins.
import { isObject } from './document.mjs';

const code = (text) => `\`${text}\``;
const constant = (value) => code(JSON.stringify(value));

/** `a`, `a or b`, `a, b or c` (with `joiner` in place of "or"). */
export function list(items, joiner = 'or') {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
}

/** The fields that `not` forbids when it is JSON Schema's "none of these fields" idiom, else undefined. */
function forbiddenFields(not) {
  if (!isObject(not)) return undefined;
  const branches = Array.isArray(not.anyOf) ? not.anyOf : [not];
  const fields = [];
  for (const branch of branches) {
    const keys = Object.keys(branch).filter((k) => k !== 'type' && k !== 'properties' && k !== 'title' && k !== 'description');
    const properties = isObject(branch.properties) ? Object.values(branch.properties) : [];
    // `properties: { x: {} }` only restates the field (see the schema package's completeObjectBranches).
    if (keys.length !== 1 || keys[0] !== 'required' || properties.some((p) => Object.keys(p).length > 0)) return undefined;
    fields.push(...branch.required);
  }
  return fields;
}

/**
 * What an object-shaped condition states, as clauses: `given` (a field is present), `const` (a field
 * has a value), `forbids` (an object has none of some fields). Field paths are prefixed by `prefix`.
 * Undefined when the schema holds anything these clauses cannot say.
 */
function objectClauses(schema, prefix = '') {
  const allowed = new Set(['type', 'properties', 'required', 'not', 'title', 'description']);
  if (!isObject(schema) || Object.keys(schema).some((k) => !allowed.has(k) && !k.startsWith('x-'))) return undefined;
  if (schema.type !== undefined && schema.type !== 'object') return undefined;
  const clauses = [];
  const covered = new Set();
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    if (!isObject(property)) return undefined;
    const keys = Object.keys(property);
    if (keys.length === 0) continue; // restates the field for `required` (below)
    if (keys.length === 1 && keys[0] === 'const') {
      clauses.push({ kind: 'const', path, value: property.const });
      covered.add(name);
    } else if (keys.length === 1 && keys[0] === 'not') {
      const fields = forbiddenFields(property.not);
      if (!fields) return undefined;
      clauses.push({ kind: 'forbids', path, fields });
    } else {
      const nested = objectClauses(property, `${path}.`);
      if (!nested) return undefined;
      clauses.push(...nested);
      if (nested.length) covered.add(name);
    }
  }
  for (const name of schema.required ?? []) if (!covered.has(name)) clauses.push({ kind: 'given', path: `${prefix}${name}` });
  if (schema.not !== undefined) {
    const fields = forbiddenFields(schema.not);
    if (!fields) return undefined;
    clauses.push({ kind: 'forbids', path: prefix.slice(0, -1), fields });
  }
  return clauses;
}

/** `a`, `a` or `b`, `a`, `b` or `c` … as code. */
const alternatives = (fields) => list(fields.map(code), 'or');

/** A clause as prose, with code spans (for Markdown). */
function proseOf(clause) {
  if (clause.kind === 'given') return `${code(clause.path)} is given`;
  if (clause.kind === 'const') return `${code(clause.path)} is ${constant(clause.value)}`;
  if (!clause.path) return `without ${alternatives(clause.fields)}`;
  const { fields } = clause;
  if (fields.length === 1) return `${code(clause.path)} has no ${code(fields[0])}`;
  if (fields.length === 2) return `${code(clause.path)} has neither ${code(fields[0])} nor ${code(fields[1])}`;
  return `${code(clause.path)} has none of ${alternatives(fields)}`;
}

/** The clauses of one branch as prose: "a and b, without c". */
function branchProse(clauses) {
  const stated = clauses.filter((c) => c.kind !== 'forbids' || c.path);
  const without = clauses.filter((c) => c.kind === 'forbids' && !c.path);
  return [list(stated.map(proseOf), 'and'), ...without.map(proseOf)].filter(Boolean).join(', ');
}

/** A branch as a short tab label (Redoc shows titles as plain text): "with a and b, x = 1, without c". */
function branchLabel(clauses) {
  const given = clauses.filter((c) => c.kind === 'given').map((c) => c.path);
  const parts = given.length ? [`with ${list(given, 'and')}`] : [];
  for (const clause of clauses) {
    if (clause.kind === 'const') parts.push(`${clause.path} = ${JSON.stringify(clause.value)}`);
    if (clause.kind === 'forbids') parts.push(`${clause.path ? `${clause.path} ` : ''}without ${list(clause.fields, 'or')}`);
  }
  return parts.join(', ');
}

/** Clauses of a condition: an anyOf's branches (each a list of clauses), or one branch. */
function conditionBranches(schema) {
  if (isObject(schema) && Array.isArray(schema.anyOf) && Object.keys(schema).every((k) => k === 'anyOf' || k === 'type' || k === 'title')) {
    const branches = schema.anyOf.map((branch) => objectClauses(branch));
    return branches.every((b) => b?.length) ? branches : undefined;
  }
  const clauses = objectClauses(schema);
  return clauses?.length ? [clauses] : undefined;
}

/** A condition in words, for Markdown: branches joined by "or", the clauses of a branch by "and". */
export function describeCondition(schema) {
  return conditionBranches(schema)?.map(branchProse).join('; or ');
}

/** A condition as a short label, or undefined. */
export function conditionLabel(schema) {
  return conditionBranches(schema)?.map(branchLabel).join(' | ');
}

/**
 * A rule tagged `x-rule` and written as `if`/`then`, in words: "When …: …". Undefined when either
 * side holds something these words cannot say (the rule then stays a schema, with named branches).
 */
export function describeRule(rule) {
  const allowed = new Set(['type', 'if', 'then', 'title', 'description']);
  if (!isObject(rule) || !rule.if || !rule.then || Object.keys(rule).some((k) => !allowed.has(k) && !k.startsWith('x-'))) return undefined;
  const condition = describeCondition(rule.if);
  const consequence = describeCondition(rule.then);
  return condition && consequence ? `When ${condition}: ${consequence}.` : undefined;
}

/** A title for an untitled branch: what it requires, fixes or forbids, else its type and fields. */
export function branchTitle(branch, index) {
  if (!isObject(branch)) return `variant ${index + 1}`;
  if (typeof branch['x-rule'] === 'string') return `rule ${branch['x-rule']}`;
  if ('const' in branch) return JSON.stringify(branch.const);
  const properties = isObject(branch.properties) ? Object.keys(branch.properties) : [];
  if (branch.type === 'object' && properties.length === 0 && branch.additionalProperties === false) return 'empty object';
  const clauses = objectClauses(branch);
  if (clauses?.length) return branchLabel(clauses);
  if (Array.isArray(branch.required) && branch.required.length) return `with ${list(branch.required, 'and')}`;
  if (properties.length) return `object with ${list(properties, 'and')}`;
  const type = Array.isArray(branch.type) ? branch.type.join(' or ') : (branch.type ?? 'value');
  return `${type} (variant ${index + 1})`;
}

const COMPOSITIONS = ['oneOf', 'anyOf', 'allOf'];

/**
 * Gives every untitled branch under `node` a title, in place: oneOf/anyOf/allOf branches that are not
 * references (Redoc names those by their component), and the two sides of an if/then.
 */
export function nameBranches(node) {
  if (Array.isArray(node)) {
    for (const item of node) nameBranches(item);
    return;
  }
  if (!isObject(node)) return;
  for (const key of COMPOSITIONS) {
    if (!Array.isArray(node[key])) continue;
    node[key].forEach((branch, index) => {
      if (isObject(branch) && branch.title === undefined && branch.$ref === undefined) branch.title = branchTitle(branch, index);
    });
  }
  if (isObject(node.if) && node.then !== undefined) {
    const condition = conditionLabel(node.if);
    node.if.title ??= condition ? `when ${condition}` : node['x-rule'] ? `when ${node['x-rule']} applies` : 'when the condition holds';
    node.else = isObject(node.else) ? node.else : {};
    node.else.title ??= 'otherwise';
  }
  for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'example') nameBranches(value);
}
