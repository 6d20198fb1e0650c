// Where each component schema of a dated document sits in the exchanges of each operation: in its
// request body, its query (a parameter's schema) or a response, at which object path. The ledger names
// changes by component (`CharacterSettings.weight` deprecated, a rule on `GenerationItem`); this says
// which field paths of which calls that is.
import { isObject, type JsonObject, resolvePointer } from '../util/json.js';
import { documentOperations } from '../util/operations.js';
import { ITEMS, type Location, pathText } from './field-paths.js';

/** One place a component sits: an operation, a location, and the path of the object (`''` the root). */
export interface ComponentSite {
  operationId: string;
  location: Location;
  holder: string;
}

const refName = (ref: string) => (ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined);

function mediaSchema(document: JsonObject, holder: unknown): unknown {
  let node = holder;
  if (isObject(node) && typeof node.$ref === 'string') node = resolvePointer(document, node.$ref);
  if (!isObject(node) || !isObject(node.content)) return undefined;
  const json = Object.entries(node.content).find(([type]) => /json/i.test(type))?.[1];
  return isObject(json) ? json.schema : undefined;
}

/** Component name → every site of it in `document` (a dated document of the contract). */
export function componentSites(document: JsonObject): Map<string, ComponentSite[]> {
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
      const parameter = isObject(raw) && typeof raw.$ref === 'string' ? resolvePointer(document, raw.$ref) : raw;
      if (isObject(parameter) && parameter.in === 'query' && typeof parameter.name === 'string')
        walk(parameter.schema, [parameter.name], { operationId, location: { kind: 'query' } }, []);
    }
    for (const [status, response] of Object.entries(isObject(op.responses) ? op.responses : {}))
      walk(mediaSchema(document, response), [], { operationId, location: { kind: 'response', status } }, []);
  }
  return sites;
}

/** The components at an object path of an operation's location, among a document's component sites. */
export function componentsAt(sites: ReadonlyMap<string, readonly ComponentSite[]>, operationId: string, location: Location, holder: string): string[] {
  const found: string[] = [];
  for (const [name, list] of sites) {
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
