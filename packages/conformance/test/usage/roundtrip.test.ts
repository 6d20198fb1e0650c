// Whatever a writer writes, its reader reads back equal: usage files (collected from exchanges whose
// bodies, queries and answers use any field names, `__proto__`, `constructor`, `toString` and
// `hasOwnProperty` among them, merged, written to disk and read back, alone and as a folder) and
// evidence files (any assumption id of the format, origin and verdict, merged, written and read back).
// A usage file written by `usage` was refused by its own reader when a request used a field named
// `constructor` (a count read through the prototype became NaN): the gate and the site then failed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type EvidenceFile, emptyEvidence, formatEvidence, parseEvidence } from '../../src/evidence/file.js';
import { type JudgedAssumption, mergeEvidence } from '../../src/evidence/merge.js';
import type { Observed } from '../../src/traffic/observed.js';
import { formatUsage, mergeUsage, parseUsage, readUsageDir, readUsageFile, recordUsage, UsageCollector, type UsageFile } from '../../src/usage/index.js';

const dir = mkdtempSync(join(tmpdir(), 'usage-roundtrip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Names a JavaScript object holds already: as data they must stay data. */
const SPECIAL = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'prototype'];
const name = fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ maxLength: 12 }), fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,10}$/));

/** A JSON object with any names, a few levels deep (built as JSON text so `__proto__` is an own key). */
const body: fc.Arbitrary<string> = fc
  .array(fc.tuple(name, fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.array(fc.dictionary(name, fc.integer(), { maxKeys: 3 }), { maxLength: 2 }))), {
    maxLength: 6,
  })
  .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`);

const ROUTES = [
  { method: 'POST', path: '/pub/v1/generations' },
  { method: 'GET', path: '/pub/v1/generations' },
  { method: 'GET', path: '/pub/v1/models' },
  { method: 'POST', path: '/pub/v1/assets/upload' },
];

const exchange = fc.record({
  route: fc.constantFrom(...ROUTES),
  query: fc.array(fc.tuple(name, fc.string({ maxLength: 3 })), { maxLength: 3 }),
  request: body,
  answer: body,
  status: fc.constantFrom(200, 400, 404, 422, 500),
  at: fc.integer({ min: 0, max: 10 ** 12 }),
});

type Exchange = typeof exchange extends fc.Arbitrary<infer T> ? T : never;

function observedOf(e: Exchange): Observed {
  const url = new URL(`https://api.rendernet.ai${e.route.path}`);
  for (const [k, v] of e.query) url.searchParams.append(k, v);
  return {
    method: e.route.method,
    url: url.href,
    key: { sent: true },
    ...(e.route.method === 'POST' ? { requestBody: e.request } : {}),
    status: e.status,
    responseHeaders: { 'content-type': 'application/json' },
    responseText: e.answer,
    truncated: false,
    startedMs: e.at,
    durationMs: 1,
  };
}

function usageOf(consumer: string, exchanges: readonly Exchange[]): UsageFile {
  const collector = new UsageCollector(consumer, 'https://api.rendernet.ai');
  for (const e of exchanges) collector.add(observedOf(e));
  return collector.usage();
}

/** Equal as data: the same keys (own, in order) and values, whatever the objects' prototypes. */
const same = (a: unknown, b: unknown) => expect(JSON.parse(JSON.stringify(a))).toStrictEqual(JSON.parse(JSON.stringify(b)));

describe('usage files: what the writer writes, the reader reads', () => {
  it('field names of any kind, special ones included, survive collecting, merging, writing and reading', async () => {
    let file = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(exchange, { minLength: 1, maxLength: 8 }), fc.array(exchange, { maxLength: 4 }), async (first, second) => {
        const a = usageOf('web', first);
        const b = usageOf('web', second);
        const text = formatUsage(a);
        const read = parseUsage(text, 'u.json');
        same(read, a);
        expect(formatUsage(read)).toBe(text);
        // Every count is a whole number: none read through a prototype.
        for (const op of Object.values(read.operations))
          for (const counts of [op.sent.query, op.sent.body, ...Object.values(op.received)])
            for (const n of Object.values(counts)) expect(Number.isInteger(n) && n > 0).toBe(true);
        // Through the disk: merged under the lock, read back alone and as a folder.
        const folder = join(dir, `f${file++}`);
        const path = join(folder, 'web.json');
        await recordUsage(path, a);
        const merged = await recordUsage(path, b);
        same(merged, mergeUsage(a, b));
        same(readUsageFile(path), merged);
        same(readUsageDir(folder), [merged]);
      }),
      { seed: 31, numRuns: 60 },
    );
  });

  it('a request with a field named constructor, toString, hasOwnProperty or __proto__ is counted and read back', async () => {
    const request = '{"constructor":1,"toString":"x","hasOwnProperty":true,"__proto__":{"valueOf":2}}';
    const usage = usageOf('app', [{ route: ROUTES[0]!, query: [['constructor', '1']], request, answer: request, status: 200, at: 0 }]);
    const op = usage.operations.generateMedia!;
    expect(Object.keys(op.sent.body).sort()).toEqual(['__proto__', '__proto__.valueOf', 'constructor', 'hasOwnProperty', 'toString']);
    expect(op.sent.body.constructor).toBe(1);
    expect(op.sent.query.constructor).toBe(1);
    const path = join(dir, 'special', 'app.json');
    await recordUsage(path, usage);
    const twice = await recordUsage(path, usage);
    const back = readUsageDir(join(dir, 'special'))[0]!;
    same(back, twice);
    const again = back.operations.generateMedia!;
    expect(again.sent.body.constructor).toBe(2);
    expect(Object.getOwnPropertyDescriptor(again.sent.body, '__proto__')?.value).toBe(2);
    expect(again.sent.body.toString).toBe(2);
  });
});

