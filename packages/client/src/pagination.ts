// Walking paged listings: `page` from the query (or 1) upwards, until `page · page_size ≥ total`,
// an empty page, or a response without pagination.
import type { PagedList, RequestOptions } from './types.js';

export interface PageParams {
  page?: number;
  page_size?: number;
}

/** A paged listing method of the client, e.g. `client.resources.models`. */
export type Lister<Q extends PageParams, T> = (query?: Q, options?: RequestOptions) => Promise<PagedList<T>>;

/** Every page of a listing, one at a time. */
export async function* pages<Q extends PageParams, T>(
  lister: Lister<Q, T>,
  query?: Q,
  options?: RequestOptions,
): AsyncGenerator<PagedList<T>, void, undefined> {
  let page = query?.page ?? 1;
  for (;;) {
    const items = await lister({ ...query, page } as Q, options);
    yield items;
    const pagination = items.pagination;
    if (items.length === 0 || !pagination) return;
    const current = typeof pagination.page === 'number' ? pagination.page : page;
    const size = typeof pagination.page_size === 'number' ? pagination.page_size : (query?.page_size ?? items.length);
    if (typeof pagination.total !== 'number' || current * size >= pagination.total) return;
    page = current + 1;
  }
}

/** Every item of a listing across its pages: `for await (const model of paginate(client.resources.models))`. */
export async function* paginate<Q extends PageParams, T>(
  lister: Lister<Q, T>,
  query?: Q,
  options?: RequestOptions,
): AsyncGenerator<T, void, undefined> {
  for await (const page of pages(lister, query, options)) yield* page;
}
