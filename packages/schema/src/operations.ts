// The 22 operations of the contract, in one table. The OpenAPI document, the client's method list,
// the sandbox's routes and the conformance suite's per-operation checks are all built from it.
import { type ErrorStatus, PageQuery, envelope } from './common.js';
import * as docs from './examples/live-docs.js';
import { type Provenance, fromDocs, recordOperation, recordShape } from './provenance.js';
import {
  ArchiveAssetsRequest,
  AssetV1,
  AssetV2,
  ListAssetsV2Query,
  UploadAssetRequest,
  UploadAssetV2Query,
  UploadSlotV1,
  UploadSlotV2,
} from './resources/assets.js';
import { CatalogueQuery, Controlnet, ControlnetQuery, Lora, Model, Style, Voice, VoicesQuery } from './resources/catalogue.js';
import { Character, CreateCharacterRequest, ListCharactersQuery } from './resources/characters.js';
import {
  DeletedId,
  DeletedImage,
  Estimate,
  Generation,
  GenerationResult,
  ImageStatus,
  ListGenerationsQuery,
  Media,
} from './resources/generation.js';
import { GenerationRequest } from './resources/generation-request.js';
import { z } from './zod.js';

export type Tag = 'Generation' | 'Resources' | 'Assets' | 'Characters';
export type Method = 'get' | 'post' | 'delete';
type Shape = Record<string, z.ZodType>;

export interface Example {
  summary: string;
  value: unknown;
}

export interface OperationSpec {
  operationId: string;
  method: Method;
  /** OpenAPI path template, e.g. `/pub/v1/generations/{generation_id}`. */
  path: string;
  tag: Tag;
  summary: string;
  description: string;
  /** Set on the three deprecated operations: the operationId that replaces it. */
  deprecatedBy?: string;
  params?: z.ZodObject<Shape>;
  query?: z.ZodObject<Shape>;
  body?: z.ZodType;
  /** Example request bodies, by name. */
  requestExamples?: Record<string, Example>;
  /** Example path and query values for a runnable request (the mock and the conformance suite use them). */
  exampleParams?: Record<string, string>;
  exampleQuery?: Record<string, string>;
  success: {
    status: 200 | 201;
    description: string;
    /** The whole success envelope. */
    schema: z.ZodType;
    examples: Record<string, Example>;
  };
  errors: ErrorStatus[];
  /** GET, DELETE and estimate: repeating them spends nothing and changes nothing more. */
  idempotent: boolean;
  /** Generate spends credits. */
  spendsCredits: boolean;
  provenance: Provenance;
}

const ids = {
  generation_id: fromDocs(z.string().min(1).openapi({ example: 'gen_01' })),
  media_id: fromDocs(z.string().min(1).openapi({ example: 'media_01' })),
  image_id: fromDocs(z.string().min(1).openapi({ example: 'img_01' })),
  asset_id: fromDocs(z.string().min(1).openapi({ example: 'ast_01' })),
};
const pathParams = <K extends keyof typeof ids>(...keys: K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, ids[k]])) as Pick<typeof ids, K>);
const query = <S extends Shape>(shape: S) => z.object(shape);

const WRITE_ERRORS: ErrorStatus[] = [400, 401, 422, 429, 500, 503];
const QUERY_ERRORS: ErrorStatus[] = [400, 401, 422, 429, 500, 503];
const BY_ID_ERRORS: ErrorStatus[] = [401, 404, 429, 500, 503];

const one = (summary: string, value: unknown): Record<string, Example> => ({ docs: { summary, value } });
const itemExamples: Record<string, Example> = Object.fromEntries(
  Object.entries(docs.generationItems).map(([name, item]) => [name, { summary: `${name} generation (docs field examples)`, value: [item] }]),
);

