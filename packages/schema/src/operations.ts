// The 22 operations of the contract, in one table keyed by operationId: each operation is described
// once, with the traits (effect, paging, media, catalogue) its consumers read instead of keeping lists.
// The OpenAPI document, the client's method list, the sandbox's routes and the conformance suite's
// per-operation checks are all built from it.
import { ERROR_STATUS_RANGES, type ErrorStatus, envelope, inStatusRange, PageQuery, pagedEnvelope } from './common.js';
import * as docs from './examples/live-docs.js';
import { assumption, type DocsPage, documented, fromDocs, type Provenance, stated } from './provenance.js';
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
import { DeletedId, DeletedImage, Estimate, Generation, GenerationResult, ImageStatus, ListGenerationsQuery, Media } from './resources/generation.js';
import { GenerationRequest } from './resources/generation-request.js';
import { z } from './zod.js';

export type Tag = 'Generation' | 'Resources' | 'Assets' | 'Characters';
export type Method = 'get' | 'post' | 'delete';
type Shape = Record<string, z.ZodType>;

export interface Example {
  summary: string;
  value: unknown;
  /**
   * The ledger date from which the example shows the API (it names a kind, field or value that came
   * then: Flux, a Flux control net): documents of older dates leave it out. Emitted as `x-since`.
   */
  since?: string;
}

/** What calling an operation does to the account: the one fact retries, safety modes and ordering read. */
export type Effect = 'read' | 'create' | 'spend' | 'delete';
/** The kinds of resource the account holds and operations create, read and delete. */
export type ResourceKind = 'generation' | 'media' | 'asset' | 'character';
/** The kind of resource an operation brings into being. */
export type Creates = 'generation' | 'asset' | 'character';
/** The five catalogue listings: the names generation requests refer to. */
export type CatalogueName = 'models' | 'styles' | 'controlnets' | 'loras' | 'voices';
/** The shape of a success body that carries media (where the 2024-09-04 renames live). */
export type MediaCarrier = 'generation' | 'generation-page' | 'media';

/** What a successful call brings into being, and where its id is in the success body's `data`. */
export interface Creation {
  kind: Creates;
  /** Path of the new resource's id inside `data` (`['asset', 'id']` for a v1 upload). */
  idAt: readonly string[];
}

/** What a successful call removes, and where the request names it. */
export interface Deletion {
  kind: Exclude<ResourceKind, 'character'>;
  /** The path parameter that names it, or the body field that lists the ids. */
  from: { param: string } | { bodyList: string };
}

/** The path parameters that name a resource of the account, and which kind (what a call needs first). */
export const PATH_PARAM_RESOURCES = {
  generation_id: 'generation',
  media_id: 'media',
  image_id: 'media',
  asset_id: 'asset',
} as const satisfies Record<string, ResourceKind>;

/** One operation as the table writes it; its operationId is its key in the table. */
export interface OperationEntry {
  method: Method;
  /** OpenAPI path template, e.g. `/pub/v1/generations/{generation_id}`. */
  path: string;
  tag: Tag;
  summary: string;
  description: string;
  /** Set on the three deprecated operations: the operationId that replaces it (a test holds it is one). */
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
  /** read: changes nothing; create: makes a resource; spend: spends credits; delete: removes resources. */
  effect: Effect;
  /** A paged listing: takes `page`/`page_size` and answers a page of items with `pagination`. */
  paged: boolean;
  /** The resource a successful call creates, and where its id is. */
  creates?: Creation;
  /** The resource a successful call deletes, and where the request names it. */
  deletes?: Deletion;
  /** The success body carries a generation, a page of generations, or one media item. */
  carries?: MediaCarrier;
  /** One of the five resource listings (models, styles, control nets, LoRAs, voices). */
  catalogue?: CatalogueName;
  /** The body is a generation request: the rules that need outside facts (plan, catalogue, inputs) apply. */
  generationBody?: true;
  provenance: Provenance;
}

