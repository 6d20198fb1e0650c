// Sends one request and reads its answer within the run's budgets: a time limit per request, a cap on
// the bytes of an answer (counted as decoded, streamed, and cut there: a never-ending or huge body
// costs at most the cap), and the run's own signal (its deadline, or Ctrl-C). 429 answers, and 503
// answers with Retry-After, are retried a few times; redirects are followed only on the target's own origin (the key would follow them).
import { API_KEY_HEADER } from '@mediagen/schema/util';
import { answerFields, buildUrl, type Exchange, type RequestSpec, requestBodyText, WRONG_API_KEY } from '../model/exchange.js';
import { type Answer, Connections } from '../plumbing/http.js';
import { sleep } from '../plumbing/sleep.js';
import type { SendOverrides } from './after-stop.js';

export interface TransportBudgets {
  /** Time limit of one request, answer included, in milliseconds. */
  timeoutMs: number;
  /** Most bytes of one answer read (decoded); the rest is not read. */
  maxAnswerBytes: number;
  /** Retries of a 429 answer, or a 503 with Retry-After (honouring Retry-After up to 5 s). */
  retries429: number;
}

export interface TransportOptions extends TransportBudgets {
  baseUrl: string;
  /** Most requests per second (default: no limit). */
  rateLimit?: number;
  apiKey: string;
  /** Aborts every request in flight and every later one (the run's deadline, a signal). */
  signal?: AbortSignal;
  /** Called with every finished exchange (the recorders: HAR, evidence). */
  onExchange?: (exchange: Exchange) => void;
}

/** The longest Retry-After waited for (the run's pace: a longer one is not waited out, its answer is judged). */
const MAX_RETRY_WAIT_MS = 5000;

/**
 * How long to wait before sending a request again, or undefined to judge the answer as it is. A
 * `429` is waited out (its Retry-After, else a growing backoff); a `503` only with a Retry-After (in
 * seconds or an HTTP date): the server says it is unavailable for a while, which no source forbids.
 * A wait past MAX_RETRY_WAIT_MS is cut to it.
 */
export function retryWaitMs(status: number, retryAfter: string | undefined, attempt: number, now = Date.now()): number | undefined {
  if (status !== 429 && status !== 503) return undefined;
  const text = retryAfter?.trim() ?? '';
  const seconds = /^\d+(\.\d+)?$/.test(text) ? Number(text) * 1000 : undefined;
  const date = seconds === undefined && text !== '' ? Date.parse(text) - now : undefined;
  const asked = seconds ?? (date !== undefined && Number.isFinite(date) ? Math.max(0, date) : undefined);
  if (asked === undefined) return status === 429 ? 200 * 2 ** attempt : undefined;
  return Math.min(asked, MAX_RETRY_WAIT_MS);
}

/** Redirects followed on the target's own origin; another origin is never followed. */
const MAX_REDIRECTS = 5;

/**
 * A `.` or `..` segment in a request's path (an id the server gave, put in a path as it is): the URL
 * would resolve to another resource than the operation's, and the key would go with it. Such a
 * request is not sent.
 */
export function dotSegment(path: string): string | undefined {
  return path
    .split('?')[0]!
    .split('/')
    .find((segment) => segment === '.' || segment === '..');
}

/** Why a request with a `.` or `..` segment is not sent. */
export const refusedPath = (path: string) =>
  `not sent: the path ${JSON.stringify(path)} has a "${dotSegment(path)}" segment (an id from the server?), it would address another resource`;

/**
 * Why a request was stopped before its answer, from the signal that stopped it: the run's stop
 * reason (the deadline, --max-silent, a signal), or cleanup's own time running out.
 */
export function stoppedBy(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason;
  if (typeof reason === 'string') return `stopped: ${reason}`;
  if ((reason as { name?: string } | undefined)?.name === 'TimeoutError') return 'stopped: the time of cleanup ran out';
  return 'stopped: the run ended';
}

