// What a history knows of the account's resources: whether each exists or was deleted (and by what),
// and when it was created, for what the history saw created. Bounded: past `maxIds` remembered ids,
// the oldest go first.
export type ResourceKind = 'generation' | 'media' | 'asset' | 'character';
export type Existence = 'exists' | 'deleted' | 'unknown';

/** A map that forgets its oldest keys past `max` (a recording of a long session stays bounded). */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }
  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.max) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}

export class Resources {
  private readonly existence: Map<string, Existence>;
  /** `kind:id` → when the answer that created it came (ms). */
  private readonly created: Map<string, number>;
  /** `kind:id` → the operation that deleted it. */
  private readonly deleters: Map<string, string>;

  constructor(maxIds: number) {
    this.existence = new BoundedMap(maxIds);
    this.created = new BoundedMap(maxIds);
    this.deleters = new BoundedMap(maxIds);
  }

  exists(kind: ResourceKind, id: string): Existence {
    return this.existence.get(`${kind}:${id}`) ?? 'unknown';
  }

  /** When the history saw the resource created (ms), if it did. */
  createdAt(kind: ResourceKind, id: string): number | undefined {
    return this.created.get(`${kind}:${id}`);
  }

  /** The operation that deleted the resource, if the history saw it deleted. */
  deletedBy(kind: ResourceKind, id: string): string | undefined {
    return this.deleters.get(`${kind}:${id}`);
  }

  mark(kind: ResourceKind, id: string, state: 'exists' | 'deleted', by?: string): void {
    // A deleted resource does not come back by being named again.
    if (state === 'exists' && this.existence.get(`${kind}:${id}`) === 'deleted') return;
    this.existence.set(`${kind}:${id}`, state);
    if (state === 'deleted' && by !== undefined) this.deleters.set(`${kind}:${id}`, by);
  }

  born(kind: ResourceKind, id: string, at: number): void {
    if (!this.created.has(`${kind}:${id}`)) this.created.set(`${kind}:${id}`, at);
  }
}
