// One HTTP round trip on Node's own client (node:http, node:https), for the transport: the request as
// given, nothing followed (a redirect is an answer), connections kept alive; the answer's status and
// headers, and its body decoded as fetch decodes it (gzip, deflate, br; an unknown coding is left as
// it came) and read up to a cap, streamed: past the cap nothing more is read and the connection is
// closed. Node's client costs a fraction of fetch's CPU per request, and a run sends a thousand.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Duplex, Readable } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import { keepAliveAgent, MAX_UNSENT_RETRIES, neverSent } from './keep-alive.js';

export interface Answer {
  status: number;
  /** Lower-case names, sorted; a repeated header's values joined with `, `. */
  headers: Record<string, string>;
  text: string;
  /** More was left unread past the cap. */
  truncated: boolean;
  bytes: number;
}

export interface RoundTrip {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Ends the round trip (its answer too, if one is being read): the promise rejects with `reason`. */
  signal: AbortSignal;
  maxBytes: number;
}

/** What fetch sends by default besides the request's own headers (a server sees the suite as before). */
const DEFAULT_HEADERS = { 'accept-encoding': 'gzip, deflate', 'user-agent': 'node' };

/** Truncated compressed streams decode as far as they go (fetch's leniency). */
const LENIENT = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
const BROTLI_LENIENT = { flush: constants.BROTLI_OPERATION_FLUSH, finishFlush: constants.BROTLI_OPERATION_FLUSH };

