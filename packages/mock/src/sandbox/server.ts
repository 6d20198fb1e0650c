// The sandbox on Node: the Hono app served by @hono/node-server on a loopback port, with Node's
// zlib for the PNGs it serves.

import type { Server } from 'node:http';
import { deflateSync } from 'node:zlib';
import { createAdaptorServer } from '@hono/node-server';
import { answerClientErrors } from '../edge/http.js';
import { MockError } from '../errors.js';
import { checkPort, close, DEFAULT_HOST, listen, originOf } from '../net.js';
import { createSandbox } from './index.js';
import { resolveOptions, type SandboxOptions } from './options.js';
import type { SandboxState } from './state.js';
import { InvalidVersionError } from './versioning.js';

export interface SandboxServerOptions extends SandboxOptions {
  /** Port to listen on; a free one when omitted (or 0). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Called after each request with its method, path, status and duration. */
  onRequest?: (entry: { method: string; path: string; status: number; ms: number }) => void;
}

export interface RunningSandbox {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  port: number;
  /** The in-memory state: generations, media, assets, characters, credits. */
  state: SandboxState;
  /** The version answered in (`baseline` or a ledger date), or undefined for the newest. */
  version: string | undefined;
  /** Closes the server (and any open connections). Safe to call twice. */
  stop(): Promise<void>;
}

/** Starts the stateful sandbox. Rejects with PortInUseError, MockError('invalid_option'|'invalid_version'). */
export async function startSandbox(options: SandboxServerOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? DEFAULT_HOST;
  let sandbox: ReturnType<typeof createSandbox>;
  try {
    checkPort(options.port);
    resolveOptions(options);
    sandbox = createSandbox(options, { deflate: (raw) => new Uint8Array(deflateSync(raw)) });
  } catch (error) {
    if (error instanceof InvalidVersionError) throw new MockError('invalid_version', error.message, { cause: error });
    if (error instanceof RangeError) throw new MockError('invalid_option', error.message, { cause: error });
    throw error;
  }
  const onRequest = options.onRequest;
  const fetch = onRequest
    ? async (request: Request) => {
        const started = performance.now();
        const response = await sandbox.app.fetch(request);
        onRequest({ method: request.method, path: new URL(request.url).pathname, status: response.status, ms: performance.now() - started });
        return response;
      }
    : sandbox.app.fetch;
  const server = createAdaptorServer({ fetch }) as Server;
  answerClientErrors(server, 'sandbox');
  const port = await listen(server, host, options.port ?? 0);
  let stopped: Promise<void> | undefined;
  return {
    url: originOf(host, port),
    port,
    state: sandbox.state,
    version: sandbox.version,
    stop: () => {
      stopped ??= close(server);
      return stopped;
    },
  };
}
