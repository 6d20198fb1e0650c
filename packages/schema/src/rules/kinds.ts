// Which kind of generation an item is, and which of its fields that kind ignores. The live docs:
// an item should carry one of segment, style, model, true_touch, narrator, video_anyone; if it
// carries several, the highest priority wins; segment, true_touch, narrator and video_anyone read
// only their own object; with Flux only facelock, character, control_net, aspect_ratio, batch_size,
// prompt and seed apply. Ignored fields are not errors (the service accepts them), so they are
// reported as warnings.
import { type GenerationItem, isFlux } from '../resources/generation-request.js';
import type { Issue } from './issues.js';

export type GenerationKind = 'segment' | 'style' | 'model' | 'true_touch' | 'narrator' | 'video_anyone';

/** Highest priority first. `style_detail` counts as `style`. */
export const KIND_PRIORITY: readonly GenerationKind[] = ['segment', 'style', 'model', 'true_touch', 'narrator', 'video_anyone'];

/** Kinds that read only their own object. */
const SELF_CONTAINED: ReadonlySet<GenerationKind> = new Set(['segment', 'true_touch', 'narrator', 'video_anyone']);
/** Fields Flux takes notice of (besides the fields that choose it). */
const FLUX_FIELDS: ReadonlySet<string> = new Set(['facelock', 'character', 'control_net', 'aspect_ratio', 'batch_size', 'prompt', 'seed', 'model', 'style_detail']);

const present = (item: GenerationItem, key: GenerationKind): boolean =>
  key === 'style' ? item.style !== undefined || item.style_detail !== undefined : item[key] !== undefined;

/** The kind an item is, by priority; `undefined` when it names none (a schema error). */
export function generationKind(item: GenerationItem): GenerationKind | undefined {
  return KIND_PRIORITY.find((kind) => present(item, kind));
}

/** Warnings for fields the item's kind ignores, at the item's index. */
export function ignoredFieldWarnings(item: GenerationItem, index: number): Issue[] {
  const kind = generationKind(item);
  if (!kind) return [];
  const warnings: Issue[] = [];
  const warn = (path: (string | number)[], message: string, code = 'ignored_field') => warnings.push({ path: [index, ...path], message, code });
  const fields = Object.keys(item).filter((k) => item[k as keyof GenerationItem] !== undefined);

  if (SELF_CONTAINED.has(kind)) {
    for (const field of fields) {
      if (field !== kind) warn([field], `ignored: a ${kind} generation reads only its own object`);
    }
    return warnings;
  }

  // style or model: lower-priority kinds are ignored.
  for (const other of KIND_PRIORITY.slice(KIND_PRIORITY.indexOf(kind) + 1)) {
    if (other === 'style') continue;
    if (present(item, other)) warn([other], `ignored: ${kind} takes priority over ${other}`);
  }
  const flux = isFlux(item);
  if (flux) {
    for (const field of fields) {
      if (!FLUX_FIELDS.has(field) && !(field === 'style' && kind === 'style') && !KIND_PRIORITY.includes(field as GenerationKind)) {
        warn([field], 'ignored with Flux');
      }
    }
  }
  if (item.character) {
    for (const field of ['weight', 'enable_facelock'] as const) {
      if (item.character[field] === undefined) continue;
      if (flux) warn(['character', field], 'ignored with Flux');
      else warn(['character', field], 'deprecated: use character.mode', 'deprecated_field');
    }
  }
  return warnings;
}