/** One operation with its id and the traits derived from the table. */
export interface OperationSpec extends Omit<OperationEntry, 'deprecatedBy'> {
  operationId: OperationId;
  deprecatedBy?: OperationId;
  /** Repeating it spends nothing and changes nothing more (reads, the estimate, deletes): safe to retry. */
  idempotent: boolean;
  /** It spends credits (generate). */
  spendsCredits: boolean;
  /** The success body carries generations or media items (`carries` is set). */
  carriesMedia: boolean;
  /** The resources its path parameters name: what must exist before it can be called for real. */
  needs: readonly ResourceKind[];
}

/** A path parameter: its page shows the path (so it is required); that it is not empty is ours. */
const id = (example: string, page: DocsPage) =>
  fromDocs(z.string().min(1).openapi({ example }), page, undefined, { length: assumption('an empty id names no resource (the path would be another one)') });
const ids = {
  generation_id: id('gen_01', 'getGeneration'),
  media_id: id('media_01', 'getMedia'),
  image_id: id('img_01', 'deleteImage'),
  asset_id: id('ast_01', 'getAssetV2'),
};
const pathParams = <K extends keyof typeof ids>(...keys: K[]) => z.object(Object.fromEntries(keys.map((k) => [k, ids[k]])) as Pick<typeof ids, K>);
const query = <S extends Shape>(shape: S) => z.object(shape);

const WRITE_ERRORS: ErrorStatus[] = [400, 401, 422, 429, 500, 503];
const QUERY_ERRORS: ErrorStatus[] = [400, 401, 422, 429, 500, 503];
const BY_ID_ERRORS: ErrorStatus[] = [401, 404, 429, 500, 503];

const one = (summary: string, value: unknown): Record<string, Example> => ({ docs: { summary, value } });

/**
 * The generate page's field examples, one generation item each. The Flux item uses a control net
 * with Flux, which came on 2024-12-04 (its model value alone would pass any older document's schema).
 */
const ITEM_EXAMPLES_SINCE: Partial<Record<keyof typeof docs.generationItems, string>> = { flux: '2024-12-04' };
const itemExamples: Record<string, Example> = Object.fromEntries(
  Object.entries(docs.generationItems).map(([name, item]) => {
    const since = ITEM_EXAMPLES_SINCE[name as keyof typeof docs.generationItems];
    return [name, { summary: `${name} generation (docs field examples)`, value: [item], ...(since ? { since } : {}) }];
  }),
);

/** A catalogue listing: a paged read of the resources generation requests name. */
const catalogue = <Q extends z.ZodObject<Shape>, S extends z.ZodType, N extends CatalogueName>(
  name: N,
  path: string,
  what: string,
  parts: { query: Q; schema: S },
  examples: Record<string, Example>,
  provenance: Provenance = documented('generate', 'path referenced by the generate page; item shape assumed'),
) =>
  ({
    method: 'get',
    path,
    tag: 'Resources',
    summary: `List ${what}`,
    description: `Lists the available ${what}.`,
    query: parts.query,
    success: {
      status: 200,
      description: `The available ${what}.`,
      schema: parts.schema,
      examples,
    },
    errors: QUERY_ERRORS,
    effect: 'read',
    paged: true,
    catalogue: name,
    provenance,
  }) as const satisfies OperationEntry;

/** A listing example whose item shape is our assumption. */
const assumedList = (items: unknown[], summary = 'shape assumed', since?: string): Example => ({
  summary,
  value: { data: items, err: {}, pagination: { page: 1, page_size: 10, total: items.length } },
  ...(since ? { since } : {}),
});

/** The `data` and `pagination` of a listing no page shows: our claims about them. */
const listedData = (what: string) => assumption(`the ${what} listing answers its items as a list in data`);
const listedPagination = (what: string) => assumption(`the ${what} listing answers a pagination object beside data`);
/** A catalogue listing's page envelope: neither its data nor its pagination is shown anywhere. */
const cataloguePage = <T extends z.ZodType>(name: string, item: T, what: string) =>
  pagedEnvelope(name, z.array(item), listedData(what), listedPagination(what));

