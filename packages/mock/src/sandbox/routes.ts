// The sandbox's HTTP surface as a Hono app: one route per operation of the contract's table (the
// table's `{param}` templates become `:param`), each run through the pipeline (pipeline.ts), plus
// the upload and file URLs the API hands out. Nothing here is Node-specific; server.ts serves it
// on Node behind the edge.
import { type OperationId, operationList, PathTable } from '@mediagen/schema';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { scrub } from '../edge/envelope.js';
import { EDGE_LIMITS } from '../edge/limits.js';
import type { Versioning } from '../validation/request.js';
import { handlers } from './handlers.js';
import { statusAt } from './lifecycle.js';
import type { SandboxParts } from './parts.js';
import { answered, apiPipeline, errorResponse, jsonResponse, OWN_HEADERS, type ValidatedHandler } from './pipeline.js';
import { HttpError } from './reply.js';
import { servedType } from './uploads.js';
import { fileName } from './views.js';

export interface AppConfig {
  /** The API version answered in, read on every request (it may change while serving); undefined: the newest. */
  versioning?: () => Versioning | undefined;
}

/** The upload and file URLs, which are not operations of the API. */
export const SANDBOX_URLS = [
  { method: 'PUT', path: '/uploads/{asset_id}' },
  { method: 'GET', path: '/files/{name}' },
] as const;

/**
 * A body the server already read (Node, behind the edge: no second copy of a large upload), else
 * the request's own. A small one is copied out of Node's shared buffer pool before it is kept.
 */
async function bodyBytes(request: Request, env: unknown): Promise<Uint8Array> {
  const raw = (env as { incoming?: { rawBody?: unknown } } | undefined)?.incoming?.rawBody;
  if (raw instanceof Uint8Array) return raw.length < 8192 ? new Uint8Array(raw) : raw;
  return new Uint8Array(await request.arrayBuffer());
}

/** Builds the sandbox app on its parts. `createSandbox` in index.ts is the usual way in. */
export function createSandboxApp(parts: SandboxParts, config: AppConfig = {}): Hono {
  const app = new Hono();
  const pipeline = apiPipeline(parts, config.versioning ?? (() => undefined));
  const table = handlers(parts);
  const { store } = parts;
  const { budgets } = parts.options;

  // The operations and the sandbox's own URLs, matched by the contract's router: what no route
  // answers is told apart as a malformed path (400), an unknown one (404) or a method not allowed (405).
  const known = new PathTable([...operationList, ...SANDBOX_URLS]);

  // A path that is not valid percent-encoding is refused before any route; bodies are capped (for
  // runtimes without the Node edge, which caps them first).
  app.use(async (c, next) => {
    const path = c.req.url.slice(c.req.url.indexOf('/', c.req.url.indexOf('//') + 2)).split('?')[0] ?? '/';
    const match = known.match(c.req.method, path);
    if (match.kind === 'malformed') return errorResponse(new HttpError(400, match.message));
    return next();
  });
  const capped = (limit: number): MiddlewareHandler => {
    const limited = bodyLimit({
      maxSize: limit,
      onError: () => errorResponse(new HttpError(413, `request body is larger than ${limit} bytes`, 'payload_too_large', { connection: 'close' })),
    });
    // A GET or HEAD has no body to cap, and asking for one builds a full fetch Request on every call.
    return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limited(c, next));
  };
  app.use('/uploads/*', capped(budgets.uploadBytes));
  app.use('/pub/*', capped(EDGE_LIMITS.jsonBodyBytes));

  for (const op of operationList) {
    // The one widening: the pipeline validates each call against its own operation's schemas.
    const handler = table[op.operationId as OperationId] as unknown as ValidatedHandler | undefined;
    const path = op.path.replace(/\{(\w+)\}/g, ':$1');
    app.on(op.method.toUpperCase(), path, (c) => answered(() => pipeline(op, handler, c.req.raw, c.req.param() as Record<string, string>)));
  }

  // The presigned upload URL: no API key, like the storage it stands for; its token opens one asset.
  app.put('/uploads/:asset_id', (c) =>
    answered(async () => {
      const bytes = await bodyBytes(c.req.raw, c.env);
      const asset = parts.assets.receive(c.req.param('asset_id'), c.req.query('signature'), bytes, c.req.header('content-type'));
      return jsonResponse(200, { data: { id: asset.id, status: asset.status, bytes: asset.byteLength }, err: {} });
    }),
  );

  // Media and asset files.
  app.get('/files/:name', (c) =>
    answered(async () => {
      const name = c.req.param('name');
      const match = /^(.+)\.(png|webm)$/.exec(name);
      const media = match ? store.media.get(match[1]!) : undefined;
      if (media && fileName(media) === name) {
        const status = statusAt(media, parts.options.now());
        if (status !== 'success') throw new HttpError(404, `media ${media.id} has no file (status ${status})`);
        const bytes = parts.files.fileOf(media);
        const type = media.type === 'video' ? 'video/webm' : 'image/png';
        return new Response(bytes as Uint8Array<ArrayBuffer>, {
          status: 200,
          headers: { 'content-type': type, 'content-length': String(bytes.length), ...OWN_HEADERS },
        });
      }
      const asset = store.assets.get(name);
      if (asset?.bytes && asset.status === 'active') {
        const type = servedType(asset.type, asset.contentType);
        const headers = { 'content-type': type, 'content-length': String(asset.bytes.length), ...OWN_HEADERS };
        return new Response(asset.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
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
