// What a generation costs, in credits: by what each item makes and, for images, the base model of
// its model or style (looked up in the catalogue). The table is documented in the README.
import { type GenerationItem, generationKind, normalizeBaseModel } from '@mediagen/schema';
import type { Catalogue } from './catalogue.js';

/** Credits one item costs, by what it makes. Documented in the README. */
export const COSTS = {
  /** Per image, by base model of the chosen model or style. */
  image: { sd15: 1, sdxl: 2, flux: 3 } as Record<string, number>,
  imageOther: 2,
  segment: 2,
  true_touch: 2,
  narrator: 10,
  /** Per started 5 seconds of video. */
  video_anyone: 5,
} as const;

/** The base model of an item, from its style, style_detail or model (catalogue lookup). */
export function baseModelOf(item: GenerationItem, catalogue: Catalogue): string | undefined {
  if (item.style_detail) return item.style_detail.base_model;
  if (item.style !== undefined) return catalogue.styles.find((s) => s.name === item.style)?.base_model;
  if (item.model !== undefined) return catalogue.models.find((m) => m.name === item.model)?.base_model;
  return undefined;
}

export function itemCost(item: GenerationItem, catalogue: Catalogue): number {
  switch (generationKind(item)) {
    case 'segment':
      return COSTS.segment;
    case 'true_touch':
      return COSTS.true_touch;
    case 'narrator':
      return COSTS.narrator;
    case 'video_anyone':
      return COSTS.video_anyone * Math.max(1, Math.ceil((item.video_anyone?.duration ?? 5) / 5));
    default: {
      const base = baseModelOf(item, catalogue);
      const perImage = (base !== undefined ? COSTS.image[normalizeBaseModel(base)] : undefined) ?? COSTS.imageOther;
      return perImage * (item.batch_size ?? 1);
    }
  }
}

export function estimate(items: readonly GenerationItem[], catalogue: Catalogue): number {
  return items.reduce((sum, item) => sum + itemCost(item, catalogue), 0);
}