const table = {
  generateMedia: {
    body: GenerationRequest,
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
      schema: envelope('GenerationResultEnvelope', GenerationResult, documented('generate', 'the example is cut before its end')),
      examples: {
        ...one('docs example (completed after style_detail)', docs.generateResponse),
        model: { summary: 'a model generation', value: docs.generateResponseModel },
      },
    },
    errors: [400, 401, 402, 422, 429, 500, 503],
    effect: 'spend',
    paged: false,
    creates: { kind: 'generation', idAt: ['generation_id'] },
    carries: 'generation',
    generationBody: true,
    provenance: documented(
      'generate',
      'success status 200 from the interface description ("The only success status shown is 200."); the docs example is cut before it',
    ),
  },
  estimateGeneration: {
    body: GenerationRequest,
    method: 'post',
    path: '/pub/v1/generations/estimate',
    tag: 'Generation',
    summary: 'Estimate a generation',
    description: 'The credit cost of a would-be generation (same body as generate) and the current balance. Spends nothing.',
    requestExamples: itemExamples,
    success: {
      status: 200,
      description: 'The estimate.',
      schema: envelope('EstimateEnvelope', Estimate, documented('estimate')),
      examples: one('docs example (its `error` key read as `err`)', docs.estimateResponse),
    },
    errors: [400, 401, 402, 422, 429, 500, 503],
    effect: 'read',
    paged: false,
    generationBody: true,
    provenance: documented('estimate'),
  },
  listGenerations: {
    query: query({ ...ListGenerationsQuery, ...PageQuery }),
    method: 'get',
    path: '/pub/v1/generations',
    tag: 'Generation',
    summary: 'List generations',
    description: 'The caller\u2019s generations, newest first, filtered by generation id, media id or status.',
    success: {
      status: 200,
      description: 'A list of feed items.',
      schema: pagedEnvelope('GenerationPage', z.array(Generation), documented('listGenerations'), documented('listGenerations')),
      examples: one('docs example', docs.listGenerationsResponse),
    },
    errors: QUERY_ERRORS,
    effect: 'read',
    paged: true,
    carries: 'generation-page',
    provenance: documented('listGenerations'),
  },
  getGeneration: {
    params: pathParams('generation_id'),
    method: 'get',
    path: '/pub/v1/generations/{generation_id}',
    tag: 'Generation',
    summary: 'Get a generation',
    description: 'One generation with the status of each of its media.',
    exampleParams: { generation_id: 'gen_01' },
    success: {
      status: 200,
      description: 'Details of a generation.',
      schema: pagedEnvelope('GenerationEnvelope', Generation, documented('getGeneration'), documented('getGeneration')),
      examples: one('docs example', docs.getGenerationResponse),
    },
    errors: BY_ID_ERRORS,
    effect: 'read',
    // Not paged: the docs print a `pagination` object on this response (so the envelope allows one)
    // but the operation takes no page or page_size and `data` is a single generation: nothing to page.
    paged: false,
    carries: 'generation',
    provenance: documented('getGeneration'),
  },
  getMedia: {
    params: pathParams('media_id'),
    method: 'get',
    path: '/pub/v1/generations/media/{media_id}',
    tag: 'Generation',
    summary: 'Get a media item',
    description: 'One media item with its status, type, dimensions and (on success) URL.',
    exampleParams: { media_id: 'media_01' },
    success: {
      status: 200,
      description: 'Details of a media generation.',
      schema: envelope('MediaEnvelope', Media, documented('getMedia')),
      examples: one('docs example', docs.getMediaResponse),
    },
    errors: BY_ID_ERRORS,
    effect: 'read',
    paged: false,
    carries: 'media',
    provenance: documented('getMedia'),
  },
  deleteGeneration: {
    params: pathParams('generation_id'),
    method: 'delete',
    path: '/pub/v1/generations/{generation_id}',
    tag: 'Generation',
    summary: 'Delete a generation',
    description: 'Deletes a generation and all of its media.',
    exampleParams: { generation_id: 'gen_01' },
    success: {
      status: 200,
      description: 'The id of the deleted generation.',
      schema: envelope('DeletedGenerationEnvelope', DeletedId, documented('deleteGeneration')),
      examples: one('docs example', docs.deleteGenerationResponse),
    },
    errors: BY_ID_ERRORS,
    effect: 'delete',
    paged: false,
    deletes: { kind: 'generation', from: { param: 'generation_id' } },
    provenance: documented('deleteGeneration'),
  },
  deleteMedia: {
    params: pathParams('media_id'),
    method: 'delete',
    path: '/pub/v1/generations/media/{media_id}',
    tag: 'Generation',
    summary: 'Delete a media item',
    description: 'Deletes one media item; the other media of the same generation are kept.',
    exampleParams: { media_id: 'media_01' },
    success: {
      status: 200,
      description: 'The id of the deleted media.',
      schema: envelope('DeletedMediaEnvelope', DeletedId, stated('deleteMediaEndpoint', '`data`: object with `id` (string, the id of the deleted media)')),
      examples: one('interface description', { data: { id: 'media_01' }, err: {} }),
    },
    errors: BY_ID_ERRORS,
    effect: 'delete',
    paged: false,
    deletes: { kind: 'media', from: { param: 'media_id' } },
    provenance: stated('endpoints', 'Delete one media item.', 'response shape from the interface description; docs page not available'),
  },
  deleteImage: {
    params: pathParams('generation_id', 'image_id'),
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
      schema: envelope('DeletedImageEnvelope', DeletedImage, documented('deleteImage', 'the page names a data object, not its fields')),
      examples: one('assumed shape', { data: { id: 'img_01' }, err: {} }),
    },
    errors: BY_ID_ERRORS,
    effect: 'delete',
    paged: false,
    deletes: { kind: 'media', from: { param: 'image_id' } },
    provenance: documented('deleteImage'),
  },
  getGenerationStatus: {
    params: pathParams('generation_id'),
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
      schema: envelope('ImageStatusListEnvelope', z.array(ImageStatus), documented('generationStatus')),
      examples: one('docs example', docs.generationStatusResponse),
    },
    errors: BY_ID_ERRORS,
    effect: 'read',
    paged: false,
    provenance: documented('generationStatus'),
  },
  getImageStatus: {
    params: pathParams('generation_id', 'image_id'),
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
      schema: envelope('ImageStatusEnvelope', ImageStatus, documented('imageStatus')),
      examples: one('docs example', docs.imageStatusResponse),
    },
    errors: BY_ID_ERRORS,
    effect: 'read',
    paged: false,
    provenance: documented('imageStatus'),
  },
  listModels: catalogue(
    'models',
    '/pub/v1/models',
    'models',
    { query: query(CatalogueQuery), schema: cataloguePage('ModelPage', Model, 'model') },
    {
      docs: assumedList([{ name: 'JuggernautXL', base_model: 'sdxl' }]),
      flux: assumedList([{ name: 'Flux', base_model: 'flux' }], 'Flux (shape assumed)', '2024-11-08'),
    },
  ),
  listStyles: catalogue(
    'styles',
    '/pub/v1/styles',
    'styles',
    { query: query(CatalogueQuery), schema: cataloguePage('StylePage', Style, 'style') },
    {
      docs: assumedList([{ name: 'Bokeh', base_model: 'sdxl' }]),
      flux: assumedList([{ name: 'Black & White', base_model: 'flux' }], 'Flux (shape assumed)', '2024-11-08'),
    },
  ),
  listControlnets: catalogue(
    'controlnets',
    '/pub/v1/controlnets',
    'control nets',
    {
      query: query(ControlnetQuery),
      schema: pagedEnvelope(
        'ControlnetPage',
        z.array(Controlnet),
        documented('generate', 'the control net listing example'),
        assumption('the control net listing answers a pagination object beside data (the docs example shows data only)'),
      ),
    },
    {
      docs: { summary: 'docs example (?type=flux)', value: docs.listFluxControlnetsResponse, since: '2024-12-04' },
      assumed: assumedList([{ name: 'Canny', base_model: 'sdxl' }]),
    },
    documented('generate', 'the control net listing example'),
  ),
  listLoras: catalogue(
    'loras',
    '/pub/v1/loras',
    'LoRAs',
    { query: query(CatalogueQuery), schema: cataloguePage('LoraPage', Lora, 'LoRA') },
    {
      docs: assumedList([
        { name: 'lora_name', base_model: 'sdxl' },
        { name: 'film_grain', base_model: 'sd 1.5' },
      ]),
    },
  ),
  listVoices: catalogue(
    'voices',
    '/pub/v1/voices',
    'voices',
    { query: query(VoicesQuery), schema: cataloguePage('VoicePage', Voice, 'voice') },
    { docs: assumedList([{ name: 'Rachel' }, { name: 'Adam' }]) },
  ),
  createCharacter: {
    body: CreateCharacterRequest,
    method: 'post',
    path: '/pub/v1/characters',
    tag: 'Characters',
    summary: 'Create a character',
    description: 'Creates a uniquely named character from a face image asset; use its name in prompts.',
    requestExamples: one('docs example', docs.createCharacterRequest),
    success: {
      status: 201,
      description: 'Successful response for created character.',
      schema: envelope('CharacterEnvelope', Character, documented('createCharacter')),
      examples: one('docs example', docs.createCharacterResponse),
    },
    errors: WRITE_ERRORS,
    effect: 'create',
    paged: false,
    creates: { kind: 'character', idAt: ['id'] },
    provenance: documented('createCharacter'),
  },
  listCharacters: {
    query: query(ListCharactersQuery),
    method: 'get',
    path: '/pub/v1/characters',
    tag: 'Characters',
    summary: 'List characters',
    description: 'The caller\u2019s characters (and system characters).',
    success: {
      status: 200,
      description: 'The characters.',
      // The list response is not visible: its items reuse create's shape by our choice.
      schema: pagedEnvelope(
        'CharacterPage',
        z.array(Character),
        assumption('the character listing answers a list of characters shaped like create\u2019s answer in data'),
        listedPagination('character'),
      ),
      examples: { docs: assumedList([{ ...docs.createCharacterResponse.data, system_character: false }], 'shape assumed from create') },
    },
    errors: QUERY_ERRORS,
    effect: 'read',
    paged: true,
    provenance: documented('listCharacters', 'response not visible in the docs'),
  },
  uploadAsset: {
    body: UploadAssetRequest,
    method: 'post',
    path: '/pub/v1/assets/upload',
    tag: 'Assets',
    summary: 'Upload an asset (v1)',
    description: 'Reserves an image asset and returns a presigned `upload_url` to send the bytes to.',
    requestExamples: one('docs example', docs.uploadAssetRequest),
    success: {
      status: 201,
      description: 'The asset and the upload URL.',
      schema: envelope('UploadSlotV1Envelope', UploadSlotV1, documented('uploadAsset')),
      examples: one('docs example', docs.uploadAssetResponse),
    },
    errors: WRITE_ERRORS,
    effect: 'create',
    paged: false,
    creates: { kind: 'asset', idAt: ['asset', 'id'] },
    provenance: documented('uploadAsset'),
  },
  archiveAssets: {
    body: ArchiveAssetsRequest,
    method: 'post',
    path: '/pub/v1/assets/archive',
    tag: 'Assets',
    summary: 'Archive assets',
    description: 'Archives (deletes) assets by id.',
    requestExamples: one('docs example', docs.archiveAssetsRequest),
    success: {
      status: 200,
      description: 'A list of deleted assets.',
      schema: envelope('ArchivedAssetsEnvelope', z.array(AssetV1), documented('archiveAsset')),
      // The docs' example fills err with a placeholder beside its payload; that a served request's err is
      // empty is ours (served_err_empty), so the example a mock serves first is the docs' payload with err empty.
      examples: {
        served: {
          summary: 'the docs example, its placeholder err emptied (a served request\u2019s err is empty: an assumption)',
          value: { ...docs.archiveAssetsResponse, err: {} },
        },
        docs: { summary: 'docs example (with its filled err)', value: docs.archiveAssetsResponse },
      },
    },
    errors: WRITE_ERRORS,
    effect: 'delete',
    paged: false,
    deletes: { kind: 'asset', from: { bodyList: 'ids' } },
    provenance: documented('archiveAsset'),
  },
  uploadAssetV2: {
    query: query(UploadAssetV2Query),
    body: UploadAssetRequest,
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
      schema: envelope('UploadSlotV2Envelope', UploadSlotV2, documented('uploadAssetV2')),
      examples: one('docs example', docs.uploadAssetV2Response),
    },
    errors: WRITE_ERRORS,
    effect: 'create',
    paged: false,
    creates: { kind: 'asset', idAt: ['id'] },
    provenance: documented('uploadAssetV2'),
  },
  getAssetV2: {
    params: pathParams('asset_id'),
    method: 'get',
    path: '/pub/v2/assets/{asset_id}',
    tag: 'Assets',
    summary: 'Get an asset (v2)',
    description: 'Size, type, status, URL, and for videos and audio duration (and frames for videos).',
    exampleParams: { asset_id: 'ast_01' },
    success: {
      status: 200,
      description: 'The asset.',
      schema: envelope('AssetV2Envelope', AssetV2, assumption('get asset v2 answers the asset object in data (the page gives a description only)')),
      examples: one('shape assumed', {
        data: { id: 'ast_01', type: 'video', status: 'active', size: { height: 1280, width: 768 }, url: 'https://s3-asset-url', duration: 5, frames: 150 },
        err: {},
      }),
    },
    errors: BY_ID_ERRORS,
    effect: 'read',
    paged: false,
    provenance: documented('getAssetV2', 'description only; field names assumed'),
  },
  listAssetsV2: {
    query: query(ListAssetsV2Query),
    method: 'get',
    path: '/pub/v2/assets',
    tag: 'Assets',
    summary: 'List assets (v2)',
    description: 'All uploaded assets, paginated.',
    success: {
      status: 200,
      description: 'The assets.',
      schema: pagedEnvelope('AssetV2Page', z.array(AssetV2), listedData('v2 asset'), listedPagination('v2 asset')),
      examples: {
        docs: assumedList([{ id: 'ast_01', type: 'image', status: 'active', size: { height: 512, width: 512 }, url: 'https://s3-asset-url' }]),
      },
    },
    errors: QUERY_ERRORS,
    effect: 'read',
    paged: true,
    provenance: documented('listAssetsV2', 'description only; pagination parameters assumed'),
  },
} satisfies Record<string, OperationEntry>;