/** The success envelope of every operation, by operationId. */
export const responses = {
  generateMedia: envelope('GenerateMediaResponse', GenerationResult),
  estimateGeneration: envelope('EstimateGenerationResponse', Estimate),
  listGenerations: envelope('ListGenerationsResponse', z.array(Generation), { paginated: true }),
  getGeneration: envelope('GetGenerationResponse', Generation, { paginated: true }),
  getMedia: envelope('GetMediaResponse', Media),
  deleteGeneration: envelope('DeleteGenerationResponse', DeletedId),
  deleteMedia: envelope('DeleteMediaResponse', DeletedId),
  deleteImage: envelope('DeleteImageResponse', DeletedImage),
  getGenerationStatus: envelope('GetGenerationStatusResponse', z.array(ImageStatus)),
  getImageStatus: envelope('GetImageStatusResponse', ImageStatus),
  listModels: envelope('ListModelsResponse', z.array(Model), { paginated: true }),
  listStyles: envelope('ListStylesResponse', z.array(Style), { paginated: true }),
  listControlnets: envelope('ListControlnetsResponse', z.array(Controlnet), { paginated: true }),
  listLoras: envelope('ListLorasResponse', z.array(Lora), { paginated: true }),
  listVoices: envelope('ListVoicesResponse', z.array(Voice), { paginated: true }),
  createCharacter: envelope('CreateCharacterResponse', Character),
  listCharacters: envelope('ListCharactersResponse', z.array(Character), { paginated: true }),
  uploadAsset: envelope('UploadAssetResponse', UploadSlotV1),
  archiveAssets: envelope('ArchiveAssetsResponse', z.array(AssetV1)),
  uploadAssetV2: envelope('UploadAssetV2Response', UploadSlotV2),
  getAssetV2: envelope('GetAssetV2Response', AssetV2),
  listAssetsV2: envelope('ListAssetsV2Response', z.array(AssetV2), { paginated: true }),
};

/** The request parts (path parameters, query, body) of every operation, by operationId. */
export const requests = {
  generateMedia: { body: GenerationRequest },
  estimateGeneration: { body: GenerationRequest },
  listGenerations: { query: query({ ...ListGenerationsQuery, ...PageQuery }) },
  getGeneration: { params: pathParams('generation_id') },
  getMedia: { params: pathParams('media_id') },
  deleteGeneration: { params: pathParams('generation_id') },
  deleteMedia: { params: pathParams('media_id') },
  deleteImage: { params: pathParams('generation_id', 'image_id') },
  getGenerationStatus: { params: pathParams('generation_id') },
  getImageStatus: { params: pathParams('generation_id', 'image_id') },
  listModels: { query: query(CatalogueQuery) },
  listStyles: { query: query(CatalogueQuery) },
  listControlnets: { query: query(ControlnetQuery) },
  listLoras: { query: query(CatalogueQuery) },
  listVoices: { query: query(VoicesQuery) },
  createCharacter: { body: CreateCharacterRequest },
  listCharacters: { query: query(ListCharactersQuery) },
  uploadAsset: { body: UploadAssetRequest },
  archiveAssets: { body: ArchiveAssetsRequest },
  uploadAssetV2: { query: query(UploadAssetV2Query), body: UploadAssetRequest },
  getAssetV2: { params: pathParams('asset_id') },
  listAssetsV2: { query: query(ListAssetsV2Query) },
} satisfies Record<keyof typeof responses, { params?: z.ZodObject<Shape>; query?: z.ZodObject<Shape>; body?: z.ZodType }>;

/** An operationId of the contract. */
export type OperationId = keyof typeof responses;
type Parts<K extends OperationId> = (typeof requests)[K];
/** The whole success envelope an operation answers, e.g. `ResponseOf<'listGenerations'>`. */
export type ResponseOf<K extends OperationId> = z.output<(typeof responses)[K]>;
/** The `data` of an operation's success envelope. */
export type DataOf<K extends OperationId> = ResponseOf<K>['data'];
/** The request body an operation takes (`never` when it takes none). */
export type BodyOf<K extends OperationId> = Parts<K> extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** The query parameters an operation takes (`never` when it takes none). */
export type QueryOf<K extends OperationId> = Parts<K> extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
/** The path parameters an operation takes (`never` when it takes none). */
export type ParamsOf<K extends OperationId> = Parts<K> extends { params: infer P extends z.ZodType } ? z.input<P> : never;

const catalogue = (
  operationId: string,
  path: string,
  what: string,
  example: { summary: string; value: unknown },
  provenance: Provenance = { source: 'live-docs', note: 'path referenced by the generate page; item shape assumed' },
): OperationSpec => ({
  operationId,
  method: 'get',
  path,
  tag: 'Resources',
  summary: `List ${what}`,
  description: `Lists the available ${what}.`,
  ...requests[operationId as OperationId],
  success: {
    status: 200,
    description: `The available ${what}.`,
    schema: responses[operationId as keyof typeof responses],
    examples: { docs: example },
  },
  errors: QUERY_ERRORS,
  idempotent: true,
  spendsCredits: false,
  provenance,
});

/** A listing example whose item shape is our assumption. */
const assumedList = (items: unknown[]) => ({
  summary: 'shape assumed',
  value: { data: items, err: {}, pagination: { page: 1, page_size: 10, total: items.length } },
});

