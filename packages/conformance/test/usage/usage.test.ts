// Usage from real traffic: an application's calls through the validating proxy in front of a sandbox
// at 2024-09-04, recorded and read back as a usage file — the names it sent and got back per
// operation, the version its exchanges speak, counts and times; never the key nor a value. Then the
// file's bounds (fields per location, its size on disk, a malformed file), merging, and the paths of one
// version said as another says them.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  formatUsage,
  MAX_FIELDS_PER_LOCATION,
  MAX_USAGE_BYTES,
  mergeUsage,
  parseUsage,
  readUsageDir,
  readUsageFile,
  recordUsage,
  spokenVersion,
  translatePath,
  type UsageFile,
  usageAt,
  usageOfHar,
} from '../../src/usage/index.js';
import { datedApp, recordThroughProxy, SECRET_PROMPT } from '../support/recordings.js';

const KEY = 'sk-live-usage-MUST-NOT-LEAK-4417';

/** Every string of a JSON value (keys excluded), at least `min` characters long. */
function strings(value: unknown, min: number, out = new Set<string>()): Set<string> {
  if (typeof value === 'string' && value.length >= min) out.add(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, min, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) strings(item, min, out);
  return out;
}

/** A HAR of the given entries (request and answer), as a recorder writes one. */
function harOf(entries: { method: string; url: string; body?: unknown; status: number; answer: unknown }[]): string {
  return JSON.stringify({
    log: {
      version: '1.2',
      entries: entries.map((e, i) => ({
        startedDateTime: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
        time: 5,
        request: {
          method: e.method,
          url: e.url,
          headers: [{ name: 'X-API-KEY', value: KEY }],
          ...(e.body === undefined ? {} : { postData: { mimeType: 'application/json', text: JSON.stringify(e.body) } }),
        },
        response: {
          status: e.status,
          headers: [{ name: 'content-type', value: 'application/json' }],
          content: { mimeType: 'application/json', text: JSON.stringify(e.answer) },
        },
      })),
    },
  });
}

describe('usage from a recording of an application at 2024-09-04', () => {
  let har: string;
  let usage: UsageFile;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'usage-'));
    har = await recordThroughProxy('2024-09-04', KEY, (url) => datedApp(url, KEY, '2024-09-04'), dir);
    usage = (await usageOfHar(har, 'checkout-web')).usage;
  });

  it('lists what each operation sent and got back, by name, with the version its exchanges speak', async () => {
    expect(Object.keys(usage.operations)).toEqual(['generateMedia', 'getGeneration', 'getMedia', 'listGenerations', 'listModels']);
    const list = usage.operations.listGenerations!;
    expect(list).toMatchObject({ method: 'GET', path: '/pub/v1/generations', calls: 1, statuses: { '200': 1 } });
    expect(Object.keys(list.sent.query)).toEqual(['media_id', 'page', 'page_size']);
    expect(list.received['200']).toMatchObject({ 'data[].media': 1, 'data[].media[].dim': 1, 'data[].media[].type': 1, 'pagination.total': 1 });
    expect(list.version).toEqual({ lowest: '2024-09-04', highest: '2025-05-07', exchanges: 1 });
    const generate = usage.operations.generateMedia!;
    expect(generate.sent.body).toMatchObject({ '[].prompt.positive': 1, '[].character.character_id': 1, '[].character.weight': 1, '[].model': 1 });
    expect(generate.received['200']).toHaveProperty(['data.media[].dim']);
    // Nothing in a listing of models tells a version.
    expect(usage.operations.listModels!.version).toBeUndefined();
    expect(spokenVersion(usage)).toEqual({ version: '2024-09-04', told: true, mixed: false });
    expect(usage.exchanges).toBe(5);
    expect(Date.parse(list.firstSeen)).toBeGreaterThan(Date.parse('2024-01-01'));
  });

  it('holds neither the key nor any value the exchanges carried', async () => {
    const text = formatUsage(usage);
    const recording = readFileSync(har, 'utf8');
    // The proxy's HAR masks the key; the usage file never had it to begin with.
    expect(recording).not.toContain(KEY);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(SECRET_PROMPT);
    const values = new Set<string>();
    for (const entry of JSON.parse(recording).log.entries) {
      for (const body of [entry.request.postData?.text, entry.response.content?.text]) if (body) strings(JSON.parse(body), 6, values);
      for (const [, value] of new URL(entry.request.url).searchParams) if (value.length >= 6) values.add(value);
    }
    expect(values.size).toBeGreaterThan(10);
    expect([...values].filter((v) => text.includes(v))).toEqual([]);
  });

  it('merges runs: counts add up, whatever the order, and the file on disk says the same', async () => {
    const twice = mergeUsage(usage, usage);
    expect(twice.exchanges).toBe(10);
    expect(twice.operations.listGenerations!.sent.query.media_id).toBe(2);
    expect(twice.operations.listGenerations!.version!.exchanges).toBe(2);
    const other = (await usageOfHar(har, 'checkout-web', {})).usage;
    expect(formatUsage(mergeUsage(twice, other))).toBe(formatUsage(mergeUsage(other, twice)));
    const file = join(dir, 'usage', 'checkout-web.json');
    await recordUsage(file, usage);
    await recordUsage(file, usage);
    expect(readUsageFile(file)).toEqual(twice);
    expect(readUsageDir(join(dir, 'usage')).map((u) => u.consumer)).toEqual(['checkout-web']);
    expect(() => mergeUsage(usage, { ...usage, consumer: 'other' })).toThrow(/one file per consumer/);
  });

  it('says the paths of one version as another says them', async () => {
    const baseline = usageAt(usage, 'baseline');
    expect(baseline.operations.listGenerations!.received['200']).toHaveProperty(['data[].images[].size']);
    expect(baseline.operations.listGenerations!.sent.query).toHaveProperty(['image_id']);
    expect(baseline.operations.getMedia!.received['200']).toHaveProperty(['data.size']);
    expect(usageAt(baseline, '2025-05-07').operations.listGenerations!.received['200']).toEqual(usage.operations.listGenerations!.received['200']);
    expect(translatePath('generateMedia', { kind: 'response', status: '200' }, 'data.images[].image_size', 'baseline', '2025-05-07')).toBe('data.media[].dim');
    expect(translatePath('listGenerations', { kind: 'query' }, 'media_id', '2025-05-07', 'baseline')).toBe('image_id');
    expect(translatePath('listModels', { kind: 'query' }, 'page', 'baseline', '2025-05-07')).toBe('page');
  });
});

