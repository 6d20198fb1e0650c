import { operationById } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import {
  BudgetExceeded,
  BudgetTracker,
  CHECK_IDS,
  CHECKS,
  CleanupRegistry,
  checkContentType,
  checkEnvelope,
  checkPagination,
  checkRenamedFields,
  checkResponseSchema,
  checkStatusCode,
  type Exchange,
  isLoopbackHost,
  Masker,
  selectedChecks,
  toCurl,
} from '../../src/index.js';

const op = (id: string) => operationById(id)!;

function exchange(status: number, json: unknown, extra: Partial<Exchange> = {}): Exchange {
  return {
    request: { operationId: 'getMedia', method: 'get', path: '/pub/v1/generations/media/media_01', auth: 'valid', label: 'test' },
    url: 'http://127.0.0.1/x',
    status,
    contentType: 'application/json',
    text: JSON.stringify(json),
    json,
    durationMs: 1,
    ...extra,
  };
}

const media = { id: 'media_01', dim: { height: 512, width: 512 }, type: 'image', status: 'success', url: 'u' };

describe('the check catalogue', () => {
  it('has an id, a one-line description and a severity for every check', () => {
    expect(CHECKS.map((c) => c.id)).toEqual([...CHECK_IDS]);
    for (const check of CHECKS) {
      expect(check.description).not.toContain('\n');
      expect(['critical', 'error', 'warning']).toContain(check.severity);
    }
  });

  it('selects with --only and --skip and refuses unknown ids', () => {
    expect(selectedChecks({ only: ['auth_required', 'ignored_auth'], skip: ['ignored_auth'] })).toEqual(['auth_required']);
    expect(() => selectedChecks({ only: ['nope'] })).toThrow(/unknown check id: nope/);
  });
});

describe('response checks', () => {
  it('status_code_conformance accepts declared statuses only', () => {
    expect(checkStatusCode(op('getMedia'), exchange(404, {})).ok).toBe(true);
    const undeclared = checkStatusCode(op('listModels'), exchange(418, {}));
    expect(undeclared.ok).toBe(false);
    expect(undeclared.message).toContain('418');
    expect(checkStatusCode(op('listModels'), exchange(0, undefined, { error: 'ECONNREFUSED' })).message).toContain('no response');
  });

  it('content_type_conformance wants application/json (parameters allowed)', () => {
    expect(checkContentType(exchange(200, {}, { contentType: 'application/json; charset=utf-8' })).ok).toBe(true);
    expect(checkContentType(exchange(200, {}, { contentType: 'text/plain' })).ok).toBe(false);
    expect(checkContentType(exchange(200, {}, { contentType: undefined })).ok).toBe(false);
  });

  it('envelope_conformance: data on success, err = { code, message } on failure', () => {
    expect(checkEnvelope(exchange(200, { data: media, err: {} })).ok).toBe(true);
    expect(checkEnvelope(exchange(200, { media })).ok).toBe(false);
    expect(checkEnvelope(exchange(404, { err: { code: 'not_found', message: 'gone' } })).ok).toBe(true);
    expect(checkEnvelope(exchange(404, { message: 'gone' })).message).toContain('no `err`');
    expect(checkEnvelope(exchange(422, { err: { message: 'x' } })).ok).toBe(false);
    expect(checkEnvelope(exchange(500, undefined, { jsonError: 'body is not JSON' })).ok).toBe(false);
  });

  it('response_schema_conformance reports the path of the first mismatch', () => {
    expect(checkResponseSchema(op('getMedia'), exchange(200, { data: media, err: {} })).ok).toBe(true);
    const wrong = checkResponseSchema(op('getMedia'), exchange(200, { data: { ...media, status: 'done' }, err: {} }));
    expect(wrong.ok).toBe(false);
    expect(wrong.path).toEqual(['data', 'status']);
    expect(wrong.message).toContain('data.status: must be one of');
    expect(checkResponseSchema(op('getMedia'), exchange(404, { err: { code: 'not_found', message: 'x' } })).ok).toBe(true);
  });

  it('renamed_fields finds legacy names and missing current ones', () => {
    expect(checkRenamedFields(op('getMedia'), exchange(200, { data: media }))?.ok).toBe(true);
    const { dim, ...rest } = media;
    const legacy = checkRenamedFields(op('getMedia'), exchange(200, { data: { ...rest, size: dim } }));
    expect(legacy?.ok).toBe(false);
    expect(legacy?.message).toContain('data.size: legacy name');
    const images = checkRenamedFields(op('getGeneration'), exchange(200, { data: { generation_id: 'g', created_at: 1, images: [media] } }));
    expect(images?.message).toContain('data.images: legacy name');
    expect(checkRenamedFields(op('listModels'), exchange(200, { data: [] }))).toBeUndefined();
  });

  it('pagination_conformance compares the page with the request', () => {
    const listing = (data: unknown[], pagination: unknown, query: Record<string, number>) =>
      exchange(
        200,
        { data, err: {}, pagination },
        { request: { operationId: 'listModels', method: 'get', path: '/pub/v1/models', query, auth: 'valid', label: 't' } },
      );
    expect(checkPagination(op('listModels'), listing([1], { page: 1, page_size: 1, total: 5 }, { page_size: 1 }))?.ok).toBe(true);
    expect(checkPagination(op('listModels'), listing([1, 2], { page: 1, page_size: 10, total: 5 }, { page_size: 1 }))?.ok).toBe(false);
    expect(checkPagination(op('listModels'), listing([1], { page: 1, page_size: 1, total: 5 }, { page: 2, page_size: 1 }))?.message).toContain('page=2');
    expect(checkPagination(op('listModels'), listing([1], undefined, {}))).toBeUndefined();
  });
});

