// The records as the API shows them (the wire views): media, generated media, generations and
// assets in both API versions. URLs start with the sandbox's own origin, never with what a request
// said its host was.
import type { AssetV1, AssetV2, Dim, GeneratedMedia, Generation, Media } from '@mediagen/schema';
import type { MediaStatusValue } from '@mediagen/schema/util';
import { statusAt } from './lifecycle.js';
import type { AssetRecord, GenerationRecord, MediaRecord } from './store.js';

/** `{ height, width }`, in the order the documentation prints them. */
const dimOf = (d: Dim): Dim => ({ height: d.height, width: d.width });

export function fileName(media: MediaRecord): string {
  return `${media.id}.${media.type === 'video' ? 'webm' : 'png'}`;
}

/** A media item as get and list show it; `url` on success, empty on failure, absent before. */
export function mediaView(media: MediaRecord, status: MediaStatusValue, origin: string): Media {
  const view: Media = { id: media.id, dim: dimOf(media.dim), type: media.type, status };
  if (status === 'success') view.url = `${origin}/files/${fileName(media)}`;
  else if (status === 'failed') view.url = '';
  return view;
}

/** A generation with each of its media as it is at `at`. */
export function generationView(generation: GenerationRecord, media: readonly MediaRecord[], at: number, origin: string): Generation {
  return {
    generation_id: generation.id,
    created_at: Math.floor(generation.createdMs / 1000),
    media: media.map((m) => mediaView(m, statusAt(m, at), origin)),
  };
}

/** A media item as generate answers it: just created, `initiated`. */
export function generatedView(media: MediaRecord): GeneratedMedia {
  const view: GeneratedMedia = { id: media.id, dim: dimOf(media.dim), type: media.type, status: 'initiated' };
  if (media.model !== undefined) view.model = media.model;
  if (media.style !== undefined) view.style = media.style;
  if (media.style_detail !== undefined) view.style_detail = { ...media.style_detail };
  return view;
}

export function assetUrl(asset: AssetRecord, origin: string): string {
  return `${origin}/files/${asset.id}`;
}

export function assetV1(asset: AssetRecord, origin: string): AssetV1 {
  return { id: asset.id, data: { size: dimOf(asset.size), url: assetUrl(asset, origin) }, status: asset.status, tags: [...asset.tags], type: asset.type };
}

export function assetV2(asset: AssetRecord, origin: string): AssetV2 {
  const view: AssetV2 = { id: asset.id, type: asset.type, status: asset.status, size: dimOf(asset.size), url: assetUrl(asset, origin) };
  if (asset.duration !== undefined) view.duration = asset.duration;
  if (asset.frames !== undefined) view.frames = asset.frames;
  if (asset.byteLength !== undefined) (view as AssetV2 & { bytes: number }).bytes = asset.byteLength;
  return view;
}
