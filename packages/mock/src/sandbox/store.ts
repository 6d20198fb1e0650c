// The sandbox's records, its credit balance, and the indexes its requests read: maps by id for
// lookups, and ordered lists for the listings (generations newest first, assets not archived oldest
// first), kept up to date as records come and go so that no request sorts or scans everything held.
import type { Character, Dim } from '@mediagen/schema';
import type { ASSET_STATUSES, AssetTypeValue, MediaTypeValue } from '@mediagen/schema/util';
import { OrderedList } from './ordered.js';

export type AssetType = AssetTypeValue;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

export interface MediaRecord {
  id: string;
  generationId: string;
  type: MediaTypeValue;
  dim: Dim;
  createdMs: number;
  /** From this time on the item is `pending`; from `doneAtMs` on it has its outcome. */
  pendingAtMs: number;
  doneAtMs: number;
  outcome: 'success' | 'failed';
  model?: string;
  style?: string;
  style_detail?: { name: string; base_model: string };
  /** Videos: length in seconds and frame count. */
  duration?: number;
  frames?: number;
}

export interface GenerationRecord {
  id: string;
  createdMs: number;
  mediaIds: string[];
  cost: number;
}

export interface AssetRecord {
  id: string;
  type: AssetType;
  status: AssetStatus;
  size: Dim;
  createdMs: number;
  tags: string[];
  /** The token of its upload URL; fixtures have none, so no URL can write them. */
  uploadToken?: string;
  /** Bytes received at the upload URL, and how many. */
  bytes?: Uint8Array;
  byteLength?: number;
  contentType?: string;
  duration?: number;
  frames?: number;
}

export class NotFoundError extends Error {
  constructor(what: string, id: string) {
    super(`${what} ${id} not found`);
    this.name = 'NotFoundError';
  }
}

/** A budget of the sandbox is spent (answered 503 `budget_exceeded`). */
export class BudgetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BudgetError';
  }
}

/** The record of `id` in `map`, or a NotFoundError naming `what`. */
export function must<T>(map: ReadonlyMap<string, T>, what: string, id: string): T {
  const found = map.get(id);
  if (found === undefined) throw new NotFoundError(what, id);
  return found;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class SandboxStore {
  readonly generations = new Map<string, GenerationRecord>();
  readonly media = new Map<string, MediaRecord>();
  readonly assets = new Map<string, AssetRecord>();
  readonly characters = new Map<string, Character>();
  /** Newest first; ties by id, descending. */
  readonly generationsNewestFirst = new OrderedList<GenerationRecord>((a, b) => b.createdMs - a.createdMs || byId(b, a));
  /** Assets not archived, oldest first; ties by id. */
  readonly liveAssetsOldestFirst = new OrderedList<AssetRecord>((a, b) => a.createdMs - b.createdMs || byId(a, b));

  constructor(public credits: number) {}

  /** Records held: generations, media, assets and characters. */
  get records(): number {
    return this.generations.size + this.media.size + this.assets.size + this.characters.size;
  }

  addGeneration(generation: GenerationRecord, media: readonly MediaRecord[]): void {
    for (const item of media) this.media.set(item.id, item);
    this.generations.set(generation.id, generation);
    this.generationsNewestFirst.add(generation);
  }

  /** Removes a generation and its media; returns the ids of the media removed. */
  removeGeneration(id: string): string[] {
    const generation = must(this.generations, 'generation', id);
    for (const mediaId of generation.mediaIds) this.media.delete(mediaId);
    this.generations.delete(id);
    this.generationsNewestFirst.remove(generation);
    return generation.mediaIds;
  }

  /** Removes one media item; the other media of its generation are kept. */
  removeMedia(id: string): void {
    const media = must(this.media, 'media', id);
    const generation = this.generations.get(media.generationId);
    if (generation) generation.mediaIds = generation.mediaIds.filter((m) => m !== id);
    this.media.delete(id);
  }

  addAsset(asset: AssetRecord): void {
    this.assets.set(asset.id, asset);
    if (asset.status !== 'archive') this.liveAssetsOldestFirst.add(asset);
  }

  archiveAsset(asset: AssetRecord): void {
    if (asset.status === 'archive') return;
    this.liveAssetsOldestFirst.remove(asset);
    asset.status = 'archive';
  }
}

/** The media of a generation still held, in creation order. */
export function mediaOf(store: SandboxStore, generation: GenerationRecord): MediaRecord[] {
  return generation.mediaIds.map((id) => store.media.get(id)).filter((m): m is MediaRecord => m !== undefined);
}
