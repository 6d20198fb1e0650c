// Walking a paged listing: `page` from the query's (or 1) upwards, until `page · page_size ≥ total`,
// an empty page, or a response without pagination. Each page is one call of the lister, so it goes
// through the client (and its middleware) like any other call.
import type { Lister, PageParams } from '../pagination.js';
import type { PagedList, RequestOptions } from '../types.js';

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
    // Never backwards or in place, whatever page the server says it sent.
    page = Math.max(current, page) + 1;
  }
}
