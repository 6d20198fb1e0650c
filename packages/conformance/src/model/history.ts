// What the exchanges judged so far show of the target's state, learnt in order from the answers it
// served, whoever sent them (a live run, a recording, the proxy): the resources that exist (and those
// deleted since, and by what), when each was created, which generation each media item belongs to, the
// catalogue listings (and whether a listing was seen whole), the uploaded inputs' sizes, and the
// characters' names. Intent inference reads it to tell a request the contract allows from one that
// breaks a rule needing the target's facts; the stateful checks read it to follow resources across
// exchanges. Bodies arrive in the newest shape (the judge upgrades them through the ledger), so no
// legacy name is read here. Bounded: past `maxIds` remembered ids, the oldest go.
import { type CatalogueName, createdId, deletedIds, type GenerationContext, type InputMetadata, type OperationSpec, operations } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { served } from './answer.js';
import { dataOf, type Exchange } from './exchange.js';
import { fixedContext } from './findings.js';
import { Listings } from './listings.js';
import { BoundedMap, type Existence, type ResourceKind, Resources } from './resources.js';

export type { Existence, ResourceKind } from './resources.js';

const stringAt = (value: unknown, key: string): string | undefined => (isObject(value) && typeof value[key] === 'string' ? value[key] : undefined);

/** The media items of a generation (in the newest shape: `media`). */
export function mediaOfGeneration(generation: unknown): { id: string; status?: string }[] {
  const list = isObject(generation) ? generation.media : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).flatMap((m) => (typeof m.id === 'string' ? [{ id: m.id, ...(typeof m.status === 'string' ? { status: m.status } : {}) }] : []));
}

/** A generation and its media, seen in an answer: what the history learns of them. */
function learnGeneration(history: History, value: unknown): void {
  const id = stringAt(value, 'generation_id');
  if (id === undefined) return;
  history.resources.mark('generation', id, 'exists');
  const media = mediaOfGeneration(value).map((m) => m.id);
  if (media.length > 0) history.mediaIds.set(id, media);
  for (const mediaId of media) {
    history.resources.mark('media', mediaId, 'exists');
    history.generationOf.set(mediaId, id);
  }
}

export class History {
  /** Which resources exist, were deleted (and by what), and when they were created. */
  readonly resources: Resources;
  /** Media id → its generation id. */
  readonly generationOf: Map<string, string>;
  /** Generation id → its media ids. */
  readonly mediaIds: Map<string, string[]>;
  readonly inputs: Map<string, InputMetadata>;
  readonly characterNames: Map<string, true>;
  private readonly listings = new Listings();
  /** The generation checker's context, built once until the listings or the inputs change. */
  private facts: GenerationContext | undefined;

  constructor(maxIds = 100_000) {
    this.resources = new Resources(maxIds);
    this.generationOf = new BoundedMap(maxIds);
    this.mediaIds = new BoundedMap(maxIds);
    this.inputs = new BoundedMap(maxIds);
    this.characterNames = new BoundedMap(maxIds);
  }

  /** Whether the history shows a resource existing, deleted, or neither. */
  exists(kind: ResourceKind, id: string): Existence {
    return this.resources.exists(kind, id);
  }

  /** The media of a generation, as this history saw them. */
  mediaOf(generationId: string): readonly string[] {
    return this.mediaIds.get(generationId) ?? [];
  }

  private asset(value: unknown, declared?: unknown): void {
    const id = stringAt(value, 'id');
    if (id === undefined) return;
    this.resources.mark('asset', id, 'exists');
    const size = isObject(value) && isObject(value.size) ? value.size : isObject(declared) && isObject(declared.size) ? declared.size : undefined;
    if (!size || typeof size.width !== 'number' || typeof size.height !== 'number') return;
    const facts: InputMetadata = { width: size.width, height: size.height };
    if (isObject(value) && typeof value.frames === 'number') facts.frames = value.frames;
    if (isObject(value) && typeof value.duration === 'number') facts.duration = value.duration;
    // A video's frames and duration are facts only once its file is there: declared sizes alone are not enough for it.
    if (isObject(value) && value.type === 'video' && (facts.frames === undefined || facts.duration === undefined)) return;
    this.inputs.set(id, facts);
    this.facts = undefined;
  }

  /** Learns from one judged exchange (its answer in the newest shape), answered at `at` (ms). */
  learn(op: OperationSpec, params: Record<string, string>, exchange: Exchange, at: number): void {
    if (!served(exchange)) return;
    const data = dataOf(exchange);
    const body = exchange.request.body;
    if (op.creates) {
      const made = createdId(op, exchange.json);
      if (made !== undefined) this.resources.born(op.creates.kind, made, at);
      if (op.creates.kind === 'generation') for (const media of mediaOfGeneration(data)) this.resources.born('media', media.id, at);
    }
    if (op.catalogue) {
      this.listings.learn(op, exchange);
      this.facts = undefined;
    }
    if (op.carries === 'generation') learnGeneration(this, data);
    if (op.carries === 'generation-page' && Array.isArray(data)) for (const g of data) learnGeneration(this, g);
    if (op.carries === 'media') {
      const id = stringAt(data, 'id') ?? params.media_id;
      if (id) this.resources.mark('media', id, 'exists');
    }
    if (op.creates?.kind === 'asset') this.asset(op === operations.uploadAsset && isObject(data) ? data.asset : data, body);
    if (op === operations.getAssetV2) this.asset(data);
    if (op === operations.listAssetsV2 && Array.isArray(data)) for (const asset of data) this.asset(asset);
    if (op === operations.createCharacter) {
      const id = stringAt(data, 'id');
      if (id) this.resources.mark('character', id, 'exists');
      const name = stringAt(body, 'name');
      if (name) this.characterNames.set(name, true);
    }
    if (op === operations.listCharacters && Array.isArray(data)) {
      for (const character of data.filter(isObject)) {
        if (typeof character.id === 'string') this.resources.mark('character', character.id, 'exists');
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
        this.resources.mark('generation', id, 'deleted', op.operationId);
        for (const mediaId of this.mediaIds.get(id) ?? []) this.resources.mark('media', mediaId, 'deleted', op.operationId);
      } else this.resources.mark(kind, id, 'deleted', op.operationId);
    }
  }

  /** The generation checker's context: only the listings seen whole (a partial one would call listed names unknown). */
  context(): GenerationContext {
    if (!this.facts) {
      const models = this.listings.whole('models');
      const styles = this.listings.whole('styles');
      const loras = this.listings.whole('loras');
      this.facts = fixedContext({
        catalogue: { ...(models ? { models } : {}), ...(styles ? { styles } : {}), ...(loras ? { loras } : {}) },
        inputs: Object.fromEntries(this.inputs),
      });
    }
    return this.facts;
  }

  /** Whether the listing of `name` was seen whole. */
  knowsCatalogue(name: CatalogueName): boolean {
    return this.listings.whole(name) !== undefined;
  }
}
