// The code change of one upgrade finding, for `@mediagen/client` users: the call at the old date and at
// the new one. At an older date the client is the raw openapi-fetch client typed by that date's paths
// (`createRawClient<paths>()` with `paths` from `@mediagen/client/versions/<date>`: the friendly methods
// always speak the newest shape); at the newest date it is the friendly method (`client.generations.list`),
// whose answer is the envelope's `data`.
import { latestDate, type OperationSpec } from '@mediagen/schema';
import { ITEMS, pathSegments } from '../usage/fields.js';
import type { Location } from '../usage/versions.js';
import { CLIENT_METHODS } from './client-methods.generated.js';

export interface CodeChange {
  before: string;
  after: string;
}

const INDEXES = ['i', 'j', 'k', 'l', 'm', 'n'];

/** `data[].media[].dim` as an access expression: `data[i].media[j].dim`. */
function access(segments: readonly string[]): string {
  let out = '';
  let n = 0;
  for (const segment of segments) out += segment === ITEMS ? `[${INDEXES[n++] ?? 'x'}]` : out === '' ? segment : `.${segment}`;
  return out;
}

/** A literal that holds a field at `segments`: `[].character.weight` → `[{ character: { weight } }]`. */
function literal(segments: readonly string[]): string {
  if (segments.length === 0) return '…';
  const [head, ...rest] = segments;
  if (head === ITEMS) return `[${literal(rest)}]`;
  return rest.length === 0 ? `{ ${head} }` : `{ ${head}: ${literal(rest)} }`;
}

const pathParams = (op: OperationSpec) => [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** The raw client's call of `op`, at a version, sending `field` where `location` says. */
function rawCall(op: OperationSpec, location: Location, field: string | undefined): string {
  const params = pathParams(op);
  const parts: string[] = [];
  const paramParts: string[] = [];
  if (params.length) paramParts.push(`path: { ${params.join(', ')} }`);
  if (location.kind === 'query' && field) paramParts.push(`query: ${literal(pathSegments(field))}`);
  if (paramParts.length) parts.push(`params: { ${paramParts.join(', ')} }`);
  if (location.kind === 'body') parts.push(field ? `body: ${literal(pathSegments(field))}` : 'body');
  return `api.${op.method.toUpperCase()}('${op.path}'${parts.length ? `, { ${parts.join(', ')} }` : ''})`;
}

/** The friendly method's call of `op`: path parameters, then the body, then the query, as the methods take them. */
function friendlyCall(op: OperationSpec, location: Location, field: string | undefined): string {
  const args = [...pathParams(op)];
  if (location.kind === 'body') args.push(field ? literal(pathSegments(field)) : 'body');
  if (location.kind === 'query' && field) args.push(literal(pathSegments(field)));
  return `client.${CLIENT_METHODS[op.operationId] ?? op.operationId}(${args.join(', ')})`;
}

/** One side of the change: the call sending the field, or reading it from the answer. */
function side(op: OperationSpec, location: Location, field: string | undefined, version: string): string {
  const segments = field === undefined ? [] : pathSegments(field);
  const friendly = version === latestDate && (location.kind !== 'response' || segments[0] === 'data');
  const setup = friendly ? `// const client = createClient()` : `// const api = createRawClient<paths>(), paths from '@mediagen/client/versions/${version}'`;
  if (location.kind !== 'response') return `${setup}\n${friendly ? friendlyCall(op, location, field) : rawCall(op, location, field)}`;
  // The friendly methods answer with the envelope's data: the path starts below it.
  const read = friendly ? access(segments.slice(1)) : access(segments);
  // The call that answers: with its body, if the operation takes one.
  const sent: Location = op.body ? { kind: 'body' } : { kind: 'query' };
  const call = friendly ? friendlyCall(op, sent, undefined) : rawCall(op, sent, undefined);
  const value = friendly ? `(await ${call})` : `(await ${call}).data!`;
  return `${setup}\n${value}${read.startsWith('[') || read === '' ? read : `.${read}`}`;
}

/** The code change of a finding: the call or read at the consumer's version, and at the target. */
export function codeChange(op: OperationSpec, location: Location, before: string | undefined, after: string | undefined, from: string, to: string): CodeChange {
  return { before: side(op, location, before, from), after: side(op, location, after, to) };
}