type Table = typeof table;
/** An operationId of the contract. */
export type OperationId = keyof Table;
/** The traits every operation gets from the table's own fields. */
interface Derived<K extends OperationId> {
  operationId: K;
  idempotent: boolean;
  spendsCredits: boolean;
  carriesMedia: boolean;
  needs: readonly ResourceKind[];
}
/** The table's entry for one operation, with its id and derived traits, e.g. `OperationSpecOf<'listModels'>`. */
export type OperationSpecOf<K extends OperationId> = Omit<Table[K], 'deprecatedBy'> & Derived<K> & { deprecatedBy?: OperationId };

function derive(operationId: string, entry: OperationEntry): Derived<OperationId> {
  const params = entry.params ? Object.keys(entry.params.shape) : [];
  return {
    operationId: operationId as OperationId,
    idempotent: entry.effect === 'read' || entry.effect === 'delete',
    spendsCredits: entry.effect === 'spend',
    carriesMedia: entry.carries !== undefined,
    needs: params.flatMap((name) => (Object.hasOwn(PATH_PARAM_RESOURCES, name) ? [PATH_PARAM_RESOURCES[name as keyof typeof PATH_PARAM_RESOURCES]] : [])),
  };
}

/** The operations of the contract keyed by operationId, in the order the document lists them. */
export const operations = Object.fromEntries(
  Object.entries(table).map(([operationId, entry]: [string, OperationEntry]) => [operationId, { ...entry, ...derive(operationId, entry) }]),
) as unknown as { readonly [K in OperationId]: OperationSpecOf<K> };

