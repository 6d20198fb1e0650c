// The sandbox's memory: generations and their media, assets, characters and the credit balance.
// Time never runs in the background: a media item's status is computed on read from its creation
// time and the injected clock, so a test that moves the clock sees the lifecycle at once.
import {
  type AssetV1,
  type AssetV2,
  type Character,
  type CreateCharacterRequest,
  type Dim,
  type GeneratedMedia,
  type GenerationContext,
  type GenerationItem,
  type Issue,
  type Media,
  type MediaStatusValue,
  generationKind,
  isFlux,
  normalizeBaseModel,
  ruleIssue,
} from '@mediagen/schema';
import { type Catalogue, defaultCatalogue } from './catalogue.js';
import { type Deflate, makePng, makeWebm, pngSize } from './files.js';
import type { ResolvedOptions } from './options.js';
import { type Random, hashString, mulberry32, randomId, stream } from './rng.js';

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

const IMAGE_DIMS: Record<string, [number, number]> = {
  '1:1': [1024, 1024],
  '2:3': [832, 1248],
  '3:2': [1248, 832],
  '4:5': [896, 1120],
  '16:9': [1344, 768],
  '9:16': [768, 1344],
};

const FIXTURE_TIME_MS = 1675732000 * 1000;

/** `{ height, width }`, in the order the documentation prints them. */
const dimOf = (d: Dim): Dim => ({ height: d.height, width: d.width });

export class NotFoundError extends Error {
  constructor(what: string, id: string) {
    super(`${what} ${id} not found`);
    this.name = 'NotFoundError';
  }
}

export class SandboxState {
  readonly options: ResolvedOptions;
  readonly catalogue: Catalogue;
  credits: number;
  readonly generations = new Map<string, GenerationRecord>();
  readonly media = new Map<string, MediaRecord>();
  readonly assets = new Map<string, AssetRecord>();
  readonly characters = new Map<string, Character>();
  private readonly ids: Random;
  private readonly outcomes: Random;
  private readonly files = new Map<string, Uint8Array<ArrayBuffer>>();
  private readonly deflate: Deflate | undefined;

  constructor(options: ResolvedOptions, catalogue: Partial<Catalogue> = {}, deflate?: Deflate) {
    this.options = options;
    this.catalogue = { ...defaultCatalogue(), ...catalogue };
    this.credits = options.credits;
    this.ids = stream(options.seed, 'ids');
    this.outcomes = stream(options.seed, 'outcomes');
    this.deflate = deflate;
    if (options.fixtures) this.seedFixtures();
  }

  now(): number {
    return this.options.now();
  }

  private newId(prefix: string, taken: ReadonlyMap<string, unknown>): string {
    for (;;) {
      const id = randomId(this.ids, prefix);
      if (!taken.has(id)) return id;
    }
  }

  // --- lifecycle ---------------------------------------------------------------------------------

  status(media: MediaRecord, at = this.now()): MediaStatusValue {
    if (at >= media.doneAtMs) return media.outcome;
    if (at >= media.pendingAtMs) return 'pending';
    return 'initiated';
  }

  fileName(media: MediaRecord): string {
    return `${media.id}.${media.type === 'video' ? 'webm' : 'png'}`;
  }

  /** A media item as get and list show it; `url` on success, empty on failure, absent before. */
  mediaView(media: MediaRecord, origin: string): Media {
    const status = this.status(media);
    const view: Media = { id: media.id, dim: dimOf(media.dim), type: media.type, status };
    if (status === 'success') view.url = `${origin}/files/${this.fileName(media)}`;
    else if (status === 'failed') view.url = '';
    return view;
  }

  generatedView(media: MediaRecord): GeneratedMedia {
    const view: GeneratedMedia = { id: media.id, dim: dimOf(media.dim), type: media.type, status: 'initiated' };
    if (media.model !== undefined) view.model = media.model;
    if (media.style !== undefined) view.style = media.style;
    if (media.style_detail !== undefined) view.style_detail = { ...media.style_detail };
    return view;
  }

  generationMedia(generation: GenerationRecord): MediaRecord[] {
    return generation.mediaIds.map((id) => this.media.get(id)).filter((m): m is MediaRecord => m !== undefined);
  }

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

  /** Newest first. */
  listGenerations(): GenerationRecord[] {
    return [...this.generations.values()].sort((a, b) => b.createdMs - a.createdMs || (a.id < b.id ? 1 : -1));
  }

