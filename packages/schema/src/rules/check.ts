// The one function that checks a whole generation request: the schema (ranges, enums, one-of,
// Flux and control_net), fields the contract does not name, the kind warnings, and the rules that
// need facts from outside the request (the caller's plan, the catalogue listings, the input files'
// metadata). A rule whose facts are not given is skipped and named in `unchecked`, never silently
// passed. Every issue names its rule and that rule's basis (see ./catalog.ts).

import type { CatalogueItem } from '../resources/catalogue.js';
import { type GenerationItem, type GenerationRequest, GenerationRequest as GenerationRequestSchema } from '../resources/generation-request.js';
import type { z } from '../zod.js';
import { type Issue, ruleIssue, validate } from './issues.js';
import { generationKind, ignoredFieldWarnings, readsLoras } from './kinds.js';
import { unknownFieldIssues } from './unknown-fields.js';

export interface InputMetadata {
  width: number;
  height: number;
  /** Videos: total frame count. */
  frames?: number;
  /** Videos and audio: length in seconds. */
  duration?: number;
}

export interface GenerationContext {
  /** The caller's subscription plan. */
  plan?: { maxBatchSize: number; name?: string };
  /** The listings (GET /pub/v1/models, /styles, /loras) the request is checked against. */
  catalogue?: { models?: readonly CatalogueItem[]; styles?: readonly CatalogueItem[]; loras?: readonly CatalogueItem[] };
  /** Metadata of input images and videos, by `media_id` or `asset_id`. */
  inputs?: Readonly<Record<string, InputMetadata>>;
}

export interface CheckOptions extends GenerationContext {
  /** Unknown fields are errors, not warnings (media-validate --strict). */
  strict?: boolean;
}

export interface CheckResult {
  ok: boolean;
  /** The parsed request when the schema accepts it. */
  value?: GenerationRequest;
  errors: Issue[];
  warnings: Issue[];
  /** Rules skipped because the context lacked their facts, e.g. `[0].batch_size: plan maximum (no plan given)`. */
  unchecked: string[];
}

export const NARRATOR_VIDEO_LIMITS = { maxFps: 30, maxHeight: 1080, maxWidth: 1920 } as const;
export const VIDEO_ANYONE_RATIOS = [
  [3, 5],
  [5, 3],
] as const;
/** Relative tolerance on the input aspect ratio: 768×1280 is 3:5 exactly; 770×1280 is allowed too. */
export const RATIO_TOLERANCE = 0.01;

/** `SD 1.5`, `sd1.5` and `sd` are one base model; so are `SDXL` and `sdxl`. */
export function normalizeBaseModel(base: string): string {
  const key = base.toLowerCase().replace(/[^a-z0-9]/g, '');
  return key === 'sd' || key === 'sd1' ? 'sd15' : key;
}

/** Greatest common divisor of two whole numbers (iterative: no input can exhaust the stack). */
const gcd = (a: number, b: number): number => {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return 1;
  while (b !== 0) [a, b] = [b, a % b];
  return a;
};
const ratioText = (w: number, h: number) => {
  const g = gcd(Math.round(w), Math.round(h)) || 1;
  return `${Math.round(w) / g}:${Math.round(h) / g}`;
};

/** The names the item's chosen kind reads from the listings; `unknown_resource` when a given listing lacks one. */
function checkCatalogueNames(item: GenerationItem, index: number, catalogue: GenerationContext['catalogue'], errors: Issue[]) {
  const check = (list: readonly CatalogueItem[] | undefined, name: string | undefined, path: (string | number)[], what: string) => {
    if (list && name !== undefined && !list.some((entry) => entry.name === name)) {
      errors.push(ruleIssue('catalogue_name', [index, ...path], `unknown ${what} "${name}" (not in the catalogue)`, { code: 'unknown_resource' }));
    }
  };
  const kind = generationKind(item);
  if (kind === 'model') check(catalogue?.models, item.model, ['model'], 'model');
  if (kind === 'style') {
    check(catalogue?.styles, item.style, ['style'], 'style');
    check(catalogue?.styles, item.style_detail?.name, ['style_detail', 'name'], 'style');
  }
  if (readsLoras(item)) item.loras?.forEach((lora, j) => check(catalogue?.loras, lora.name, ['loras', j, 'name'], 'LoRA'));
}

/** The base model of the item's style or model, when the listings tell it. */
function baseModelOf(item: GenerationItem, catalogue: NonNullable<GenerationContext['catalogue']>) {
  if (item.style_detail) return { base: item.style_detail.base_model, what: `the style "${item.style_detail.name}"` };
  const lookup = (list: readonly CatalogueItem[] | undefined, name: string, field: 'style' | 'model') => {
    const found = list?.find((entry) => entry.name === name);
    return found ? { base: found.base_model, what: `the ${field} "${name}"` } : undefined;
  };
  if (item.style !== undefined) return lookup(catalogue.styles, item.style, 'style');
  if (item.model !== undefined) return lookup(catalogue.models, item.model, 'model');
  return undefined;
}

function checkLoras(item: GenerationItem, index: number, context: GenerationContext, errors: Issue[], unchecked: string[]) {
  // Only a kind that reads loras (a non-Flux style or model) holds them to a base model.
  if (!item.loras?.length || !readsLoras(item)) return;
  const catalogue = context.catalogue;
  if (!catalogue?.loras) {
    unchecked.push(`[${index}].loras: base model match (no LoRA listing given)`);
    return;
  }
  const target = baseModelOf(item, catalogue);
  if (target === undefined) unchecked.push(`[${index}].loras: base model match (base model of the style or model not known)`);
  item.loras.forEach((lora, j) => {
    const found = catalogue.loras!.find((entry) => entry.name === lora.name);
    if (found && target && normalizeBaseModel(found.base_model) !== normalizeBaseModel(target.base)) {
      errors.push(
        ruleIssue('lora_base_model', [index, 'loras', j, 'name'], `LoRA "${lora.name}" is for ${found.base_model} but ${target.what} is ${target.base}`),
      );
    }
  });
}

