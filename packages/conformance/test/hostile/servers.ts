// Hostile servers on loopback for the suite to be run against: a front that forwards to a real sandbox
// (so what the run creates can be checked gone afterwards) and answers the requests a rule picks with
// something hostile instead: a body that never ends, a huge one (announced or chunked), a gzip bomb, one
// byte a second, or a JSON answer of its own. Every answer is seeded (the same bytes every run) and
// bounded on the server's side too (a time limit per answer and backpressure honoured), so a suite
// that fails to stop cannot take the machine down with it.
import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, createGzip } from 'node:zlib';
import type { OperationId } from '@mediagen/schema';
import { operationFor } from '../../src/selftest/proxy.js';

export const MIB = 1024 * 1024;
export const GIB = 1024 * MIB;

/** What the front was asked, as it decides how to answer. */
export interface FrontRequest {
  method: string;
  /** Path without the query string, as received (after the client's URL normalisation). */
  path: string;
  operationId?: OperationId;
  /** 1 for the first request the front got, and so on. */
  nth: number;
}

/** Writes a whole answer on `res` (the front has not written anything yet). */
export type Answer = (res: ServerResponse, bounds: Bounds) => void;

/** Picks the answer of a request: a hostile one, or undefined to forward it to the sandbox. */
export type Hostility = (request: FrontRequest) => Answer | undefined;

export interface Bounds {
  /** No answer of the front lasts longer, whoever is (not) reading it. */
  answerMs: number;
}

/** A seeded block of lowercase letters (mulberry32): the filler of every large answer. */
export function seededBlock(seed: number, size = 64 * 1024): Buffer {
  let state = seed >>> 0;
  const block = Buffer.alloc(size);
  for (let i = 0; i < size; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    block[i] = 97 + ((((t ^ (t >>> 14)) >>> 0) % 26) as number);
  }
  return block;
}

/**
 * Writes `head`, then `block` over and over up to `total` bytes in all (Infinity: never ends), as fast
 * as the reader takes them and never faster (backpressure), until the reader goes or the time bound ends.
 */
function pump(res: ServerResponse, head: Buffer, block: Buffer, total: number, bounds: Bounds): void {
  const stopAt = Date.now() + bounds.answerMs;
  let sent = 0;
  const next = (): Buffer => {
    const left = total - sent;
    if (sent === 0) return left >= head.length ? head : head.subarray(0, left);
    return left >= block.length ? block : block.subarray(0, left);
  };
  const write = () => {
    while (sent < total && !res.destroyed) {
      if (Date.now() > stopAt) {
        res.destroy();
        return;
      }
      const chunk = next();
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', write);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  write();
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** A 200 whose JSON-looking body never ends (chunked). */
export const endless =
  (seed = 1): Answer =>
  (res, bounds) => {
    res.writeHead(200, JSON_TYPE);
    pump(res, Buffer.from('{"data":"'), seededBlock(seed), Number.POSITIVE_INFINITY, bounds);
  };

/** A 200 of exactly `bytes` bytes, with its Content-Length (`announce`) or chunked. */
export const huge =
  (bytes: number, announce: boolean, seed = 1): Answer =>
  (res, bounds) => {
    res.writeHead(200, { ...JSON_TYPE, ...(announce ? { 'content-length': String(bytes) } : {}) });
    pump(res, Buffer.from('{"data":"'), seededBlock(seed), bytes, bounds);
  };

/** A 200 that is valid JSON of about `bytes` bytes: `{"data":[{"id":…,"name":"<filler>"}],…}`. */
export function largeJson(bytes: number, seed = 1): string {
  const filler = seededBlock(seed, Math.max(bytes - 200, 0)).toString('latin1');
  return JSON.stringify({ data: [{ id: `big_${seed}`, name: filler }], pagination: { page: 1, page_size: 1, total: 1 } });
}

/** A gzip stream of `decodedBytes` zero bytes: about a thousandth of their size on the wire. */
export async function gzipBomb(decodedBytes: number): Promise<Buffer> {
  // Run-length matching finds what zeros compress to (the longest match, one byte back) as small as
  // the default strategy does, without its long search for matches further back.
  const gzip = createGzip({ level: 9, strategy: constants.Z_RLE });
  const out: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => out.push(chunk));
  const zeros = Buffer.alloc(MIB);
  for (let left = decodedBytes; left > 0; left -= zeros.length) {
    if (!gzip.write(left >= zeros.length ? zeros : zeros.subarray(0, left))) await once(gzip, 'drain');
  }
  gzip.end();
  await once(gzip, 'end');
  return Buffer.concat(out);
}

/** A 200 with `Content-Encoding: gzip` whose body decodes to far more than it weighs. */
export const bomb =
  (compressed: Buffer, announce: boolean): Answer =>
  (res, bounds) => {
    res.writeHead(200, { ...JSON_TYPE, 'content-encoding': 'gzip', ...(announce ? { 'content-length': String(compressed.length) } : {}) });
    pump(res, compressed.subarray(0, 1), compressed.subarray(1), compressed.length, bounds);
  };

/** A 200 that announces `declared` bytes and sends one every `everyMs` (for as long as the bound allows). */
export const drip =
  (everyMs = 1_000, declared = MIB): Answer =>
  (res, bounds) => {
    res.writeHead(200, { ...JSON_TYPE, 'content-length': String(declared) });
    res.flushHeaders();
    let sent = 0;
    const timer = setInterval(() => {
      if (res.destroyed || sent >= declared) return stop();
      res.write(sent++ === 0 ? '{' : ' ');
    }, everyMs);
    const limit = setTimeout(() => res.destroy(), bounds.answerMs);
    const stop = () => {
      clearInterval(timer);
      clearTimeout(limit);
    };
    res.once('close', stop);
  };

/** A JSON answer of the front's own (a string is sent as it is: large bodies are serialised once). */
export const reply =
  (status: number, body: unknown): Answer =>
  (res) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { ...JSON_TYPE, 'content-length': String(Buffer.byteLength(text)) });
    res.end(text);
  };

