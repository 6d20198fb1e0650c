// The friendly layer: one method per operation, grouped by resource, returning the envelope's
// `data`. Every method is a call of the Transport, which goes through `raw`, the typed openapi-fetch
// client: a middleware added with `client.use` sees every request, waiting and paging included.
import type { Client, Middleware } from 'openapi-fetch';
import { AbortError, TimeoutError, UnknownStatusError, UploadError } from './errors.js';
import type { OperationId } from './generated/operations.js';
import type { paths } from './generated/paths.js';
import type { Kit } from './lazy/kit.js';
import { loadWork } from './lazy/load.js';
import { type Lister, type PageParams, paginate } from './pagination.js';
import {
  type GenerationOutcome,
  MEDIA_STATUSES,
  MIN_POLL_INTERVAL_MS,
  POLL_DEFAULTS,
  type PollOptions,
  TERMINAL_STATUSES,
  type WaitForGenerationOptions,
} from './polling.js';
import { Failure, retrying } from './retry.js';
import { ABORTED, durationOption, isRetryableStatus, sleep } from './timing.js';
import { createTransport } from './transport.js';
import type {
  ArchiveAssetsRequest,
  AssetType,
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
  ListGenerationsQuery,
  Lora,
  Media,
  Model,
  PagedList,
  PageQuery,
  RequestOptions,
  RequestParts,
  Style,
  UploadAssetRequest,
  UploadAssetV2Query,
  UploadBytes,
  UploadSlotV1,
  UploadSlotV2,
  Voice,
} from './types.js';

export interface UploadFileInput {
  /** `image` (default), `video` (mp4, webm) or `audio` (mp3). */
  type?: AssetType;
  bytes: UploadBytes;
  /** Approximate pixel size of the file, as the upload slot request needs it. */
  size: { width: number; height: number };
  /** Sent as the upload's Content-Type; defaults to the Blob's type or one for the asset type. */
  contentType?: string;
  /** Poll getAssetV2 until the asset leaves `pending` (true, or the polling options). */
  wait?: boolean | PollOptions;
  signal?: AbortSignal;
  /** Per attempt of the slot request and of the PUT. */
  timeoutMs?: number;
}

export interface GenerationsApi {
  /** Generates media (spends credits; never retried unless `retryOnPost`). One item or an array. */
  create(input: GenerationInput | readonly GenerationInput[], options?: RequestOptions): Promise<GenerationResult>;
  /** The credit cost of a would-be generation and the current balance. */
  estimate(input: GenerationInput | readonly GenerationInput[], options?: RequestOptions): Promise<Estimate>;
  list(query?: ListGenerationsQuery, options?: RequestOptions): Promise<PagedList<Generation>>;
  get(generationId: string, options?: RequestOptions): Promise<Generation>;
  delete(generationId: string, options?: RequestOptions): Promise<DeletedId>;
  /** Every generation matching the query, across pages. */
  iterate(query?: ListGenerationsQuery, options?: RequestOptions): AsyncGenerator<Generation, void, undefined>;
  /** Same as `client.waitForGeneration`. */
  wait(generationId: string, options?: WaitForGenerationOptions): Promise<GenerationOutcome>;
}

export interface MediaApi {
  get(mediaId: string, options?: RequestOptions): Promise<Media>;
  delete(mediaId: string, options?: RequestOptions): Promise<DeletedId>;
}

export interface ResourcesApi {
  models(query?: CatalogueQuery, options?: RequestOptions): Promise<PagedList<Model>>;
  styles(query?: CatalogueQuery, options?: RequestOptions): Promise<PagedList<Style>>;
  controlnets(query?: ControlnetQuery, options?: RequestOptions): Promise<PagedList<Controlnet>>;
  loras(query?: CatalogueQuery, options?: RequestOptions): Promise<PagedList<Lora>>;
  voices(query?: PageQuery, options?: RequestOptions): Promise<PagedList<Voice>>;
}

export interface CharactersApi {
  create(body: CreateCharacterRequest, options?: RequestOptions): Promise<Character>;
  list(query?: PageQuery, options?: RequestOptions): Promise<PagedList<Character>>;
}

export interface AssetsApi {
  /** v1 upload slot: the asset and a presigned `upload_url` to PUT the bytes to. */
  upload(body: UploadAssetRequest, options?: RequestOptions): Promise<UploadSlotV1>;
  /** Archives (deletes) assets by id. */
  archive(ids: readonly string[] | ArchiveAssetsRequest, options?: RequestOptions): Promise<AssetV1[]>;
  /** v2 upload slot for an image, video or audio asset. */
  uploadV2(body: UploadAssetRequest, query?: UploadAssetV2Query, options?: RequestOptions): Promise<UploadSlotV2>;
  get(assetId: string, options?: RequestOptions): Promise<AssetV2>;
  list(query?: PageQuery, options?: RequestOptions): Promise<PagedList<AssetV2>>;
  /** Both steps of an upload: a v2 slot, then the bytes PUT to its URL; optionally waits for the asset. */
  uploadFile(input: UploadFileInput): Promise<AssetV2>;
}

