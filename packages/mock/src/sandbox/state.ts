// The sandbox's state: its store of records with their indexes (store.ts), the media lifecycle
// (lifecycle.ts), pricing (pricing.ts), reference checks (references.ts) and wire views (views.ts),
// put together behind the operations the handlers call. Nothing here scans every record held: each
// lookup goes through an index, each listing reads one page of an ordered list.
import type {
  AssetV1,
  AssetV2,
  Character,
  CreateCharacterRequest,
  Dim,
  GeneratedMedia,
  GenerationContext,
  GenerationItem,
  Issue,
  Media,
  MediaStatusValue,
} from '@mediagen/schema';
import { type Deflate, makePng, pngSize } from '@mediagen/schema/util';
import { type Catalogue, defaultCatalogue } from './catalogue.js';
import { makeWebm } from './files.js';
import { mediaShapes, statusAt } from './lifecycle.js';
import type { ResolvedOptions } from './options.js';
import { COSTS, estimate } from './pricing.js';
import { ReferenceChecks } from './references.js';
import { hashString, mulberry32, type Random, randomId, stream } from './rng.js';
import { type AssetRecord, type AssetType, type GenerationRecord, type MediaRecord, NotFoundError, SandboxStore } from './store.js';
import * as views from './views.js';

export { type AssetRecord, type AssetStatus, type AssetType, type GenerationRecord, type MediaRecord, NotFoundError } from './store.js';
export { COSTS };

const FIXTURE_TIME_MS = 1675732000 * 1000;

type InputMetadata = { width: number; height: number; frames?: number; duration?: number };

export class SandboxState {
  readonly options: ResolvedOptions;
  readonly catalogue: Catalogue;
  readonly store = new SandboxStore();
  credits: number;
  private readonly ids: Random;
  private readonly outcomes: Random;
  private readonly files = new Map<string, Uint8Array<ArrayBuffer>>();
  private readonly deflate: Deflate | undefined;
  private readonly references: ReferenceChecks;
  /** Input metadata by id, read on demand: `checkGenerationRequest` looks up only the ids a request names. */
  private readonly inputs: Readonly<Record<string, InputMetadata>>;

  constructor(options: ResolvedOptions, catalogue: Partial<Catalogue> = {}, deflate?: Deflate) {
    this.options = options;
    this.catalogue = { ...defaultCatalogue(), ...catalogue };
    this.credits = options.credits;
    this.ids = stream(options.seed, 'ids');
    this.outcomes = stream(options.seed, 'outcomes');
    this.deflate = deflate;
    this.references = new ReferenceChecks(this.store, this.catalogue, () => this.now());
    this.inputs = new Proxy(Object.create(null) as Record<string, InputMetadata>, {
      get: (_, id) => (typeof id === 'string' ? this.inputMetadata(id) : undefined),
      has: (_, id) => typeof id === 'string' && this.inputMetadata(id) !== undefined,
    });
    if (options.fixtures) this.seedFixtures();
  }