  deleteGeneration(id: string): void {
    const generation = this.getGeneration(id);
    for (const mediaId of generation.mediaIds) this.removeMedia(mediaId);
    this.generations.delete(id);
  }

  /** Removes one media item; the other media of its generation are kept. */
  deleteMedia(id: string): void {
    const media = this.getMedia(id);
    const generation = this.generations.get(media.generationId);
    if (generation) generation.mediaIds = generation.mediaIds.filter((m) => m !== id);
    this.removeMedia(id);
  }

  private removeMedia(id: string): void {
    this.media.delete(id);
    this.files.delete(id);
  }

  // --- credits and generation --------------------------------------------------------------------

  /** What the base model of an item is, from its style, style_detail or model (catalogue lookup). */
  baseModelOf(item: GenerationItem): string | undefined {
    if (item.style_detail) return item.style_detail.base_model;
    if (item.style !== undefined) return this.catalogue.styles.find((s) => s.name === item.style)?.base_model;
    if (item.model !== undefined) return this.catalogue.models.find((m) => m.name === item.model)?.base_model;
    return undefined;
  }

  itemCost(item: GenerationItem): number {
    const kind = generationKind(item);
    switch (kind) {
      case 'segment':
        return COSTS.segment;
      case 'true_touch':
        return COSTS.true_touch;
      case 'narrator':
        return COSTS.narrator;
      case 'video_anyone':
        return COSTS.video_anyone * Math.max(1, Math.ceil((item.video_anyone?.duration ?? 5) / 5));
      default: {
        const base = this.baseModelOf(item);
        const perImage = (base !== undefined ? COSTS.image[normalizeBaseModel(base)] : undefined) ?? COSTS.imageOther;
        return perImage * (item.batch_size ?? 1);
      }
    }
  }

  estimate(items: readonly GenerationItem[]): number {
    return items.reduce((sum, item) => sum + this.itemCost(item), 0);
  }

  /** Creates the generation and its media (`initiated`); the caller has checked the balance. */
  generate(items: readonly GenerationItem[], cost: number): { generation: GenerationRecord; media: MediaRecord[] } {
    const createdMs = this.now();
    const generation: GenerationRecord = { id: this.newId('gen_', this.generations), createdMs, mediaIds: [], cost };
    const made: MediaRecord[] = [];
    for (const item of items) {
      for (const shape of this.mediaShapes(item)) {
        const media: MediaRecord = {
          id: this.newId('media_', this.media),
          generationId: generation.id,
          createdMs,
          pendingAtMs: createdMs + this.options.pendingMs,
          doneAtMs: createdMs + this.options.completeMs,
          // Always drawn, so the failure rate does not change which later draws go where.
          outcome: this.outcomes() < this.options.failureRate ? 'failed' : 'success',
          ...shape,
        };
        this.media.set(media.id, media);
        generation.mediaIds.push(media.id);
        made.push(media);
      }
    }
    this.generations.set(generation.id, generation);
    this.credits -= cost;
    return { generation, media: made };
  }

  private inputSize(id: string | undefined): Dim | undefined {
    if (id === undefined) return undefined;
    return this.media.get(id)?.dim ?? this.assets.get(id)?.size;
  }

  /** The media one item makes: type, dimensions and the echoed model or style. */
  private mediaShapes(item: GenerationItem): Omit<MediaRecord, 'id' | 'generationId' | 'createdMs' | 'pendingAtMs' | 'doneAtMs' | 'outcome'>[] {
    const kind = generationKind(item);
    if (kind === 'video_anyone') {
      const va = item.video_anyone!;
      const dim = this.inputSize(va.media_id ?? va.asset_id) ?? { width: 768, height: 1280 };
      const duration = va.duration ?? 5;
      return [{ type: 'video', dim: { ...dim }, duration, frames: duration * 24 }];
    }
    if (kind === 'narrator') {
      const n = item.narrator!;
      const dim = this.inputSize(n.video_asset_id ?? n.image_asset_id) ?? { width: 720, height: 1280 };
      const duration = (n.audio_asset_id ? this.assets.get(n.audio_asset_id)?.duration : undefined) ?? 5;
      return [{ type: 'video', dim: { ...dim }, duration, frames: Math.round(duration * 30) }];
    }
    if (kind === 'segment' || kind === 'true_touch') {
      const input = this.inputSize(item[kind]!.asset_id) ?? { width: 1024, height: 1024 };
      const scale = kind === 'true_touch' ? (item.true_touch!.scale_factor ?? 1.5) : 1;
      return [{ type: 'image', dim: { width: Math.round(input.width * scale), height: Math.round(input.height * scale) } }];
    }
    const [w, h] = IMAGE_DIMS[item.aspect_ratio ?? '1:1'] ?? [1024, 1024];
    const base = this.baseModelOf(item);
    const half = base !== undefined && normalizeBaseModel(base) === 'sd15';
    const shape: Omit<MediaRecord, 'id' | 'generationId' | 'createdMs' | 'pendingAtMs' | 'doneAtMs' | 'outcome'> = {
      type: 'image',
      dim: half ? { width: w / 2, height: h / 2 } : { width: w, height: h },
    };
    if (item.model !== undefined) shape.model = item.model;
    if (item.style !== undefined) shape.style = item.style;
    if (item.style_detail !== undefined) {
      shape.style_detail = { ...item.style_detail };
      shape.style ??= item.style_detail.name;
    }
    const count = item.batch_size ?? 1;
    return Array.from({ length: count }, () => ({ ...shape, dim: { ...shape.dim } }));
  }

