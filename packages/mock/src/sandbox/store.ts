// The sandbox's records and the indexes its requests read: maps by id for lookups, and ordered
// lists for the listings (generations newest first, assets not archived oldest first), kept up to
// date as records come and go so that no request sorts or scans everything held.
import type { Character, Dim } from '@mediagen/schema';
import { OrderedList } from './ordered.js';

export type AssetType = 'image' | 'video' | 'audio';
export type AssetStatus = 'pending' | 'active' | 'failed' | 'archive';

export interface MediaRecord {
  id: string;
  generationId: string;
  type: 'image' | 'video';
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
  /** Bytes received at the upload URL, and how many. */
  bytes?: Uint8Array<ArrayBuffer>;
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

  getGeneration(id: string): GenerationRecord {
    const found = this.generations.get(id);
    if (!found) throw new NotFoundError('generation', id);
    return found;
  }

  getMedia(id: string): MediaRecord {
    const found = this.media.get(id);
    if (!found) throw new NotFoundError('media', id);
    return found;
  }

  getAsset(id: string): AssetRecord {
    const found = this.assets.get(id);
    if (!found) throw new NotFoundError('asset', id);
    return found;
  }

  addGeneration(generation: GenerationRecord, media: readonly MediaRecord[]): void {
    for (const item of media) this.media.set(item.id, item);
    this.generations.set(generation.id, generation);
    this.generationsNewestFirst.add(generation);
  }

  removeGeneration(id: string): void {
    const generation = this.getGeneration(id);
    for (const mediaId of generation.mediaIds) this.media.delete(mediaId);
    this.generations.delete(id);
    this.generationsNewestFirst.remove(generation);
  }

  /** Removes one media item; the other media of its generation are kept. */
  removeMedia(id: string): void {
    const media = this.getMedia(id);
    const generation = this.generations.get(media.generationId);
    if (generation) generation.mediaIds = generation.mediaIds.filter((m) => m !== id);
    this.media.delete(id);
  }

  /** The media of a generation still held, in creation order. */
  generationMedia(generation: GenerationRecord): MediaRecord[] {
    return generation.mediaIds.map((id) => this.media.get(id)).filter((m): m is MediaRecord => m !== undefined);
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
