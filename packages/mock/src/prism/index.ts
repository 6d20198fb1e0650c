// The default mock: Prism serving the contract's OpenAPI document. It validates every request
// against the document (a missing X-API-KEY is answered 401, a rule broken 422, both with the
// declared `err` envelope example) and answers the documented example, or a generated value with
// `dynamic`.
import { documentAtPath, documentFor } from '../documents.js';
import { MockError } from '../errors.js';
import { DEFAULT_HOST, assertPortFree, checkPort, freePort } from '../net.js';
import { InvalidVersionError } from '../sandbox/versioning.js';
import { spawnPrism } from './process.js';

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
}

export interface RunningMock {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  port: number;
  /** Absolute path of the OpenAPI document served. */
  document: string;
  /** `latest`, `baseline`, the ledger date of the document, or `custom` for a `document` path. */
  version: string;
  /** Process id of Prism. */
  pid: number | undefined;
  /** Settles when Prism exits (after stop(), or on its own). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops Prism (SIGTERM, SIGKILL after the grace period) and waits for it to exit. Safe to call twice. */
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
  let port = options.port ?? 0;
  if (port === 0) port = await freePort(host);
  else await assertPortFree(host, port);
  const prism = await spawnPrism({
    document: document.path,
    host,
    port,
    dynamic: options.dynamic ?? false,
    startTimeoutMs: options.startTimeoutMs ?? 60_000,
    killGraceMs: options.killGraceMs ?? 3_000,
    ...(options.onOutput ? { onOutput: options.onOutput } : {}),
  });
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    document: document.path,
    version: document.version,
    pid: prism.child.pid,
    exited: prism.exited,
    stop: prism.stop,
  };
}

export { prismEntry } from './process.js';