  /** The facts `checkGenerationRequest` needs from this sandbox: plan, catalogue, input metadata. */
  generationContext(): GenerationContext {
    const inputs: Record<string, { width: number; height: number; frames?: number; duration?: number }> = {};
    for (const asset of this.assets.values()) {
      if (asset.status === 'archive') continue;
      inputs[asset.id] = { ...asset.size, ...(asset.frames !== undefined ? { frames: asset.frames } : {}), ...(asset.duration !== undefined ? { duration: asset.duration } : {}) };
    }
    for (const media of this.media.values()) {
      inputs[media.id] = { ...media.dim, ...(media.frames !== undefined ? { frames: media.frames } : {}), ...(media.duration !== undefined ? { duration: media.duration } : {}) };
    }
    return {
      plan: { ...this.options.plan },
      catalogue: { models: this.catalogue.models, styles: this.catalogue.styles, loras: this.catalogue.loras },
      inputs,
    };
  }

  /**
   * Rules only a service that holds the account's data can check: referenced assets and media exist
   * (and are uploaded or finished), control nets, voices and styles named exist.
   */
  checkReferences(items: readonly GenerationItem[]): Issue[] {
    const issues: Issue[] = [];
    const issue = (path: (string | number)[], message: string, code = 'unknown_resource') => issues.push(ruleIssue('reference_exists', path, message, { code }));
    const asset = (index: number, path: string[], id: string | undefined, types: readonly AssetType[]) => {
      if (id === undefined) return;
      const found = this.assets.get(id);
      if (!found || found.status === 'archive') {
        // video_anyone may name a generated image.
        const media = this.media.get(id);
        if (media && types.includes('image')) {
          if (media.type !== 'image') issue([index, ...path], `media "${id}" is a ${media.type}, expected an image`, 'wrong_input_type');
          else if (this.status(media) !== 'success') issue([index, ...path], `media "${id}" is not finished (status ${this.status(media)})`, 'input_not_ready');
          return;
        }
        issue([index, ...path], `unknown asset "${id}"`);
        return;
      }
      if (!types.includes(found.type)) issue([index, ...path], `asset "${id}" is ${found.type}, expected ${types.join(' or ')}`, 'wrong_input_type');
      else if (found.status !== 'active') issue([index, ...path], `asset "${id}" has not been uploaded (status ${found.status})`, 'input_not_ready');
    };
    items.forEach((item, index) => {
      const kind = generationKind(item);
      if (kind === 'segment') asset(index, ['segment', 'asset_id'], item.segment?.asset_id, ['image']);
      if (kind === 'true_touch') asset(index, ['true_touch', 'asset_id'], item.true_touch?.asset_id, ['image']);
      if (kind === 'video_anyone') {
        const va = item.video_anyone!;
        if (va.media_id !== undefined) asset(index, ['video_anyone', 'media_id'], va.media_id, ['image']);
        else asset(index, ['video_anyone', 'asset_id'], va.asset_id, ['image']);
      }
      if (kind === 'narrator') {
        const n = item.narrator!;
        asset(index, ['narrator', 'image_asset_id'], n.image_asset_id, ['image']);
        asset(index, ['narrator', 'video_asset_id'], n.video_asset_id, ['video']);
        asset(index, ['narrator', 'audio_asset_id'], n.audio_asset_id, ['audio']);
        if (n.voice !== undefined && !this.catalogue.voices.some((v) => v.name === n.voice)) {
          issue([index, 'narrator', 'voice'], `unknown voice "${n.voice}" (not in GET /pub/v1/voices)`);
        }
      }
      if (kind === 'style' || kind === 'model') {
        asset(index, ['facelock', 'asset_id'], item.facelock?.asset_id, ['image']);
        if (item.model !== undefined && !this.catalogue.models.some((m) => m.name === item.model)) {
          issue([index, 'model'], `unknown model "${item.model}" (not in GET /pub/v1/models)`);
        }
        if (item.style !== undefined && !item.style_detail && !this.catalogue.styles.some((s) => s.name === item.style)) {
          issue([index, 'style'], `unknown style "${item.style}" (not in GET /pub/v1/styles)`);
        }
        if (item.style_detail) {
          const { name, base_model } = item.style_detail;
          const known = this.catalogue.styles.some((s) => s.name === name && normalizeBaseModel(s.base_model) === normalizeBaseModel(base_model));
          if (!known) issue([index, 'style_detail'], `unknown style "${name}" for base model ${base_model} (not in GET /pub/v1/styles)`);
        }
        if (item.control_net) {
          asset(index, ['control_net', 'asset_id'], item.control_net.asset_id, ['image']);
          const name = item.control_net.name;
          const candidates = this.catalogue.controlnets.filter((c) => c.name === name);
          if (candidates.length === 0) issue([index, 'control_net', 'name'], `unknown control net "${name}" (not in GET /pub/v1/controlnets)`);
          else if (isFlux(item) && !candidates.some((c) => normalizeBaseModel(c.base_model) === 'flux')) {
            issue([index, 'control_net', 'name'], `control net "${name}" is not available for Flux (see GET /pub/v1/controlnets?type=flux)`, 'controlnet_base_model');
          }
        }
      }
    });
    return issues;
  }