const ID = fc.oneof(
  fc.constantFrom(...SPECIAL).map((n) => `rule:${n}`),
  fc.constantFrom(...SPECIAL).map((n) => `operation:${n}`),
  fc.tuple(fc.constantFrom('Component', 'GenerationItem', '_x'), fc.constantFrom(...SPECIAL, 'name')).map(([c, f]) => `${c}.${f}`),
  fc.stringMatching(/^rule:[A-Za-z_][\w.-]{0,12}$/),
);

const judged: fc.Arbitrary<JudgedAssumption> = fc
  .record({
    id: ID,
    claim: fc.string({ minLength: 1, maxLength: 20 }),
    run: fc.record({
      date: fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }).map((ms) => new Date(ms).toISOString()),
      origin: fc.constantFrom('https://api.rendernet.ai', 'http://127.0.0.1:4010', 'https://staging.example'),
      source: fc.constantFrom('run' as const, 'proxy' as const, 'har' as const),
      version: fc.constantFrom('unknown', 'baseline', '2025-05-07'),
      verdict: fc.constantFrom('confirmed' as const, 'refuted' as const),
      apart: fc.option(fc.constantFrom('mock' as const, 'interrupted' as const), { nil: undefined }),
    }),
    // One claim per id (a contract states each once).
  })
  .map((j) => ({
    ...j,
    claim: `the contract assumes ${j.id}`,
    run: Object.fromEntries(Object.entries(j.run).filter(([, v]) => v !== undefined)) as unknown as JudgedAssumption['run'],
  }));

describe('evidence files: what the writer writes, the reader reads', () => {
  it('any id of the format (special names included), origin, source and verdict survive merging, writing and reading', () => {
    fc.assert(
      fc.property(fc.array(judged, { maxLength: 12 }), fc.array(judged, { maxLength: 6 }), (first, second) => {
        const a = mergeEvidence(emptyEvidence(), first);
        const text = formatEvidence(a);
        const read = parseEvidence(text, 'e.json');
        same(read, a);
        expect(formatEvidence(read)).toBe(text);
        // Merging in another order gives the same file (runs of other instants: the same run merged again replaces itself).
        const later = second.map((j) => ({ ...j, run: { ...j.run, date: j.run.date.replace(/^20/, '21') } }));
        const both = mergeEvidence(read, later);
        expect(formatEvidence(both)).toBe(formatEvidence(mergeEvidence(mergeEvidence(emptyEvidence(), later), first)));
        expect(Object.keys(parseEvidence(formatEvidence(both), 'e.json').assumptions)).toEqual(Object.keys(both.assumptions));
      }),
      { seed: 33, numRuns: 200 },
    );
  });

  it('a live run stays the latest verdict over any later run kept apart', () => {
    fc.assert(
      fc.property(fc.array(judged, { minLength: 1, maxLength: 12 }), (runs) => {
        const file: EvidenceFile = mergeEvidence(emptyEvidence(), runs);
        for (const [id, entry] of Object.entries(file.assumptions)) {
          const live = entry.runs.filter((r) => r.apart === undefined);
          if (live.length === 0) {
            expect(entry.latest.apart, id).toBeDefined();
            continue;
          }
          const last = live[live.length - 1]!;
          expect(entry.latest, id).toEqual({ verdict: last.verdict, date: last.date.slice(0, 10), origin: last.origin });
          expect(entry.for + entry.against).toBe(live.length);
        }
      }),
      { seed: 34, numRuns: 200 },
    );
  });
});
