// The HAR reporter: every exchange of the run as HAR 1.2, written to disk as it finishes (never held in
// memory), so a team can share a run and replay, inspect or judge it offline (`--from-har`). Exchanges
// arrive with the key masked as a value (headers, URL, bodies); the request's own X-API-KEY is always
// written `***`, and presigned upload URLs lose their query (their signature).
import { API_KEY_HEADER, clientUserAgent, MASK } from '@mediagen/schema/util';
import { type Exchange, requestBodyText } from '../model/exchange.js';
import type { ExchangeRecorder } from '../model/recording.js';
import { RunError } from '../model/terms.js';
import { type AtomicFile, openAtomic } from '../plumbing/files.js';

interface HarHeader {
  name: string;
  value: string;
}

export interface Har {
  log: { version: '1.2'; creator: { name: string; version: string }; entries: unknown[] };
}

/** A presigned URL's query is its signature: masked wherever one shows (an upload URL in a body). */
export function maskPresigned(text: string): string {
  return text
    .replace(/(https?:\/\/[^\s"'?]+\/uploads?\/[^\s"'?]*)\?[^\s"']*/gi, `$1?${MASK}`)
    .replace(/([?&](?:X-Amz-Signature|signature|sig|token)=)[^&\s"']+/gi, `$1${MASK}`);
}

function requestHeaders(exchange: Exchange): HarHeader[] {
  const headers: HarHeader[] = [{ name: 'accept', value: 'application/json' }];
  if (exchange.request.auth !== 'missing') headers.push({ name: API_KEY_HEADER.toLowerCase(), value: MASK });
  if (requestBodyText(exchange.request) !== undefined) headers.push({ name: 'content-type', value: 'application/json' });
  // The client's date mark only (not the rest of its User-Agent): a reader of the recording reads it at that date.
  if (exchange.clientDate) headers.push({ name: 'user-agent', value: clientUserAgent(exchange.clientDate) });
  return headers;
}

/**
 * Said in an entry's comment when the request carried the auth checks' wrong key (the header is `***`
 * either way): a judge of the recording tells a refused wrong key from a refused real one.
 */
export const WRONG_KEY_NOTE = '(sent with a wrong key)';

/** One HAR entry (an exchange that got no answer has status 0 and its error as comment). */
export function toHarEntry(exchange: Exchange): unknown {
  const url = maskPresigned(exchange.url || exchange.request.path);
  let queryString: HarHeader[] = [];
  try {
    queryString = [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    // A request that was never sent has no absolute URL.
  }
  const body = requestBodyText(exchange.request);
  const text = maskPresigned(exchange.text);
  return {
    startedDateTime: exchange.startedAt ?? new Date().toISOString(),
    time: Math.round(exchange.durationMs),
    request: {
      method: exchange.request.method.toUpperCase(),
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: requestHeaders(exchange),
      queryString,
      ...(body !== undefined ? { postData: { mimeType: 'application/json', text: maskPresigned(body) } } : {}),
      headersSize: -1,
      bodySize: body === undefined ? 0 : Buffer.byteLength(body),
    },
    response: {
      status: exchange.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: Object.entries(exchange.headers ?? {}).map(([name, value]) => ({ name, value: maskPresigned(value) })),
      content: {
        size: Buffer.byteLength(exchange.text),
        mimeType: exchange.contentType ?? '',
        text,
        ...(exchange.truncated ? { comment: 'cut at the per-answer budget' } : {}),
      },
      redirectURL: maskPresigned(exchange.headers?.location ?? ''),
      headersSize: -1,
      bodySize: Buffer.byteLength(exchange.text),
    },
    cache: {},
    timings: { send: 0, wait: Math.round(exchange.durationMs), receive: 0 },
    comment: `${exchange.request.operationId}: ${exchange.request.label}${exchange.request.auth === 'wrong' ? ` ${WRONG_KEY_NOTE}` : ''}${exchange.error ? ` (${exchange.error})` : ''}`,
  };
}

/** The whole HAR of a list of exchanges (small runs, tests). */
export function toHar(exchanges: readonly Exchange[], version = '0.0.0'): Har {
  return { log: { version: '1.2', creator: { name: '@mediagen/conformance', version }, entries: exchanges.map(toHarEntry) } };
}

/**
 * Writes a HAR file entry by entry as the run goes: the file is valid JSON once closed, and memory
 * holds one entry at a time whatever the run's length. A write that fails (a full disk, an unwritable
 * path) throws once, naming the file; from then on the writer writes nothing more, `failure` says why,
 * and closing it only releases the file (it is left cut, never made to look whole).
 */
export class HarWriter implements ExchangeRecorder {
  private count = 0;
  private failed: string | undefined;
  private code: string | undefined;
  /** The file being written through the file layer: a temporary file beside the target, renamed over it when closed. */
  private file: AtomicFile | undefined;

  constructor(
    readonly path: string,
    private readonly version = '0.0.0',
  ) {}

  /** Why the file could not be written, once a write failed. */
  get failure(): string | undefined {
    return this.failed;
  }

  /** Runs a write; the first failure is kept and thrown in the file's words, later writes are not tried. */
  private write(what: () => void): void {
    if (this.failed) throw Object.assign(new Error(this.failed), this.code ? { code: this.code } : {});
    try {
      what();
    } catch (error) {
      this.code = (error as NodeJS.ErrnoException).code;
      // A refusal of the file layer (a device, a FIFO or a folder at the path) is its own line.
      this.failed =
        error instanceof RunError && this.code === undefined
          ? error.message
          : `the HAR file ${this.path} could not be written (${this.code ?? (error as Error).message})`;
      this.release();
      // The system's code stays on the error, for a caller that words the failure its own way.
      throw Object.assign(new Error(this.failed), this.code ? { code: this.code } : {});
    }
  }

  /** Puts what was written in place: whole when closed, cut after a failed write (never made to look whole). */
  private release(): void {
    const file = this.file;
    this.file = undefined;
    try {
      file?.commit();
    } catch {
      file?.discard();
    }
  }

  private open(): void {
    if (this.file !== undefined) return;
    this.write(() => {
      this.file = openAtomic(this.path, 'the HAR file');
      this.file.write(`{"log":{"version":"1.2","creator":${JSON.stringify({ name: '@mediagen/conformance', version: this.version })},"entries":[\n`);
    });
  }

  record(exchange: Exchange): void {
    this.open();
    this.write(() => this.file!.write(`${this.count > 0 ? ',\n' : ''}${JSON.stringify(toHarEntry(exchange))}`));
    this.count++;
  }

  async close(): Promise<void> {
    if (this.failed) {
      this.release();
      throw new Error(this.failed);
    }
    this.open();
    this.write(() => this.file!.write('\n]}}\n'));
    this.write(() => {
      const file = this.file!;
      this.file = undefined;
      file.commit();
    });
  }

  get entries(): number {
    return this.count;
  }
}
