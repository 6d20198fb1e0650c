// The client against hostile servers on loopback: answers that never end, that announce or stream
// a gibibyte or two, gzip bombs with and without a Content-Length, a body dripping one byte a second,
// evil ids, a listing claiming an endless total. Each call runs in a child process (child.mjs), so
// that its peak RSS can be read, and each must end with one of the client's error classes and with
// the child's peak RSS under RSS_CEILING: the 16 MiB body cap, the page budget and the timeouts hold
// in memory, not only in the error they throw. Which budget ended a call is told by its error and
// fields (a timeout faces only answers that never end), never by how long it took.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built } from '../support/built.js';

/** One call for child.mjs to make (its argument, as JSON). */
interface Job {
  baseUrl: string;
  options?: Record<string, unknown>;
  call: 'get' | 'deleteImage' | 'paginate' | 'uploadFile';
  args: string[];
}

/** What child.mjs prints: how its call ended. */
interface Outcome {
  ok: boolean;
  /** The error's class name, when the call failed. */
  name?: string;
  /** Whether the error is one of the client's classes (MediaGenError). */
  typed?: boolean;
  message?: string;
  fields?: Record<string, unknown>;
  /** What a successful call returned, in short. */
  value?: unknown;
  elapsedMs: number;
  /** RSS when the child was ready to call, and its peak over the whole run. */
  startRssBytes: number;
  maxRssBytes: number;
}

/**
 * Peak RSS of a child, everything included: Node and the client (before the call), and up to the 16 MiB cap of a body in chunks and as text. A body read
 * whole would pass it many times over: the 1 GiB answers alone are 1024 MiB.
 */
const RSS_CEILING = 200 * 1024 * 1024;
const MiB = 1024 * 1024;

type Route = (req: IncomingMessage, res: ServerResponse) => void;

interface Hostile {
  url: string;
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** A loopback server answering `METHOD path` with the route given for it (404 otherwise). */
async function hostileServer(routes: Record<string, Route>): Promise<Hostile> {
  const hits = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const key = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    req.resume();
    const route = routes[key] ?? Object.entries(routes).find(([pattern]) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)))?.[1];
    if (route) route(req, res);
    else res.writeHead(404, { 'content-type': 'application/json' }).end('{"err":{"code":"not_found","message":"no route"}}');
  });
  // Idle connections are the client's to close (see support/server.ts).
  server.keepAliveTimeout = 0;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Writes `chunk` again and again (up to `total` bytes) as fast as the reader takes it; stops when the connection closes. */
function pour(res: ServerResponse, chunk: Uint8Array, total = Number.POSITIVE_INFINITY): void {
  let sent = 0;
  res.on('close', () => {
    sent = Number.POSITIVE_INFINITY;
  });
  const write = () => {
    while (sent < total) {
      const piece = total - sent < chunk.byteLength ? chunk.subarray(0, total - sent) : chunk;
      sent += piece.byteLength;
      if (!res.write(piece)) return void res.once('drain', write);
    }
    if (Number.isFinite(sent)) res.end();
  };
  write();
}

const ZEROS = new Uint8Array(64 * 1024);
/** 64 MiB of zeros gzipped (about 64 kB); gzip members may follow one another, each inflating alike. */
const MEMBER = gzipSync(new Uint8Array(64 * MiB), { level: 9 });
/** 16 members: about 1 MiB on the wire, 1 GiB once inflated. */
const BOMB = Buffer.concat(Array.from({ length: 16 }, () => MEMBER));

