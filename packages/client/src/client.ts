// The friendly layer: one method per operation, grouped by resource, returning the envelope's
// `data`. Every method is a call of the Transport, which goes through `raw`, the typed openapi-fetch
// client: a middleware added with `client.use` sees every request, waiting and paging included.
import type { Client, Middleware } from 'openapi-fetch';
import { OPERATIONS, type OperationId, type OperationInfo } from './generated/operations.js';
import type { paths } from './generated/paths.js';
import { loadWork } from './lazy/load.js';
import { paginate } from './pagination.js';
import { countOption } from './timing.js';
import { KIT } from './toolkit.js';
import { createTransport } from './transport.js';
import type {
  ApiPromise,
  ArchiveAssetsRequest,
  AssetV1,
  AssetV2,
  CallResult,
  CatalogueQuery,
  Character,
  ClientOptions,
  Controlnet,
  ControlnetQuery,
  CreateCharacterRequest,
  DeletedId,
  DeletedImage,
  Estimate,
  Generation,
  GenerationInput,
  GenerationResult,
  ImageStatus,
  Lister,
  ListGenerationsQuery,
  Lora,
  Media,
  Model,
  PagedList,
  PageParams,
  PageQuery,
  PaginateOptions,
  RequestOptions,
  RequestParts,
  RequestPartsOf,
  ResponseDataOf,
  Style,
  UploadAssetRequest,
  UploadAssetV2Query,
  UploadSlotV1,
  UploadSlotV2,
  Voice,
} from './types.js';
import type { GenerationOutcome, UploadFileInput, WaitForGenerationOptions } from './waits.js';

// Each method returns an ApiPromise: await it for the data, or call `.withResponse()` for the data
// with the Response beside it.

export interface GenerationsApi {
  /** Generates media (spends credits; never retried unless `retryOnPost`). One item or an array. */
  create(input: GenerationInput | readonly GenerationInput[], options?: RequestOptions): ApiPromise<GenerationResult>;
  /** The credit cost of a would-be generation and the current balance. */
  estimate(input: GenerationInput | readonly GenerationInput[], options?: RequestOptions): ApiPromise<Estimate>;
  list(query?: ListGenerationsQuery, options?: RequestOptions): ApiPromise<PagedList<Generation>>;
  get(generationId: string, options?: RequestOptions): ApiPromise<Generation>;
  delete(generationId: string, options?: RequestOptions): ApiPromise<DeletedId>;
  /** Every generation matching the query, across pages (at most `maxPages` of them). */
  iterate(query?: ListGenerationsQuery, options?: PaginateOptions): AsyncGenerator<Generation, void, undefined>;
  /** Same as `client.waitForGeneration`. */
  wait(generationId: string, options?: WaitForGenerationOptions): Promise<GenerationOutcome>;
}

export interface MediaApi {
  get(mediaId: string, options?: RequestOptions): ApiPromise<Media>;
  delete(mediaId: string, options?: RequestOptions): ApiPromise<DeletedId>;
}

export interface ResourcesApi {
  models(query?: CatalogueQuery, options?: RequestOptions): ApiPromise<PagedList<Model>>;
  styles(query?: CatalogueQuery, options?: RequestOptions): ApiPromise<PagedList<Style>>;
  controlnets(query?: ControlnetQuery, options?: RequestOptions): ApiPromise<PagedList<Controlnet>>;
  loras(query?: CatalogueQuery, options?: RequestOptions): ApiPromise<PagedList<Lora>>;
  voices(query?: PageQuery, options?: RequestOptions): ApiPromise<PagedList<Voice>>;
}

export interface CharactersApi {
  create(body: CreateCharacterRequest, options?: RequestOptions): ApiPromise<Character>;
  list(query?: PageQuery, options?: RequestOptions): ApiPromise<PagedList<Character>>;
}