describe('usage is bounded', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'usage-bounds-'));
  });

  it('keeps names only: a key that is not a name becomes ?, and a location holds at most its bound of paths', async () => {
    const wide = Object.fromEntries(Array.from({ length: MAX_FIELDS_PER_LOCATION + 100 }, (_, i) => [`field_${i}`, i]));
    const file = join(dir, 'wide.har');
    writeFileSync(
      file,
      harOf([
        {
          method: 'GET',
          url: 'https://api.rendernet.ai/pub/v1/models?page=1&jane%40example.com=1',
          status: 200,
          answer: { data: [{ name: 'm', 'jane@example.com': 'x' }], err: {} },
        },
        {
          method: 'POST',
          url: 'https://api.rendernet.ai/pub/v1/generations/estimate',
          body: [{ prompt: { positive: 'p' }, ...wide }],
          status: 200,
          answer: { data: {} },
        },
        { method: 'GET', url: 'https://elsewhere.example/pub/v1/models', status: 200, answer: {} },
      ]),
    );
    const { usage, ignored, baseUrl } = await usageOfHar(file, 'wide');
    expect(baseUrl).toBe('https://api.rendernet.ai');
    expect(ignored).toBe(1);
    const text = formatUsage(usage);
    expect(text).not.toContain('jane');
    expect(usage.operations.listModels!.sent.query).toEqual({ '?': 1, page: 1 });
    expect(usage.operations.listModels!.received['200']).toHaveProperty(['data[].?']);
    const estimate = usage.operations.estimateGeneration!;
    expect(Object.keys(estimate.sent.body)).toHaveLength(MAX_FIELDS_PER_LOCATION);
    expect(estimate.dropped).toBe(102);
    expect(() => parseUsage(text, 'x')).not.toThrow();
  });

  it('refuses a usage file past its size limit, and a malformed one, naming what is wrong', async () => {
    const big = join(dir, 'big.json');
    writeFileSync(big, `{"format":"mediagen-usage/1","consumer":"big","exchanges":0,"operations":{},"pad":"${'x'.repeat(MAX_USAGE_BYTES)}"}`);
    expect(() => readUsageFile(big)).toThrow(`usage file: ${big} is 2.0 MiB, more than the 2 MiB it may be: refused`);
    const bad = (usage: unknown) => () => parseUsage(JSON.stringify(usage), 'u.json');
    const ok = { format: 'mediagen-usage/1', consumer: 'web', exchanges: 1, operations: {} };
    expect(bad({ ...ok, format: 'mediagen-usage/9' })).toThrow('usage file u.json: format must be "mediagen-usage/1", got a string');
    expect(bad({ ...ok, consumer: 'a b' })).toThrow('usage file u.json: consumer must be a consumer name, got a string');
    const op = { method: 'GET', path: '/pub/v1/models', calls: 1, firstSeen: '2025-01-01T00:00:00Z', lastSeen: '2025-01-01T00:00:00Z', statuses: { '200': 1 } };
    expect(bad({ ...ok, operations: { listModels: { ...op, sent: { query: { 'a=b': 1 }, body: {} }, received: {} } } })).toThrow(
      'usage file u.json: the key "a=b" of operations.listModels.sent.query must be a field path',
    );
    expect(bad({ ...ok, operations: { listModels: { ...op, sent: { query: {}, body: {} }, received: { '200': { data: -1 } } } } })).toThrow(
      'operations.listModels.received["200"].data must be a whole number ≥ 0, got a number',
    );
    expect(() => parseUsage('{', 'u.json')).toThrow(/^usage file u\.json: not JSON/);
  });
});