/** The codings of a Content-Encoding, outermost last; undefined when one is unknown (the body is then kept as it came). */
function codingsOf(encoding: string | undefined): string[] | undefined {
  const codings = (encoding ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse();
  return codings.every((c) => c === 'gzip' || c === 'x-gzip' || c === 'deflate' || c === 'br') ? codings : undefined;
}

/** The decoder of one coding; `deflate` is meant zlib-wrapped, but some servers send it raw: the first byte tells them apart. */
function decoderOf(coding: string, firstByte: number | undefined): Duplex {
  if (coding === 'br') return createBrotliDecompress(BROTLI_LENIENT);
  if (coding === 'deflate') return ((firstByte ?? 0x78) & 0x0f) === 0x08 ? createInflate(LENIENT) : createInflateRaw(LENIENT);
  return createGunzip(LENIENT);
}

const decoder = new TextDecoder();

/** Joins the header values Node keeps as lists. */
function headersOf(response: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(response.headers).sort()) {
    const value = response.headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Reads `source` up to `max` bytes; past it, stops and destroys what it read from. */
function readCapped(
  response: IncomingMessage,
  source: Readable,
  max: number,
  done: (answer: Omit<Answer, 'status' | 'headers'>) => void,
  fail: (e: Error) => void,
) {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let settled = false;
  const finish = (truncated: boolean) => {
    if (settled) return;
    settled = true;
    const all = Buffer.concat(chunks, bytes);
    done({ text: decoder.decode(all), truncated, bytes });
  };
  source.on('data', (chunk: Buffer) => {
    if (settled) return;
    const room = max - bytes;
    if (chunk.byteLength > room) {
      if (room > 0) chunks.push(chunk.subarray(0, room));
      bytes += Math.max(room, 0);
      finish(true);
      // Nothing more is read: the decoder and the connection go.
      if (source !== response) source.destroy();
      response.destroy();
      return;
    }
    chunks.push(chunk);
    bytes += chunk.byteLength;
  });
  source.on('end', () => finish(false));
  source.on('error', (error: Error) => {
    if (settled) return;
    settled = true;
    fail(error);
  });
}

/** Keep-alive connections of one run, and its round trips. */
export class Connections {
  // Free sockets close before the server's keep-alive timeout (its hint, less a second, or this) so none is reused as it closes.
  // An overdue one is never used (keep-alive.ts).
  private readonly http = keepAliveAgent(false, { timeout: 4_000 });
  private readonly https = keepAliveAgent(true, { timeout: 4_000 });

  /**
   * One round trip. A request on a kept-alive socket closed unwritten because it was overdue is sent
   * again, whatever its method (the server never saw it). A GET whose connection the server closed as
   * it was reused (ECONNRESET before any answer) is sent once more, on a new one: it reads only.
   */
  async roundTrip(url: URL, trip: RoundTrip): Promise<Answer> {
    let staleRetried = false;
    // Each overdue socket is closed as it is handed out, so the pool runs out of them: bounded.
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(url, trip);
      } catch (error) {
        const { unsent, staleSocket } = error as { unsent?: boolean; staleSocket?: boolean };
        if (trip.signal.aborted) throw error;
        if (unsent && attempt < MAX_UNSENT_RETRIES) continue;
        if (!staleSocket || trip.method !== 'GET' || staleRetried) throw error;
        staleRetried = true;
      }
    }
  }

  private once(url: URL, trip: RoundTrip): Promise<Answer> {
    const { signal } = trip;
    return new Promise<Answer>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const secure = url.protocol === 'https:';
      const headers: Record<string, string> = { ...DEFAULT_HEADERS, ...trip.headers };
      if (trip.body !== undefined) headers['content-length'] = String(Buffer.byteLength(trip.body));
      let response: IncomingMessage | undefined;
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        fn();
      };
      const request = (secure ? httpsRequest : httpRequest)(url, { method: trip.method, headers, agent: secure ? this.https : this.http }, (res) => {
        response = res;
        const status = res.statusCode ?? 0;
        const answered = (read: Omit<Answer, 'status' | 'headers'>) => settle(() => resolve({ status, headers: headersOf(res), ...read }));
        const failed = (error: Error) => settle(() => reject(error));
        // An answer cut off by the server before its end (a reset mid-body).
        res.on('close', () => {
          if (!res.complete) failed(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
        });
        res.on('error', failed);
        const codings = codingsOf(res.headers['content-encoding']);
        if (!codings?.length) return readCapped(res, res, trip.maxBytes, answered, failed);
        // Decoded as it arrives, each decoder fed by the one before; the first byte picks raw or wrapped deflate.
        let head: Duplex | undefined;
        res.on('data', (chunk: Buffer) => {
          if (!head) {
            const chain = codings.map((coding) => decoderOf(coding, chunk[0]));
            for (let i = 1; i < chain.length; i++) chain[i - 1]!.pipe(chain[i]!);
            for (const step of chain) step.on('error', failed);
            head = chain[0]!;
            readCapped(res, chain.at(-1)!, trip.maxBytes, answered, failed);
          }
          if (!head.write(chunk)) {
            res.pause();
            head.once('drain', () => res.resume());
          }
        });
        res.on('end', () => {
          if (head) head.end();
          // No body at all (a 204, an empty answer): nothing to decode.
          else answered({ text: '', truncated: false, bytes: 0 });
        });
      });
      const onAbort = () => {
        const reason = signal.reason;
        settle(() => reject(reason));
        request.destroy();
        response?.destroy();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      request.on('error', (error: Error & { code?: string }) => {
        if (neverSent(request)) return settle(() => reject(Object.assign(error, { unsent: true })));
        const stale = response === undefined && request.reusedSocket && error.code === 'ECONNRESET';
        settle(() => reject(stale ? Object.assign(error, { staleSocket: true }) : error));
      });
      request.end(trip.body);
    });
  }

  /** Closes every connection kept open. */
  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}

/** Sends `bytes` with PUT to an upload URL (a presigned one: no key goes with them); the answer's status. */
export function putBytes(url: string, bytes: Uint8Array, contentType: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      { method: 'PUT', headers: { 'content-type': contentType, 'content-length': String(bytes.byteLength) }, signal: AbortSignal.timeout(timeoutMs) },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(bytes);
  });
}
