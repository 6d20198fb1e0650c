// Which operation a request is for, decided from its method and its raw path (as sent, still
// percent-encoded, without the query): one router for every consumer (the mocks' edges, the
// conformance suite's recordings and proxy, anything judging traffic). The path is split into
// segments; each must be valid percent-encoding; the decoded segments are matched against OpenAPI
// templates (`/pub/v1/generations/{generation_id}`), where `{name}` is one non-empty segment. Among
// the templates of the request's method, the one with the most literal segments wins
// (`POST /pub/v1/generations/estimate` is the estimate, not a generation id); a path some template
// matches under other methods only is "method not allowed", with the methods that are.
import { type OperationSpec, operationList } from './operations.js';

export interface RouteTemplate {
  /** Any case: `get` and `GET` are one method. */
  method: string;
  /** OpenAPI style: `{name}` is one path segment. */
  path: string;
}

export type PathMatch<T extends RouteTemplate> =
  | { kind: 'route'; route: T; params: Record<string, string> }
  | { kind: 'malformed'; message: string }
  | { kind: 'unknown_path' }
  /** `allow`: the methods (upper case, in table order, each once) of every template the path matches. */
  | { kind: 'method_not_allowed'; allow: string[] };

type Segment = { literal: string } | { param: string };

interface Compiled<T> {
  route: T;
  method: string;
  segments: Segment[];
  /** How many literal segments the template has: the more, the more specific. */
  literals: number;
}

/** Decoded path segments, or the message saying why the path is not valid percent-encoding. */
function decodeSegments(rawPath: string): string[] | { message: string } {
  if (!rawPath.startsWith('/')) return { message: 'the path must start with /' };
  const decoded: string[] = [];
  for (const segment of rawPath.split('/').slice(1)) {
    try {
      decoded.push(decodeURIComponent(segment));
    } catch {
      return { message: `the path is not valid percent-encoding (segment "${segment.slice(0, 40)}")` };
    }
  }
  return decoded;
}

/** The parameters of `template` in `decoded`, or undefined when it does not match (an empty value matches no parameter). */
function matchSegments(template: readonly Segment[], decoded: readonly string[]): Record<string, string> | undefined {
  if (template.length !== decoded.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const part = template[i]!;
    const value = decoded[i]!;
    if ('literal' in part) {
      if (part.literal !== value) return undefined;
    } else {
      if (value === '') return undefined;
      params[part.param] = value;
    }
  }
  return params;
}

/** A table of route templates, matched against raw request paths. */
export class PathTable<T extends RouteTemplate> {
  private readonly compiled: Compiled<T>[];

  constructor(routes: readonly T[]) {
    this.compiled = routes.map((route) => {
      const segments = route.path
        .split('/')
        .slice(1)
        .map((part): Segment => {
          const param = /^\{(\w+)\}$/.exec(part);
          return param ? { param: param[1]! } : { literal: part };
        });
      return { route, method: route.method.toUpperCase(), segments, literals: segments.filter((s) => 'literal' in s).length };
    });
  }

  /** `rawPath` is the path as sent (starting with `/`, still percent-encoded), without the query. */
  match(method: string, rawPath: string): PathMatch<T> {
    const decoded = decodeSegments(rawPath);
    if (!Array.isArray(decoded)) return { kind: 'malformed', message: decoded.message };
    const wanted = method.toUpperCase();
    let best: { compiled: Compiled<T>; params: Record<string, string> } | undefined;
    const allow: string[] = [];
    for (const compiled of this.compiled) {
      const params = matchSegments(compiled.segments, decoded);
      if (!params) continue;
      allow.push(compiled.method);
      // Ties keep the first in table order.
      if (compiled.method === wanted && (!best || compiled.literals > best.compiled.literals)) best = { compiled, params };
    }
    if (best) return { kind: 'route', route: best.compiled.route, params: best.params };
    if (allow.length === 0) return { kind: 'unknown_path' };
    return { kind: 'method_not_allowed', allow: [...new Set(allow)] };
  }
}

/** An operation of the contract and the path parameters of the request, decoded. */
export interface OperationRoute {
  op: OperationSpec;
  params: Record<string, string>;
}

let operationTable: PathTable<OperationSpec> | undefined;

/** How a request matches the contract's operations: the operation, a malformed path, an unknown path, or a method not allowed (with the methods that are). */
export function matchOperation(method: string, rawPath: string): PathMatch<OperationSpec> {
  operationTable ??= new PathTable(operationList);
  return operationTable.match(method, rawPath);
}

/** The operation a request is for, with its decoded path parameters; undefined when none (a malformed path included). */
export function operationFor(method: string, rawPath: string): OperationRoute | undefined {
  const match = matchOperation(method, rawPath);
  return match.kind === 'route' ? { op: match.route, params: match.params } : undefined;
}
