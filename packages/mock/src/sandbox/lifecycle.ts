// How media come to be and move through their statuses. Time never runs in the background: a media
// item's status is computed on read from its creation time and the injected clock, so a test that
// moves the clock sees the lifecycle at once.
import { type Dim, type GenerationItem, generationKind, normalizeBaseModel } from '@mediagen/schema';
import { LEGACY_IMAGE_STATUSES, type MediaStatusValue } from '@mediagen/schema/util';
import type { Catalogue } from './catalogue.js';
import { baseModelOf } from './pricing.js';
import type { MediaRecord } from './store.js';

export function statusAt(media: MediaRecord, at: number): MediaStatusValue {
  if (at >= media.doneAtMs) return media.outcome;
  if (at >= media.pendingAtMs) return 'pending';
  return 'initiated';
}

type LegacyStatus = (typeof LEGACY_IMAGE_STATUSES)[number];

/** What the deprecated status endpoints report: the statuses they know, and `pending` for work in progress. */
export function legacyStatusAt(media: MediaRecord, at: number): LegacyStatus {
  const status = statusAt(media, at);
  return (LEGACY_IMAGE_STATUSES as readonly string[]).includes(status) ? (status as LegacyStatus) : 'pending';
}

const IMAGE_DIMS: Record<string, [number, number]> = {
  '1:1': [1024, 1024],
  '2:3': [832, 1248],
  '3:2': [1248, 832],
  '4:5': [896, 1120],
  '16:9': [1344, 768],
  '9:16': [768, 1344],
};

/** What one item makes, before ids and times are given. */
export type MediaShape = Omit<MediaRecord, 'id' | 'generationId' | 'createdMs' | 'pendingAtMs' | 'doneAtMs' | 'outcome'>;

export interface ShapeFacts {
  catalogue: Catalogue;
  /** Size of an input (asset or media) by id. */
  inputSize(id: string | undefined): Dim | undefined;
  /** Length in seconds of an audio asset. */
  audioDuration(id: string | undefined): number | undefined;
}

/** The media one item makes: type, dimensions and the echoed model or style. */
export function mediaShapes(item: GenerationItem, facts: ShapeFacts): MediaShape[] {
  const kind = generationKind(item);
  if (kind === 'video_anyone') {
    const va = item.video_anyone!;
    const dim = facts.inputSize(va.media_id ?? va.asset_id) ?? { width: 768, height: 1280 };
    const duration = va.duration ?? 5;
    return [{ type: 'video', dim: { ...dim }, duration, frames: duration * 24 }];
  }
  if (kind === 'narrator') {
    const n = item.narrator!;
    const dim = facts.inputSize(n.video_asset_id ?? n.image_asset_id) ?? { width: 720, height: 1280 };
    const duration = facts.audioDuration(n.audio_asset_id) ?? 5;
    return [{ type: 'video', dim: { ...dim }, duration, frames: Math.round(duration * 30) }];
  }
  if (kind === 'segment' || kind === 'true_touch') {
    const input = facts.inputSize(item[kind]!.asset_id) ?? { width: 1024, height: 1024 };
    const scale = kind === 'true_touch' ? (item.true_touch!.scale_factor ?? 1.5) : 1;
    return [{ type: 'image', dim: { width: Math.round(input.width * scale), height: Math.round(input.height * scale) } }];
  }
  const [w, h] = IMAGE_DIMS[item.aspect_ratio ?? '1:1'] ?? [1024, 1024];
  const base = baseModelOf(item, facts.catalogue);
  const half = base !== undefined && normalizeBaseModel(base) === 'sd15';
  const shape: MediaShape = { type: 'image', dim: half ? { width: w / 2, height: h / 2 } : { width: w, height: h } };
  if (item.model !== undefined) shape.model = item.model;
  if (item.style !== undefined) shape.style = item.style;
  if (item.style_detail !== undefined) {
    shape.style_detail = { ...item.style_detail };
    shape.style ??= item.style_detail.name;
  }
  const count = item.batch_size ?? 1;
  return Array.from({ length: count }, () => ({ ...shape, dim: { ...shape.dim } }));
}
