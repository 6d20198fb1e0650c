// The sandbox's answer to each operation, typed by operation (reply.ts): the pipeline in routes.ts
// has validated the call, a handler reads and changes the state and answers the success envelope.
import { type CatalogueItem, ERROR_CODES, normalizeBaseModel } from '@mediagen/schema';
import { type Handlers, HttpError, invalid, ok } from './reply.js';
import { type GenerationRecord, NotFoundError, type SandboxState } from './state.js';
import { uploadUrl } from './uploads.js';

/** Anything a page can be read from: an ordered index of the store, or an array. */
interface Pageable<T> {
  readonly size: number;
  slice(start: number, end: number): T[];
}

const pageable = <T>(items: readonly T[]): Pageable<T> => ({ size: items.length, slice: (start, end) => items.slice(start, end) });

/** One page of `items`, each shown with `view`: only the page's items are viewed. */
function listing<T, V = T>(
  items: Pageable<T> | readonly T[],
  query: { page?: number | undefined; page_size?: number | undefined } | undefined,
  view?: (item: T) => V,
) {
  const source: Pageable<T> = Array.isArray(items) ? pageable(items as readonly T[]) : (items as Pageable<T>);
  const page = query?.page ?? 1;
  const pageSize = query?.page_size ?? 10;
  const slice = source.slice((page - 1) * pageSize, page * pageSize);
  const data = view ? slice.map(view) : (slice as unknown as V[]);
  return ok(data, 200, { pagination: { page, page_size: pageSize, total: source.size } });
}

function byType(items: readonly CatalogueItem[], type: unknown): readonly CatalogueItem[] {
  if (typeof type !== 'string') return items;
  const wanted = normalizeBaseModel(type);
  return items.filter((item) => normalizeBaseModel(item.base_model) === wanted);
}

/** The handler of every operation, by operationId. */
export function handlers(state: SandboxState): Handlers {
  const legacyStatus = (id: string) => {
    const status = state.status(state.getMedia(id));
    // The deprecated endpoints know success, failed and censored; work still in progress is `pending`.
    return status === 'success' || status === 'failed' ? status : 'pending';
  };
  const mediaOf = (generationId: string, imageId: string) => {
    const generation = state.getGeneration(generationId);
    if (!generation.mediaIds.includes(imageId)) throw new NotFoundError(`image ${imageId} of generation`, generationId);
    return state.getMedia(imageId);
  };
  const generationView = (id: string, origin: string) => {
    const generation = state.getGeneration(id);
    return {
      generation_id: generation.id,
      created_at: Math.floor(generation.createdMs / 1000),
      media: state.generationMedia(generation).map((m) => state.mediaView(m, origin)),
    };
  };

  return {
    generateMedia: ({ body }) => {
      const items = body;
      const cost = state.estimate(items);
      if (cost > state.credits) {
        throw new HttpError(402, `not enough credits: ${cost} needed, ${state.credits} available`);
      }
      const { generation, media } = state.generate(items, cost);
      return ok({ generation_id: generation.id, credits_remaining: state.credits, media: media.map((m) => state.generatedView(m)) });
    },
    estimateGeneration: ({ body }) => ok({ estimated: state.estimate(body), balance: state.credits }),
    listGenerations: ({ query, origin }) => {
      // The id filters are lookups; only a status filter has to look at each generation (a status
      // is a function of the time of asking, so it cannot be indexed ahead).
      let found: Pageable<GenerationRecord> | readonly GenerationRecord[] = state.listGenerations();
      if (typeof query.generation_id === 'string' || typeof query.media_id === 'string') {
        const byMedia = typeof query.media_id === 'string' ? state.media.get(query.media_id)?.generationId : undefined;
        const id = typeof query.generation_id === 'string' ? query.generation_id : byMedia;
        const generation = id === undefined ? undefined : state.generations.get(id);
        const matches = generation !== undefined && (typeof query.media_id !== 'string' || byMedia === generation.id);
        found = matches ? [generation] : [];
      }
      if (typeof query.status === 'string') {
        const all: readonly GenerationRecord[] = Array.isArray(found) ? found : state.listGenerations().values();
        found = all.filter((g) => state.generationMedia(g).some((m) => state.status(m) === query.status));
      }
      return listing(found, query, (g) => generationView(g.id, origin));
    },
    getGeneration: ({ params, origin }) => {
      const view = generationView(params.generation_id!, origin);
      return ok(view, 200, { pagination: { page: 1, page_size: Math.max(1, view.media.length), total: view.media.length } });
    },
    getMedia: ({ params, origin }) => ok(state.mediaView(state.getMedia(params.media_id!), origin)),
    deleteGeneration: ({ params }) => {
      state.deleteGeneration(params.generation_id!);
      return ok({ id: params.generation_id });
    },
    deleteMedia: ({ params }) => {
      state.deleteMedia(params.media_id!);
      return ok({ id: params.media_id });
    },
    deleteImage: ({ params }) => {
      const media = mediaOf(params.generation_id!, params.image_id!);
      state.deleteMedia(media.id);
      return ok({ id: media.id });
    },
    getGenerationStatus: ({ params }) => {
      const generation = state.getGeneration(params.generation_id!);
      return ok(generation.mediaIds.map((id) => ({ image_id: id, status: legacyStatus(id) })));
    },
    getImageStatus: ({ params }) => {
      const media = mediaOf(params.generation_id!, params.image_id!);
      return ok({ image_id: media.id, status: legacyStatus(media.id) });
    },
    listModels: ({ query }) => listing(byType(state.catalogue.models, query.type), query),
    listStyles: ({ query }) => listing(byType(state.catalogue.styles, query.type), query),
    listControlnets: ({ query }) => listing(byType(state.catalogue.controlnets, query.type), query),
    listLoras: ({ query }) => listing(byType(state.catalogue.loras, query.type), query),
    listVoices: ({ query }) => listing(state.catalogue.voices, query),
    createCharacter: ({ body, origin }) => {
      const request = body;
      const issues = state.checkCharacter(request);
      if (issues.length > 0) throw invalid(issues);
      return ok(state.createCharacter(request, origin), 201);
    },
    listCharacters: ({ query }) => listing(state.listCharacters(), query),
    uploadAsset: ({ body, origin }) => {
      const asset = state.createAsset('image', body.size);
      return ok({ asset: state.assetV1(asset, origin), upload_url: uploadUrl(origin, state.options.seed, asset.id) }, 201);
    },
    archiveAssets: ({ body, origin }) => {
      const { archived, missing } = state.archive(body.ids);
      if (archived.length === 0) throw new HttpError(404, `asset${missing.length > 1 ? 's' : ''} ${missing.join(', ')} not found`);
      const err: { code: string; message: string } | Record<string, never> =
        missing.length > 0 ? { code: ERROR_CODES[404], message: `asset${missing.length > 1 ? 's' : ''} ${missing.join(', ')} not found` } : {};
      return { status: 200, body: { data: archived.map((a) => state.assetV1(a, origin)), err } };
    },
    uploadAssetV2: ({ body, query, origin }) => {
      const type = query?.type ?? 'image';
      const asset = state.createAsset(type, body.size);
      const { size, url, id } = state.assetV2(asset, origin);
      return ok({ id, type, size, url, upload_url: uploadUrl(origin, state.options.seed, asset.id) }, 201);
    },
    getAssetV2: ({ params, origin }) => ok(state.assetV2(state.getAsset(params.asset_id!), origin)),
    listAssetsV2: ({ query, origin }) => listing(state.listAssets(), query, (a) => state.assetV2(a, origin)),
  };
}
