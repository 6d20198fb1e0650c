// Walking paged listings: `page` from the query (or 1) upwards, until `page · page_size ≥ total`,
// an empty page, or a response without pagination, and never more than `maxPages` pages.
import { loadWork } from './lazy/load.js';
import { KIT } from './toolkit.js';
import type { Lister, PagedList, PageParams, PaginateOptions } from './types.js';

/** The page budget of a walk when neither the call nor the client sets one. */
export const DEFAULT_MAX_PAGES = 1_000;

/**
 * Every page of a listing, one at a time. The walk itself is in `lazy/pages.ts`, loaded on first use
 * (walking pages takes requests anyway, and the core entry stays smaller).
 */
export async function* pages<Q extends PageParams, T>(
  lister: Lister<Q, T>,
  query?: Q,
  options: PaginateOptions = {},
): AsyncGenerator<PagedList<T>, void, undefined> {
  yield* (await loadWork()).pages(KIT, lister, query, options, DEFAULT_MAX_PAGES);
}

/** Every item of a listing across its pages: `for await (const model of paginate(client.resources.models))`. */
export async function* paginate<Q extends PageParams, T>(lister: Lister<Q, T>, query?: Q, options?: PaginateOptions): AsyncGenerator<T, void, undefined> {
  for await (const page of pages(lister, query, options)) yield* page;
}