export const operations: readonly OperationSpec[] = [
  {
    operationId: 'generateMedia',
    ...requests.generateMedia,
    method: 'post',
    path: '/pub/v1/generations',
    tag: 'Generation',
    summary: 'Generate media',
    description:
      'Creates media from a JSON array of generation items and returns the generation id used to track them. Spends credits; never retried automatically.',
    requestExamples: itemExamples,
    success: {
      status: 200,
      description: 'The generation was accepted; its media are `initiated`.',
      schema: responses.generateMedia,
      examples: {
        ...one('docs example (completed after style_detail)', docs.generateResponse),
        model: { summary: 'a model generation', value: docs.generateResponseModel },
      },
    },
    errors: [400, 401, 402, 422, 429, 500, 503],
    idempotent: false,
    spendsCredits: true,
    provenance: { source: 'live-docs', note: 'success status 200 is assumed; the example is cut before it' },
  },
  {
    operationId: 'estimateGeneration',
    ...requests.estimateGeneration,
    method: 'post',
    path: '/pub/v1/generations/estimate',
    tag: 'Generation',
    summary: 'Estimate a generation',
    description: 'The credit cost of a would-be generation (same body as generate) and the current balance. Spends nothing.',
    requestExamples: itemExamples,
    success: {
      status: 200,
      description: 'The estimate.',
      schema: responses.estimateGeneration,
      examples: one('docs example (its `error` key read as `err`)', docs.estimateResponse),
    },
    errors: [400, 401, 402, 422, 429, 500, 503],
    idempotent: true,
    spendsCredits: false,
    provenance: { source: 'live-docs' },
  },
  {
    operationId: 'listGenerations',
    ...requests.listGenerations,
    method: 'get',
    path: '/pub/v1/generations',
    tag: 'Generation',
    summary: 'List generations',
    description: 'The caller\u2019s generations, newest first, filtered by generation id, media id or status.',
    success: {
      status: 200,
      description: 'A list of feed items.',
      schema: responses.listGenerations,
      examples: one('docs example', docs.listGenerationsResponse),
    },
    errors: QUERY_ERRORS,
    idempotent: true,
    spendsCredits: false,
    provenance: { source: 'live-docs' },
  },
  {
    operationId: 'getGeneration',
    ...requests.getGeneration,
    method: 'get',
    path: '/pub/v1/generations/{generation_id}',
    tag: 'Generation',
    summary: 'Get a generation',
    description: 'One generation with the status of each of its media.',
    exampleParams: { generation_id: 'gen_01' },
    success: {
      status: 200,
      description: 'Details of a generation.',
      schema: responses.getGeneration,
      examples: one('docs example', docs.getGenerationResponse),
    },
    errors: BY_ID_ERRORS,
    idempotent: true,
    spendsCredits: false,
    provenance: { source: 'live-docs' },
  },
  {
    operationId: 'getMedia',
    ...requests.getMedia,
    method: 'get',
    path: '/pub/v1/generations/media/{media_id}',
    tag: 'Generation',
    summary: 'Get a media item',
    description: 'One media item with its status, type, dimensions and (on success) URL.',
    exampleParams: { media_id: 'media_01' },
    success: {
      status: 200,
      description: 'Details of a media generation.',
      schema: responses.getMedia,
      examples: one('docs example', docs.getMediaResponse),
    },
    errors: BY_ID_ERRORS,
    idempotent: true,
    spendsCredits: false,
    provenance: { source: 'live-docs' },
  },
  {
    operationId: 'deleteGeneration',
    ...requests.deleteGeneration,
    method: 'delete',
    path: '/pub/v1/generations/{generation_id}',
    tag: 'Generation',
    summary: 'Delete a generation',
    description: 'Deletes a generation and all of its media.',
    exampleParams: { generation_id: 'gen_01' },
    success: {
      status: 200,
      description: 'The id of the deleted generation.',
      schema: responses.deleteGeneration,
      examples: one('docs example', docs.deleteGenerationResponse),
    },
    errors: BY_ID_ERRORS,
    idempotent: true,
    spendsCredits: false,
    provenance: { source: 'live-docs' },
  },
  {
    operationId: 'deleteMedia',
    ...requests.deleteMedia,
    method: 'delete',
    path: '/pub/v1/generations/media/{media_id}',
    tag: 'Generation',
    summary: 'Delete a media item',
    description: 'Deletes one media item; the other media of the same generation are kept.',
    exampleParams: { media_id: 'media_01' },
    success: {
      status: 200,
      description: 'The id of the deleted media.',
      schema: responses.deleteMedia,
      examples: one('interface description', { data: { id: 'media_01' }, err: {} }),
    },
    errors: BY_ID_ERRORS,
    idempotent: true,
    spendsCredits: false,
    provenance: { source: 'interface', note: 'response shape from the interface description; docs page not available' },
  },
  {
    operationId: 'deleteImage',
    ...requests.deleteImage,
    method: 'delete',
    path: '/pub/v1/generations/{generation_id}/images/{image_id}',
    tag: 'Generation',
    summary: 'Delete an image (deprecated)',
    description: 'Deprecated: use deleteMedia. Deletes one image of a batch and keeps the rest.',
    deprecatedBy: 'deleteMedia',
    exampleParams: { generation_id: 'gen_01', image_id: 'img_01' },
    success: {
      status: 200,
      description: 'The image was deleted.',
      schema: responses.deleteImage,
      examples: one('assumed shape', { data: { id: 'img_01' }, err: {} }),
    },
    errors: BY_ID_ERRORS,
    idempotent: true,
    spendsCredits: false,
    provenance: { source: 'live-docs' },
  },
  {
    operationId: 'getGenerationStatus',
    ...requests.getGenerationStatus,
    method: 'get',
    path: '/pub/v1/generations/{generation_id}/status',
    tag: 'Generation',
    summary: 'Generation status (deprecated)',
    description: 'Deprecated: use getGeneration. The status of each image of a generation.',
    deprecatedBy: 'getGeneration',
    exampleParams: { generation_id: 'gen_01' },
    success: {
      status: 200,
      description: 'A list of statuses of the images.',
      schema: responses.getGenerationStatus,
      examples: one('docs example', docs.generationStatusResponse),
    },
    errors: BY_ID_ERRORS,
    idempotent: true,
    spendsCredits: false,
    provenance: { source: 'live-docs' },
  },
  {
    operationId: 'getImageStatus',
    ...requests.getImageStatus,
    method: 'get',
    path: '/pub/v1/generations/{generation_id}/images/{image_id}/status',
    tag: 'Generation',
    summary: 'Image status (deprecated)',
    description: 'Deprecated: use getMedia. The status of one image.',
    deprecatedBy: 'getMedia',
    exampleParams: { generation_id: 'gen_01', image_id: 'img_01' },
    success: {
      status: 200,
      description: 'The status of the image.',
      schema: responses.getImageStatus,
      examples: one('docs example', docs.imageStatusResponse),
    },
    errors: BY_ID_ERRORS,
    idempotent: true,
    spendsCredits: false,
    provenance: { source: 'live-docs' },
  },
  catalogue('listModels', '/pub/v1/models', 'models', assumedList([
    { name: 'JuggernautXL', base_model: 'sdxl' },
    { name: 'Flux', base_model: 'flux' },
  ])),
  catalogue('listStyles', '/pub/v1/styles', 'styles', assumedList([
    { name: 'Bokeh', base_model: 'sdxl' },
    { name: 'Black & White', base_model: 'flux' },
  ])),
  catalogue(
    'listControlnets',
    '/pub/v1/controlnets',
    'control nets',
    { summary: 'docs example (?type=flux)', value: docs.listFluxControlnetsResponse },
    { source: 'live-docs', note: 'the Flux control net example' },
  ),
  catalogue('listLoras', '/pub/v1/loras', 'LoRAs', assumedList([
    { name: 'lora_name', base_model: 'sdxl' },
    { name: 'film_grain', base_model: 'sd 1.5' },
  ])),
  catalogue('listVoices', '/pub/v1/voices', 'narrator voices', assumedList([{ name: 'Rachel' }, { name: 'Adam' }]), {
    source: 'live-docs',
    note: 'path referenced by the narrator docs; item shape assumed',
  }),
  {
    operationId: 'createCharacter',
    ...requests.createCharacter,
    method: 'post',
    path: '/pub/v1/characters',
    tag: 'Characters',
    summary: 'Create a character',
    description: 'Creates a uniquely named character from a face image asset; use its name in prompts.',
    requestExamples: one('docs example', docs.createCharacterRequest),
    success: {
      status: 201,
      description: 'Successful response for created character.',
      schema: responses.createCharacter,
      examples: one('docs example', docs.createCharacterResponse),
    },
    errors: WRITE_ERRORS,
    idempotent: false,
    spendsCredits: false,
    provenance: { source: 'live-docs' },
  },
  {
    operationId: 'listCharacters',
    ...requests.listCharacters,
    method: 'get',
    path: '/pub/v1/characters',
    tag: 'Characters',
    summary: 'List characters',
    description: 'The caller\u2019s characters (and system characters).',
    success: {
      status: 200,
      description: 'The characters.',
      schema: responses.listCharacters,
      examples: one('shape assumed from create', {
        data: [{ ...docs.createCharacterResponse.data, system_character: false }],
        err: {},
        pagination: { page: 1, page_size: 10, total: 1 },
      }),
    },
    errors: QUERY_ERRORS,
    idempotent: true,
    spendsCredits: false,
    provenance: { source: 'live-docs', note: 'response not visible in the docs' },
  },
  {
    operationId: 'uploadAsset',
    ...requests.uploadAsset,
    method: 'post',
    path: '/pub/v1/assets/upload',
    tag: 'Assets',
    summary: 'Upload an asset (v1)',
    description: 'Reserves an image asset and returns a presigned `upload_url` to send the bytes to.',
    requestExamples: one('docs example', docs.uploadAssetRequest),
    success: {
      status: 201,
      description: 'The asset and the upload URL.',
      schema: responses.uploadAsset,
      examples: one('docs example', docs.uploadAssetResponse),
    },
    errors: WRITE_ERRORS,
    idempotent: false,
    spendsCredits: false,
    provenance: { source: 'live-docs' },
  },
  {
    operationId: 'archiveAssets',
    ...requests.archiveAssets,
    method: 'post',
    path: '/pub/v1/assets/archive',
    tag: 'Assets',
    summary: 'Archive assets',
    description: 'Archives (deletes) assets by id.',
    requestExamples: one('docs example', docs.archiveAssetsRequest),
    success: {
      status: 200,
      description: 'A list of deleted assets.',
      schema: responses.archiveAssets,
      examples: one('docs example (with its filled err)', docs.archiveAssetsResponse),
    },
    errors: WRITE_ERRORS,
    idempotent: true,
    spendsCredits: false,
    provenance: { source: 'live-docs' },
  },
  {
    operationId: 'uploadAssetV2',
    ...requests.uploadAssetV2,
    method: 'post',
    path: '/pub/v2/assets/upload',
    tag: 'Assets',
    summary: 'Upload an asset (v2)',
    description: 'Reserves an image, video (mp4, webm) or audio (mp3) asset and returns a presigned `upload_url`.',
    exampleQuery: { type: 'image' },
    requestExamples: one('docs example', docs.uploadAssetRequest),
    success: {
      status: 201,
      description: 'The asset and the upload URL.',
      schema: responses.uploadAssetV2,
      examples: one('docs example', docs.uploadAssetV2Response),
    },
    errors: WRITE_ERRORS,
    idempotent: false,
    spendsCredits: false,
    provenance: { source: 'live-docs' },
  },
  {
    operationId: 'getAssetV2',
    ...requests.getAssetV2,
    method: 'get',
    path: '/pub/v2/assets/{asset_id}',
    tag: 'Assets',
    summary: 'Get an asset (v2)',
    description: 'Size, type, status, URL, and for videos and audio duration (and frames for videos).',
    exampleParams: { asset_id: 'ast_01' },
    success: {
      status: 200,
      description: 'The asset.',
      schema: responses.getAssetV2,
      examples: one('shape assumed', {
        data: { id: 'ast_01', type: 'video', status: 'active', size: { height: 1280, width: 768 }, url: 'https://s3-asset-url', duration: 5, frames: 150 },
        err: {},
      }),
    },
    errors: BY_ID_ERRORS,
    idempotent: true,
    spendsCredits: false,
    provenance: { source: 'live-docs', note: 'description only; field names assumed' },
  },
  {
    operationId: 'listAssetsV2',
    ...requests.listAssetsV2,
    method: 'get',
    path: '/pub/v2/assets',
    tag: 'Assets',
    summary: 'List assets (v2)',
    description: 'All uploaded assets, paginated.',
    success: {
      status: 200,
      description: 'The assets.',
      schema: responses.listAssetsV2,
      examples: one('shape assumed', {
        data: [{ id: 'ast_01', type: 'image', status: 'active', size: { height: 512, width: 512 }, url: 'https://s3-asset-url' }],
        err: {},
        pagination: { page: 1, page_size: 10, total: 1 },
      }),
    },
    errors: QUERY_ERRORS,
    idempotent: true,
    spendsCredits: false,
    provenance: { source: 'live-docs', note: 'description only; pagination parameters assumed' },
  },
];

for (const op of operations) {
  recordOperation(op.operationId, op.provenance);
  // Parameters are recorded as `operationId.path.name` and `operationId.query.name`.
  if (op.params) recordShape(`${op.operationId}.path`, op.params.shape);
  if (op.query) recordShape(`${op.operationId}.query`, op.query.shape);
}

export const operationsById: Readonly<Record<string, OperationSpec>> = Object.fromEntries(operations.map((op) => [op.operationId, op]));