export function describeNetworkError(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; message?: string; code?: string; cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError') return `no answer within ${timeoutMs} ms (--timeout)`;
  if (err?.name === 'AbortError') return 'stopped: the run ended (deadline or signal)';
  // fetch wraps the system's error in its cause; Node's client throws it as it is.
  const cause = err?.cause ?? err;
  if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ''}`;
  return err?.message ?? String(error);
}

/** The answers a per-request budget ended, counted, with the first of each, for the report to name. */
interface BudgetHits {
  count: number;
  first?: string;
}

export class Transport {
  requests = 0;
  /** Answers cut at --max-answer-bytes, and requests ended by --timeout. */
  private readonly hits = { cut: { count: 0 } as BudgetHits, timedOut: { count: 0 } as BudgetHits, cleanupTimedOut: { count: 0 } as BudgetHits };
  private readonly origin: string;
  private apiKey: string;
  /** When the last request started, for the rate limit (a wait that was given up reserves nothing). */
  private lastStart = Number.NEGATIVE_INFINITY;
  private readonly connections = new Connections();

  constructor(private readonly options: TransportOptions) {
    this.origin = new URL(options.baseUrl).origin;
    this.apiKey = options.apiKey;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /**
   * Waits for the next start the rate limit allows (requests in flight take turns); false when the
   * turn would come later than `maxWaitMs`. The wait ends with the signal (Ctrl-C, the deadline,
   * cleanup's own time): a request that gave up its turn holds no slot.
   */
  private async slot(signal: AbortSignal | undefined, maxWaitMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    if (!this.options.rateLimit) return true;
    const interval = 1000 / this.options.rateLimit;
    for (;;) {
      if (signal?.aborted) return true;
      const wait = this.lastStart + interval - Date.now();
      if (wait <= 0) {
        this.lastStart = Date.now();
        return true;
      }
      if (wait > maxWaitMs) return false;
      await sleep(wait, signal);
    }
  }

  private hit(kind: keyof Transport['hits'], request: RequestSpec): void {
    const hits = this.hits[kind];
    hits.count++;
    hits.first ??= `${request.operationId} ${request.method.toUpperCase()} ${request.path} (${request.label})`;
  }

  /** What the per-request budgets ended, in the run's notes: which budget, how often, first where. */
  budgetNotes(): string[] {
    const { cut, timedOut, cleanupTimedOut } = this.hits;
    return [
      ...(cut.count
        ? [`${cut.count} answer(s) cut at the per-answer budget of ${this.options.maxAnswerBytes} bytes (--max-answer-bytes), first: ${cut.first}`]
        : []),
      ...(timedOut.count ? [`${timedOut.count} request(s) ended by the time limit of ${this.options.timeoutMs} ms (--timeout), first: ${timedOut.first}`] : []),
      ...(cleanupTimedOut.count ? [`${cleanupTimedOut.count} cleanup request(s) ended by their own time limit, first: ${cleanupTimedOut.first}`] : []),
    ];
  }

  /** Closes the connections kept open (the run has ended). */
  close(): void {
    this.connections.close();
  }

  /** Sends another key from now on (a recognised mock's own default key, when none was given). */
  useApiKey(apiKey: string): void {
    this.apiKey = apiKey;
  }

  /**
   * Sends one request. `overrides` give it another signal and time limit than the run's (cleanup,
   * which goes on after the run's signal fired, under its own deadline), or a signal that cuts it once
   * it is on the wire (`onTheWire`): the run's stop still keeps it, and any retry, from starting.
   */
  async send(request: RequestSpec, overrides: SendOverrides = {}): Promise<Exchange> {
    // Cleanup's requests (their own signal) wait for a turn of the rate limit no longer than their own time limit.
    const maxWaitMs = overrides.signal ? (overrides.timeoutMs ?? this.options.timeoutMs) : undefined;
    const signal = overrides.signal ?? this.options.signal;
    const exchange = await this.exchange(request, signal, overrides.timeoutMs ?? this.options.timeoutMs, maxWaitMs, overrides.onTheWire ?? signal);
    this.options.onExchange?.(exchange);
    return exchange;
  }

  private async exchange(
    request: RequestSpec,
    runSignal: AbortSignal | undefined,
    timeoutMs: number,
    maxWaitMs: number | undefined,
    wireSignal: AbortSignal | undefined,
  ): Promise<Exchange> {
    let url = buildUrl(this.options.baseUrl, request.path, request.query);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.auth === 'valid') headers[API_KEY_HEADER.toLowerCase()] = this.apiKey;
    if (request.auth === 'wrong') headers[API_KEY_HEADER.toLowerCase()] = WRONG_API_KEY;
    const body = requestBodyText(request);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    const startedAt = new Date().toISOString();
    const failed = (error: string): Exchange => ({
      request,
      url,
      status: 0,
      contentType: undefined,
      text: '',
      json: undefined,
      error,
      durationMs: performance.now() - started,
      startedAt,
    });
    if (dotSegment(request.path) !== undefined) return { ...failed(refusedPath(request.path)), url: '' };
    let redirects = 0;
    for (let attempt = 0; ; attempt++) {
      if (!(await this.slot(runSignal, maxWaitMs)))
        return failed(`not sent: the rate limit (--rate-limit ${this.options.rateLimit} a second) gives it no turn within its time limit of ${maxWaitMs} ms`);
      if (runSignal?.aborted) return failed(stoppedBy(runSignal));
      this.requests++;
      // One signal per attempt: its time limit, or the run's own stop (for a request on the wire, `wireSignal`).
      const attemptStop = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        attemptStop.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
      }, timeoutMs);
      const onStop = () => attemptStop.abort(wireSignal?.reason);
      wireSignal?.addEventListener('abort', onStop, { once: true });
      let response: Answer;
      try {
        // Redirects are judged here, never followed by the client: it would carry X-API-KEY to wherever they point.
        response = await this.connections.roundTrip(new URL(url), {
          method: request.method.toUpperCase(),
          headers,
          ...(body !== undefined ? { body } : {}),
          signal: attemptStop.signal,
          maxBytes: this.options.maxAnswerBytes,
        });
      } catch (error) {
        // Cleanup's requests go out with their own time limit (cleanupRequestMs), not --timeout.
        if (timedOut) this.hit(timeoutMs === this.options.timeoutMs ? 'timedOut' : 'cleanupTimedOut', request);
        else if (wireSignal?.aborted) return failed(stoppedBy(wireSignal));
        if (timedOut && timeoutMs !== this.options.timeoutMs) return failed(`no answer within ${timeoutMs} ms (a cleanup request's own time limit)`);
        return failed(describeNetworkError(timedOut ? Object.assign(new Error('timeout'), { name: 'TimeoutError' }) : error, timeoutMs));
      } finally {
        clearTimeout(timer);
        wireSignal?.removeEventListener('abort', onStop);
      }
      const location = response.headers.location;
      if (response.status >= 300 && response.status < 400 && location !== undefined) {
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          return failed(`redirect ${response.status} to an invalid location`);
        }
        if (next.origin !== this.origin) {
          return {
            ...failed(`redirect ${response.status} to another origin (${next.origin}): not followed, the API key stays with ${this.origin}`),
            redirectedTo: next.origin,
          };
        }
        if (++redirects > MAX_REDIRECTS) return failed(`more than ${MAX_REDIRECTS} redirects`);
        url = next.toString();
        attempt--;
        continue;
      }
      const wait = retryWaitMs(response.status, response.headers['retry-after'], attempt);
      if (wait !== undefined && attempt < this.options.retries429) {
        await sleep(wait, runSignal);
        continue;
      }
      if (response.truncated) this.hit('cut', request);
      const cut = `the answer is larger than the per-answer budget of ${this.options.maxAnswerBytes} bytes (--max-answer-bytes): not read past it`;
      return {
        request,
        url,
        ...answerFields(response, response.truncated ? cut : undefined),
        durationMs: performance.now() - started,
        startedAt,
      };
    }
  }
}