/** The three deprecated operations (each warns once per client). */
export interface DeprecatedApi {
  /** Use `media.delete`. */
  deleteImage(generationId: string, imageId: string, options?: RequestOptions): Promise<DeletedImage>;
  /** Use `generations.get`. */
  getGenerationStatus(generationId: string, options?: RequestOptions): Promise<ImageStatus[]>;
  /** Use `media.get`. */
  getImageStatus(generationId: string, imageId: string, options?: RequestOptions): Promise<ImageStatus>;
}

export interface MediaGenClient {
  generations: GenerationsApi;
  media: MediaApi;
  resources: ResourcesApi;
  characters: CharactersApi;
  assets: AssetsApi;
  deprecated: DeprecatedApi;
  /** Polls getGeneration until every media item is `success` or `failed`. */
  waitForGeneration(generationId: string, options?: WaitForGenerationOptions): Promise<GenerationOutcome>;
  /** Every item of any paged listing: `client.paginate(client.resources.models, { type: 'flux' })`. */
  paginate<Q extends PageParams, T>(lister: Lister<Q, T>, query?: Q, options?: RequestOptions): AsyncGenerator<T, void, undefined>;
  /**
   * Any operation by id, with the same checks, retries and errors as the methods; returns the
   * unwrapped data, the pagination and the Response (for headers).
   */
  request<T = unknown>(operationId: OperationId, parts?: RequestParts, options?: RequestOptions): Promise<CallResult<T>>;
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

/** The core's parts that the lazily loaded code uses (see lazy/kit.ts for why they are handed over). */
const KIT: Kit = {
  AbortError,
  TimeoutError,
  UnknownStatusError,
  UploadError,
  Failure,
  retrying,
  ABORTED,
  sleep,
  durationOption,
  isRetryableStatus,
  polling: { defaults: POLL_DEFAULTS, minIntervalMs: MIN_POLL_INTERVAL_MS },
  mediaStatuses: MEDIA_STATUSES,
  terminal: TERMINAL_STATUSES,
};

/** Shared rather than a closure made per call. */
const dataOf = <T>(result: CallResult<T>): T => result.data;

/** Creates the client. Throws MediaGenConfigError (before any request) when the options are unusable. */
export function createClient(options: ClientOptions): MediaGenClient {
  const transport = createTransport(options);
  const data = <T>(operationId: OperationId, parts: RequestParts, requestOptions?: RequestOptions): Promise<T> =>
    transport.call<T>(operationId, parts, requestOptions).then(dataOf);
  // Method makers: by the id(s) in the path, by query (listings), by body.
  const byId =
    <T>(operationId: OperationId, name: string) =>
    (id: string, o?: RequestOptions) =>
      data<T>(operationId, { params: { [name]: id } }, o);
  const listing =
    <T, Q extends object>(operationId: OperationId) =>
    (q?: Q, o?: RequestOptions) =>
      data<PagedList<T>>(operationId, { query: q as Record<string, unknown> | undefined }, o);
  const byIds =
    <T>(operationId: OperationId) =>
    (generationId: string, imageId: string, o?: RequestOptions) =>
      data<T>(operationId, { params: { generation_id: generationId, image_id: imageId } }, o);
  const withBody =
    <T, B>(operationId: OperationId) =>
    (body: B, o?: RequestOptions) =>
      data<T>(operationId, { body }, o);

  const waitForGeneration = (generationId: string, waitOptions?: WaitForGenerationOptions) =>
    loadWork().then((w) => w.waitForGeneration(KIT, { get: generations.get, redact: transport.redact }, generationId, waitOptions));

  const generations: GenerationsApi = {
    create: (input, o) => data('generateMedia', { body: normalizeGenerationInput(input) }, o),
    estimate: (input, o) => data('estimateGeneration', { body: normalizeGenerationInput(input) }, o),
    list: listing('listGenerations'),
    get: byId('getGeneration', 'generation_id'),
    delete: byId('deleteGeneration', 'generation_id'),
    iterate: (q, o) => paginate(generations.list, q, o),
    wait: waitForGeneration,
  };

  const assets: AssetsApi = {
    upload: withBody('uploadAsset'),
    archive: (ids, o) => data('archiveAssets', { body: Array.isArray(ids) ? { ids } : ids }, o),
    uploadV2: (body, q, o) => data('uploadAssetV2', { body, query: q }, o),
    get: byId('getAssetV2', 'asset_id'),
    list: listing('listAssetsV2'),
    uploadFile: (input) => loadWork().then((w) => w.uploadFile(KIT, { transport, uploadV2: assets.uploadV2, get: assets.get }, input)),
  };

  return {
    generations,
    media: {
      get: byId('getMedia', 'media_id'),
      delete: byId('deleteMedia', 'media_id'),
    },
    resources: {
      models: listing('listModels'),
      styles: listing('listStyles'),
      controlnets: listing('listControlnets'),
      loras: listing('listLoras'),
      voices: listing('listVoices'),
    },
    characters: {
      create: withBody('createCharacter'),
      list: listing('listCharacters'),
    },
    assets,
    deprecated: {
      deleteImage: byIds('deleteImage'),
      getGenerationStatus: byId('getGenerationStatus', 'generation_id'),
      getImageStatus: byIds('getImageStatus'),
    },
    waitForGeneration,
    paginate,
    request: (operationId, parts = {}, o) => transport.call(operationId, parts, o),
    use: (...middleware) => transport.raw.use(...middleware),
    eject: (...middleware) => transport.raw.eject(...middleware),
    raw: transport.raw,
  };
}
