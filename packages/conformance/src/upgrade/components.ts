// Where each component schema of a dated document sits in the exchanges of each operation: in its
// request body, its query (a parameter's schema) or a response, at which object path. The ledger names
// changes by component (`CharacterSettings.weight` deprecated, a rule on `GenerationItem`); this says
// which field paths of which calls that is. Documents are the schema package's emitted ones.
import { createRequire } from 'node:module';
import { documentOperations, isObject, type JsonObject } from '@mediagen/schema/util';
import { ITEMS, pathText } from '../usage/fields.js';
import type { Location } from '../usage/versions.js';

const require = createRequire(import.meta.url);

/** One place a component sits: an operation, a location, and the path of the object (`''` the root). */
export interface ComponentSite {
  operationId: string;
  location: Location;
  holder: string;
}

const documents = new Map<string, JsonObject>();

/** The emitted document of a version (`baseline` or a ledger date), read once. */
export function documentOf(version: string): JsonObject {
  let document = documents.get(version);
  if (!document) {
    document = require(`@mediagen/schema/versions/${version}.json`) as JsonObject;
    documents.set(version, document);
  }
  return document;
}

const refName = (ref: string) => (ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined);

function mediaSchema(document: JsonObject, holder: unknown): unknown {
  let node = holder;
  if (isObject(node) && typeof node.$ref === 'string') node = resolve(document, node.$ref);
  if (!isObject(node) || !isObject(node.content)) return undefined;
  const json = Object.entries(node.content).find(([type]) => /json/i.test(type))?.[1];
  return isObject(json) ? json.schema : undefined;
}

function resolve(document: JsonObject, ref: string): unknown {
  let node: unknown = document;
  for (const part of ref.replace(/^#\//, '').split('/')) node = isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return node;
}

const indexes = new Map<string, Map<string, ComponentSite[]>>();

/** Component name → every site of it, for one document (computed once per version). */
export function componentSites(version: string): Map<string, ComponentSite[]> {
  let index = indexes.get(version);
  if (!index) {
    index = sitesIn(documentOf(version));
    indexes.set(version, index);
  }
  return index;
}

function sitesIn(document: JsonObject): Map<string, ComponentSite[]> {
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const sites = new Map<string, ComponentSite[]>();
  const seen = new Set<string>();
  const record = (name: string, site: ComponentSite) => {
    const key = `${name} ${site.operationId} ${JSON.stringify(site.location)} ${site.holder}`;
    if (seen.has(key)) return;
    seen.add(key);
    sites.set(name, [...(sites.get(name) ?? []), site]);
  };
  const walk = (node: unknown, path: readonly string[], at: Omit<ComponentSite, 'holder'>, stack: readonly string[]): void => {
    if (!isObject(node) || path.length > 16) return;
    if (typeof node.$ref === 'string') {
      const name = refName(node.$ref);
      if (name === undefined || stack.includes(name)) return;
      record(name, { ...at, holder: pathText(path) });
      walk(schemas[name], path, at, [...stack, name]);
      return;
    }
    if (isObject(node.properties)) for (const [key, sub] of Object.entries(node.properties)) walk(sub, [...path, key], at, stack);
    if (isObject(node.items)) walk(node.items, [...path, ITEMS], at, stack);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) if (Array.isArray(node[key])) for (const member of node[key]) walk(member, path, at, stack);
    for (const key of ['then', 'else'] as const) walk(node[key], path, at, stack);
  };
  for (const { operation: op, operationId } of documentOperations(document)) {
    if (operationId === undefined) continue;
    walk(mediaSchema(document, op.requestBody), [], { operationId, location: { kind: 'body' } }, []);
    for (const raw of Array.isArray(op.parameters) ? op.parameters : []) {
      const parameter = isObject(raw) && typeof raw.$ref === 'string' ? resolve(document, raw.$ref) : raw;
      if (isObject(parameter) && parameter.in === 'query' && typeof parameter.name === 'string')
        walk(parameter.schema, [parameter.name], { operationId, location: { kind: 'query' } }, []);
    }
    for (const [status, response] of Object.entries(isObject(op.responses) ? op.responses : {}))
      walk(mediaSchema(document, response), [], { operationId, location: { kind: 'response', status } }, []);
  }
  return sites;
}

/** The components at an object path of an operation's location, in a version's document. */
export function componentsAt(version: string, operationId: string, location: Location, holder: string): string[] {
  const found: string[] = [];
  for (const [name, list] of componentSites(version)) {
    if (list.some((s) => s.operationId === operationId && s.holder === holder && sameLocation(s.location, location))) found.push(name);
  }
  return found;
}

/** Whether two locations are the same: a response's status as the document writes it (`200`, `4XX`, `default`). */
export function sameLocation(a: Location, b: Location): boolean {
  if (a.kind !== b.kind) return false;
  return a.kind !== 'response' || b.kind !== 'response' || a.status === b.status;
}

/** Whether a status seen (`404`) is covered by a status as a document or a plan writes it (`404`, `4XX`, `default`). */
export function statusCovers(written: string, seen: string): boolean {
  return written === seen || written.toUpperCase() === `${seen.charAt(0)}XX` || written === 'default';
}