export interface RunningFront {
  url: string;
  /** Every request the front got, in order. */
  seen: FrontRequest[];
  stop(): Promise<void>;
}

/** Forwards a request to the upstream as it comes (streamed both ways), Host rewritten to the upstream's. */
function forward(upstream: URL, req: IncomingMessage, res: ServerResponse, rewrite?: BodyRewrite, holdMs = 0): void {
  const headers = { ...req.headers, host: upstream.host };
  // A fresh connection each time: a kept-alive one the sandbox closes meanwhile would reset a request of the run.
  const out = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent: false }, (answer) => {
    if (holdMs > 0) {
      // The upstream has done the work; its answer is passed on later (read then, not lost).
      answer.pause();
      setTimeout(() => passOn(answer, res, rewrite), holdMs);
    } else passOn(answer, res, rewrite);
  });
  out.on('error', () => res.destroy());
  req.pipe(out);
}

/** Passes an upstream answer on to the client, its body rewritten when `rewrite` is given. */
function passOn(answer: IncomingMessage, res: ServerResponse, rewrite?: BodyRewrite): void {
  if (!rewrite) {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
    return;
  }
  const chunks: Buffer[] = [];
  answer.on('data', (chunk: Buffer) => chunks.push(chunk));
  answer.on('end', () => {
    const text = rewrite(answer.statusCode ?? 502, Buffer.concat(chunks).toString('utf8'));
    const { 'content-length': _length, 'transfer-encoding': _te, ...rest } = answer.headers;
    res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': String(Buffer.byteLength(text)) });
    res.end(text);
  });
}

/** Changes an upstream answer's body on its way back (the evil-id front). */
export type BodyRewrite = (status: number, body: string) => string;

export interface FrontOptions {
  /** The sandbox behind the front (its origin). */
  upstream: string;
  hostility: Hostility;
  /** Rewrites the body of a forwarded answer, when it returns one for this request. */
  rewrite?: (request: FrontRequest) => BodyRewrite | undefined;
  /** Rewrites the path of a request before it is forwarded (ids the front made up, back to the real ones). */
  path?: (path: string) => string;
  /** Holds the upstream's answer to a forwarded request so many milliseconds before passing it on. */
  hold?: (request: FrontRequest) => number | undefined;
  bounds?: Partial<Bounds>;
}

export async function startFront(options: FrontOptions): Promise<RunningFront> {
  const upstream = new URL(options.upstream);
  const bounds: Bounds = { answerMs: 120_000, ...options.bounds };
  const seen: FrontRequest[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://front.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    const operationId = operationFor(method, url.pathname);
    const request: FrontRequest = { method, path: url.pathname, nth: seen.length + 1, ...(operationId ? { operationId } : {}) };
    seen.push(request);
    const hostile = options.hostility(request);
    if (hostile) {
      // The request's own body is read and dropped (the answer does not wait for it).
      req.resume();
      hostile(res, bounds);
      return;
    }
    if (options.path) req.url = `${options.path(url.pathname)}${url.search}`;
    forward(upstream, req, res, options.rewrite?.(request), options.hold?.(request));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
