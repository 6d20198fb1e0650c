// Where an observed request is under the base URL judged: its origin and path prefix. Which operation a
// path is for is the contract's one router (`operationFor` of the schema package), shared with the mocks.
import { type OperationRoute, operationFor } from '@mediagen/schema';

export type Route = OperationRoute;

/** The operation a request is for, with its path parameters; undefined when none. `path` is still percent-encoded. */
export const routeOf = (method: string, path: string): Route | undefined => operationFor(method, path);

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