  // --- files --------------------------------------------------------------------------------------

  /** The bytes of a finished media item, made once and kept. */
  mediaFile(media: MediaRecord): Uint8Array<ArrayBuffer> {
    let bytes = this.files.get(media.id);
    if (!bytes) {
      if (media.type === 'video') {
        bytes = makeWebm({ landscape: media.dim.width > media.dim.height, fps: 5, frames: Math.max(1, Math.min(25, Math.round((media.duration ?? 1) * 5))) });
      } else {
        // A thumbnail with the item's aspect ratio, at most 64 pixels on its long side.
        const scale = 64 / Math.max(media.dim.width, media.dim.height, 1);
        const random = mulberry32(hashString(media.id));
        const colour = (): [number, number, number] => [0, 0, 0].map(() => Math.floor(random() * 256)) as [number, number, number];
        bytes = makePng({
          width: Math.max(1, Math.round(media.dim.width * scale)),
          height: Math.max(1, Math.round(media.dim.height * scale)),
          from: colour(),
          to: colour(),
          ...(this.deflate ? { deflate: this.deflate } : {}),
        });
      }
      this.files.set(media.id, bytes);
    }
    return bytes;
  }

  // --- assets -------------------------------------------------------------------------------------

  createAsset(type: AssetType, size: Dim): AssetRecord {
    const asset: AssetRecord = { id: this.newId('ast_', this.assets), type, status: 'pending', size: { ...size }, createdMs: this.now(), tags: ['api'] };
    if (type === 'video') {
      asset.duration = 5;
      asset.frames = 150;
    } else if (type === 'audio') asset.duration = 5;
    this.assets.set(asset.id, asset);
    return asset;
  }

  getAsset(id: string): AssetRecord {
    const found = this.assets.get(id);
    if (!found) throw new NotFoundError('asset', id);
    return found;
  }

  /** Bytes sent to an upload URL: the asset becomes `active`; a PNG's own size replaces the declared one. */
  receiveUpload(id: string, bytes: Uint8Array<ArrayBuffer>, contentType: string | undefined): AssetRecord {
    const asset = this.getAsset(id);
    if (asset.status === 'archive') throw new NotFoundError('asset', id);
    asset.bytes = bytes;
    asset.byteLength = bytes.length;
    if (contentType) asset.contentType = contentType;
    asset.status = 'active';
    const png = pngSize(bytes);
    if (png) asset.size = png;
    return asset;
  }

  assetUrl(asset: AssetRecord, origin: string): string {
    return `${origin}/files/${asset.id}`;
  }