/** Every operation in table order (the document's, the client's and the suite's order). */
export const operationList: readonly OperationSpec[] = Object.values(operations) as readonly OperationSpec[];

/** Whether a string from input (a CLI flag, a proxied request) is an operationId of the contract: own keys only. */
export function isOperationId(id: string): id is OperationId {
  return Object.hasOwn(table, id);
}

/** The operation of an id that comes from input, or `undefined` (`constructor`, `__proto__` are not operations). */
export function operationById(id: string): OperationSpec | undefined {
  return isOperationId(id) ? (operations[id] as OperationSpec) : undefined;
}

type Traits = Pick<OperationSpec, 'effect' | 'paged' | 'carries' | 'carriesMedia' | 'catalogue' | 'method' | 'tag' | 'idempotent' | 'spendsCredits'>;
/** The operations (in table order) whose traits equal all the given ones, e.g. `operationsWhere({ effect: 'delete' })`. */
export function operationsWhere(traits: Partial<Traits>): OperationSpec[] {
  const wanted = Object.entries(traits) as [keyof Traits, unknown][];
  return operationList.filter((op) => wanted.every(([trait, value]) => op[trait] === value));
}

/** The catalogue listing of each name (`catalogueOperation('models')` is listModels). */
export function catalogueOperation(name: CatalogueName): OperationSpec {
  return operationList.find((op) => op.catalogue === name)!;
}