function checkVideoAnyone(item: GenerationItem, index: number, context: GenerationContext, errors: Issue[], unchecked: string[]) {
  const va = item.video_anyone;
  if (!va) return;
  const field = va.media_id !== undefined ? 'media_id' : 'asset_id';
  const id = (va.media_id ?? va.asset_id)!;
  const input = context.inputs?.[id];
  if (!input) {
    unchecked.push(`[${index}].video_anyone.${field}: aspect ratio 3:5 or 5:3 (no metadata for "${id}")`);
    return;
  }
  const ratio = input.width / input.height;
  const fits = VIDEO_ANYONE_RATIOS.some(([w, h]) => Math.abs(ratio / (w / h) - 1) <= RATIO_TOLERANCE);
  if (!fits) {
    errors.push(
      ruleIssue(
        'video_anyone_aspect_ratio',
        [index, 'video_anyone', field],
        `input image is ${input.width}×${input.height} (${ratioText(input.width, input.height)}); video_anyone needs 3:5 or 5:3`,
      ),
    );
  }
}

function checkNarrator(item: GenerationItem, index: number, context: GenerationContext, errors: Issue[], unchecked: string[]) {
  const id = item.narrator?.video_asset_id;
  if (id === undefined) return;
  const path = [index, 'narrator', 'video_asset_id'];
  const video = context.inputs?.[id];
  if (!video) {
    unchecked.push(`[${index}].narrator.video_asset_id: frame rate and size (no metadata for "${id}")`);
    return;
  }
  const { maxFps, maxHeight, maxWidth } = NARRATOR_VIDEO_LIMITS;
  if (video.frames !== undefined && video.duration !== undefined && video.duration > 0) {
    const fps = video.frames / video.duration;
    if (fps > maxFps) {
      errors.push(
        ruleIssue('narrator_video_fps', path, `video is ${+fps.toFixed(2)} fps (${video.frames} frames / ${video.duration} s); at most ${maxFps}`, {
          code: 'narrator_fps',
        }),
      );
    }
  } else {
    unchecked.push(`[${index}].narrator.video_asset_id: frame rate (frames and duration not given)`);
  }
  if (video.height > maxHeight)
    errors.push(ruleIssue('narrator_video_height', path, `video height ${video.height} is above ${maxHeight}`, { code: 'narrator_height' }));
  if (video.width > maxWidth)
    errors.push(ruleIssue('narrator_video_width', path, `video width ${video.width} is above ${maxWidth}`, { code: 'narrator_width' }));
}

/**
 * Any request body against its schema, plus the fields the contract does not name (warnings, or
 * errors when `strict`). For bodies other than the generation request. `value`: the body as the
 * schema parsed it, when it is valid.
 */
export function checkRequestBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  options: { strict?: boolean } = {},
): Omit<CheckResult, 'value'> & { value?: z.output<S> } {
  const parsed = validate(schema, body);
  const unknown = unknownFieldIssues(schema, body, options.strict ? 'error' : 'warning');
  const errors = [...parsed.errors, ...(options.strict ? unknown : [])];
  const ok = errors.length === 0;
  return { ok, ...(ok && parsed.success ? { value: parsed.data } : {}), errors, warnings: options.strict ? [] : unknown, unchecked: [] };
}

/**
 * Checks a generation request (the array body of generate and estimate). `errors` make the request
 * invalid; `warnings` name fields the service will ignore or not know; `unchecked` names context
 * rules skipped. With `strict`, unknown fields are errors.
 */
export function checkGenerationRequest(body: unknown, options: CheckOptions = {}): CheckResult {
  const { strict, ...context } = options;
  const unknown = unknownFieldIssues(GenerationRequestSchema, body, strict ? 'error' : 'warning');
  const parsed = validate(GenerationRequestSchema, body);
  if (!parsed.success || (strict && unknown.length > 0)) {
    return { ok: false, errors: [...parsed.errors, ...(strict ? unknown : [])], warnings: strict ? [] : unknown, unchecked: [] };
  }
  const errors: Issue[] = [];
  const warnings: Issue[] = strict ? [] : [...unknown];
  const unchecked: string[] = [];
  parsed.data.forEach((item, index) => {
    warnings.push(...ignoredFieldWarnings(item, index));
    if (item.batch_size !== undefined) {
      if (context.plan) {
        if (item.batch_size > context.plan.maxBatchSize) {
          errors.push(
            ruleIssue(
              'plan_batch_size',
              [index, 'batch_size'],
              `must be ≤ ${context.plan.maxBatchSize} (the maximum of the ${context.plan.name ? `${context.plan.name} ` : ''}plan)`,
            ),
          );
        }
      } else unchecked.push(`[${index}].batch_size: plan maximum (no plan given)`);
    }
    checkCatalogueNames(item, index, context.catalogue, errors);
    checkLoras(item, index, context, errors, unchecked);
    // An object the chosen kind ignores is only warned about; its inputs are not the service's concern.
    const kind = generationKind(item);
    if (kind === 'video_anyone') checkVideoAnyone(item, index, context, errors, unchecked);
    if (kind === 'narrator') checkNarrator(item, index, context, errors, unchecked);
  });
  return { ok: errors.length === 0, value: parsed.data, errors, warnings, unchecked };
}
