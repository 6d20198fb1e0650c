// What the exchanges judged so far show of the target's state, learnt in order from the answers it
// served, whoever sent them (a live run, a recording, the proxy): the resources that exist (and those
// deleted since, and by what), when each was created, which generation each media item belongs to, the
// catalogue listings (and whether a listing was seen whole), the uploaded inputs' sizes, and the
// characters' names. Intent inference reads it to tell a request the contract allows from one that
// breaks a rule needing the target's facts; the stateful checks read it to follow resources across
// exchanges. Bodies arrive in the newest shape (the judge upgrades them through the ledger), so no
// legacy name is read here. Bounded: past `maxIds` remembered ids, the oldest go.
import {
  type CatalogueItem,
  type CatalogueName,
  createdId,
  deletedIds,
  type GenerationContext,
  type InputMetadata,
  type OperationSpec,
  operations,
} from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { served } from './answer.js';
import { dataOf, type Exchange } from './exchange.js';

export type ResourceKind = 'generation' | 'media' | 'asset' | 'character';
export type Existence = 'exists' | 'deleted' | 'unknown';

/** A map that forgets its oldest keys past `max` (a recording of a long session stays bounded). */
class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }
  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.max) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}

interface Listing {
  items: Map<string, CatalogueItem>;
  /** The listing was seen whole (its last page, or a total no larger than what was seen). */
  complete: boolean;
}

const stringAt = (value: unknown, key: string): string | undefined => (isObject(value) && typeof value[key] === 'string' ? value[key] : undefined);

/** The media items of a generation (in the newest shape: `media`). */
export function mediaOfGeneration(generation: unknown): { id: string; status?: string }[] {
  const list = isObject(generation) ? generation.media : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).flatMap((m) => (typeof m.id === 'string' ? [{ id: m.id, ...(typeof m.status === 'string' ? { status: m.status } : {}) }] : []));
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

export class History {
  private readonly existence: Map<string, Existence>;
  /** `kind:id` → when the answer that created it came (ms), for what this history saw created. */
  private readonly created: Map<string, number>;
  /** `kind:id` → the operation that deleted it. */
  private readonly deletedBy: Map<string, string>;
  /** Media id → its generation id. */
  readonly generationOf: Map<string, string>;
  /** Generation id → its media ids. */
  readonly mediaIds: Map<string, string[]>;
  readonly inputs: Map<string, InputMetadata>;
  readonly characterNames: Map<string, true>;
  private readonly listings = new Map<CatalogueName, Listing>();

  constructor(maxIds = 100_000) {
    this.existence = new BoundedMap(maxIds);
    this.created = new BoundedMap(maxIds);
    this.deletedBy = new BoundedMap(maxIds);
    this.generationOf = new BoundedMap(maxIds);
    this.mediaIds = new BoundedMap(maxIds);
    this.inputs = new BoundedMap(maxIds);
    this.characterNames = new BoundedMap(maxIds);
  }

  exists(kind: ResourceKind, id: string): Existence {
    return this.existence.get(`${kind}:${id}`) ?? 'unknown';
  }

  /** When this history saw the resource created (ms), if it did. */
  createdAt(kind: ResourceKind, id: string): number | undefined {
    return this.created.get(`${kind}:${id}`);
  }

  /** The operation that deleted the resource, if this history saw it deleted. */
  deletedByOp(kind: ResourceKind, id: string): string | undefined {
    return this.deletedBy.get(`${kind}:${id}`);
  }

  /** The media of a generation, as this history saw them. */
  mediaOf(generationId: string): readonly string[] {
    return this.mediaIds.get(generationId) ?? [];
  }

  private mark(kind: ResourceKind, id: string, state: 'exists' | 'deleted', by?: string): void {
    // A deleted resource does not come back by being named again.
    if (state === 'exists' && this.existence.get(`${kind}:${id}`) === 'deleted') return;
    this.existence.set(`${kind}:${id}`, state);
    if (state === 'deleted' && by !== undefined) this.deletedBy.set(`${kind}:${id}`, by);
  }

  private born(kind: ResourceKind, id: string, at: number): void {
    if (!this.created.has(`${kind}:${id}`)) this.created.set(`${kind}:${id}`, at);
  }