  assetV1(asset: AssetRecord, origin: string): AssetV1 {
    return { id: asset.id, data: { size: dimOf(asset.size), url: this.assetUrl(asset, origin) }, status: asset.status, tags: [...asset.tags], type: asset.type };
  }

  assetV2(asset: AssetRecord, origin: string): AssetV2 {
    const view: AssetV2 = { id: asset.id, type: asset.type, status: asset.status, size: dimOf(asset.size), url: this.assetUrl(asset, origin) };
    if (asset.duration !== undefined) view.duration = asset.duration;
    if (asset.frames !== undefined) view.frames = asset.frames;
    if (asset.byteLength !== undefined) (view as AssetV2 & { bytes: number }).bytes = asset.byteLength;
    return view;
  }

  /** Oldest first, archived assets left out. */
  listAssets(): AssetRecord[] {
    return [...this.assets.values()].filter((a) => a.status !== 'archive').sort((a, b) => a.createdMs - b.createdMs);
  }

  archive(ids: readonly string[]): { archived: AssetRecord[]; missing: string[] } {
    const archived: AssetRecord[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const asset = this.assets.get(id);
      if (!asset || asset.status === 'archive') missing.push(id);
      else {
        asset.status = 'archive';
        archived.push(asset);
      }
    }
    return { archived, missing };
  }

  // --- characters ---------------------------------------------------------------------------------

  /** Issues with a create request that only the account's data can reveal (asset, unique name). */
  checkCharacter(request: CreateCharacterRequest): Issue[] {
    const issues: Issue[] = [];
    const asset = this.assets.get(request.asset_id);
    if (!asset || asset.status === 'archive') issues.push(ruleIssue('reference_exists', ['asset_id'], `unknown asset "${request.asset_id}"`, { code: 'unknown_resource' }));
    else if (asset.type !== 'image') issues.push(ruleIssue('reference_exists', ['asset_id'], `asset "${request.asset_id}" is ${asset.type}, expected image`, { code: 'wrong_input_type' }));
    else if (asset.status !== 'active') issues.push(ruleIssue('reference_exists', ['asset_id'], `asset "${request.asset_id}" has not been uploaded (status ${asset.status})`, { code: 'input_not_ready' }));
    const all = [...this.catalogue.systemCharacters, ...this.characters.values()];
    if (all.some((c) => c.name === request.name)) issues.push(ruleIssue('unique_character_name', ['name'], `a character named "${request.name}" already exists`, { code: 'duplicate_name' }));
    return issues;
  }

  createCharacter(request: CreateCharacterRequest, origin: string): Character {
    const asset = this.getAsset(request.asset_id);
    const character: Character = {
      id: this.newId('chr_', this.characters),
      name: request.name,
      character_type: request.character_type,
      prompt: request.prompt,
      input_image: this.assetUrl(asset, origin),
      system_character: false,
    };
    this.characters.set(character.id, character);
    return character;
  }

  /** System characters first, then the account's, oldest first. */
  listCharacters(): Character[] {
    return [...this.catalogue.systemCharacters, ...this.characters.values()];
  }

  // --- fixtures -----------------------------------------------------------------------------------

  private seedFixtures(): void {
    const asset = (id: string, type: AssetType, width: number, height: number, extra: Partial<AssetRecord> = {}) =>
      this.assets.set(id, { id, type, status: 'active', size: { width, height }, createdMs: FIXTURE_TIME_MS, tags: ['api'], ...extra });
    // ast_01 is 3:5 so the video_anyone example (which names it) passes the aspect-ratio rule.
    asset('ast_01', 'image', 768, 1280);
    asset('ast_123abc', 'image', 512, 512);
    asset('ast_imgxxxxx', 'image', 720, 1280);
    asset('ast_vidxxxxx', 'video', 1920, 1080, { duration: 5, frames: 150 });
    asset('ast_audxxxxx', 'audio', 0, 0, { duration: 5 });
    const generation: GenerationRecord = { id: 'gen_01', createdMs: FIXTURE_TIME_MS, mediaIds: [], cost: 4 };
    for (const id of ['media_01', 'img_01']) {
      this.media.set(id, {
        id,
        generationId: 'gen_01',
        type: 'image',
        dim: { width: 512, height: 512 },
        createdMs: FIXTURE_TIME_MS,
        pendingAtMs: Number.NEGATIVE_INFINITY,
        doneAtMs: Number.NEGATIVE_INFINITY,
        outcome: 'success',
        model: 'JuggernautXL',
      });
      generation.mediaIds.push(id);
    }
    this.generations.set(generation.id, generation);
  }
}
