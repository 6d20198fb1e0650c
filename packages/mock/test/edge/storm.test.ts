// A bounded, seeded storm of hostile requests against both mocks, each a real `media-mock` process
// on loopback: odd paths and percent-encoding, odd bytes in property names, non-JSON and oversized
// bodies, odd methods and headers. Every answer must be the JSON envelope with a status the mock
// declares, name the mock, and carry no stack trace or local path; afterwards the mock still
// answers and never restarted Prism.
import { request } from 'node:http';
import { PathTable } from '@mediagen/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFor, readDocument } from '../../src/core/documents.js';
import { packageRoot, type Run, start, waitFor } from '../cli-process.js';
import { call, KEY } from '../helpers.js';

const SEED = 20_260_923;
const RUNS = 500;

/** Statuses any request may get from the edge, whatever it matched. */
const EDGE = [400, 404, 405, 413, 431];
/** The statuses a response code of the document stands for (`4XX` is a range). */
const statuses = (code: string): number[] => (/^[1-5]XX$/i.test(code) ? Array.from({ length: 100 }, (_, i) => Number(code[0]) * 100 + i) : [Number(code)]);
/** The operations of the document both mocks serve, with their declared statuses. */
const documented = Object.entries(
  (readDocument(documentFor()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }).paths,
).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, declared: Object.keys(op.responses).flatMap(statuses) })),
);
/** Operations, plus the sandbox's upload and file URLs (not operations of the API). */
const table = new PathTable([
  ...documented,
  { method: 'PUT', path: '/uploads/{asset_id}', declared: [200, 403, 404] },
  { method: 'GET', path: '/files/{name}', declared: [200, 404] },
]);

function declared(method: string, rawPath: string): number[] {
  // HEAD is GET without the body (RFC 9110), and both mocks answer it so.
  const match = table.match(method === 'HEAD' ? 'GET' : method, rawPath);
  return match.kind === 'route' ? [...match.route.declared, ...EDGE] : EDGE;
}

interface Hostile {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const templates = [...new Set(documented.map((op) => op.path)), '/uploads/{asset_id}', '/files/{name}'];
const segment = fc.oneof(
  fc.constantFrom('%zz', '%', '%C0%AF', '%00', '%E2%80%AE', '..', '.', '%2F', '%25', 'gen_01', 'media_01', 'ast_01', '', 'a'.repeat(3000)),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeURIComponent),
  fc.string({ maxLength: 8 }).map((s) => s.replace(/[^A-Za-z0-9_.~-]/g, '')),
);
const path = fc.oneof(
  fc.tuple(fc.constantFrom(...templates), fc.array(segment, { minLength: 3, maxLength: 3 })).map(([template, values]) => {
    let i = 0;
    return template.replace(/\{\w+\}/g, () => values[i++] ?? 'x');
  }),
  fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`),
  fc.constantFrom('/', '/pub', '/pub/v1', '/pub/v3/generations', '//pub//v1//models', '/pub/v1/models/', '/PUB/V1/MODELS'),
);
const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.constantFrom('page', 'page_size', 'type', 'status', 'media_id', 'generation_id', 'x', '\u0100'),
      fc.oneof(fc.constantFrom('0', '-1', '51', '1e9', 'NaN', '', '%zz', 'Ā', 'sdxl'), fc.string({ maxLength: 6 })),
      { maxKeys: 3 },
    )
    .map((entries) => `?${new URLSearchParams(entries).toString()}`),
  fc.constantFrom('?page=%zz', '?%=%', '?page=1&page=2', '?type[]=x'),
);
const oddKey = fc.oneof(
  fc.constantFrom('\u0100', '\u{1F600}', '\u007f', '\u0000', 'stpes', '__proto__', 'constructor'),
  fc.string({ unit: 'binary', maxLength: 6 }),
);
const jsonish = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(oddKey, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }).map((extra) => ({ ids: ['ast_01'], size: { width: 64, height: 64 }, ...extra })),
  fc.dictionary(oddKey, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }).map((extra) => [{ model: 'JuggernautXL', prompt: { positive: 'x' }, ...extra }]),
);
const body = fc.oneof(
  { weight: 6, arbitrary: jsonish.map((value) => Buffer.from(JSON.stringify(value) ?? 'null')) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('{', '[', '{"ids":', 'null', '"x"', '1e999', `${'['.repeat(5000)}${']'.repeat(5000)}`).map((text) => Buffer.from(text)),
  },
  { weight: 1, arbitrary: fc.constantFrom(1024 * 1024 + 1, 3 * 1024 * 1024).map((size) => Buffer.alloc(size, 0x20)) },
);
const hostile: fc.Arbitrary<Hostile> = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND', 'TRACE'),
    path: fc.tuple(path, query).map(([p, q]) => p + q),
    key: fc.constantFrom(KEY, '', 'wrong', 'x'.repeat(2000), 'k\u00ff'),
    contentType: fc.constantFrom(
      'application/json',
      'text/plain',
      'application/json; charset=latin1',
      'multipart/form-data; boundary=x',
      '',
      'application/problem+json',
    ),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'application/xml', ''),
    body: fc.option(body, { freq: 2 }),
  })
  .map(({ method, path, key, contentType, accept, body }) => {
    const headers: Record<string, string> = {};
    if (key) headers['x-api-key'] = key;
    if (contentType) headers['content-type'] = contentType;
    if (accept) headers.accept = accept;
    // Framed by its length: Node's client sends a GET or TRACE body unframed otherwise.
    if (body) headers['content-length'] = String(body.length);
    return { method, path, headers, ...(body ? { body } : {}) };
  });

/** A connection silent this long is taken to hang (every request is answered at once, on a loaded machine in seconds). */
const SILENT_MS = 120_000;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function send(base: URL, req: Hostile): Promise<Raw | undefined> {
  return new Promise((resolve, reject) => {
    let outgoing: ReturnType<typeof request>;
    try {
      outgoing = request({ host: base.hostname, port: base.port, method: req.method, path: req.path, headers: req.headers, timeout: SILENT_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
    } catch (error) {
      if (process.env.STORM_DEBUG) console.log('refused by the client', req.method, req.path.slice(0, 80), (error as Error).message);
      // Node's client refuses to send it (e.g. a character it will not put in a path): not a request.
      resolve(undefined);
      return;
    }
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer in time to ${req.method} ${req.path}`)));
    // The server may close after answering a too-large body before it is all written.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (process.env.STORM_DEBUG) console.log('connection error', req.method, req.path.slice(0, 80), req.body?.length, error.code);
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve(undefined);
      else reject(error);
    });
    outgoing.end(req.body);
  });
}