/**
 * How to undo what an operation of kind `kind` created: the current (not deprecated) operation that
 * deletes that kind, or `undefined` when the API has none (characters cannot be deleted).
 */
export function undoOf(kind: Creates): OperationSpec | undefined {
  return operationList.find((op) => op.deletes?.kind === kind && op.deprecatedBy === undefined);
}

/** The id a successful call created, read from its success body (`undefined` when it is not there). */
export function createdId(op: Pick<OperationSpec, 'creates'>, body: unknown): string | undefined {
  if (!op.creates) return undefined;
  let current: unknown = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  for (const key of op.creates.idAt) current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[key] : undefined;
  return typeof current === 'string' ? current : undefined;
}

/** The request parts that delete one resource of `op.deletes.kind` with id `id`. */
export function deletionRequest(op: Pick<OperationSpec, 'deletes'>, id: string): { params?: Record<string, string>; body?: Record<string, string[]> } {
  const from = op.deletes?.from;
  if (!from) return {};
  return 'param' in from ? { params: { [from.param]: id } } : { body: { [from.bodyList]: [id] } };
}

/** The ids a delete request names (its path parameter, or the body's id list). */
export function deletedIds(op: Pick<OperationSpec, 'deletes'>, request: { params?: Record<string, string>; body?: unknown }): string[] {
  const from = op.deletes?.from;
  if (!from) return [];
  if ('param' in from) {
    const id = request.params?.[from.param];
    return id === undefined ? [] : [id];
  }
  const list = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>)[from.bodyList] : undefined;
  return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * True when the document declares `status` for the operation: its success status, a listed error
 * status, or any status of the 4XX and 5XX ranges every operation declares with the error envelope.
 */
export function declaresStatus(op: Pick<OperationSpec, 'success' | 'errors'>, status: number): boolean {
  return status === op.success.status || (op.errors as number[]).includes(status) || ERROR_STATUS_RANGES.some((range) => inStatusRange(status, range));
}

/** The whole success envelope an operation answers, e.g. `ResponseOf<'listGenerations'>`. */
export type ResponseOf<K extends OperationId> = z.output<Table[K]['success']['schema']>;
/** The `data` of an operation's success envelope. */
export type DataOf<K extends OperationId> = ResponseOf<K>['data'];
/** The request body an operation takes (`never` when it takes none). */
export type BodyOf<K extends OperationId> = Table[K] extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** The query parameters an operation takes (`never` when it takes none). */
export type QueryOf<K extends OperationId> = Table[K] extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
/** The path parameters an operation takes (`never` when it takes none). */
export type ParamsOf<K extends OperationId> = Table[K] extends { params: infer P extends z.ZodType } ? z.input<P> : never;