describe('live safety building blocks', () => {
  it('masks the key everywhere, including encoded forms', () => {
    const masker = new Masker(['s3cr3t/key']);
    expect(masker.text('key=s3cr3t/key and s3cr3t%2Fkey')).toBe('key=*** and ***');
    expect(masker.json({ a: ['s3cr3t/key'], b: { c: 'x s3cr3t/key' } })).toEqual({ a: ['***'], b: { c: 'x ***' } });
  });

  it('writes curl lines with the key masked', () => {
    const curl = toCurl('http://127.0.0.1:4010', {
      operationId: 'estimateGeneration',
      method: 'post',
      path: '/pub/v1/generations/estimate',
      body: [{ prompt: { positive: "it's" } }],
      auth: 'valid',
      label: 't',
    });
    expect(curl).toBe(
      `curl -X POST 'http://127.0.0.1:4010/pub/v1/generations/estimate' -H 'X-API-KEY: ***' -H 'Content-Type: application/json' -d '[{"prompt":{"positive":"it'\\''s"}}]'`,
    );
  });

  it('the budget refuses a generation above --max-credits with a clear message', () => {
    const budget = new BudgetTracker(10);
    const a = budget.reserve(6, 'a');
    expect(() => budget.reserve(5, '"b"')).toThrow(BudgetExceeded);
    expect(budget.refused[0]).toBe(`refusing to generate "b": its estimate of 5 credits would bring the run's spend to 11, above --max-credits 10`);
    expect(budget.spent).toBe(6);
    budget.release(a);
    expect(budget.spent).toBe(0);
  });

  it('the planner keeps its credits for the stateful checks', () => {
    const budget = new BudgetTracker(10);
    expect(budget.plan(8)).toBe(true);
    // Unplanned spending comes out of what is left over.
    expect(() => budget.reserve(3, '"extra"')).toThrow(/kept for the stateful checks/);
    budget.reserve(2, '"extra"');
    budget.reserve(8, '"planned"', true);
    expect(budget.spent).toBe(10);
    expect(new BudgetTracker(5).plan(8)).toBe(false);
  });

  it('cleanup deletes newest first and records what it could not delete', async () => {
    const order: string[] = [];
    const registry = new CleanupRegistry();
    registry.register({ kind: 'asset', id: 'a1', remove: async () => (order.push('a1'), true) });
    registry.register({ kind: 'generation', id: 'g1', remove: async () => (order.push('g1'), false) });
    registry.register({ kind: 'character', id: 'c1' });
    registry.register({ kind: 'generation', id: 'g2', remove: async () => Promise.reject(new Error('boom')) });
    await registry.drain();
    expect(order).toEqual(['g1', 'a1']);
    expect(registry.deleted).toBe(1);
    expect(registry.leftover).toEqual(['generation g2 (boom)', 'character c1 (the API has no delete for it)', 'generation g1']);
  });

  it('knows the loopback range: literal addresses only (a name is resolved first)', () => {
    for (const host of ['127.0.0.1', '127.3.2.1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['localhost', 'api.localhost', 'api.rendernet.ai', '10.0.0.1', '192.168.1.2', '127.example.com'])
      expect(isLoopbackHost(host)).toBe(false);
  });

  it('masks a key as a value: a short key does not rewrite words', () => {
    const masker = new Masker(['k']);
    expect(masker.text('skipped with key k, X-API-KEY: k')).toBe('skipped with key ***, X-API-KEY: ***');
    expect(masker.json({ outcome: 'skipped', header: 'k' })).toEqual({ outcome: 'skipped', header: '***' });
  });
});
