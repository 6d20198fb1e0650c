// Edits of one schema object about one field, for reverting its addition or rename: the combinator
// members that only concern the field, and the `required` lists that name it.
import { isObject, type JsonObject, renameKey } from '../util/json.js';

const ANNOTATIONS = new Set(['title', 'description', '$comment']);

function keysWithin(object: JsonObject, allowed: ReadonlySet<string>): boolean {
  for (const key of Object.keys(object)) if (!allowed.has(key) && !ANNOTATIONS.has(key)) return false;
  return true;
}

const REQUIRE_KEYS = new Set(['required', 'properties']);

/** `{ required: [field] }` (optionally constraining that one property): unsatisfiable without the field. */
function onlyRequires(schema: unknown, field: string): boolean {
  if (!isObject(schema) || !keysWithin(schema, REQUIRE_KEYS)) return false;
  const required = schema.required;
  if (!Array.isArray(required) || required.length !== 1 || required[0] !== field) return false;
  const properties = schema.properties;
  if (properties === undefined) return true;
  return isObject(properties) && Object.keys(properties).every((key) => key === field);
}

/** A schema that mentions `field` and nothing else (a constraint on that field only). */
function onlyMentions(schema: unknown, field: string): boolean {
  if (!isObject(schema) || !keysWithin(schema, REQUIRE_KEYS)) return false;
  let mentions = 0;
  const required = schema.required;
  if (required !== undefined) {
    if (!Array.isArray(required) || !required.every((name) => name === field)) return false;
    mentions += required.length;
  }
  const properties = schema.properties;
  if (properties !== undefined) {
    if (!isObject(properties) || !Object.keys(properties).every((key) => key === field)) return false;
    mentions += Object.keys(properties).length;
  }
  return mentions > 0;
}

const CONDITIONAL_KEYS = new Set(['if', 'then', 'else']);

/** Removes combinator members that only concern `field` from one schema object. */
export function dropMembersAbout(schema: JsonObject, field: string): void {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (!Array.isArray(members)) continue;
    const kept = members.filter((member) => !onlyRequires(member, field));
    if (kept.length === members.length) continue;
    const [only] = kept;
    if (kept.length === 0) delete schema[key];
    else if (kept.length === 1 && isObject(only) && Object.keys(only).every((k) => !(k in schema) || k === key)) {
      // `anyOf: [X]` says no more than X: fold the last member into the schema itself.
      delete schema[key];
      Object.assign(schema, only);
    } else schema[key] = kept;
  }
  const allOf = schema.allOf;
  if (Array.isArray(allOf)) {
    const kept: unknown[] = [];
    for (const member of allOf) {
      if (onlyMentions(member, field)) continue;
      if (isObject(member) && keysWithin(member, CONDITIONAL_KEYS) && onlyRequires(member.if, field)) {
        // The condition can no longer hold: only the `else` branch (if any) still applies.
        if (member.else !== undefined) kept.push(member.else);
        continue;
      }
      kept.push(member);
    }
    if (kept.length !== allOf.length) {
      if (kept.length === 0) delete schema.allOf;
      else schema.allOf = kept;
    }
  }
  if (onlyRequires(schema.if, field)) {
    const otherwise = schema.else;
    delete schema.if;
    delete schema.then;
    delete schema.else;
    if (otherwise !== undefined) schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), otherwise];
  }
}

export function renameInRequirements(schema: JsonObject, from: string, to: string): void {
  if (Array.isArray(schema.required)) schema.required = schema.required.map((name) => (name === from ? to : name));
  const dependent = schema.dependentRequired;
  if (isObject(dependent)) {
    for (const key of Object.keys(dependent)) {
      const names = dependent[key];
      if (Array.isArray(names)) dependent[key] = names.map((name) => (name === from ? to : name));
    }
    renameKey(dependent, from, to);
  }
}

export function removeFromRequirements(schema: JsonObject, field: string): void {
  if (Array.isArray(schema.required)) {
    const kept = schema.required.filter((name) => name !== field);
    if (kept.length === 0) delete schema.required;
    else schema.required = kept;
  }
  const dependent = schema.dependentRequired;
  if (isObject(dependent)) {
    delete dependent[field];
    for (const key of Object.keys(dependent)) {
      const names = dependent[key];
      if (Array.isArray(names)) dependent[key] = names.filter((name) => name !== field);
    }
  }
}
