// The sandbox's answer to each operation, typed by operation (reply.ts): the pipeline in pipeline.ts
// has validated the call, a handler reads and changes the sandbox through its parts (parts.ts) and
// answers the success envelope. The five catalogue listings are one handler, chosen by the
// operation's `catalogue` trait.
import { type CatalogueItem, type CatalogueName, ERROR_CODES, normalizeBaseModel, operations } from '@mediagen/schema';
import { roomFor } from './generations.js';
import { legacyStatusAt, statusAt } from './lifecycle.js';
import type { SandboxParts } from './parts.js';
import { estimate } from './pricing.js';
import { type Handlers, HttpError, invalid, ok } from './reply.js';
import { type GenerationRecord, mediaOf, must, NotFoundError } from './store.js';
import { uploadUrl } from './uploads.js';
import * as views from './views.js';

/** Anything a page can be read from: an ordered index of the store, or an array. */
interface Pageable<T> {
  readonly size: number;
  slice(start: number, end: number): T[];
}

const pageable = <T>(items: readonly T[]): Pageable<T> => ({ size: items.length, slice: (start, end) => items.slice(start, end) });

type PageQuery = { page?: number | undefined; page_size?: number | undefined } | undefined;

/** One page of `items`, each shown with `view`: only the page's items are viewed. */
function listing<T, V = T>(items: Pageable<T> | readonly T[], query: PageQuery, view?: (item: T) => V) {
  const source: Pageable<T> = Array.isArray(items) ? pageable(items as readonly T[]) : (items as Pageable<T>);
  const page = query?.page ?? 1;
  const pageSize = query?.page_size ?? 10;
  const slice = source.slice((page - 1) * pageSize, page * pageSize);
  const data = view ? slice.map(view) : (slice as unknown as V[]);
  return ok(data, 200, { pagination: { page, page_size: pageSize, total: source.size } });
}

function byType<T>(items: readonly T[], type: unknown): readonly T[] {
  if (typeof type !== 'string') return items;
  const wanted = normalizeBaseModel(type);
  return items.filter((item) => normalizeBaseModel((item as CatalogueItem).base_model) === wanted);
}

const notFound = (ids: readonly string[]) => `asset${ids.length > 1 ? 's' : ''} ${ids.join(', ')} not found`;

