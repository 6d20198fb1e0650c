// Structural derivation of older documents: starting from the newest document, each ledger entry's
// instructions are reverted in turn (newest entry first), and every instruction is checked against
// the document it applies to. Examples and `info` are left alone here; document.ts finishes them.
import { HTTP_METHODS } from '../util/http.js';
import { clone, hasOwn, isObject, type JsonObject, renameKey, resolvePointer } from '../util/json.js';
import type { Instruction, VersionChange } from './instructions.js';
import { dropMembersAbout, removeFromRequirements, renameInRequirements } from './requirements.js';
import { componentSchemas, listOperations, type OperationEntry, ownSubschemas, reachableSchemas } from './schemas.js';
import { checkLedgerDates } from './versions.js';

class LedgerError extends Error {
  constructor(change: VersionChange, instruction: Instruction, problem: string) {
    super(`Ledger entry ${change.date} (${change.name}), ${instruction.op}: ${problem}`);
    this.name = 'LedgerError';
  }
}

interface Context {
  document: JsonObject;
  change: VersionChange;
  instruction: Instruction;
}

function fail(context: Context, problem: string): never {
  throw new LedgerError(context.change, context.instruction, problem);
}

function namedSchema(context: Context, name: string): JsonObject {
  const schema = componentSchemas(context.document)?.[name];
  if (!isObject(schema)) fail(context, `component schema "${name}" is not in the document as of ${context.change.date}.`);
  return schema;
}

/**
 * Runs `edit` on each own sub-schema of a component (`edit` says whether it changed the part); fails
 * saying what is `missing` when it changed none.
 */
function editParts(context: Context, schemaName: string, missing: string, edit: (part: JsonObject) => boolean): void {
  let found = false;
  for (const part of ownSubschemas(namedSchema(context, schemaName))) if (edit(part)) found = true;
  if (!found) fail(context, `${missing} as of ${context.change.date}.`);
}

/** Keeps the members of the array `holder[key]` that `keep` accepts, deleting the key when none is left; whether any was dropped. */
function keepMembers(holder: JsonObject, key: string, keep: (member: unknown, index: number) => boolean): boolean {
  const members = holder[key];
  if (!Array.isArray(members)) return false;
  const kept = members.filter(keep);
  if (kept.length === members.length) return false;
  if (kept.length === 0) delete holder[key];
  else holder[key] = kept;
  return true;
}

function revertFieldRenamed(context: Context, schemaName: string, from: string, to: string): void {
  const parts = ownSubschemas(namedSchema(context, schemaName));
  let found = false;
  for (const part of parts) {
    const properties = part.properties;
    if (isObject(properties) && hasOwn(properties, to)) {
      if (hasOwn(properties, from)) fail(context, `"${schemaName}" already has a property "${from}" beside "${to}".`);
      renameKey(properties, to, from);
      found = true;
    }
  }
  if (!found) fail(context, `"${schemaName}" has no property "${to}" as of ${context.change.date}.`);
  for (const part of parts) renameInRequirements(part, to, from);
}

function revertFieldAdded(context: Context, schemaName: string, field: string): void {
  const schema = namedSchema(context, schemaName);
  let parts = ownSubschemas(schema);
  if (!parts.some((part) => isObject(part.properties) && hasOwn(part.properties, field))) {
    fail(context, `"${schemaName}" has no property "${field}" as of ${context.change.date}.`);
  }
  for (const part of parts) dropMembersAbout(part, field);
  parts = ownSubschemas(schema);
  for (const part of parts) {
    if (isObject(part.properties)) delete part.properties[field];
    removeFromRequirements(part, field);
  }
}

function revertEnumValueAdded(context: Context, schemaName: string, value: string): void {
  editParts(context, schemaName, `the enum of "${schemaName}" has no value ${JSON.stringify(value)}`, (part) => {
    if (!Array.isArray(part.enum) || !part.enum.includes(value)) return false;
    part.enum = part.enum.filter((member) => member !== value);
    if (part.example === value) delete part.example;
    keepMembers(part, 'examples', (example) => example !== value);
    return true;
  });
}

/** Removes the combinator members of the component tagged `x-rule: rule` (the rule's JSON Schema form). */
function revertRuleAdded(context: Context, schemaName: string, rule: string): void {
  editParts(context, schemaName, `"${schemaName}" has no subschema tagged x-rule "${rule}"`, (part) =>
    ['allOf', 'anyOf', 'oneOf'].map((key) => keepMembers(part, key, (member) => !(isObject(member) && member['x-rule'] === rule))).includes(true),
  );
}

/** Older documents do not mark the field deprecated. */
function revertFieldDeprecated(context: Context, schemaName: string, field: string): void {
  editParts(context, schemaName, `"${schemaName}.${field}" is not marked deprecated`, (part) => {
    const property = isObject(part.properties) ? part.properties[field] : undefined;
    if (!isObject(property) || property.deprecated !== true) return false;
    delete property.deprecated;
    return true;
  });
}

function findOperationEntry(context: Context, operationId: string): OperationEntry {
  const entry = listOperations(context.document).find((candidate) => candidate.operationId === operationId);
  if (!entry) fail(context, `operation "${operationId}" is not in the document.`);
  return entry;
}

/** Index of the parameter (name, in) in the operation's own list; a `$ref`'d one is resolved. */
function parameterIndex(document: JsonObject, parameters: unknown, name: string, location: string): number {
  if (!Array.isArray(parameters)) return -1;
  return parameters.findIndex((parameter) => {
    const resolved = isObject(parameter) && typeof parameter.$ref === 'string' ? resolvePointer(document, parameter.$ref) : parameter;
    return isObject(resolved) && resolved.name === name && resolved.in === location;
  });
}

