// Walking a paged listing: `page` from the query's (or 1) upwards, until `page · page_size ≥ total`,
// an empty page, or a response without pagination. Each page is one call of the lister, so it goes
// through the client (and its middleware) like any other call. A walk requests at most `maxPages`
// pages: a service that claims an endless total (or ignores `page`) ends it with PageLimitError.
import type { Lister, PagedList, PageParams, PaginateOptions } from '../types.js';
import type { Kit } from './kit.js';

export async function* pages<Q extends PageParams, T>(
  kit: Kit,
  lister: Lister<Q, T>,
  query: Q | undefined,
  { maxPages: budget, ...options }: PaginateOptions,
  defaultMaxPages: number,
): AsyncGenerator<PagedList<T>, void, undefined> {
  const maxPages = kit.countOption('maxPages', budget ?? defaultMaxPages, 1);
  let page = query?.page ?? 1;
  for (let requested = 0; ; ) {
    const items = await lister({ ...query, page } as Q, options);
    requested++;
    yield items;
    const pagination = items.pagination;
    if (items.length === 0 || !pagination) return;
    const current = typeof pagination.page === 'number' ? pagination.page : page;
    const size = typeof pagination.page_size === 'number' ? pagination.page_size : (query?.page_size ?? items.length);
    if (typeof pagination.total !== 'number' || current * size >= pagination.total) return;
    if (requested >= maxPages) {
      throw new kit.PageLimitError(
        `stopped paging after ${requested} pages (maxPages); the service claims ${pagination.total} items, ${size} a page. Narrow the query or raise maxPages.`,
        maxPages,
      );
    }
    // Never backwards or in place, whatever page the server says it sent.
    page = Math.max(current, page) + 1;
  }
}
