// Which kind of generation an item is, and what it leaves unread. The live docs: an item should
// carry one of segment, style, model, true_touch, narrator, video_anyone; if it carries several, the
// highest priority wins; segment, true_touch, narrator and video_anyone read only their own object;
// with Flux only facelock, character, control_net, aspect_ratio, batch_size, prompt and seed apply.
// None of this makes a request invalid (the service accepts it), so all of it is reported as warnings.
import { ledger } from '../ledger/changes.js';
import { type GenerationKind, KIND_PRIORITY } from '../resources/generation-parts.js';
import { type GenerationItem, isFlux } from '../resources/generation-request.js';
import { type Issue, ruleIssue } from './issues.js';

/** Kinds that read only their own object. */
const SELF_CONTAINED: ReadonlySet<GenerationKind> = new Set(['segment', 'true_touch', 'narrator', 'video_anyone']);
/** Fields Flux takes notice of (besides the fields that choose it). */
const FLUX_FIELDS: ReadonlySet<string> = new Set([
  'facelock',
  'character',
  'control_net',
  'aspect_ratio',
  'batch_size',
  'prompt',
  'seed',
  'model',
  'style_detail',
]);

/** Deprecated fields of the character object, from the ledger: field → what to use instead. */
const DEPRECATED_CHARACTER_FIELDS: ReadonlyMap<string, string | undefined> = new Map(
  ledger.flatMap((change) =>
    change.instructions.flatMap((i) => (i.op === 'field_deprecated' && i.schema === 'CharacterSettings' ? [[i.field, i.use] as const] : [])),
  ),
);

const present = (item: GenerationItem, key: GenerationKind): boolean =>
  key === 'style' ? item.style !== undefined || item.style_detail !== undefined : item[key] !== undefined;

/** The kind an item is, by priority; `undefined` when it names none. */
export function generationKind(item: GenerationItem): GenerationKind | undefined {
  return KIND_PRIORITY.find((kind) => present(item, kind));
}

/** True when the item's chosen kind reads `loras`: a style or model generation that is not Flux. */
export function readsLoras(item: GenerationItem): boolean {
  const kind = generationKind(item);
  return (kind === 'style' || kind === 'model') && !isFlux(item);
}

/** Warnings for what the item's kind leaves unread, a missing kind, and deprecated fields, at the item's index. */
export function ignoredFieldWarnings(item: GenerationItem, index: number): Issue[] {
  const kind = generationKind(item);
  const warnings: Issue[] = [];
  const warn = (rule: string, path: (string | number)[], message: string, code = 'ignored_field') =>
    warnings.push(ruleIssue(rule, [index, ...path], message, { code }));
  if (!kind) {
    warn('one_kind_per_item', [], `names no kind: give one of segment, style, style_detail, model, true_touch, narrator, video_anyone`, 'no_kind');
    return warnings;
  }
  const fields = Object.keys(item).filter((k) => item[k as keyof GenerationItem] !== undefined);

  if (SELF_CONTAINED.has(kind)) {
    for (const field of fields) {
      if (field !== kind)
        warn(
          KIND_PRIORITY.includes(field as GenerationKind) || field === 'style_detail' ? 'kind_priority' : 'own_object_only',
          [field],
          `ignored: a ${kind} generation reads only its own object`,
        );
    }
  } else {
    // style or model: lower-priority kinds are ignored.
    for (const other of KIND_PRIORITY.slice(KIND_PRIORITY.indexOf(kind) + 1)) {
      if (other !== 'style' && present(item, other)) warn('kind_priority', [other], `ignored: ${kind} takes priority over ${other}`);
    }
    const flux = isFlux(item);
    if (flux) {
      for (const field of fields) {
        if (!FLUX_FIELDS.has(field) && !(field === 'style' && kind === 'style') && !KIND_PRIORITY.includes(field as GenerationKind)) {
          warn('flux_ignored_fields', [field], 'ignored with Flux');
        }
      }
    }
    if (item.character) {
      for (const [field, use] of DEPRECATED_CHARACTER_FIELDS) {
        if ((item.character as Record<string, unknown>)[field] === undefined) continue;
        if (flux) warn('flux_ignored_fields', ['character', field], 'ignored with Flux');
        else warn(`CharacterSettings.${field}.deprecated`, ['character', field], `deprecated: use character.${use ?? 'mode'}`, 'deprecated_field');
      }
    }
  }
  if (kind === 'narrator' && item.narrator?.script !== undefined && item.narrator.audio_asset_id !== undefined) {
    warn('narrator_both_inputs', ['narrator'], 'gives both script and audio_asset_id; the docs do not say which wins', 'narrator_both_inputs');
  }
  return warnings;
}
