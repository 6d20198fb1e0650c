// The sandbox's HTTP surface as a Hono app: one route per operation of the contract's table (the
// table's `{param}` templates become `:param`), each run through the same pipeline (latency, fault
// injection, API key, JSON body, version upgrade, validation with the contract's schemas and rules,
// the handler, version downgrade), plus the upload and file URLs the API hands out. Nothing here is
// Node-specific; server.ts serves it on Node.
import {
  checkGenerationRequest,
  downgradeRequest,
  downgradeResponse,
  GenerationRequest,
  type OperationId,
  type OperationSpec,
  operationList,
  type TransformPlan,
  upgradeRequest,
  VersionIncompatibleError,
  validate,
} from '@mediagen/schema';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody, MOCK_HEADER, scrub } from '../edge/envelope.js';
import { MAX_JSON_BODY_BYTES, MAX_UPLOAD_BYTES } from '../edge/limits.js';
import { decodeSegments, PathTable } from '../edge/paths.js';
import { handlers } from './handlers.js';
import { HttpError, invalid, type Reply } from './reply.js';
import { stream } from './rng.js';
import { NotFoundError, type SandboxState } from './state.js';
import { servedType, uploadSignature } from './uploads.js';

/** Serve and accept the shapes of an older API version. */
export interface Versioning {
  /** A version key: `baseline` or a ledger date. */
  version: string;
  plan: TransformPlan;
}

export interface AppConfig {
  versioning?: Versioning;
}

/**
 * Every answer names its mock, and no browser may guess another type (HTML, script) for it. Set
 * where each response is built: changing a response's headers afterwards costs a Headers object
 * per call.
 */
const OWN_HEADERS = { [MOCK_HEADER]: 'sandbox', 'x-content-type-options': 'nosniff' };
const JSON_HEADERS = { 'content-type': 'application/json', ...OWN_HEADERS };

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponse(error: HttpError): Response {
  return jsonResponse(error.status, errorBody(error.status, error.message, error.code), error.headers);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

/** A handler seen from the pipeline, which calls it only with what its operation's schemas accepted. */
type ValidatedHandler = (call: { params: unknown; query: unknown; body: unknown; origin: string }) => Reply<unknown>;

/** Operations that take a generation request (generate, estimate): their bodies get the full rule check. */
const isGeneration = (op: OperationSpec) => op.body === GenerationRequest;

/** Builds the sandbox app on a state. `createSandbox` in index.ts is the usual way in. */
export function createSandboxApp(state: SandboxState, config: AppConfig = {}): Hono {
  const app = new Hono();
  const options = state.options;
  const faults = stream(options.seed, 'faults');
  const table = handlers(state);
  const versioning = config.versioning;

  const pipeline = async (op: OperationSpec, handler: ValidatedHandler | undefined, request: Request, rawParams: Record<string, string>): Promise<Response> => {
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

    const reply = handler({ params: params.data, query: parsedQuery.data, body, origin: url.origin });
    const shaped = versioning ? downgradeResponse(versioning.plan, op.operationId, reply.status, reply.body, versioning.version).body : reply.body;
    return jsonResponse(reply.status, shaped, reply.headers);
  };

  const answer = async (run: () => Promise<Response>): Promise<Response> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error);
      if (error instanceof NotFoundError) return errorResponse(new HttpError(404, error.message));
      return errorResponse(new HttpError(500, `internal error: ${scrub((error as Error)?.message ?? String(error))}`));
    }
  };

  // The edge, before any route: a path that is not valid percent-encoding is refused, and bodies
  // are capped (every answer names the mock through the headers it is built with, OWN_HEADERS).
  app.use(async (c, next) => {
    const path = c.req.url.slice(c.req.url.indexOf('/', c.req.url.indexOf('//') + 2)).split('?')[0] ?? '/';
    const decoded = decodeSegments(path);
    if (!Array.isArray(decoded)) return errorResponse(new HttpError(400, decoded.message));
    return next();
  });
  const tooLarge = (limit: number): MiddlewareHandler => {
    const limited = bodyLimit({
      maxSize: limit,
      onError: () => errorResponse(new HttpError(413, `request body is larger than ${limit} bytes`, 'payload_too_large', { connection: 'close' })),
    });
    // A GET or HEAD has no body to cap, and asking for one builds a full fetch Request on every call.
    return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limited(c, next));
  };
  app.use('/uploads/*', tooLarge(MAX_UPLOAD_BYTES));
  app.use('/pub/*', tooLarge(MAX_JSON_BODY_BYTES));
  const known = new PathTable([
    ...operationList.map((op) => ({ method: op.method, path: op.path })),
    { method: 'PUT', path: '/uploads/{asset_id}' },
    { method: 'GET', path: '/files/{name}' },
  ]);

  for (const op of operationList) {
    // The one widening: the pipeline validates each call against its own operation's schemas.
    const handler = table[op.operationId as OperationId] as unknown as ValidatedHandler | undefined;
    const path = op.path.replace(/\{(\w+)\}/g, ':$1');
    app.on(op.method.toUpperCase(), path, (c) => answer(() => pipeline(op, handler, c.req.raw, c.req.param() as Record<string, string>)));
  }

  // The presigned upload URL: no API key, like the storage it stands for.
  app.put('/uploads/:asset_id', (c) =>
    answer(async () => {
      const id = c.req.param('asset_id');
      // Checked before the asset is looked up, so an unsigned URL learns nothing about which ids exist.
      if (c.req.query('signature') !== uploadSignature(options.seed, id))
        throw new HttpError(403, 'the upload URL is not signed for this asset; use the upload_url the upload operation returned');
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const asset = state.receiveUpload(id, bytes, c.req.header('content-type'));
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
        return new Response(bytes, {
          status: 200,
          headers: { 'content-type': media.type === 'video' ? 'video/webm' : 'image/png', 'content-length': String(bytes.length), ...OWN_HEADERS },
        });
      }
      const asset = state.assets.get(name);
      if (asset?.bytes && asset.status === 'active') {
        const type = servedType(asset.type, asset.contentType);
        return new Response(asset.bytes, { status: 200, headers: { 'content-type': type, 'content-length': String(asset.bytes.length), ...OWN_HEADERS } });
      }
      throw new HttpError(404, `file ${name} not found`);
    }),
  );

  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    const match = known.match(c.req.method, path);
    if (match.kind === 'method_not_allowed') {
      const allow = match.allow.join(', ');
      return errorResponse(new HttpError(405, `${c.req.method} is not allowed here; allowed: ${allow}`, 'method_not_allowed', { allow }));
    }
    return errorResponse(new HttpError(404, `no operation at ${c.req.method} ${path.slice(0, 200)}`));
  });
  app.onError((error) => errorResponse(new HttpError(500, `internal error: ${scrub(error.message)}`)));
  return app;
}
