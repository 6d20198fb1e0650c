// A broken target's rewrite may keep state (what it deleted, what it served before); that state belongs
// to one run. Its default and --strict runs each take a rewrite of their own: what one run did never
// shapes what the next is answered.
import { operations } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { brokenTargets, freshRewrite } from '../../src/selftest/broken-targets.js';
import type { ProxyRequest, ProxyResponse, ProxyTools } from '../../src/selftest/proxy.js';

const KEY = 'k';
const tools: ProxyTools = { apiKey: KEY, upstream: async () => ({ status: 200, headers: {}, body: JSON.stringify({ data: { media: [] }, err: null }) }) };
const request = (method: string, path: string, operationId: string): ProxyRequest => ({
  method,
  path,
  query: new URLSearchParams(),
  headers: { 'x-api-key': KEY },
  operationId: operationId as ProxyRequest['operationId'],
});
const { deleteGeneration, getGeneration } = operations;
const del = request('DELETE', '/pub/v1/generations/gen_1', deleteGeneration.operationId);
const read = request('GET', '/pub/v1/generations/gen_1', getGeneration.operationId);
const answered = (out: ProxyRequest | ProxyResponse) => 'status' in out;

describe('broken targets: a rewrite per run', () => {
  it('a stateful target remembers only its own run (a deletion it faked is unknown to the next run)', async () => {
    const first = freshRewrite('deletion-undone-later');
    expect(answered(await first.request!(del, tools))).toBe(true);
    // The first run hides what it "deleted"…
    expect(answered(await first.request!(read, tools))).toBe(true);
    // …the next run's rewrite knows nothing of it: the read goes to the server.
    const second = freshRewrite('deletion-undone-later');
    expect(answered(await second.request!(read, tools))).toBe(false);
  });

  it('makes every target of the catalogue anew, and refuses an unknown id', () => {
    for (const target of brokenTargets) expect(() => freshRewrite(target.id), target.id).not.toThrow();
    expect(() => freshRewrite('no-such-target')).toThrow(/no broken target no-such-target/);
  });
});