/** The handler of every operation, by operationId. */
export function handlers(parts: SandboxParts): Handlers {
  const { store, catalogue, generations, assets, options } = parts;
  const now = options.now;
  /** A media item that must belong to the generation named with it (the deprecated image operations). */
  const imageOf = (generationId: string, imageId: string) => {
    const generation = must(store.generations, 'generation', generationId);
    if (!generation.mediaIds.includes(imageId)) throw new NotFoundError(`image ${imageId} of generation`, generationId);
    return must(store.media, 'media', imageId);
  };
  const generationView = (generation: GenerationRecord) => views.generationView(generation, mediaOf(store, generation), now(), parts.origin());
  // One handler for the five listings; typed as the four with a base model (voices, names only, fit it too).
  const catalogueListing =
    (name: CatalogueName) =>
    ({ query }: { query: PageQuery & { type?: unknown } }) =>
      listing(byType(catalogue[name] as readonly CatalogueItem[], query?.type), query);

  return {
    generateMedia: ({ body }) => {
      const cost = estimate(body, catalogue);
      if (cost > store.credits) throw new HttpError(402, `not enough credits: ${cost} needed, ${store.credits} available`);
      const { generation, media } = generations.generate(body, cost);
      return ok({ generation_id: generation.id, credits_remaining: store.credits, media: media.map(views.generatedView) });
    },
    estimateGeneration: ({ body }) => ok({ estimated: estimate(body, catalogue), balance: store.credits }),
    listGenerations: ({ query }) => {
      // The id filters are lookups; only a status filter has to look at each generation (a status
      // is a function of the time of asking, so it cannot be indexed ahead).
      let found: Pageable<GenerationRecord> | readonly GenerationRecord[] = store.generationsNewestFirst;
      if (typeof query.generation_id === 'string' || typeof query.media_id === 'string') {
        const byMedia = typeof query.media_id === 'string' ? store.media.get(query.media_id)?.generationId : undefined;
        const id = typeof query.generation_id === 'string' ? query.generation_id : byMedia;
        const generation = id === undefined ? undefined : store.generations.get(id);
        const matches = generation !== undefined && (typeof query.media_id !== 'string' || byMedia === generation.id);
        found = matches ? [generation] : [];
      }
      if (typeof query.status === 'string') {
        const all: readonly GenerationRecord[] = Array.isArray(found) ? found : store.generationsNewestFirst.values();
        const at = now();
        found = all.filter((g) => mediaOf(store, g).some((m) => statusAt(m, at) === query.status));
      }
      return listing(found, query, generationView);
    },
    getGeneration: ({ params }) => {
      const view = generationView(must(store.generations, 'generation', params.generation_id));
      return ok(view, 200, { pagination: { page: 1, page_size: Math.max(1, view.media.length), total: view.media.length } });
    },
    getMedia: ({ params }) => {
      const media = must(store.media, 'media', params.media_id);
      return ok(views.mediaView(media, statusAt(media, now()), parts.origin()));
    },
    deleteGeneration: ({ params }) => {
      generations.remove(params.generation_id);
      return ok({ id: params.generation_id });
    },
    deleteMedia: ({ params }) => {
      generations.removeMedia(params.media_id);
      return ok({ id: params.media_id });
    },
    deleteImage: ({ params }) => {
      const media = imageOf(params.generation_id, params.image_id);
      generations.removeMedia(media.id);
      return ok({ id: media.id });
    },
    getGenerationStatus: ({ params }) => {
      const generation = must(store.generations, 'generation', params.generation_id);
      const at = now();
      return ok(mediaOf(store, generation).map((m) => ({ image_id: m.id, status: legacyStatusAt(m, at) })));
    },
    getImageStatus: ({ params }) => {
      const media = imageOf(params.generation_id, params.image_id);
      return ok({ image_id: media.id, status: legacyStatusAt(media, now()) });
    },
    listModels: catalogueListing(operations.listModels.catalogue),
    listStyles: catalogueListing(operations.listStyles.catalogue),
    listControlnets: catalogueListing(operations.listControlnets.catalogue),
    listLoras: catalogueListing(operations.listLoras.catalogue),
    listVoices: catalogueListing(operations.listVoices.catalogue),
    createCharacter: ({ body }) => {
      const issues = parts.references.checkCharacter(body);
      if (issues.length > 0) throw invalid(issues, options.refusalStatus);
      roomFor(store, options, 1);
      const character = {
        id: parts.newId('chr_', store.characters),
        name: body.name,
        character_type: body.character_type,
        prompt: body.prompt,
        input_image: views.assetUrl(must(store.assets, 'asset', body.asset_id), parts.origin()),
        system_character: false,
      };
      store.characters.set(character.id, character);
      return ok(character, 201);
    },
    listCharacters: ({ query }) => listing([...catalogue.systemCharacters, ...store.characters.values()], query),
    uploadAsset: ({ body }) => {
      const asset = assets.create('image', body.size);
      return ok({ asset: views.assetV1(asset, parts.origin()), upload_url: uploadUrl(parts.origin(), asset.id, asset.uploadToken) }, 201);
    },
    archiveAssets: ({ body }) => {
      const { archived, missing } = assets.archive(body.ids);
      if (archived.length === 0) throw new HttpError(404, notFound(missing));
      const err: { code: string; message: string } | Record<string, never> = missing.length > 0 ? { code: ERROR_CODES[404], message: notFound(missing) } : {};
      return { status: 200, body: { data: archived.map((a) => views.assetV1(a, parts.origin())), err } };
    },
    uploadAssetV2: ({ body, query }) => {
      const type = query?.type ?? 'image';
      const asset = assets.create(type, body.size);
      const { size, url, id } = views.assetV2(asset, parts.origin());
      return ok({ id, type, size, url, upload_url: uploadUrl(parts.origin(), asset.id, asset.uploadToken) }, 201);
    },
    getAssetV2: ({ params }) => ok(views.assetV2(must(store.assets, 'asset', params.asset_id), parts.origin())),
    listAssetsV2: ({ query }) => listing(store.liveAssetsOldestFirst, query, (a) => views.assetV2(a, parts.origin())),
  };
}
