// A list kept in order as items come and go: binary search for the place, so adding and removing
// never sorts, and a page is a slice. The sandbox's listings read pages from these instead of
// sorting every record on every request.

export class OrderedList<T> {
  private readonly items: T[] = [];
  /** `compare(a, b) < 0` when a comes first; must be a total order over the items held. */
  constructor(private readonly compare: (a: T, b: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  /** Where `item` goes (or is): the first position whose item does not come before it. */
  private place(item: T): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(this.items[mid]!, item) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  add(item: T): void {
    this.items.splice(this.place(item), 0, item);
  }

  remove(item: T): void {
    const at = this.place(item);
    if (this.items[at] === item) this.items.splice(at, 1);
  }

  /** Items `start` (inclusive) to `end` (exclusive), in order. */
  slice(start: number, end: number): T[] {
    return this.items.slice(start, end);
  }

  /** Every item, in order (for filters that must look at each one). */
  values(): readonly T[] {
    return this.items;
  }
}