function inlineParameter(document: JsonObject, parameters: unknown[], index: number): JsonObject {
  const parameter = parameters[index];
  if (isObject(parameter) && typeof parameter.$ref === 'string') {
    const copy = clone(resolvePointer(document, parameter.$ref)) as JsonObject;
    parameters[index] = copy;
    return copy;
  }
  return parameter as JsonObject;
}

function revertParamRenamed(context: Context, operationIds: string[], location: string, from: string, to: string): void {
  // Renaming a path parameter renames it in every operation of the path item at once.
  const done = new Set<JsonObject>();
  for (const operationId of operationIds) {
    const entry = findOperationEntry(context, operationId);
    if (done.has(entry.operation)) continue;
    const parameters = entry.operation.parameters;
    const index = parameterIndex(context.document, parameters, to, location);
    if (index < 0) {
      const onPathItem = parameterIndex(context.document, entry.pathItem.parameters, to, location) >= 0;
      fail(
        context,
        onPathItem
          ? `${location} parameter "${to}" of "${operationId}" is declared on the path item; only operation parameters can be versioned.`
          : `operation "${operationId}" has no ${location} parameter "${to}" as of ${context.change.date}.`,
      );
    }
    if (parameterIndex(context.document, parameters, from, location) >= 0) {
      fail(context, `operation "${operationId}" already has a ${location} parameter "${from}".`);
    }
    inlineParameter(context.document, parameters as unknown[], index).name = from;
    if (location === 'path') for (const operation of renamePathTemplate(context, entry, from, to)) done.add(operation);
  }
}

/** A path parameter's name is also in the path template, shared by every operation of the path item. */
function renamePathTemplate(context: Context, entry: OperationEntry, from: string, to: string): JsonObject[] {
  const paths = context.document.paths as JsonObject;
  const renamed = entry.path.split(`{${to}}`).join(`{${from}}`);
  if (renamed === entry.path) return [];
  const others: JsonObject[] = [];
  for (const method of HTTP_METHODS) {
    const other = entry.pathItem[method];
    if (!isObject(other) || other === entry.operation) continue;
    const index = parameterIndex(context.document, other.parameters, to, 'path');
    if (index >= 0) inlineParameter(context.document, other.parameters as unknown[], index).name = from;
    others.push(other);
  }
  const shared = parameterIndex(context.document, entry.pathItem.parameters, to, 'path');
  if (shared >= 0) inlineParameter(context.document, entry.pathItem.parameters as unknown[], shared).name = from;
  renameKey(paths, entry.path, renamed);
  return others;
}

function revertParamAdded(context: Context, operationIds: string[], location: string, name: string): void {
  if (location === 'path') fail(context, 'a path parameter cannot be added without changing the path; describe a new operation instead.');
  for (const operationId of operationIds) {
    const entry = findOperationEntry(context, operationId);
    const parameters = entry.operation.parameters;
    const index = parameterIndex(context.document, parameters, name, location);
    if (index < 0) fail(context, `operation "${operationId}" has no ${location} parameter "${name}" as of ${context.change.date}.`);
    keepMembers(entry.operation, 'parameters', (_, i) => i !== index);
  }
}

/** How each instruction is undone, by its op: the type asks for one for every op. */
const REVERTS: { [Op in Instruction['op']]: (context: Context, instruction: Extract<Instruction, { op: Op }>) => void } = {
  field_renamed: (context, i) => revertFieldRenamed(context, i.schema, i.from, i.to),
  field_added: (context, i) => revertFieldAdded(context, i.schema, i.field),
  enum_value_added: (context, i) => revertEnumValueAdded(context, i.schema, i.value),
  param_renamed: (context, i) => revertParamRenamed(context, i.operations, i.in, i.from, i.to),
  param_added: (context, i) => revertParamAdded(context, i.operations, i.in, i.name),
  rule_added: (context, i) => revertRuleAdded(context, i.schema, i.rule),
  field_deprecated: (context, i) => revertFieldDeprecated(context, i.schema, i.field),
};

/** Applies the inverse of one entry to (a copy of) the document at that entry. */
export function revertChange(documentAt: JsonObject, change: VersionChange): JsonObject {
  const document = clone(documentAt);
  const before = reachableSchemas(document);
  for (const instruction of change.instructions) {
    const context: Context = { document, change, instruction };
    const revert = hasOwn(REVERTS, instruction.op) ? (REVERTS[instruction.op] as (context: Context, instruction: Instruction) => void) : undefined;
    if (revert) revert(context, instruction);
    else fail(context, `unknown instruction ${JSON.stringify((instruction as { op?: unknown }).op)}.`);
  }
  // Components that only the reverted fields used are gone in the older document. Components the
  // newer document did not reference either are left as they are.
  const after = reachableSchemas(document);
  const schemas = componentSchemas(document);
  if (schemas) for (const name of before) if (!after.has(name)) delete schemas[name];
  return document;
}

/**
 * The document at every version, structurally: index 0 is the baseline, index i + 1 the document as
 * of `ledger[i]`. Throws a clear error when an instruction does not match the document it applies to.
 */
export function structuralDocuments(newest: object, ledger: readonly VersionChange[]): JsonObject[] {
  if (!isObject(newest)) throw new Error('The newest document must be a plain JSON object.');
  checkLedgerDates(ledger);
  const documents: JsonObject[] = new Array(ledger.length + 1);
  documents[ledger.length] = clone(newest);
  for (let i = ledger.length - 1; i >= 0; i--) documents[i] = revertChange(documents[i + 1]!, ledger[i]!);
  return documents;
}
