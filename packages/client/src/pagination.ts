// Walking paged listings: `page` from the query (or 1) upwards, until `page · page_size ≥ total`,
// an empty page, or a response without pagination.

import { loadWork } from './lazy/load.js';
import type { PagedList, RequestOptions } from './types.js';

export interface PageParams {
  page?: number;
  page_size?: number;
}

/** A paged listing method of the client, e.g. `client.resources.models`. */
export type Lister<Q extends PageParams, T> = (query?: Q, options?: RequestOptions) => Promise<PagedList<T>>;

/**
 * Every page of a listing, one at a time. The walk itself is in `lazy/pages.ts`, loaded on first use
 * (walking pages takes requests anyway, and the core entry stays smaller).
 */
export async function* pages<Q extends PageParams, T>(
  lister: Lister<Q, T>,
  query?: Q,
  options?: RequestOptions,
): AsyncGenerator<PagedList<T>, void, undefined> {
  yield* (await loadWork()).pages(lister, query, options);
}

/** Every item of a listing across its pages: `for await (const model of paginate(client.resources.models))`. */
export async function* paginate<Q extends PageParams, T>(lister: Lister<Q, T>, query?: Q, options?: RequestOptions): AsyncGenerator<T, void, undefined> {
  for await (const page of pages(lister, query, options)) yield* page;
}