const LEAKS = [
  /"stack"/,
  /\n\s+at /,
  /node_modules/,
  /file:\/\//,
  new RegExp(
    packageRoot
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .split(/[\\/]/)
      .slice(0, 3)
      .join('[\\\\/]'),
  ),
];

function judge(kind: 'prism' | 'sandbox', req: Hostile, answer: Raw): void {
  const where = `${req.method} ${req.path.slice(0, 120)} → ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.headers['x-mediagen-mock'], where).toBe(kind);
  const rawPath = req.path.split('?')[0]!;
  if (req.method === 'OPTIONS' && answer.status === 204) return;
  expect(declared(req.method, rawPath), where).toContain(answer.status);
  if (req.method === 'HEAD') return;
  expect(String(answer.headers['content-type']), where).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as { data?: unknown; err?: { code?: unknown; message?: unknown } };
  expect(typeof body === 'object' && body !== null && !Array.isArray(body), where).toBe(true);
  expect(typeof body.err === 'object' && body.err !== null, where).toBe(true);
  if (answer.status >= 400) {
    expect(typeof body.err!.code, where).toBe('string');
    expect(typeof body.err!.message, where).toBe('string');
  } else expect('data' in body, where).toBe(true);
  for (const leak of LEAKS) expect(answer.text, where).not.toMatch(leak);
}

describe.each<['prism' | 'sandbox', string[]]>([
  ['prism', []],
  ['sandbox', ['--stateful', '--api-key', KEY]],
])('a storm of hostile requests against %s', (kind, args) => {
  let run: Run;
  let base: URL;
  beforeAll(async () => {
    run = start(args);
    const [, url] = await waitFor(run, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
    base = new URL(url!);
  });
  afterAll(async () => {
    run?.child.kill('SIGTERM');
    await run?.exit;
  });

  it(`answers ${RUNS} seeded hostile requests in the envelope, and still answers afterwards`, async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(hostile, async (req) => {
        const answer = await send(base, req);
        if (answer === undefined) return;
        answered++;
        judge(kind, req, answer);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(answered).toBeGreaterThan(RUNS * 0.9);
    expect(run.child.exitCode).toBeNull();
    expect(run.stderr()).not.toMatch(/stopped on its own/);
    const models = await call(base.origin, 'get', '/pub/v1/models');
    expect(models.status).toBe(200);
    expect(models.headers.get('x-mediagen-mock')).toBe(kind);
  });
});
