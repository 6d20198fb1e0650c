// The catalogue listings a history saw: their items by name, and whether each was seen whole (its last
// page, or a total no larger than what was seen). Only a listing seen whole says which names exist.
import type { CatalogueItem, CatalogueName, OperationSpec } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { dataOf, type Exchange } from './exchange.js';

interface Listing {
  items: Map<string, CatalogueItem>;
  /** The listing was seen whole (its last page, or a total no larger than what was seen). */
  complete: boolean;
}

/** What a catalogue listing shows: its items, and whether it was seen whole. */
function learnListing(listings: Map<CatalogueName, Listing>, op: OperationSpec, exchange: Exchange): void {
  const name = op.catalogue!;
  const data = dataOf(exchange);
  if (!Array.isArray(data)) return;
  const listing = listings.get(name) ?? { items: new Map(), complete: false };
  listings.set(name, listing);
  for (const item of data.filter(isObject)) {
    if (typeof item.name !== 'string') continue;
    listing.items.set(item.name, { name: item.name, base_model: typeof item.base_model === 'string' ? item.base_model : '' });
  }
  // Seen whole: an unfiltered listing whose page is its last one, or whose total is what was seen.
  const query = exchange.request.query ?? {};
  if (query.type !== undefined) return;
  const pagination = isObject(exchange.json) && isObject(exchange.json.pagination) ? exchange.json.pagination : undefined;
  const pageSize = Number(query.page_size ?? pagination?.page_size);
  const page = Number(query.page ?? 1);
  if (typeof pagination?.total === 'number' && pagination.total <= listing.items.size) listing.complete = true;
  else if (page === 1 && Number.isFinite(pageSize) && data.length < pageSize) listing.complete = true;
}

/** Every listing a history saw. */
export class Listings {
  private readonly listings = new Map<CatalogueName, Listing>();

  /** Learns from a served answer of a catalogue listing. */
  learn(op: OperationSpec, exchange: Exchange): void {
    learnListing(this.listings, op, exchange);
  }

  /** The items of a listing seen whole, or undefined (a partial one would call listed names unknown). */
  whole(name: CatalogueName): CatalogueItem[] | undefined {
    const listing = this.listings.get(name);
    return listing?.complete ? [...listing.items.values()] : undefined;
  }
}
