// The relations judged over a history: what a generation asked for against what it made, a generation
// tracked by its id while it is made, and listing figures that agree. Each is shown failing where the
// sources state it, as a verdict where the part is ours, and holding for a server the sources allow.
import { operations, ruleById } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { cell, feed, generation, media, notFound, recordingJudge, verdict } from '../support/history.js';

const { generateMedia, getGeneration, getMedia, listGenerations, deleteGeneration } = operations;

const made = (id: string, items: ReturnType<typeof media>[]) => ({ data: { generation_id: id, credits_remaining: 5, media: items }, err: {} });
const item = (fields: Record<string, unknown>) => ({ model: 'JuggernautXL', prompt: { positive: 'a lighthouse' }, ...fields });
const sized = (id: string, width: number, height: number, status = 'success') => ({ ...media(id, status), dim: { width, height } });
const page = (items: unknown[], total: number, page: number, pageSize: number) => ({ data: items, err: {}, pagination: { page, page_size: pageSize, total } });

describe('request_relations: what was asked against what came back', () => {
  it('one item asking for batch_size 2 that makes 3 media fails the stated rule', () => {
    const judge = recordingJudge();
    feed(judge, generateMedia, {}, 200, made('g', [media('a'), media('b'), media('c')]), { body: [item({ batch_size: 2 })] });
    const result = cell(judge, 'generateMedia', 'request_relations');
    expect(result?.outcome).toBe('failed');
    expect(result?.failures[0]?.basis?.rule).toBe('batch_size_media_count');
    expect(ruleById('batch_size_media_count')?.source).toBe('interface');
  });

  it('an item without batch_size that makes two media refutes only our reading of the default', () => {
    const judge = recordingJudge();
    feed(judge, generateMedia, {}, 200, made('g', [media('a'), media('b')]), { body: [item({})] });
    expect(cell(judge, 'generateMedia', 'request_relations')?.outcome).not.toBe('failed');
    expect(verdict(judge, 'rule:media_per_item')).toBe('refuted');
  });

  it('a finished item of the wrong aspect ratio fails; one rounded as a model renders it, or a placeholder while it is made, holds', () => {
    const judge = recordingJudge();
    feed(judge, generateMedia, {}, 200, made('g1', [sized('a', 512, 512, 'initiated')]), { body: [item({ aspect_ratio: '16:9' })] });
    feed(judge, getMedia, { media_id: 'a' }, 200, { data: sized('a', 1344, 768), err: {} });
    expect(cell(judge, 'generateMedia', 'request_relations')?.outcome).toBe('passed');
    feed(judge, generateMedia, {}, 200, made('g2', [sized('b', 512, 512, 'initiated')]), { body: [item({ aspect_ratio: '2:3' })] });
    feed(judge, getGeneration, { generation_id: 'g2' }, 200, generation('g2', [sized('b', 1024, 1024)]));
    const result = cell(judge, 'generateMedia', 'request_relations');
    expect(result?.outcome).toBe('failed');
    expect(result?.failures[0]?.basis?.rule).toBe('aspect_ratio_honoured');
  });

  it('with Flux and a control net the control image decides: no aspect ratio is judged', () => {
    const judge = recordingJudge();
    const flux = { model: 'Flux', prompt: { positive: 'a' }, aspect_ratio: '16:9', control_net: { asset_id: 'ast_1', name: 'Canny' } };
    feed(judge, generateMedia, {}, 200, made('g', [sized('a', 512, 512, 'initiated')]), { body: [flux] });
    feed(judge, getMedia, { media_id: 'a' }, 200, { data: sized('a', 1024, 1024), err: {} });
    expect(cell(judge, 'generateMedia', 'request_relations')?.outcome).not.toBe('failed');
  });
});

describe('lifecycle_terminal: a generation tracked by its id', () => {
  it('404 until done: a miss, then one of its media still pending with no read served between, fails', () => {
    const judge = recordingJudge();
    feed(judge, generateMedia, {}, 200, made('g', [media('a', 'initiated')]), { body: [item({})] });
    feed(judge, getGeneration, { generation_id: 'g' }, 404, notFound);
    feed(judge, getMedia, { media_id: 'a' }, 200, { data: media('a', 'pending'), err: {} });
    const result = cell(judge, 'getGeneration', 'lifecycle_terminal');
    expect(result?.outcome).toBe('failed');
    expect(result?.failures[0]?.basis?.rule).toBe('generation_tracked_while_in_progress');
  });

  it('one read too early, then readable while its media are made: holds', () => {
    const judge = recordingJudge();
    feed(judge, generateMedia, {}, 200, made('g', [media('a', 'initiated')]), { body: [item({})] });
    feed(judge, getGeneration, { generation_id: 'g' }, 404, notFound);
    feed(judge, getGeneration, { generation_id: 'g' }, 200, generation('g', [media('a', 'pending')]));
    feed(judge, getMedia, { media_id: 'a' }, 200, { data: media('a', 'pending'), err: {} });
    expect(cell(judge, 'getGeneration', 'lifecycle_terminal')?.outcome).toBe('passed');
  });
});

describe('listing_figures and use_after_free over time', () => {
  it('a total that drifts between pages, or that a whole walk does not hold, refutes our readings of total', () => {
    const judge = recordingJudge();
    const g = (id: string) => generation(id, [media(`${id}m`, 'success')]).data;
    feed(judge, listGenerations, {}, 200, page([g('a'), g('b')], 3, 1, 2), { query: { page: 1, page_size: 2 } });
    feed(judge, listGenerations, {}, 200, page([g('c')], 4, 2, 2), { query: { page: 2, page_size: 2 } });
    expect(verdict(judge, 'rule:page_total_steady')).toBe('refuted');
    expect(cell(judge, 'listGenerations', 'listing_figures')?.outcome).not.toBe('failed');
  });

  it('the generations’ total moves by what the run made (a live run: the account is its own)', () => {
    const judge = recordingJudge(true);
    const g = (id: string) => generation(id, [media(`${id}m`, 'success')]).data;
    feed(judge, listGenerations, {}, 200, page([g('a')], 1, 1, 50), { query: { page: 1, page_size: 50 } });
    feed(judge, generateMedia, {}, 200, made('b', [media('bm', 'initiated')]), { body: [item({})] });
    feed(judge, listGenerations, {}, 200, page([g('b'), g('a')], 3, 1, 50), { query: { page: 1, page_size: 50 } });
    expect(verdict(judge, 'rule:page_total_counts_items')).toBe('refuted');
  });

  it('a deleted generation listed again later fails', () => {
    const judge = recordingJudge();
    feed(judge, generateMedia, {}, 200, made('g', [media('a', 'initiated')]), { body: [item({})] });
    feed(judge, deleteGeneration, { generation_id: 'g' }, 200, { data: { id: 'g' }, err: {} });
    feed(judge, listGenerations, {}, 200, page([generation('g', [media('a', 'success')]).data], 1, 1, 50), { query: { page: 1, page_size: 50 } }, 60_000);
    const result = cell(judge, 'deleteGeneration', 'use_after_free');
    expect(result?.failures.map((f) => f.basis?.rule)).toContain('deleted_generation_gone');
  });
});