  get generations(): ReadonlyMap<string, GenerationRecord> {
    return this.store.generations;
  }
  get media(): ReadonlyMap<string, MediaRecord> {
    return this.store.media;
  }
  get assets(): ReadonlyMap<string, AssetRecord> {
    return this.store.assets;
  }
  get characters(): ReadonlyMap<string, Character> {
    return this.store.characters;
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

  // --- lookups and views -------------------------------------------------------------------------

  status(media: MediaRecord, at = this.now()): MediaStatusValue {
    return statusAt(media, at);
  }

  fileName(media: MediaRecord): string {
    return views.fileName(media);
  }

  mediaView(media: MediaRecord, origin: string): Media {
    return views.mediaView(media, this.status(media), origin);
  }

  generatedView(media: MediaRecord): GeneratedMedia {
    return views.generatedView(media);
  }

  assetV1(asset: AssetRecord, origin: string): AssetV1 {
    return views.assetV1(asset, origin);
  }

  assetV2(asset: AssetRecord, origin: string): AssetV2 {
    return views.assetV2(asset, origin);
  }

  generationMedia(generation: GenerationRecord): MediaRecord[] {
    return this.store.generationMedia(generation);
  }

  getGeneration(id: string): GenerationRecord {
    return this.store.getGeneration(id);
  }

  getMedia(id: string): MediaRecord {
    return this.store.getMedia(id);
  }

  getAsset(id: string): AssetRecord {
    return this.store.getAsset(id);
  }

  /** Newest first, as an ordered index: read a page with `slice`. */
  listGenerations(): { size: number; slice(start: number, end: number): GenerationRecord[]; values(): readonly GenerationRecord[] } {
    return this.store.generationsNewestFirst;
  }

  /** Oldest first, archived assets left out, as an ordered index. */
  listAssets(): { size: number; slice(start: number, end: number): AssetRecord[] } {
    return this.store.liveAssetsOldestFirst;
  }

  /** System characters first, then the account's, oldest first. */
  listCharacters(): Character[] {
    return [...this.catalogue.systemCharacters, ...this.store.characters.values()];
  }

  // --- generation and credits --------------------------------------------------------------------

  estimate(items: readonly GenerationItem[]): number {
    return estimate(items, this.catalogue);
  }

  /** Creates the generation and its media (`initiated`); the caller has checked the balance. */
  generate(items: readonly GenerationItem[], cost: number): { generation: GenerationRecord; media: MediaRecord[] } {
    const createdMs = this.now();
    const generation: GenerationRecord = { id: this.newId('gen_', this.store.generations), createdMs, mediaIds: [], cost };
    const made: MediaRecord[] = [];
    const taken = new Map(made.map((m) => [m.id, m]));
    const facts = {
      catalogue: this.catalogue,
      inputSize: (id: string | undefined) => (id === undefined ? undefined : (this.store.media.get(id)?.dim ?? this.store.assets.get(id)?.size)),
      audioDuration: (id: string | undefined) => (id === undefined ? undefined : this.store.assets.get(id)?.duration),
    };
    for (const item of items) {
      for (const shape of mediaShapes(item, facts)) {
        let id: string;
        do id = this.newId('media_', this.store.media);
        while (taken.has(id));
        const media: MediaRecord = {
          id,
          generationId: generation.id,
          createdMs,
          pendingAtMs: createdMs + this.options.pendingMs,
          doneAtMs: createdMs + this.options.completeMs,
          // Always drawn, so the failure rate does not change which later draws go where.
          outcome: this.outcomes() < this.options.failureRate ? 'failed' : 'success',
          ...shape,
        };
        taken.set(id, media);
        generation.mediaIds.push(media.id);
        made.push(media);
      }
    }
    this.store.addGeneration(generation, made);
    this.credits -= cost;
    return { generation, media: made };
  }

  deleteGeneration(id: string): void {
    for (const mediaId of this.store.getGeneration(id).mediaIds) this.files.delete(mediaId);
    this.store.removeGeneration(id);
  }

  deleteMedia(id: string): void {
    this.store.removeMedia(id);
    this.files.delete(id);
  }

  private inputMetadata(id: string): InputMetadata | undefined {
    const media = this.store.media.get(id);
    if (media)
      return {
        ...media.dim,
        ...(media.frames !== undefined ? { frames: media.frames } : {}),
        ...(media.duration !== undefined ? { duration: media.duration } : {}),
      };
    const asset = this.store.assets.get(id);
    if (!asset || asset.status === 'archive') return undefined;
    return {
      ...asset.size,
      ...(asset.frames !== undefined ? { frames: asset.frames } : {}),
      ...(asset.duration !== undefined ? { duration: asset.duration } : {}),
    };
  }

  /** The facts `checkGenerationRequest` needs from this sandbox: plan, catalogue, input metadata. */
  generationContext(): GenerationContext {
    return {
      plan: { ...this.options.plan },
      catalogue: { models: this.catalogue.models, styles: this.catalogue.styles, loras: this.catalogue.loras },
      inputs: this.inputs,
    };
  }

  checkReferences(items: readonly GenerationItem[]): Issue[] {
    return this.references.checkReferences(items);
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
    const asset: AssetRecord = { id: this.newId('ast_', this.store.assets), type, status: 'pending', size: { ...size }, createdMs: this.now(), tags: ['api'] };
    if (type === 'video') {
      asset.duration = 5;
      asset.frames = 150;
    } else if (type === 'audio') asset.duration = 5;
    this.store.addAsset(asset);
    return asset;
  }

  /** Bytes sent to an upload URL: the asset becomes `active`; a PNG's own size replaces the declared one. */
  receiveUpload(id: string, bytes: Uint8Array<ArrayBuffer>, contentType: string | undefined): AssetRecord {
    const asset = this.store.getAsset(id);
    if (asset.status === 'archive') throw new NotFoundError('asset', id);
    asset.bytes = bytes;
    asset.byteLength = bytes.length;
    if (contentType) asset.contentType = contentType;
    asset.status = 'active';
    const png = pngSize(bytes);
    if (png) asset.size = png;
    return asset;
  }

  archive(ids: readonly string[]): { archived: AssetRecord[]; missing: string[] } {
    const archived: AssetRecord[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const asset = this.store.assets.get(id);
      if (!asset || asset.status === 'archive') missing.push(id);
      else {
        this.store.archiveAsset(asset);
        archived.push(asset);
      }
    }
    return { archived, missing };
  }

  // --- characters ---------------------------------------------------------------------------------

  checkCharacter(request: CreateCharacterRequest): Issue[] {
    return this.references.checkCharacter(request);
  }

  createCharacter(request: CreateCharacterRequest, origin: string): Character {
    const asset = this.store.getAsset(request.asset_id);
    const character: Character = {
      id: this.newId('chr_', this.store.characters),
      name: request.name,
      character_type: request.character_type,
      prompt: request.prompt,
      input_image: views.assetUrl(asset, origin),
      system_character: false,
    };
    this.store.characters.set(character.id, character);
    return character;
  }

  // --- fixtures -----------------------------------------------------------------------------------

  private seedFixtures(): void {
    const asset = (id: string, type: AssetType, width: number, height: number, extra: Partial<AssetRecord> = {}) =>
      this.store.addAsset({ id, type, status: 'active', size: { width, height }, createdMs: FIXTURE_TIME_MS, tags: ['api'], ...extra });
    // ast_01 is 3:5 so the video_anyone example (which names it) passes the aspect-ratio rule.
    asset('ast_01', 'image', 768, 1280);
    asset('ast_123abc', 'image', 512, 512);
    asset('ast_imgxxxxx', 'image', 720, 1280);
    asset('ast_vidxxxxx', 'video', 1920, 1080, { duration: 5, frames: 150 });
    asset('ast_audxxxxx', 'audio', 0, 0, { duration: 5 });
    const generation: GenerationRecord = { id: 'gen_01', createdMs: FIXTURE_TIME_MS, mediaIds: [], cost: 4 };
    const media: MediaRecord[] = [];
    for (const id of ['media_01', 'img_01']) {
      media.push({
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
    this.store.addGeneration(generation, media);
  }
}
