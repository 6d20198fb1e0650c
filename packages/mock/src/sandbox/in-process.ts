// The sandbox as a `fetch` function, for application tests: `createClient({ baseUrl: sandbox.url,
// fetch: sandbox.fetch })` talks to a whole stateful sandbox with no process started and no port
// opened, on any runtime (Node, a browser, a worker). Requests reach the Hono app directly, through
// the same routes, pipeline and caps as a listening sandbox's; what only a socket has (Host and
// Origin gates, connection limits, timeouts) has no place here. Only the sandbox's own origin is
// answered: a request for any other fails as fetch fails for an unreachable host, and nothing goes
// to the network. The Mock Service Worker handlers (`@mediagen/mock/msw`) are built on this.
import { originOfUrl } from '../edge/gate.js';
import { createSandbox, type Sandbox, type SandboxPlatform } from './create.js';
import type { SandboxOptions } from './options.js';

/**
 * The origin an in-process sandbox answers when not given `publicUrl`. The `.invalid` top-level
 * name never resolves (RFC 2606), so a request meant for the sandbox that reaches a real fetch by
 * mistake fails at once instead of reaching some local server.
 */
export const IN_PROCESS_URL = 'http://sandbox.invalid';

export interface InProcessSandbox extends Sandbox {
  /** The origin it answers, and which its links (upload and media URLs) start with: `publicUrl`, or IN_PROCESS_URL. */
  readonly url: string;
  /**
   * Answers a request for `url` from the sandbox, in this process, as `fetch` would (a `Request`, or
   * a URL and init). Rejects with a TypeError for any other origin, and with the signal's reason
   * when the request's signal fires first.
   */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
}

/** The reason a fired signal gives, as fetch rejects with it. */
const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('This operation was aborted', 'AbortError');

/** `answer`, or the signal's reason if it fires first. */
function untilAborted(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Builds a sandbox (the options of `createSandbox`) answering as a fetch function. Throws RangeError for a bad knob. */
export function createInProcessSandbox(options: SandboxOptions = {}, platform: SandboxPlatform = {}): InProcessSandbox {
  const url = originOfUrl(options.publicUrl ?? IN_PROCESS_URL, 'publicUrl').origin;
  const sandbox = createSandbox({ ...options, publicUrl: url }, platform);
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    let request: Request;
    try {
      request = new Request(input, init);
    } catch (error) {
      return Promise.reject(error);
    }
    const origin = new URL(request.url).origin;
    if (origin !== url) return Promise.reject(new TypeError(`fetch failed: the in-process sandbox answers ${url} only, not ${origin}`));
    return untilAborted(Promise.resolve(sandbox.app.fetch(request)), request.signal);
  };
  return Object.assign(sandbox, { url, fetch });
}