export interface AssetsApi {
  /** v1 upload slot: the asset and a presigned `upload_url` to PUT the bytes to. */
  upload(body: UploadAssetRequest, options?: RequestOptions): ApiPromise<UploadSlotV1>;
  /** Archives (deletes) assets by id. */
  archive(ids: readonly string[] | ArchiveAssetsRequest, options?: RequestOptions): ApiPromise<AssetV1[]>;
  /** v2 upload slot for an image, video or audio asset. */
  uploadV2(body: UploadAssetRequest, query?: UploadAssetV2Query, options?: RequestOptions): ApiPromise<UploadSlotV2>;
  get(assetId: string, options?: RequestOptions): ApiPromise<AssetV2>;
  list(query?: PageQuery, options?: RequestOptions): ApiPromise<PagedList<AssetV2>>;
  /** Both steps of an upload: a v2 slot, then the bytes PUT to its URL; optionally waits for the asset. */
  uploadFile(input: UploadFileInput): Promise<AssetV2>;
}

/** The three deprecated operations (each warns once per client). */
export interface DeprecatedApi {
  /** Use `media.delete`. */
  deleteImage(generationId: string, imageId: string, options?: RequestOptions): ApiPromise<DeletedImage>;
  /** Use `generations.get`. */
  getGenerationStatus(generationId: string, options?: RequestOptions): ApiPromise<ImageStatus[]>;
  /** Use `media.get`. */
  getImageStatus(generationId: string, imageId: string, options?: RequestOptions): ApiPromise<ImageStatus>;
}

export interface MediaGenClient {
  generations: GenerationsApi;
  media: MediaApi;
  resources: ResourcesApi;
  characters: CharactersApi;
  assets: AssetsApi;
  deprecated: DeprecatedApi;
  /** Polls getGeneration until every media item is `success`, `failed` or `censored`. */
  waitForGeneration(generationId: string, options?: WaitForGenerationOptions): Promise<GenerationOutcome>;
  /** Every item of any paged listing (at most `maxPages` pages): `client.paginate(client.resources.models, { type: 'flux' })`. */
  paginate<Q extends PageParams, T>(lister: Lister<Q, T>, query?: Q, options?: PaginateOptions): AsyncGenerator<T, void, undefined>;
  /**
   * Any operation by id, typed by it, with the same checks, retries and errors as the methods;
   * returns the unwrapped data, the pagination and the Response (for headers). For getGeneration,
   * `parts` is `{ params: { generation_id } }` and `data` a Generation.
   */
  request<Id extends OperationId>(operationId: Id, parts?: RequestPartsOf<Id>, options?: RequestOptions): Promise<CallResult<ResponseDataOf<Id>>>;
  /**
   * Adds openapi-fetch middleware (logging, tracing, …) to every request the client makes: the
   * methods, `raw`, `request`, the polls of a wait and the pages of a listing. Each attempt of a
   * retried call is a request of its own. The API key is added after the middleware, so it never
   * sees it; the upload PUT to storage is not an API request and does not pass through it.
   */
  use(...middleware: Middleware[]): void;
  /** Removes middleware added with `use`. */
  eject(...middleware: Middleware[]): void;
  /** The typed openapi-fetch client (same base URL, key and middleware; no retries, no envelope handling). */
  raw: Client<paths>;
}

type PromptInput = GenerationInput['prompt'];

/** `prompt: 'a cat'` is sent as `prompt: { positive: 'a cat' }`; items are copied only when changed. */
export function normalizeGenerationInput(input: GenerationInput | readonly GenerationInput[]): unknown[] {
  const items = (Array.isArray(input) ? input : [input]) as readonly GenerationInput[];
  return items.map((item) => {
    const prompt: PromptInput = item?.prompt;
    return typeof prompt === 'string' ? { ...item, prompt: { positive: prompt } } : item;
  });
}

const pickData = <T>(result: CallResult<T>): T => result.data;
const ignore = (): void => {};

/** A call's data, with `withResponse()` handing over the whole result of the same request. */
function apiPromise<T>(result: Promise<CallResult<T>>): ApiPromise<T> {
  const data = result.then(pickData) as ApiPromise<T>;
  data.withResponse = () => {
    // The caller awaits the result instead: the data's own rejection is then not an unhandled one.
    data.catch(ignore);
    return result;
  };
  return data;
}

/**
 * Creates the client. The key and the base URL default to the MEDIAGEN_API_KEY and MEDIAGEN_BASE_URL
 * environment variables where there is an environment. Throws MediaGenConfigError (before any
 * request) when the options are unusable.
 */
