// The sandbox's HTTP surface as a Hono app: one route per operation of the contract's table (the
// table's `{param}` templates become `:param`), each run through the same pipeline (latency, fault
// injection, API key, JSON body, version upgrade, validation with the contract's schemas and rules,
// the handler, version downgrade), plus the upload and file URLs the API hands out. Nothing here is
// Node-specific; server.ts serves it on Node.
import {
  type CatalogueItem,
  ERROR_CODES,
  type GenerationItem,
  type Issue,
  type OperationSpec,
  type TransformPlan,
  VersionIncompatibleError,
  checkGenerationRequest,
  downgradeRequest,
  downgradeResponse,
  formatIssue,
  normalizeBaseModel,
  operationList,
  upgradeRequest,
  validate,
} from '@mediagen/schema';
import { Hono } from 'hono';
import { stream } from './rng.js';
import { type AssetType, NotFoundError, type SandboxState } from './state.js';

/** Serve and accept the shapes of an older API version. */
export interface Versioning {
  /** A version key: `baseline` or a ledger date. */
  version: string;
  plan: TransformPlan;
}

export interface AppConfig {
  versioning?: Versioning;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** An answer other than success: becomes the `{ err: { code, message } }` envelope. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string> | undefined;
  constructor(status: number, message: string, code?: string, headers?: Record<string, string>) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code ?? (ERROR_CODES as Record<number, string>)[status] ?? 'error';
    this.headers = headers;
  }
}

interface Call {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** `http://host:port` the request came to: file and upload URLs are built on it. */
  origin: string;
}

type Handler = (call: Call) => Reply;

const JSON_HEADERS = { 'content-type': 'application/json' };

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponse(error: HttpError): Response {
  return jsonResponse(error.status, { err: { code: error.code, message: error.message } }, error.headers);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const invalid = (issues: readonly Issue[]) => new HttpError(422, issues.map(formatIssue).join('; '));

const ok = (data: unknown, status = 200, extra: Record<string, unknown> = {}): Reply => ({ status, body: { data, err: {}, ...extra } });

function paginate<T>(items: readonly T[], query: Record<string, unknown>): { page: T[]; pagination: { page: number; page_size: number; total: number } } {
  const page = typeof query.page === 'number' ? query.page : 1;
  const pageSize = typeof query.page_size === 'number' ? query.page_size : 10;
  return { page: items.slice((page - 1) * pageSize, page * pageSize), pagination: { page, page_size: pageSize, total: items.length } };
}

function listing(items: readonly unknown[], query: Record<string, unknown>): Reply {
  const { page, pagination } = paginate(items, query);
  return ok(page, 200, { pagination });
}

function byType(items: readonly CatalogueItem[], type: unknown): readonly CatalogueItem[] {
  if (typeof type !== 'string') return items;
  const wanted = normalizeBaseModel(type);
  return items.filter((item) => normalizeBaseModel(item.base_model) === wanted);
}

/** The handler of every operation, by operationId. */
function handlers(state: SandboxState): Record<string, Handler> {
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
      const items = body as GenerationItem[];
      const cost = state.estimate(items);
      if (cost > state.credits) {
        throw new HttpError(402, `not enough credits: ${cost} needed, ${state.credits} available`);
      }
      const { generation, media } = state.generate(items, cost);
      return ok({ generation_id: generation.id, credits_remaining: state.credits, media: media.map((m) => state.generatedView(m)) });
    },
    estimateGeneration: ({ body }) => ok({ estimated: state.estimate(body as GenerationItem[]), balance: state.credits }),
    listGenerations: ({ query, origin }) => {
      let found = state.listGenerations();
      if (typeof query.generation_id === 'string') found = found.filter((g) => g.id === query.generation_id);
      if (typeof query.media_id === 'string') found = found.filter((g) => g.mediaIds.includes(query.media_id as string));
      if (typeof query.status === 'string') {
        found = found.filter((g) => state.generationMedia(g).some((m) => state.status(m) === query.status));
      }
      return listing(
        found.map((g) => generationView(g.id, origin)),
        query,
      );
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
      const request = body as Parameters<SandboxState['createCharacter']>[0];
      const issues = state.checkCharacter(request);
      if (issues.length > 0) throw invalid(issues);
      return ok(state.createCharacter(request, origin), 201);
    },
    listCharacters: ({ query }) => listing(state.listCharacters(), query),
    uploadAsset: ({ body, origin }) => {
      const asset = state.createAsset('image', (body as { size: { width: number; height: number } }).size);
      return ok({ asset: state.assetV1(asset, origin), upload_url: `${origin}/uploads/${asset.id}` }, 201);
    },
    archiveAssets: ({ body, origin }) => {
      const { archived, missing } = state.archive((body as { ids: string[] }).ids);
      if (archived.length === 0) throw new HttpError(404, `asset${missing.length > 1 ? 's' : ''} ${missing.join(', ')} not found`);
      const err = missing.length > 0 ? { code: ERROR_CODES[404], message: `asset${missing.length > 1 ? 's' : ''} ${missing.join(', ')} not found` } : {};
      return { status: 200, body: { data: archived.map((a) => state.assetV1(a, origin)), err } };
    },
    uploadAssetV2: ({ body, query, origin }) => {
      const type = (query.type as AssetType | undefined) ?? 'image';
      const asset = state.createAsset(type, (body as { size: { width: number; height: number } }).size);
      const { size, url, id } = state.assetV2(asset, origin);
      return ok({ id, type, size, url, upload_url: `${origin}/uploads/${asset.id}` }, 201);
    },
    getAssetV2: ({ params, origin }) => ok(state.assetV2(state.getAsset(params.asset_id!), origin)),
    listAssetsV2: ({ query, origin }) =>
      listing(
        state.listAssets().map((a) => state.assetV2(a, origin)),
        query,
      ),
  };
}

