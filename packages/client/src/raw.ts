// The openapi-fetch client every request goes through: the friendly methods, `client.raw`, the
// polling and the paging of `createClient`, and `createRawClient` for any version's types. Its
// fetch is the API fetch (fetch.ts): the key added for the API's origin only, redirects followed
// within it, bodies capped.
import createFetchClient, { type Client } from 'openapi-fetch';
import { MediaGenConfigError } from './errors.js';
import { API_KEY_HEADER, createApiFetch, DEFAULT_MAX_RESPONSE_BYTES, type FetchLike } from './fetch.js';
import { createRedactor, type Redactor } from './redact.js';

export const DEFAULT_BASE_URL = 'https://api.rendernet.ai';

export interface RawClientOptions {
  apiKey: string;
  baseUrl?: string;
  /** Called as `fetch(request)` with a Request, as openapi-fetch does; defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
  userAgent?: string;
  headers?: Record<string, string>;
  /** Largest response body read, in bytes (default 16 MiB); a larger one is ResponseTooLargeError. */
  maxResponseBytes?: number;
}

/** Control characters cannot travel in a header (and fetch would echo the value in its error). */
const INVALID_HEADER_VALUE = /[\u0000-\u001f\u007f]/;

/** Throws MediaGenConfigError for a missing or unusable key; never echoes the key. */
export function checkApiKey(apiKey: unknown): string {
  if (typeof apiKey !== 'string' || !apiKey.trim()) {
    throw new MediaGenConfigError('apiKey is required: pass createClient({ apiKey }) with the key from your account page (it is sent as X-API-KEY).');
  }
  if (INVALID_HEADER_VALUE.test(apiKey) || apiKey !== apiKey.trim()) {
    throw new MediaGenConfigError(`apiKey contains whitespace or control characters that cannot be sent in the ${API_KEY_HEADER} header.`);
  }
  return apiKey;
}

/** What an openapi-fetch client of this package is made of, checked. */
export interface ApiClientParts<Paths extends {}> {
  raw: Client<Paths>;
  redactor: Redactor;
  /** `http://127.0.0.1:8080`, for messages. */
  host: string;
  /** The configured fetch, called unbound (for requests that are not API calls: the upload PUT). */
  fetch: FetchLike;
  /** The fetch `raw` uses (key, redirects, cap). */
  apiFetch: FetchLike;
}

export function createApiClient<Paths extends {}>(options: RawClientOptions): ApiClientParts<Paths> {
  // No options at all gets the message of a missing key, which says what to pass.
  const apiKey = checkApiKey(options?.apiKey);
  const redactor = createRedactor(apiKey);
  const baseFetch = options.fetch ?? globalThis.fetch;
  if (typeof baseFetch !== 'function') {
    throw new MediaGenConfigError('This platform has no global fetch: pass createClient({ fetch }).');
  }
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new MediaGenConfigError(`baseUrl ${JSON.stringify(redactor.text(baseUrl))} is not an absolute URL.`);
  }
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (!(maxResponseBytes > 0)) throw new MediaGenConfigError(`maxResponseBytes must be a number of bytes > 0, got ${maxResponseBytes}.`);
  // Called unbound: some platforms reject a fetch invoked with another `this`.
  const fetch: FetchLike = (input, init) => baseFetch(input, init);
  const headers: Record<string, string> = { ...options.headers };
  if (options.userAgent) headers['User-Agent'] = options.userAgent;
  const apiFetch = createApiFetch({ apiKey, origin: url.origin, fetch, maxResponseBytes, redact: redactor.text });
  const raw = createFetchClient<Paths>({
    baseUrl,
    headers,
    fetch: apiFetch,
    // The API fetch follows redirects itself, within the API's origin only.
    redirect: 'manual',
  });
  return { raw, redactor, host: url.host, fetch, apiFetch };
}

/**
 * A bare openapi-fetch client typed with any version's `paths`, e.g. the types of an older API date
 * from `@mediagen/client/versions/<key>`: `createRawClient<paths>({ apiKey })`. Same key handling,
 * redirects and body cap as the client's own.
 */
export function createRawClient<Paths extends {}>(options: RawClientOptions): Client<Paths> {
  return createApiClient<Paths>(options).raw;
}
