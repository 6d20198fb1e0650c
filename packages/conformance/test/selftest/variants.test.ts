// The faithful variants' rewrites: what one remembers belongs to one run and to its own requests. A
// variant's default and --strict runs go side by side, and requests of one run are in flight together.
import { operations } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { faithfulVariants } from '../../src/selftest/index.js';
import type { ProxyRequest, ProxyResponse, ProxyTools, Rewrite } from '../../src/selftest/proxy.js';

const tools: ProxyTools = { apiKey: 'k', upstream: async () => ({ status: 0, headers: {}, body: '' }) };
const { generateMedia, getGeneration } = operations;

const generate = (prompt: string): ProxyRequest => ({
  method: 'POST',
  path: generateMedia.path,
  query: new URLSearchParams(),
  headers: { 'x-api-key': 'k' },
  operationId: generateMedia.operationId,
  body: JSON.stringify([{ video_anyone: { media_id: 'med_1', prompt } }]),
});
const read = (id: string): ProxyRequest => ({
  method: 'GET',
  path: getGeneration.path.replace('{generation_id}', id),
  query: new URLSearchParams(),
  headers: { 'x-api-key': 'k' },
  operationId: getGeneration.operationId,
});
const answer = (data: unknown): ProxyResponse => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data, err: null }) });
const generation = (id: string) => answer({ generation_id: id, media: [{ id: `${id}_m`, status: 'success' }] });

async function send(rewrite: Rewrite, request: ProxyRequest, upstream: ProxyResponse): Promise<ProxyResponse> {
  const changed = (await rewrite.request?.(request, tools)) ?? request;
  if ('status' in changed) return changed;
  return (await rewrite.response?.(changed, upstream, tools)) ?? upstream;
}
const statusOf = (response: ProxyResponse) => (JSON.parse(response.body) as { data: { media: { status: string }[] } }).data.media[0]?.status;

describe('faithful variants', () => {
  const longPrompt = faithfulVariants().find((v) => v.id === 'long-prompt-fails-later')!;

  it('long-prompt-fails-later fails the generation of the long prompt, whatever went beside it', async () => {
    const rewrite = longPrompt.rewrite();
    // The long prompt's request, then a short one sent before the first is answered.
    const long = await rewrite.request!(generate('x'.repeat(501)), tools);
    const short = await rewrite.request!(generate('a short prompt'), tools);
    if ('status' in long || 'status' in short) throw new Error('answered by the rewrite');
    expect(JSON.parse(long.body!)[0].video_anyone.prompt).toHaveLength(500);
    await rewrite.response!(long, answer({ generation_id: 'gen_long', media: [] }), tools);
    await rewrite.response!(short, answer({ generation_id: 'gen_short', media: [] }), tools);
    expect(statusOf(await send(rewrite, read('gen_long'), generation('gen_long')))).toBe('failed');
    expect(statusOf(await send(rewrite, read('gen_short'), generation('gen_short')))).toBe('success');
    // Another run's rewrite remembers nothing of this one (the ids of two sandboxes may be the same).
    expect(statusOf(await send(longPrompt.rewrite(), read('gen_long'), generation('gen_long')))).toBe('success');
  });
});