/** The query string as an object: one value per name (the last one given). */
function queryObject(url: URL): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of url.searchParams) out[name] = value;
  return out;
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') throw new HttpError(400, 'request body is required (JSON)');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, `request body is not valid JSON (${(error as Error).message})`);
  }
}

const isGeneration = (op: OperationSpec) => op.operationId === 'generateMedia' || op.operationId === 'estimateGeneration';

/** Builds the sandbox app on a state. `createSandbox` in index.ts is the usual way in. */
export function createSandboxApp(state: SandboxState, config: AppConfig = {}): Hono {
  const app = new Hono();
  const options = state.options;
  const faults = stream(options.seed, 'faults');
  const table = handlers(state);
  const versioning = config.versioning;

  const pipeline = async (op: OperationSpec, handler: Handler | undefined, request: Request, rawParams: Record<string, string>): Promise<Response> => {
    if (options.latencyMs > 0) await sleep(options.latencyMs);
    // One draw per API request, whether faults are on or not, keeps the stream aligned across runs.
    const roll = faults();
    if (roll < options.faults.errorRate) {
      if (options.faults.slowMs > 0) await sleep(options.faults.slowMs);
      const status = options.faults.status;
      throw new HttpError(status, 'injected fault (sandbox)', undefined, status === 429 || status === 503 ? { 'retry-after': '1' } : undefined);
    }
    const key = request.headers.get('x-api-key');
    if (key === null || !options.apiKeys.includes(key)) throw new HttpError(401, key === null ? 'missing API key (X-API-KEY)' : 'invalid API key');
    if (!handler) throw new HttpError(501, `${op.operationId} is not implemented by the sandbox`, 'not_implemented');

    const url = new URL(request.url);
    let body: unknown = op.body ? await readJson(request) : undefined;
    let query = queryObject(url);
    if (versioning) {
      const upgraded = upgradeRequest(versioning.plan, op.operationId, { body, query }, versioning.version);
      body = upgraded.body;
      query = upgraded.query ?? {};
      try {
        // What the newest shape has but this version does not is refused, as that version would.
        downgradeRequest(versioning.plan, op.operationId, { body, query }, versioning.version);
      } catch (error) {
        if (error instanceof VersionIncompatibleError) throw new HttpError(422, error.message);
        throw error;
      }
    }

    const params = op.params ? validate(op.params, rawParams) : { success: true as const, data: rawParams, errors: [] };
    if (!params.success) throw invalid(params.errors);
    const parsedQuery = op.query ? validate(op.query, query) : { success: true as const, data: query, errors: [] };
    if (!parsedQuery.success) throw invalid(parsedQuery.errors);
    if (op.body) {
      if (isGeneration(op)) {
        const checked = checkGenerationRequest(body, state.generationContext());
        if (!checked.ok) throw invalid(checked.errors);
        const references = state.checkReferences(checked.value!);
        if (references.length > 0) throw invalid(references);
        body = checked.value;
      } else {
        const parsed = validate(op.body, body);
        if (!parsed.success) throw invalid(parsed.errors);
        body = parsed.data;
      }
    }

    const reply = handler({ params: params.data as Record<string, string>, query: parsedQuery.data as Record<string, unknown>, body, origin: url.origin });
    const shaped = versioning ? downgradeResponse(versioning.plan, op.operationId, reply.status, reply.body, versioning.version).body : reply.body;
    return jsonResponse(reply.status, shaped, reply.headers);
  };

  const answer = async (run: () => Promise<Response>): Promise<Response> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error);
      if (error instanceof NotFoundError) return errorResponse(new HttpError(404, error.message));
      return errorResponse(new HttpError(500, `internal error: ${(error as Error).message}`));
    }
  };

  for (const op of operationList) {
    const handler = table[op.operationId];
    const path = op.path.replace(/\{(\w+)\}/g, ':$1');
    app.on(op.method.toUpperCase(), path, (c) => answer(() => pipeline(op, handler, c.req.raw, c.req.param() as Record<string, string>)));
  }

  // The presigned upload URL: no API key, like the storage it stands for.
  app.put('/uploads/:asset_id', (c) =>
    answer(async () => {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const asset = state.receiveUpload(c.req.param('asset_id'), bytes, c.req.header('content-type'));
      return jsonResponse(200, { data: { id: asset.id, status: asset.status, bytes: asset.byteLength }, err: {} });
    }),
  );

  // Media and asset files.
  app.get('/files/:name', (c) =>
    answer(async () => {
      const name = c.req.param('name');
      const match = /^(.+)\.(png|webm)$/.exec(name);
      const media = match ? state.media.get(match[1]!) : undefined;
      if (media && state.fileName(media) === name) {
        if (state.status(media) !== 'success') throw new HttpError(404, `media ${media.id} has no file (status ${state.status(media)})`);
        const bytes = state.mediaFile(media);
        return new Response(bytes, { status: 200, headers: { 'content-type': media.type === 'video' ? 'video/webm' : 'image/png', 'content-length': String(bytes.length) } });
      }
      const asset = state.assets.get(name);
      if (asset?.bytes && asset.status === 'active') {
        const type = asset.contentType ?? { image: 'image/png', video: 'video/mp4', audio: 'audio/mpeg' }[asset.type];
        return new Response(asset.bytes, { status: 200, headers: { 'content-type': type, 'content-length': String(asset.bytes.length) } });
      }
      throw new HttpError(404, `file ${name} not found`);
    }),
  );

  app.notFound((c) => errorResponse(new HttpError(404, `no operation at ${c.req.method} ${new URL(c.req.url).pathname}`)));
  app.onError((error) => errorResponse(new HttpError(500, `internal error: ${error.message}`)));
  return app;
}
