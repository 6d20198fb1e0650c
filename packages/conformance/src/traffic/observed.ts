// An exchange seen in traffic (forwarded by the validating proxy, or read from a HAR recording): what
// the client sent and what came back, before anything is judged. The request's key is never kept:
// only whether one was sent and a label naming which one (`key #2`, by order of first use).
import { API_KEY_HEADER, MASK } from '@mediagen/schema/util';
import { answerFields, type Exchange, type RequestSpec } from '../model/exchange.js';
import type { Route } from './routes.js';

export interface ObservedKey {
  /** An X-API-KEY header was sent. */
  sent: boolean;
  /**
   * Which key, when that can be told: `key #1`, `key #2`, … by order of first use. Undefined when the
   * recording masked it (`***`) without saying which it was.
   */
  label?: string;
}

export interface Observed {
  method: string;
  /** The absolute URL requested. */
  url: string;
  key: ObservedKey;
  /** The request body as text, when there was one. */
  requestBody?: string;
  /** 0 when no answer came (`error` says why). */
  status: number;
  /** Response headers, lower-case names. */
  responseHeaders: Record<string, string>;
  /** The answer's body as text, at most the per-answer budget. */
  responseText: string;
  /** The answer was longer than the budget: `responseText` is its start. */
  truncated: boolean;
  /** The answer's body was not recorded (or cannot be decoded): only what does not read it is judged. */
  bodyUnknown?: string;
  error?: string;
  /** When the request was sent (ms since the epoch), and how long the exchange took. */
  startedMs: number;
  durationMs: number;
  /** The API date the client marked its requests with (`createClient`'s User-Agent), when it did. */
  clientDate?: string;
}

/** The label of a key the recording itself says was the wrong one (the suite's HAR reporter notes it on entries). */
export const DECLARED_WRONG_KEY = 'the wrong key';

/** The label of a recorded exchange: where it came from and which key it carried (never the key). */
export function observedLabel(source: string, key: ObservedKey): string {
  return `${source} (${key.sent ? (key.label ?? 'a masked key') : `no ${API_KEY_HEADER}`})`;
}

/** The key label a proxy recording wrote into an entry's comment (`… (key #2)`), if any. */
export function labelInComment(comment: string | undefined): string | undefined {
  return comment ? /\((key #\d+)\)/.exec(comment)?.[1] : undefined;
}

/** Numbers the keys a session sees, by order of first use; holds the last `max` (the masker's list). */
export class KeyBook {
  private readonly labels = new Map<string, string>();
  private next = 1;
  private changed = true;

  constructor(private readonly max = 64) {}

  /** The label of a key (a masked value has none). */
  label(key: string): string | undefined {
    if (key === MASK) return undefined;
    let label = this.labels.get(key);
    if (label === undefined) {
      label = `key #${this.next++}`;
      this.labels.set(key, label);
      this.changed = true;
      // The oldest leaves first: a client sending endless keys cannot grow the book.
      if (this.labels.size > this.max) this.labels.delete(this.labels.keys().next().value!);
    }
    return label;
  }

  /** The keys held now (for the masker). */
  keys(): string[] {
    return [...this.labels.keys()];
  }

  /** Whether keys were added since the last call (the masker is then rebuilt). */
  takeChanged(): boolean {
    const changed = this.changed;
    this.changed = false;
    return changed;
  }
}

/** The query string as the checks read it: one value per name, the last one given (as the mocks read it). */
export function queryOf(url: URL): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  let any = false;
  for (const [name, value] of url.searchParams) {
    out[name] = value;
    any = true;
  }
  return any ? out : undefined;
}

/** The request body as the checks read it: parsed JSON, or the raw text when it is not JSON. */
export function bodyOf(text: string | undefined): Pick<RequestSpec, 'body' | 'rawBody'> {
  if (text === undefined || text.length === 0) return {};
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return { rawBody: text };
  }
}

/** The transport's words for a redirect it does not follow (the same failure a live run records), and where it pointed. */
export function crossOriginRedirect(status: number, location: string, origin: string): { error: string; to?: string } | undefined {
  if (status < 300 || status >= 400) return undefined;
  let next: URL;
  try {
    next = new URL(location, origin);
  } catch {
    return { error: `redirect ${status} to an invalid location` };
  }
  if (next.origin === origin) return undefined;
  return { error: `redirect ${status} to another origin (${next.origin}): not followed, the API key stays with ${origin}`, to: next.origin };
}

/** The exchange the checks judge, as a live run would have recorded it. */
export function toExchange(observed: Observed, route: Route, path: string, query: Record<string, string> | undefined, label: string): Exchange {
  const request: RequestSpec = {
    operationId: route.op.operationId,
    method: observed.method.toUpperCase(),
    path,
    ...(query ? { query } : {}),
    ...bodyOf(observed.requestBody),
    auth: observed.key.sent ? 'valid' : 'missing',
    label,
  };
  const base = {
    request,
    url: observed.url,
    durationMs: observed.durationMs,
    startedAt: new Date(observed.startedMs).toISOString(),
    ...(observed.clientDate ? { clientDate: observed.clientDate } : {}),
  };
  const redirect = crossOriginRedirect(observed.status, observed.responseHeaders.location ?? '', new URL(observed.url).origin);
  const error = observed.error ?? redirect?.error;
  if (observed.status === 0 || redirect) {
    return {
      ...base,
      status: 0,
      contentType: undefined,
      text: '',
      json: undefined,
      error: error ?? 'no answer',
      ...(redirect?.to ? { redirectedTo: redirect.to } : {}),
    };
  }
  const arrived = { status: observed.status, headers: observed.responseHeaders, text: observed.responseText, truncated: observed.truncated };
  const cut = 'the answer is larger than the per-answer budget (--max-answer-bytes): not read past it';
  return { ...base, ...answerFields(arrived, observed.bodyUnknown || (observed.truncated ? cut : undefined)) };
}
