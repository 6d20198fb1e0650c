// Which operation of the contract an observed request is for: its method and its path (under the base
// URL judged) matched against the operations table's templates, a literal segment winning over a
// parameter (`/generations/estimate` is not a generation id). A path that is not valid
// percent-encoding, or that no template matches, is for no operation.
import { type OperationSpec, operationList } from '@mediagen/schema';

export interface Route {
  op: OperationSpec;
  /** The path parameters, decoded. */
  params: Record<string, string>;
}

type Segment = { literal: string } | { param: string };

const compiled = operationList.map((op) => ({
  op,
  method: op.method.toUpperCase(),
  segments: op.path
    .split('/')
    .slice(1)
    .map((part): Segment => {
      const param = /^\{(\w+)\}$/.exec(part);
      return param ? { param: param[1]! } : { literal: part };
    }),
}));

/** How many literal segments a template has: the more, the more specific. */
const literals = (segments: readonly Segment[]) => segments.filter((s) => 'literal' in s).length;

/** The operation a request is for, with its path parameters; undefined when none. `path` is still percent-encoded. */
export function routeOf(method: string, path: string): Route | undefined {
  const decoded: string[] = [];
  for (const raw of path.split('/').slice(1)) {
    try {
      decoded.push(decodeURIComponent(raw));
    } catch {
      return undefined;
    }
  }
  let best: { route: Route; score: number } | undefined;
  const upper = method.toUpperCase();
  for (const { op, method: opMethod, segments } of compiled) {
    if (opMethod !== upper || segments.length !== decoded.length) continue;
    const params: Record<string, string> = {};
    const matched = segments.every((segment, i) => {
      const value = decoded[i]!;
      if ('literal' in segment) return segment.literal === value;
      params[segment.param] = value;
      return value.length > 0;
    });
    if (!matched) continue;
    const score = literals(segments);
    if (!best || score > best.score) best = { route: { op, params }, score };
  }
  return best?.route;
}

/** The base URL judged: its origin, and the path prefix operations are under (empty for the API itself). */
export interface Base {
  origin: string;
  prefix: string;
}

export function baseOf(baseUrl: string): Base {
  const url = new URL(baseUrl);
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/** The path of `url` under `base`, or undefined when the URL is elsewhere (another origin, another prefix). */
export function pathUnder(base: Base, url: URL): string | undefined {
  if (url.origin !== base.origin) return undefined;
  if (!base.prefix) return url.pathname;
  if (url.pathname !== base.prefix && !url.pathname.startsWith(`${base.prefix}/`)) return undefined;
  return url.pathname.slice(base.prefix.length) || '/';
}
