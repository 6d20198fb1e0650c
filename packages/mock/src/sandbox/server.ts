// The sandbox on Node: the Hono app behind the edge (edge/server.ts: timeouts, connection cap,
// Host and Origin gate, bounded bodies, request log), with Node's zlib for the PNGs it serves. Its
// links start with its own listening address (or `publicUrl`). With `watch`, the document of its
// API version is followed: when it changes, the version is read from it again, and what the sandbox
// holds is kept.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { deflateSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { type DocumentRef, documentAtPath, documentFor, documentVersion, readDocument } from '../core/documents.js';
import { startupError } from '../core/errors.js';
import { checkPort, close, DEFAULT_HOST, linkHost, listen, originOf } from '../core/net.js';
import { watchDocument } from '../core/watch.js';
import { hasBody } from '../edge/body.js';
import { type Gate, gateFor } from '../edge/gate.js';
import { refuse } from '../edge/http.js';
import { type EdgeLimits, resolveEdgeLimits } from '../edge/limits.js';
import { createEdgeServer, type RequestLogEntry } from '../edge/server.js';
import { createSandbox, type Sandbox } from './create.js';
import type { SandboxOptions } from './options.js';
import { BudgetError, type SandboxStore } from './store.js';

export interface SandboxServerOptions extends SandboxOptions {
  /** Port to listen on; a free one when omitted (or 0). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Called after each request with its method, path (no query), status and duration. */
  onRequest?: (entry: RequestLogEntry) => void;
  /** Bounds of the HTTP edge (sizes, timeouts, connections); defaults in EDGE_LIMITS. */
  limits?: Partial<EdgeLimits>;
  /** Origins whose pages may call the sandbox (CORS); none by default. */
  cors?: readonly string[];
  /** Let those pages send credentials. */
  corsCredentials?: boolean;
  /** Take the API version from this OpenAPI document (its `info.x-api-version`) instead of `at`. */
  document?: string;
  /** Follow the document (`document`, or the contract's for `at`): when it changes, its version is read again. */
  watch?: boolean;
  /** Told each time the document changed and was read again (or could not be). */
  onReload?: (message: string) => void;
}

export interface RunningSandbox {
  /** `http://127.0.0.1:<port>`, without a trailing slash (links in answers start with `publicUrl` when given). */
  url: string;
  port: number;
  /** What the sandbox holds: generations, media, assets, characters (maps by id) and `credits`. */
  state: SandboxStore;
  /** The version answered in (`baseline` or a ledger date), or undefined for the newest; follows the document with `watch`. */
  readonly version: string | undefined;
  /** Times the watched document changed and was read again. */
  readonly reloads: number;
  /** Closes the server (and any open connections). Safe to call twice. */
  stop(): Promise<void>;
}

/** The document whose version the sandbox answers in, when it follows one. */
function followedDocument(options: SandboxServerOptions): DocumentRef | undefined {
  if (options.document !== undefined) return documentAtPath(options.document);
  return options.watch ? documentFor(options.at) : undefined;
}

/** Reads the version of `ref` into the sandbox; the message to tell. */
function readVersion(sandbox: Sandbox, ref: DocumentRef, fallback: string | undefined): string {
  const version = documentVersion(readDocument(ref)) ?? fallback;
  sandbox.setVersion(version);
  return `answering as of ${sandbox.version ?? 'the newest version'} (${ref.specifier})`;
}

/** An upload whose declared length cannot fit the budgets is answered before its bytes are read. */
function refusedEarly(sandbox: Sandbox, req: IncomingMessage, res: ServerResponse, lingerMs: number): boolean {
  const upload = /^\/uploads\/([^/?]+)/.exec(req.url ?? '');
  const declared = Number(req.headers['content-length']);
  if (!upload || req.method !== 'PUT' || !Number.isSafeInteger(declared)) return false;
  try {
    sandbox.parts.assets.checkRoom(decodeURIComponent(upload[1]!), declared);
    return false;
  } catch (error) {
    if (!(error instanceof BudgetError)) return false;
    refuse(req, res, 503, error.message, 'budget_exceeded', {}, lingerMs);
    return true;
  }
}

/** Starts the stateful sandbox. Rejects with PortInUseError, DocumentNotFoundError, MockError('invalid_option'|'invalid_version'). */
export async function startSandbox(options: SandboxServerOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? DEFAULT_HOST;
  let port = 0;
  let sandbox: Sandbox;
  let limits: EdgeLimits;
  let gate: Gate;
  let followed: DocumentRef | undefined;
  try {
    checkPort(options.port);
    limits = resolveEdgeLimits(options.limits);
    gate = gateFor(options, host, () => port);
    const own = () => originOf(linkHost(host), port);
    sandbox = createSandbox(options, { deflate: (raw) => new Uint8Array(deflateSync(raw)), ...(options.publicUrl ? {} : { origin: own }) });
    followed = followedDocument(options);
    if (followed) readVersion(sandbox, followed, options.at);
  } catch (error) {
    throw startupError(error);
  }
  const uploadBytes = sandbox.parts.options.budgets.uploadBytes;
  const listener = getRequestListener(sandbox.app.fetch);
  const server: Server = createEdgeServer({
    kind: 'sandbox',
    limits,
    gate,
    corsMethods: 'GET, POST, DELETE, PUT',
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    handle: async (req, res, tools) => {
      if (refusedEarly(sandbox, req, res, limits.bodyTimeoutMs)) return;
      if (hasBody(req)) {
        const bytes = await tools.body(req.url?.startsWith('/uploads/') ? uploadBytes : limits.jsonBodyBytes);
        if (!bytes) return;
        // @hono/node-server hands a body read before it to the app as is.
        (req as typeof req & { rawBody?: Buffer }).rawBody = bytes;
      }
      await listener(req, res);
    },
  });
  port = await listen(server, host, options.port ?? 0);

  let reloads = 0;
  const watching =
    options.watch && followed
      ? watchDocument(followed.path, () => {
          try {
            const message = readVersion(sandbox, followed, options.at);
            reloads++;
            options.onReload?.(`document changed; ${message}`);
          } catch (error) {
            options.onReload?.(
              `document changed but could not be read (${(error as Error).message}); still answering as of ${sandbox.version ?? 'the newest version'}`,
            );
          }
        })
      : undefined;
  let stopped: Promise<void> | undefined;
  return {
    url: originOf(linkHost(host), port),
    port,
    state: sandbox.state,
    get version() {
      return sandbox.version;
    },
    get reloads() {
      return reloads;
    },
    stop: () => {
      watching?.close();
      stopped ??= close(server);
      return stopped;
    },
  };
}
