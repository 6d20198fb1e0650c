// The ids a run works with: real ones created (or, read-only, found) on a stateful target, or the
// documented example ids on a stateless one; and the catalogue names requests may use.
import {
  type CatalogueItem,
  type CatalogueName,
  type GenerationContext,
  type InputMetadata,
  normalizeBaseModel,
  type OperationSpec,
  PATH_PARAM_RESOURCES,
} from '@mediagen/schema';

export interface Fixtures {
  /** Whether ids are real (created or listed on this target) or the document's example ids. */
  real: boolean;
  /** A square image asset (facelock, control_net, segment, true_touch, characters). */
  imageAssetId?: string;
  /** A 768×1280 (3:5) image asset, the input of video_anyone. */
  portraitAssetId?: string;
  videoAssetId?: string;
  /** A video whose real frame rate is above the narrator limit (60 frames in one second). */
  fastVideoAssetId?: string;
  /** A video one pixel wider than the narrator's largest (1921×1080), and one one pixel higher (1920×1081). */
  wideVideoAssetId?: string;
  tallVideoAssetId?: string;
  audioAssetId?: string;
  generationId?: string;
  mediaIds: string[];
  characterId?: string;
  /** The name the fixture character was created with (a second one with it must be refused). */
  characterName?: string;
  /** Makes names the run creates unique (characters). */
  runTag: string;
  catalogue: {
    models: CatalogueItem[];
    styles: CatalogueItem[];
    loras: CatalogueItem[];
    controlnets: CatalogueItem[];
    voices: { name: string }[];
  };
  /** The listings read whole (served, on one page): only these say which names exist. */
  wholeListings: CatalogueName[];
  /** Metadata of the assets above, by id (what checkGenerationRequest needs). */
  inputs: Record<string, InputMetadata>;
}

export function emptyFixtures(real: boolean, runTag: string): Fixtures {
  return { real, runTag, mediaIds: [], catalogue: { models: [], styles: [], loras: [], controlnets: [], voices: [] }, wholeListings: [], inputs: {} };
}

/**
 * The context the schema package's generation checker needs, from what the run knows: the target's
 * listings (when real) and its uploaded inputs. The plan is not known: valid bodies are generated with
 * one item per batch, which every plan allows; a breach is never judged against a plan.
 */
export function generationContext(fixtures: Fixtures): GenerationContext {
  const whole = (name: 'models' | 'styles' | 'loras') => (fixtures.wholeListings.includes(name) ? { [name]: fixtures.catalogue[name] } : {});
  return {
    ...(fixtures.real ? { catalogue: { ...whole('models'), ...whole('styles'), ...whole('loras') } } : {}),
    inputs: fixtures.inputs,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const FLUX = (item: CatalogueItem) => item.base_model.toLowerCase() === 'flux';

/**
 * A request body with documented example ids and names replaced by ones that exist on the target.
 * On stateless targets (real = false) the body is returned unchanged.
 */
export function bindToTarget<T>(value: T, fixtures: Fixtures): T {
  if (!fixtures.real) return value;
  const { catalogue } = fixtures;
  const pick = (list: CatalogueItem[], name: string, wantFlux: boolean): string => {
    if (list.some((entry) => entry.name === name)) return name;
    const same = list.find((entry) => FLUX(entry) === wantFlux) ?? list[0];
    return same?.name ?? name;
  };
  const visit = (node: unknown, key?: string, parent?: Record<string, unknown>): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, key, parent));
    if (isObject(node)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(node)) out[k] = visit(v, k, node);
      // video_anyone needs a 3:5 input: the uploaded portrait, passed as the docs pass an asset (media_id).
      if (key === 'video_anyone' && fixtures.portraitAssetId) {
        delete out.asset_id;
        out.media_id = fixtures.portraitAssetId;
      }
      if (key === 'style_detail' && typeof out.name === 'string' && catalogue.styles.length > 0) {
        const flux = out.base_model === 'flux';
        const found = catalogue.styles.find((s) => s.name === out.name) ?? catalogue.styles.find((s) => FLUX(s) === flux) ?? catalogue.styles[0]!;
        out.name = found.name;
        out.base_model = found.base_model;
      }
      return out;
    }
    if (typeof node !== 'string' || key === undefined) return node;
    switch (key) {
      case 'asset_id':
      case 'image_asset_id':
        return fixtures.imageAssetId ?? node;
      case 'video_asset_id':
        return fixtures.videoAssetId ?? node;
      case 'audio_asset_id':
        return fixtures.audioAssetId ?? node;
      case 'character_id':
        return fixtures.characterId ?? node;
      case 'model':
        return catalogue.models.length ? pick(catalogue.models, node, node === 'Flux') : node;
      case 'style':
        return parent && !isObject(parent.style_detail) && catalogue.styles.length ? pick(catalogue.styles, node, false) : node;
      case 'voice':
        return catalogue.voices.some((v) => v.name === node) ? node : (catalogue.voices[0]?.name ?? node);
      default:
        return node;
    }
  };
  const bound = visit(value) as T;
  // LoRAs must share the item's base model: keep only those that exist and match.
  if (Array.isArray(bound)) {
    for (const item of bound) {
      if (!isObject(item) || !Array.isArray(item.loras)) continue;
      const base = baseModelOf(item, catalogue);
      const kept = item.loras.filter((lora) => isObject(lora) && catalogue.loras.some((l) => l.name === lora.name && (!base || sameBase(l.base_model, base))));
      const replacement = catalogue.loras.find((l) => !base || sameBase(l.base_model, base));
      if (kept.length > 0) item.loras = kept;
      else if (replacement) item.loras = [{ name: replacement.name, weight: 0.5 }];
      else delete item.loras;
    }
  }
  return bound;
}

const sameBase = (a: string, b: string) => normalizeBaseModel(a) === normalizeBaseModel(b);

function baseModelOf(item: Record<string, unknown>, catalogue: Fixtures['catalogue']): string | undefined {
  if (isObject(item.style_detail) && typeof item.style_detail.base_model === 'string') return item.style_detail.base_model;
  if (typeof item.style === 'string') return catalogue.styles.find((s) => s.name === item.style)?.base_model;
  if (typeof item.model === 'string') return catalogue.models.find((m) => m.name === item.model)?.base_model;
  return undefined;
}
/** Path parameters for a read of an existing resource, or undefined when the run has none. */
export function paramsFor(op: OperationSpec, fixtures: Fixtures): Record<string, string> | undefined {
  if (!op.params) return undefined;
  if (!fixtures.real) return op.exampleParams;
  const out: Record<string, string> = {};
  // Each path parameter names a resource of a kind (the operations table's PATH_PARAM_RESOURCES).
  const existing = {
    generation: fixtures.generationId,
    media: fixtures.mediaIds[0],
    asset: fixtures.imageAssetId ?? fixtures.portraitAssetId,
    character: fixtures.characterId,
  };
  for (const name of Object.keys(op.params.shape)) {
    const kind = Object.hasOwn(PATH_PARAM_RESOURCES, name) ? PATH_PARAM_RESOURCES[name as keyof typeof PATH_PARAM_RESOURCES] : undefined;
    const value = kind ? existing[kind] : undefined;
    if (value === undefined) return undefined;
    out[name] = value;
  }
  return out;
}
