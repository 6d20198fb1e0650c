// The default mock: Prism serving the contract's OpenAPI document, behind a front of ours. Prism
// validates every request against the document and answers the documented example (a generated
// value with `dynamic`, or what a `Prefer` header asks); the front (front.ts) owns the HTTP edge and
// judges requests as the sandbox does, and the supervisor (supervisor.ts) keeps Prism running on a
// private socket, restarting it should it die, or when the document changes with `watch`.
import { transformPlan } from '@mediagen/schema';
import { type DocumentRef, documentAtPath, documentFor, readDocument } from '../core/documents.js';
import { startupError } from '../core/errors.js';
import { checkPort, close, DEFAULT_HOST, linkHost, listen, originOf } from '../core/net.js';
import { watchDocument } from '../core/watch.js';
import { gateFor } from '../edge/gate.js';
import { type EdgeLimits, resolveEdgeLimits } from '../edge/limits.js';
import type { RequestLogEntry } from '../edge/server.js';
import { type RefusalStatus, refusalStatusOf } from '../validation/request.js';
import { createFront, type ServedDocument, servedDocument } from './front.js';
import { type Ended, type PrismSupervisor, supervisePrism } from './supervisor.js';

export interface MockOptions {
  /** Port to listen on; a free one when omitted (or 0). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Generate response values from the schemas instead of answering the examples. */
  dynamic?: boolean;
  /** Serve the document of this API date (YYYY-MM-DD, or `baseline`). Default: the newest. */
  at?: string;
  /** Serve this OpenAPI document (a file path) instead of the contract's; `at` is then ignored. */
  document?: string;
  /** Restart Prism on the document whenever the file changes. */
  watch?: boolean;
  /** Bounds of the HTTP edge (sizes, timeouts, connections); defaults in EDGE_LIMITS. */
  limits?: Partial<EdgeLimits>;
  /** The status of a request the contract refuses: 422 (default) or 400, as the sandbox's `refusalStatus`. */
  refusalStatus?: RefusalStatus;
  /** Origins whose pages may call the mock (CORS); none by default. */
  cors?: readonly string[];
  /** Let those pages send credentials. */
  corsCredentials?: boolean;
  /** The URL clients reach the mock at, when not its own address: its host is then accepted too. */
  publicUrl?: string;
  /** Startup time limit in milliseconds (default 60 000). */
  startTimeoutMs?: number;
  /** Time between SIGTERM and SIGKILL when stopping (default 3 000 ms). */
  killGraceMs?: number;
  /** Receives every line Prism prints. */
  onOutput?: (line: string) => void;
  /** Told why, each time Prism stopped on its own and is being restarted. */
  onRestart?: (reason: string) => void;
  /** Told each time the watched document changed and Prism was restarted on it (or could not be). */
  onReload?: (message: string) => void;
  /** Called after each request with its method, path (no query), status and duration. */
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface RunningMock {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  port: number;
  /** Absolute path of the OpenAPI document served. */
  document: string;
  /** `latest`, `baseline`, the ledger date of the document, or `custom` for a `document` path. */
  version: string;
  /** Process id of the Prism running now (it changes when Prism is restarted). */
  readonly pid: number | undefined;
  /** Times Prism stopped on its own and was restarted. */
  readonly restarts: number;
  /** Times the watched document changed and Prism was restarted on it. */
  readonly reloads: number;
  /** Settles when the mock has stopped: after stop(), or when Prism kept dying (`reason` says why). */
  exited: Promise<Ended>;
  /** Stops the front and Prism (SIGTERM, SIGKILL after the grace period) and waits for both. Safe to call twice. */
  stop(): Promise<void>;
}

function resolveStart(options: MockOptions, host: string, port: () => number) {
  try {
    checkPort(options.port);
    const document = options.document !== undefined ? documentAtPath(options.document) : documentFor(options.at);
    const refusalStatus = refusalStatusOf(options.refusalStatus);
    return { document, limits: resolveEdgeLimits(options.limits), gate: gateFor(options, host, port), refusalStatus };
  } catch (error) {
    throw startupError(error);
  }
}

/** Follows the document: on each change, Prism is restarted on it and the front reads it again. */
function follow(document: DocumentRef, supervisor: PrismSupervisor, setServed: (served: ServedDocument) => void, tell: (message: string) => void) {
  return watchDocument(document.path, () => {
    let served: ServedDocument;
    try {
      served = servedDocument(readDocument(document), transformPlan);
    } catch (error) {
      tell(`document changed but could not be read (${(error as Error).message}); still serving the one before`);
      return;
    }
    setServed(served);
    supervisor.restart().then(
      () => tell(`document changed; Prism restarted on ${document.specifier}`),
      (error: unknown) => tell(`document changed but Prism could not start on it (${(error as Error).message}); answering 503 until it changes again`),
    );
  });
}

/**
 * Starts Prism on the contract's document. Rejects with DocumentNotFoundError, PortInUseError,
 * PrismStartError (with Prism's output), or MockError('invalid_version' | 'invalid_option').
 */
export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const host = options.host ?? DEFAULT_HOST;
  let port = 0;
  const { document, limits, gate, refusalStatus } = resolveStart(options, host, () => port);
  let served = servedDocument(readDocument(document), transformPlan);
  let supervisor: PrismSupervisor | undefined;
  const front = createFront({
    served: () => served,
    upstream: () => supervisor?.upstream(),
    limits,
    gate,
    refusalStatus,
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
  });
  port = await listen(front, host, options.port ?? 0);
  try {
    supervisor = await supervisePrism({
      document: document.path,
      dynamic: options.dynamic ?? false,
      startTimeoutMs: options.startTimeoutMs ?? 60_000,
      killGraceMs: options.killGraceMs ?? 3_000,
      ...(options.onOutput ? { onOutput: options.onOutput } : {}),
      ...(options.onRestart ? { onCrash: options.onRestart } : {}),
    });
  } catch (error) {
    await close(front);
    throw error;
  }
  const running = supervisor;
  let reloads = 0;
  const watching = options.watch
    ? follow(
        document,
        running,
        (next) => {
          served = next;
          reloads++;
        },
        (message) => options.onReload?.(message),
      )
    : undefined;
  // Prism given up on: the front closes too, so the mock ends as one.
  const exited = running.ended.then(async (ended) => {
    watching?.close();
    await close(front);
    return ended;
  });
  let stopping: Promise<void> | undefined;
  return {
    url: originOf(linkHost(host), port),
    port,
    document: document.path,
    version: document.version,
    get pid() {
      return running.pid();
    },
    get restarts() {
      return running.restarts();
    },
    get reloads() {
      return reloads;
    },
    exited,
    stop: () => {
      stopping ??= (async () => {
        watching?.close();
        await Promise.all([running.stop(), close(front)]);
        await exited;
      })();
      return stopping;
    },
  };
}

export { prismEntry } from './process.js';
