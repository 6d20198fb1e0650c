// The default mock: Prism serving the contract's OpenAPI document, behind a front of ours. Prism
// validates every request against the document (a missing X-API-KEY is answered 401, a rule broken
// 422, both with the declared `err` envelope example) and answers the documented example, or a
// generated value with `dynamic`; the front (front.ts) owns the HTTP edge and the supervisor
// (supervisor.ts) restarts Prism should it die.
import { documentAtPath, documentFor, readDocument } from '../documents.js';
import { MockError } from '../errors.js';
import { checkPort, close, DEFAULT_HOST, listen, originOf } from '../net.js';
import { InvalidVersionError } from '../sandbox/versioning.js';
import { createFront, documentRoutes } from './front.js';
import { type Ended, supervisePrism } from './supervisor.js';

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
  /** Startup time limit in milliseconds (default 60 000). */
  startTimeoutMs?: number;
  /** Time between SIGTERM and SIGKILL when stopping (default 3 000 ms). */
  killGraceMs?: number;
  /** Receives every line Prism prints. */
  onOutput?: (line: string) => void;
  /** Told why, each time Prism stopped on its own and is being restarted. */
  onRestart?: (reason: string) => void;
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
  /** Settles when the mock has stopped: after stop(), or when Prism kept dying (`reason` says why). */
  exited: Promise<Ended>;
  /** Stops the front and Prism (SIGTERM, SIGKILL after the grace period) and waits for both. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts Prism on the contract's document. Rejects with DocumentNotFoundError, PortInUseError,
 * PrismStartError (with Prism's output), or MockError('invalid_version' | 'invalid_option').
 */
export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const host = options.host ?? DEFAULT_HOST;
  let document: ReturnType<typeof documentFor>;
  try {
    checkPort(options.port);
    document = options.document !== undefined ? documentAtPath(options.document) : documentFor(options.at);
  } catch (error) {
    if (error instanceof InvalidVersionError) throw new MockError('invalid_version', error.message, { cause: error });
    if (error instanceof RangeError) throw new MockError('invalid_option', error.message, { cause: error });
    throw error;
  }
  const front = createFront({ routes: documentRoutes(readDocument(document)), upstreamPort: () => supervisor?.port() });
  let supervisor: Awaited<ReturnType<typeof supervisePrism>> | undefined;
  const port = await listen(front, host, options.port ?? 0);
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
  // Prism given up on: the front closes too, so the mock ends as one.
  const exited = running.ended.then(async (ended) => {
    await close(front);
    return ended;
  });
  let stopping: Promise<void> | undefined;
  return {
    url: originOf(host, port),
    port,
    document: document.path,
    version: document.version,
    get pid() {
      return running.pid();
    },
    get restarts() {
      return running.restarts();
    },
    exited,
    stop: () => {
      stopping ??= (async () => {
        await Promise.all([running.stop(), close(front)]);
        await exited;
      })();
      return stopping;
    },
  };
}

export { prismEntry } from './process.js';
