// Which operation a request is for, decided at the edge before anything else parses it: the raw
// path is split into segments, each segment must be valid percent-encoding, and the segments are
// matched against the templates the mock serves (`/pub/v1/generations/{generation_id}`). The
// answer is a route, "no such path" (404) or "path known, method not" (405 with `Allow`).

export interface RouteTemplate {
  method: string;
  /** OpenAPI style: `{name}` is one path segment. */
  path: string;
}

export type PathMatch<T extends RouteTemplate> =
  | { kind: 'route'; route: T; params: Record<string, string> }
  | { kind: 'malformed'; message: string }
  | { kind: 'unknown_path' }
  | { kind: 'method_not_allowed'; allow: string[] };

interface Compiled<T> {
  route: T;
  segments: ({ literal: string } | { param: string })[];
}

/** Decoded path segments, or the message saying why the path is not valid percent-encoding. */
export function decodeSegments(rawPath: string): string[] | { message: string } {
  const segments = rawPath.split('/').slice(1);
  const decoded: string[] = [];
  for (const segment of segments) {
    try {
      decoded.push(decodeURIComponent(segment));
    } catch {
      return { message: `the path is not valid percent-encoding (segment "${segment.slice(0, 40)}")` };
    }
  }
  return decoded;
}

export class PathTable<T extends RouteTemplate> {
  private readonly compiled: Compiled<T>[];

  constructor(routes: readonly T[]) {
    this.compiled = routes.map((route) => ({
      route,
      segments: route.path
        .split('/')
        .slice(1)
        .map((part) => {
          const param = /^\{(\w+)\}$/.exec(part);
          return param ? { param: param[1]! } : { literal: part };
        }),
    }));
  }

  /** `rawPath` is the path as sent (still percent-encoded), without the query. */
  match(method: string, rawPath: string): PathMatch<T> {
    const decoded = decodeSegments(rawPath);
    if (!Array.isArray(decoded)) return { kind: 'malformed', message: decoded.message };
    const allow: string[] = [];
    for (const { route, segments } of this.compiled) {
      const params = matchSegments(segments, decoded);
      if (!params) continue;
      if (route.method.toUpperCase() === method.toUpperCase()) return { kind: 'route', route, params };
      allow.push(route.method.toUpperCase());
    }
    if (allow.length === 0) return { kind: 'unknown_path' };
    return { kind: 'method_not_allowed', allow: [...new Set(allow)] };
  }
}

function matchSegments(template: Compiled<unknown>['segments'], decoded: readonly string[]): Record<string, string> | undefined {
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