const json = { 'content-type': 'application/json' };
const ROUTES: Record<string, Route> = {
  'GET /pub/v1/generations/endless': (_req, res) => {
    res.writeHead(200, json);
    pour(res, ZEROS);
  },
  'GET /pub/v1/generations/gib': (_req, res) => {
    res.writeHead(200, { ...json, 'content-length': String(1024 * MiB) });
    pour(res, ZEROS, 1024 * MiB);
  },
  'GET /pub/v1/generations/gib-unannounced': (_req, res) => {
    res.writeHead(200, json);
    pour(res, ZEROS, 1024 * MiB);
  },
  'GET /pub/v1/generations/two-gib': (_req, res) => {
    res.writeHead(200, { ...json, 'content-length': String(2 ** 31 + 4096) });
    pour(res, ZEROS, 2 ** 31 + 4096);
  },
  'GET /pub/v1/generations/two-gib-error': (_req, res) => {
    res.writeHead(500, json);
    pour(res, ZEROS, 2 ** 31 + 4096);
  },
  'GET /pub/v1/generations/bomb': (_req, res) => {
    res.writeHead(200, { ...json, 'content-encoding': 'gzip', 'content-length': String(BOMB.byteLength) });
    res.end(BOMB);
  },
  'GET /pub/v1/generations/bomb-unannounced': (_req, res) => {
    res.writeHead(200, { ...json, 'content-encoding': 'gzip' });
    pour(res, MEMBER);
  },
  'GET /pub/v1/generations/drip': (_req, res) => {
    res.writeHead(200, json);
    res.write('{');
    const timer = setInterval(() => res.write(' '), 1000);
    res.on('close', () => clearInterval(timer));
  },
  // Echoes the id it was asked for, control characters and all, in its message.
  'GET /pub/v1/generations/*': (req, res) => {
    const id = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.split('/').at(-1)!);
    res.writeHead(404, json).end(JSON.stringify({ err: { code: 'not_found', message: `no generation ${id}` } }));
  },
  'DELETE /pub/v1/generations/gen_1/': (_req, res) => {
    res.writeHead(307, { location: '/pub/v1/generations/gen_1' }).end();
  },
  'DELETE /pub/v1/generations/gen_1': (_req, res) => {
    res.writeHead(200, json).end('{"data":{"id":"gen_1"},"err":{}}');
  },
  'GET /pub/v1/models': (req, res) => {
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page'));
    res
      .writeHead(200, json)
      .end(JSON.stringify({ data: [{ name: `m${page}`, base_model: 'sdxl' }], err: {}, pagination: { page, page_size: 1, total: 1e15 } }));
  },
  'POST /pub/v2/assets/upload': (req, res) => {
    const host = req.headers.host;
    res
      .writeHead(201, json)
      .end(
        JSON.stringify({ data: { id: 'ast_1', type: 'image', size: { height: 1, width: 1 }, url: 'u', upload_url: `http://${host}/storage/ast_1` }, err: {} }),
      );
  },
  // Storage that answers an upload with a body that never ends.
  'PUT /storage/ast_1': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    pour(res, ZEROS);
  },
};

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Runs one job in a child process; rejects if it prints no result within `limitMs`. */
function inChild(job: Job, limitMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [built('client/test/hostile/child.mjs'), JSON.stringify(job)], {
      cwd: packageRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      // The child's own environment must not supply a key or a base URL.
      env: { ...process.env, MEDIAGEN_API_KEY: '', MEDIAGEN_BASE_URL: '' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the child gave no result within ${limitMs} ms: ${err}`));
    }, limitMs);
    child.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(out) as Outcome);
      } catch {
        reject(new Error(`the child printed no result: ${out}${err}`));
      }
    });
  });
}

let server: Hostile;
beforeAll(async () => {
  server = await hostileServer(ROUTES);
});
afterAll(() => server.close());

interface Case {
  name: string;
  job: Omit<Job, 'baseUrl'>;
  /** The error class the call must end with (undefined: it must succeed). */
  error: string | undefined;
  /**
   * Only stops a hang (the child is killed past it): what ends each call is a budget that is not the
   * clock's (the body cap, the page budget, a validation before sending) or a time limit facing an
   * answer that never ends, and the error or the hits say which. How long a call took is the machine's
   * load, not the client's behaviour, so it is printed, never asserted.
   */
  limitMs?: number;
  check?: (outcome: Outcome) => void;
}

/** Past this a call is taken to hang: minutes on a loaded machine are still not a hang. */
const HANG_MS = 180_000;

const get = (id: string, options?: Record<string, unknown>): Omit<Job, 'baseUrl'> => ({ call: 'get', args: [id], options: { maxRetries: 0, ...options } });
const tooLarge = (outcome: Outcome) => expect(outcome.fields).toMatchObject({ limitBytes: 16 * MiB });
/** What of a message a terminal would act on: control characters. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const CASES: Case[] = [
  { name: 'a 200 that never ends', job: get('endless'), error: 'ResponseTooLargeError', check: tooLarge },
  { name: 'a 1 GiB answer, announced', job: get('gib'), error: 'ResponseTooLargeError', check: tooLarge },
  {
    name: 'a 1 GiB answer, unannounced (chunked)',
    job: get('gib-unannounced'),
    error: 'ResponseTooLargeError',
    check: tooLarge,
  },
  { name: 'a 2 GiB+ answer, announced', job: get('two-gib'), error: 'ResponseTooLargeError', check: tooLarge },
  {
    name: 'a 2 GiB+ error body, unannounced, with retries',
    job: get('two-gib-error', { maxRetries: 2, retryBaseDelayMs: 10 }),
    error: 'ResponseTooLargeError',
    check: tooLarge,
  },
  {
    name: 'a gzip bomb with Content-Length (1 MiB → 1 GiB)',
    job: get('bomb'),
    error: 'ResponseTooLargeError',
    check: tooLarge,
  },
  {
    name: 'a gzip bomb without Content-Length (endless)',
    job: get('bomb-unannounced'),
    error: 'ResponseTooLargeError',
    check: tooLarge,
  },
  {
    name: 'a body dripping one byte a second (two attempts of 1.5 s)',
    job: get('drip', { timeoutMs: 1_500, maxRetries: 1, retryBaseDelayMs: 10 }),
    error: 'TimeoutError',
    check: (outcome) => {
      expect(outcome.fields).toMatchObject({ timeoutMs: 1_500, attempts: 2 });
      expect(outcome.elapsedMs).toBeGreaterThanOrEqual(2 * 1_400);
    },
  },
  ...['..', '.', ''].map(
    (id): Case => ({
      name: `deleteImage(gen, ${JSON.stringify(id)}) against a trailing-slash redirect`,
      job: { call: 'deleteImage', args: ['gen_1', id] },
      error: 'ValidationError',
      check: (outcome) => {
        expect(outcome.fields).toMatchObject({ local: true, operationId: 'deleteImage' });
        expect(server.hits.get('DELETE /pub/v1/generations/gen_1/')).toBeUndefined();
        expect(server.hits.get('DELETE /pub/v1/generations/gen_1')).toBeUndefined();
      },
    }),
  ),
  ...[
    ['CRLF', 'gen\r\nX-Injected: 1'],
    ['ANSI', '\u001b[2J\u001b[31mgen'],
  ].map(
    ([what, id]): Case => ({
      name: `an id with ${what}, echoed back by the server`,
      job: get(id!),
      error: 'NotFoundError',
      check: (outcome) => {
        expect(outcome.message).not.toMatch(CONTROL);
        expect(outcome.message).toContain('no generation ');
        // Shown as escapes: `\u000d\u000a`, `\u001b`.
        expect(outcome.message).toMatch(/\\u00(0d|1b)/);
      },
    }),
  ),
  {
    name: 'a listing claiming 10^15 items, one a page (the default budget)',
    job: { call: 'paginate', args: [] },
    error: 'PageLimitError',
    check: (outcome) => {
      expect(outcome.fields).toMatchObject({ maxPages: 1000 });
      expect(server.hits.get('GET /pub/v1/models')).toBe(1000);
    },
  },
  {
    name: 'an upload whose storage answers with a body that never ends',
    job: { call: 'uploadFile', args: [] },
    error: undefined,
    check: (outcome) => expect(outcome.value).toBe('ast_1'),
  },
];

describe('against hostile servers, each call ends within its budgets', () => {
  for (const c of CASES) {
    const limitMs = c.limitMs ?? HANG_MS;
    it(`${c.name} → ${c.error ?? 'success'}`, { timeout: limitMs + 30_000 }, async () => {
      const outcome = await inChild({ ...c.job, baseUrl: server.url }, limitMs);
      const peak = `${(outcome.maxRssBytes / MiB).toFixed(0)} MiB peak RSS (${(outcome.startRssBytes / MiB).toFixed(0)} MiB at start), ${outcome.elapsedMs.toFixed(0)} ms`;
      console.log(`${c.name}: ${outcome.ok ? 'ok' : outcome.name}; ${peak}`);
      if (c.error) {
        expect(outcome, outcome.message).toMatchObject({ ok: false, name: c.error, typed: true });
      } else {
        expect(outcome, outcome.message).toMatchObject({ ok: true });
      }
      expect(outcome.maxRssBytes, peak).toBeLessThan(RSS_CEILING);
      c.check?.(outcome);
    });
  }
});