export function createClient(options: ClientOptions = {}): MediaGenClient {
  const transport = createTransport(options);
  const maxPages = options?.maxPages === undefined ? undefined : countOption('maxPages', options.maxPages, 1);
  /** The client's page budget, unless the call names one. */
  const budgeted = (o: PaginateOptions | undefined): PaginateOptions | undefined =>
    maxPages === undefined || o?.maxPages !== undefined ? o : { ...o, maxPages };
  const call = <T>(op: OperationInfo, parts: RequestParts, o?: RequestOptions): ApiPromise<T> => apiPromise(transport.call<T>(op, parts, o));
  // Method makers: by the id(s) in the path, by query (listings), by body.
  const byId =
    <T>(op: OperationInfo, name: string) =>
    (id: string, o?: RequestOptions) =>
      call<T>(op, { params: { [name]: id } }, o);
  const listing =
    <T, Q extends object>(op: OperationInfo) =>
    (q?: Q, o?: RequestOptions) =>
      call<PagedList<T>>(op, { query: q as Record<string, unknown> | undefined }, o);
  const byIds =
    <T>(op: OperationInfo) =>
    (generationId: string, imageId: string, o?: RequestOptions) =>
      call<T>(op, { params: { generation_id: generationId, image_id: imageId } }, o);
  const withBody =
    <T, B>(op: OperationInfo) =>
    (body: B, o?: RequestOptions) =>
      call<T>(op, { body }, o);

  const waitForGeneration = (generationId: string, waitOptions?: WaitForGenerationOptions) =>
    loadWork().then((w) => w.waitForGeneration(KIT, { get: generations.get, redact: transport.redact }, generationId, waitOptions));

  const ops = OPERATIONS;
  const generations: GenerationsApi = {
    create: (input, o) => call(ops.generateMedia, { body: normalizeGenerationInput(input) }, o),
    estimate: (input, o) => call(ops.estimateGeneration, { body: normalizeGenerationInput(input) }, o),
    list: listing(ops.listGenerations),
    get: byId(ops.getGeneration, 'generation_id'),
    delete: byId(ops.deleteGeneration, 'generation_id'),
    iterate: (q, o) => paginate(generations.list, q, budgeted(o)),
    wait: waitForGeneration,
  };

  const assets: AssetsApi = {
    upload: withBody(ops.uploadAsset),
    archive: (ids, o) => call(ops.archiveAssets, { body: Array.isArray(ids) ? { ids } : ids }, o),
    uploadV2: (body, q, o) => call(ops.uploadAssetV2, { body, query: q }, o),
    get: byId(ops.getAssetV2, 'asset_id'),
    list: listing(ops.listAssetsV2),
    uploadFile: (input) => loadWork().then((w) => w.uploadFile(KIT, { transport, uploadV2: assets.uploadV2, get: assets.get }, input)),
  };

  return {
    generations,
    media: {
      get: byId(ops.getMedia, 'media_id'),
      delete: byId(ops.deleteMedia, 'media_id'),
    },
    resources: {
      models: listing(ops.listModels),
      styles: listing(ops.listStyles),
      controlnets: listing(ops.listControlnets),
      loras: listing(ops.listLoras),
      voices: listing(ops.listVoices),
    },
    characters: {
      create: withBody(ops.createCharacter),
      list: listing(ops.listCharacters),
    },
    assets,
    deprecated: {
      deleteImage: byIds(ops.deleteImage),
      getGenerationStatus: byId(ops.getGenerationStatus, 'generation_id'),
      getImageStatus: byIds(ops.getImageStatus),
    },
    waitForGeneration,
    paginate: (lister, q, o) => paginate(lister, q, budgeted(o)),
    request: (operationId, parts, o) => {
      let op: OperationInfo;
      try {
        op = transport.operation(operationId);
      } catch (error) {
        return Promise.reject(error);
      }
      return transport.call(op, (parts ?? {}) as RequestParts, o);
    },
    use: (...middleware) => transport.raw.use(...middleware),
    eject: (...middleware) => transport.raw.eject(...middleware),
    raw: transport.raw,
  };
}
