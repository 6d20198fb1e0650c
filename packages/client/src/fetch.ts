// The fetch under the openapi-fetch client (`raw`, and through it every method): the one place a
// request meets the network. It adds the API key, and only to requests for the API's own origin
// (so the key is not in the headers a middleware sees, and no rewritten URL can carry it elsewhere);
// it follows redirects itself (`redirect: 'manual'`), only within that origin, and refuses any other
// with RedirectError; and it caps the size of response bodies, in decoded bytes.
import { API_KEY_HEADER } from '@mediagen/schema/util';
import { RedirectError, ResponseTooLargeError } from './errors/index.js';
import type { FetchLike } from './types.js';

/** Redirects followed in a row before giving up (the fetch standard allows 20; an API needs few). */
export const MAX_REDIRECTS = 5;
/** 16 MiB: far above any answer of this API, low enough that a runaway body cannot exhaust memory. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export interface ApiFetchOptions {
  apiKey: string;
  /** `https://api.rendernet.ai`: where the key may go. */
  origin: string;
  fetch: FetchLike;
  maxResponseBytes: number;
  /** Removes the key from a text bound for a message. */
  redact(text: string): string;
}

const sizeOf = (bytes: number) => (bytes % 1048576 ? `${bytes} bytes` : `${bytes / 1048576} MiB`);

/**
 * A body stream that errors once more than `limit` bytes have come through it. It counts what the
 * reader gets, which is after fetch has undone any content coding (gzip, brotli), and as it errors
 * the source is cancelled: the rest is neither downloaded nor inflated.
 */
function capped(response: Response, limit: number, what: () => string): Response {
  let seen = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) controller.error(tooLarge(what(), limit));
      else controller.enqueue(chunk);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(response.body!.pipeThrough(counter), { status, statusText, headers });
}

const tooLarge = (what: string, limit: number) =>
  new ResponseTooLargeError(`the response to ${what} is larger than ${sizeOf(limit)} (maxResponseBytes); the rest was not read.`, limit);

const isIdentity = (coding: string | null) => {
  const name = coding?.trim().toLowerCase();
  return !name || name === 'identity';
};

/** 303, and 301/302 after a POST, turn into a GET without a body (as browsers and the fetch standard do). */
const becomesGet = (status: number, method: string) => status === 303 || ((status === 301 || status === 302) && method === 'POST');

/** Whether `url` (a normalised Request URL) is on `origin`; a prefix check, no URL parsing per request. */
const isOn = (url: string, origin: string) => url.startsWith(origin) && (url.length === origin.length || url[origin.length] === '/');

export function createApiFetch(options: ApiFetchOptions): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  const { apiKey, origin, fetch: send, maxResponseBytes: limit, redact } = options;
  return async (input, init) => {
    // openapi-fetch hands over a Request made with `redirect: 'manual'`; anything else is made so.
    let request = input instanceof Request && input.redirect === 'manual' ? input : new Request(input, { ...init, redirect: 'manual' });
    for (let hops = 0; ; hops++) {
      const { url, method } = request;
      // For messages only: the method and the path, never the query (it may carry credentials).
      const what = () => redact(`${method} ${new URL(url).pathname}`);
      if (isOn(url, origin) && !request.headers.has(API_KEY_HEADER)) request.headers.set(API_KEY_HEADER, apiKey);
      // Only a body that may have to be sent again is kept (a redirect that keeps the method).
      const replay = request.body ? request.clone() : undefined;
      const response = await send(request);
      if (response.type === 'opaqueredirect') {
        throw new RedirectError(`${what()} was redirected; browsers hide the target of a redirect, so it was not followed.`, 0, undefined);
      }
      const { status } = response;
      const location = status >= 300 && status < 400 ? response.headers.get('location') : null;
      if (location === null) {
        if (!response.body) return response;
        const length = response.headers.get('content-length');
        const announced = length === null ? Number.NaN : Number(length);
        if (announced > limit) {
          await response.body.cancel().catch(() => undefined);
          throw tooLarge(what(), limit);
        }
        // Without a content coding the body is the announced bytes, no more (the HTTP parser stops
        // there), so it needs no counting. A coded body announces its compressed size and may
        // inflate a thousandfold: it is counted as it is decoded, like a body of unknown length.
        return announced >= 0 && isIdentity(response.headers.get('content-encoding')) ? response : capped(response, limit, what);
      }
      await response.body?.cancel().catch(() => undefined);
      let target: URL;
      try {
        target = new URL(location, url);
      } catch {
        throw new RedirectError(`${what()} was redirected (${status}) to a Location that is not a URL; not followed.`, status, undefined);
      }
      // A URL with credentials in it cannot be requested (fetch standard), and is no redirect to follow.
      if (target.username || target.password) {
        throw new RedirectError(`${what()} was redirected (${status}) to a URL with credentials in it; not followed.`, status, redact(target.origin));
      }
      if (target.origin !== origin) {
        const to = redact(target.origin);
        throw new RedirectError(
          `${what()} was redirected (${status}) to another origin, ${to}; not followed, so the API key stays with ${origin}.`,
          status,
          to,
        );
      }
      if (hops >= MAX_REDIRECTS) throw new RedirectError(`${what()} was redirected more than ${MAX_REDIRECTS} times; not followed further.`, status, origin);
      const get = becomesGet(status, method);
      const headers = new Headers(request.headers);
      if (get) headers.delete('content-type');
      const body = get ? null : (replay?.body ?? null);
      // A stream body (the replayed one) must say `duplex: 'half'` (fetch standard); the DOM types lack it.
      const next: RequestInit & { duplex?: 'half' } = { method: get ? 'GET' : method, headers, body, signal: request.signal, redirect: 'manual' };
      if (body) next.duplex = 'half';
      request = new Request(target, next);
    }
  };
}
