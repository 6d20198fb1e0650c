// One request and its response, as the checks see them, plus the curl line that replays it with the
// key masked. Requests are plain fetch calls on the target; 429 answers are retried a few times.
import type { OperationSpec } from '@mediagen/schema';
import { MASK } from './mask.js';

export type AuthMode = 'valid' | 'missing' | 'wrong';

export interface RequestSpec {
  operationId: string;
  method: string;
  /** Concrete path, parameters filled in. */
  path: string;
  query?: Record<string, string | number | boolean>;
  /** JSON body; `rawBody` wins when both are set. */
  body?: unknown;
  rawBody?: string;
  auth: AuthMode;
  /** What the request is for, shown in failure messages (e.g. `steps 3021`). */
  label: string;
}

export interface Exchange {
  request: RequestSpec;
  url: string;
  /** 0 when no response arrived. */
  status: number;
  contentType: string | undefined;
  /** Response headers (lower-case names), when a response arrived. */
  headers?: Record<string, string>;
  text: string;
  /** The parsed body when it is JSON; `undefined` otherwise (`jsonError` says why). */
  json: unknown;
  jsonError?: string;
  /** Network failure (no response). */
  error?: string;
  durationMs: number;
  /** When the request was sent (ISO time). */
  startedAt?: string;
}

/** The wrong key sent by `ignored_auth`: unrelated to the real one, so nothing of it leaks. */
export const WRONG_API_KEY = 'conformance-invalid-key-0000';

export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `missing_${name}`));
}

export function buildUrl(baseUrl: string, path: string, query?: RequestSpec['query']): string {
  // The base URL's own path prefix, if any, is kept.
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.append(key, String(value));
  return url.toString();
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A curl command that replays the request; the key is always written `***`. */
export function toCurl(baseUrl: string, request: RequestSpec): string {
  const parts = ['curl', '-X', request.method.toUpperCase(), shellQuote(buildUrl(baseUrl, request.path, request.query))];
  if (request.auth !== 'missing') parts.push('-H', shellQuote(`X-API-KEY: ${MASK}`));
  const body = requestBodyText(request);
  if (body !== undefined) parts.push('-H', shellQuote('Content-Type: application/json'), '-d', shellQuote(body));
  return parts.join(' ');
}

export function requestBodyText(request: RequestSpec): string | undefined {
  if (request.rawBody !== undefined) return request.rawBody;
  return request.body === undefined ? undefined : JSON.stringify(request.body);
}

export interface HttpOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Retries of a 429 answer (honouring Retry-After up to 5 s). */
  retries429: number;
  /** Called with every finished exchange (the recorder: HAR, evidence). */
  onExchange?: (exchange: Exchange) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Redirects followed on the target's own origin; another origin is never followed (the key would go with it). */
const MAX_REDIRECTS = 5;

export class HttpClient {
  requests = 0;
  private readonly origin: string;

  constructor(private readonly options: HttpOptions) {
    this.origin = new URL(options.baseUrl).origin;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** Sends another key from now on (a recognised mock's own default key, when none was given). */
  useApiKey(apiKey: string): void {
    (this.options as { apiKey: string }).apiKey = apiKey;
  }

  async send(request: RequestSpec): Promise<Exchange> {
    const exchange = await this.exchange(request);
    this.options.onExchange?.(exchange);
    return exchange;
  }

  private async exchange(request: RequestSpec): Promise<Exchange> {
    let url = buildUrl(this.options.baseUrl, request.path, request.query);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.auth === 'valid') headers['x-api-key'] = this.options.apiKey;
    if (request.auth === 'wrong') headers['x-api-key'] = WRONG_API_KEY;
    const body = requestBodyText(request);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    const failed = (error: string): Exchange => ({
      request,
      url,
      status: 0,
      contentType: undefined,
      text: '',
      json: undefined,
      error,
      durationMs: performance.now() - started,
    });
    let redirects = 0;
    for (let attempt = 0; ; attempt++) {
      this.requests++;
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method: request.method.toUpperCase(),
          headers,
          ...(body !== undefined ? { body } : {}),
          // Redirects are judged here: fetch would carry X-API-KEY to wherever they point.
          redirect: 'manual',
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        // The body can fail too (reset or stalled mid-way): that fails this exchange only.
        text = await response.text();
      } catch (error) {
        return failed(describeNetworkError(error));
      }
      if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
        let next: URL;
        try {
          next = new URL(response.headers.get('location')!, url);
        } catch {
          return failed(`redirect ${response.status} to an invalid location`);
        }
        if (next.origin !== this.origin) {
          return failed(`redirect ${response.status} to another origin (${next.origin}): not followed, the API key stays with ${this.origin}`);
        }
        if (++redirects > MAX_REDIRECTS) return failed(`more than ${MAX_REDIRECTS} redirects`);
        url = next.toString();
        attempt--;
        continue;
      }
      if (response.status === 429 && attempt < this.options.retries429) {
        const after = Number(response.headers.get('retry-after'));
        await sleep(Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 5000) : 200 * 2 ** attempt);
        continue;
      }
      let json: unknown;
      let jsonError: string | undefined;
      if (text.length > 0) {
        try {
          json = JSON.parse(text);
        } catch (error) {
          jsonError = `body is not JSON (${(error as Error).message.split('\n')[0]})`;
        }
      } else {
        jsonError = 'empty body';
      }
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, key) => void (responseHeaders[key] = value));
      return {
        request,
        url,
        status: response.status,
        contentType: response.headers.get('content-type') ?? undefined,
        headers: responseHeaders,
        text,
        json,
        ...(jsonError ? { jsonError } : {}),
        durationMs: performance.now() - started,
        startedAt: new Date(Date.now() - (performance.now() - started)).toISOString(),
      };
    }
  }
}

export function describeNetworkError(error: unknown): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'timed out';
  const cause = err?.cause;
  if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ''}`;
  return err?.message ?? String(error);
}

/** A request for an operation with the path filled in. */
export function requestFor(
  op: OperationSpec,
  parts: { params?: Record<string, string>; query?: RequestSpec['query']; body?: unknown; rawBody?: string; auth?: AuthMode; label: string },
): RequestSpec {
  return {
    operationId: op.operationId,
    method: op.method,
    path: fillPath(op.path, parts.params ?? op.exampleParams ?? {}),
    ...(parts.query ? { query: parts.query } : {}),
    ...(parts.body !== undefined ? { body: parts.body } : {}),
    ...(parts.rawBody !== undefined ? { rawBody: parts.rawBody } : {}),
    auth: parts.auth ?? 'valid',
    label: parts.label,
  };
}