  /** A generation and its media, seen in an answer. */
  private generation(value: unknown): void {
    const id = stringAt(value, 'generation_id');
    if (id === undefined) return;
    this.mark('generation', id, 'exists');
    const media = mediaOfGeneration(value).map((m) => m.id);
    if (media.length > 0) this.mediaIds.set(id, media);
    for (const mediaId of media) {
      this.mark('media', mediaId, 'exists');
      this.generationOf.set(mediaId, id);
    }
  }

  private asset(value: unknown, declared?: unknown): void {
    const id = stringAt(value, 'id');
    if (id === undefined) return;
    this.mark('asset', id, 'exists');
    const size = isObject(value) && isObject(value.size) ? value.size : isObject(declared) && isObject(declared.size) ? declared.size : undefined;
    if (!size || typeof size.width !== 'number' || typeof size.height !== 'number') return;
    const facts: InputMetadata = { width: size.width, height: size.height };
    if (isObject(value) && typeof value.frames === 'number') facts.frames = value.frames;
    if (isObject(value) && typeof value.duration === 'number') facts.duration = value.duration;
    // A video's frames and duration are facts only once its file is there: declared sizes alone are not enough for it.
    if (isObject(value) && value.type === 'video' && (facts.frames === undefined || facts.duration === undefined)) return;
    this.inputs.set(id, facts);
  }

  /** Learns from one judged exchange (its answer in the newest shape), answered at `at` (ms). */
  learn(op: OperationSpec, params: Record<string, string>, exchange: Exchange, at: number): void {
    if (!served(exchange)) return;
    const data = dataOf(exchange);
    const body = exchange.request.body;
    if (op.creates) {
      const made = createdId(op, exchange.json);
      if (made !== undefined) this.born(op.creates.kind, made, at);
      if (op.creates.kind === 'generation') for (const media of mediaOfGeneration(data)) this.born('media', media.id, at);
    }
    if (op.catalogue) learnListing(this.listings, op, exchange);
    if (op.carries === 'generation') this.generation(data);
    if (op.carries === 'generation-page' && Array.isArray(data)) for (const g of data) this.generation(g);
    if (op.carries === 'media') {
      const id = stringAt(data, 'id') ?? params.media_id;
      if (id) this.mark('media', id, 'exists');
    }
    if (op.creates?.kind === 'asset') this.asset(op === operations.uploadAsset && isObject(data) ? data.asset : data, body);
    if (op === operations.getAssetV2) this.asset(data);
    if (op === operations.listAssetsV2 && Array.isArray(data)) for (const asset of data) this.asset(asset);
    if (op === operations.createCharacter) {
      const id = stringAt(data, 'id');
      if (id) this.mark('character', id, 'exists');
      const name = stringAt(body, 'name');
      if (name) this.characterNames.set(name, true);
    }
    if (op === operations.listCharacters && Array.isArray(data)) {
      for (const character of data.filter(isObject)) {
        if (typeof character.id === 'string') this.mark('character', character.id, 'exists');
        if (typeof character.name === 'string') this.characterNames.set(character.name, true);
      }
    }
    this.forget(op, params, body);
  }

  /** What a served delete removed. */
  private forget(op: OperationSpec, params: Record<string, string>, body: unknown): void {
    if (!op.deletes) return;
    const kind = op.deletes.kind;
    for (const id of deletedIds(op, { params, body })) {
      if (kind === 'generation') {
        this.mark('generation', id, 'deleted', op.operationId);
        for (const mediaId of this.mediaIds.get(id) ?? []) this.mark('media', mediaId, 'deleted', op.operationId);
      } else this.mark(kind, id, 'deleted', op.operationId);
    }
  }

  /** The generation checker's context: only the listings seen whole (a partial one would call listed names unknown). */
  context(): GenerationContext {
    const whole = (name: CatalogueName) => {
      const listing = this.listings.get(name);
      return listing?.complete ? [...listing.items.values()] : undefined;
    };
    const models = whole('models');
    const styles = whole('styles');
    const loras = whole('loras');
    return {
      catalogue: { ...(models ? { models } : {}), ...(styles ? { styles } : {}), ...(loras ? { loras } : {}) },
      inputs: Object.fromEntries(this.inputs),
    };
  }

  /** Whether the listing of `name` was seen whole. */
  knowsCatalogue(name: CatalogueName): boolean {
    return this.listings.get(name)?.complete ?? false;
  }
}
