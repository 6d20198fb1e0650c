// Broken targets that answer every request in the right shape while doing the wrong thing: a result
// that disagrees with what was asked, a deletion that reverts once the window after it has passed, a
// filter ignored for one of its values, a generation that cannot be tracked while it is made, listing
// figures that drift. Each is caught through the relation it breaks.
import { operations } from '@mediagen/schema';
import { isFor, jsonReply, type ProxyRequest, type ProxyResponse, type ProxyTools, parseJson, type Rewrite } from '../proxy.js';
import { editJson, isObject, isSuccess, onGenerationItems, onMediaSuccess } from '../rewrites.js';
import type { BrokenTarget } from './types.js';

const { deleteGeneration, getGeneration, getMedia, generateMedia, listGenerations } = operations;
const lastSegment = (path: string) => decodeURIComponent(path.split('/').pop() ?? '');
const withKey = (request: ProxyRequest, tools: ProxyTools) => request.headers['x-api-key'] === tools.apiKey;

/** Media ids of a generation, as the upstream holds them. */
async function mediaOf(generationId: string, request: ProxyRequest, tools: ProxyTools): Promise<string[]> {
  const answer = parseJson(await tools.upstream({ method: 'GET', path: `/pub/v1/generations/${encodeURIComponent(generationId)}`, headers: request.headers }));
  const media = isObject(answer) && isObject(answer.data) && Array.isArray(answer.data.media) ? answer.data.media : [];
  return media.filter(isObject).flatMap((m) => (typeof m.id === 'string' ? [m.id] : []));
}

/** A deleted generation is hidden for the first two reads that touch it, then back (never deleted upstream). */
function deletionUndoneLater(): Rewrite {
  const hidden = new Map<string, { media: string[]; reads: number }>();
  const touched = (request: ProxyRequest) => {
    const id = lastSegment(request.path);
    if (isFor(request, getGeneration)) return hidden.get(id);
    if (isFor(request, getMedia)) return [...hidden.values()].find((h) => h.media.includes(id));
    return undefined;
  };
  return {
    request: async (request, tools) => {
      if (!withKey(request, tools)) return request;
      if (isFor(request, deleteGeneration)) {
        const id = lastSegment(request.path);
        hidden.set(id, { media: await mediaOf(id, request, tools), reads: 0 });
        return jsonReply(200, { data: { id }, err: {} });
      }
      const entry = touched(request);
      if (!entry || ++entry.reads > 2) return request;
      return jsonReply(404, { err: { code: 'not_found', message: 'not found' } });
    },
  };
}

/** Media held `pending` for their first reads; their generation not found while any is held (404 until done). */
function untrackedUntilDone(): Rewrite {
  const reads = new Map<string, number>();
  const HELD = 3;
  const held = (id: string) => (reads.get(id) ?? 0) <= HELD;
  return {
    request: async (request, tools) => {
      if (!withKey(request, tools) || !isFor(request, getGeneration)) return request;
      const media = await mediaOf(lastSegment(request.path), request, tools);
      return media.some(held) ? jsonReply(404, { err: { code: 'not_found', message: 'generation not found' } }) : request;
    },
    response: (request, response) => {
      if (!isFor(request, getMedia) || !isSuccess(response.status)) return response;
      return editJson(response, (body) => {
        const m = body.data;
        if (!isObject(m) || typeof m.id !== 'string') return;
        reads.set(m.id, (reads.get(m.id) ?? 0) + 1);
        if (held(m.id)) {
          m.status = 'pending';
          delete m.url;
        }
      });
    },
  };
}

/** The generations listing's total, changed by `shift(page)` on every page (and the pages computed from the true total). */
const totalShifted =
  (shift: (page: number) => number): Rewrite['response'] =>
  (request, response): ProxyResponse => {
    if (!isFor(request, listGenerations) || !isSuccess(response.status)) return response;
    return editJson(response, (body) => {
      if (isObject(body.pagination) && typeof body.pagination.total === 'number' && typeof body.pagination.page === 'number')
        body.pagination.total += shift(body.pagination.page);
    });
  };

export const relationTargets = (): readonly BrokenTarget[] => [
  {
    id: 'batch-size-plus-one',
    description: 'a generation asking for batch_size N makes N + 1 media items',
    upstream: 'sandbox',
    expect: 'request_relations',
    rule: 'batch_size_media_count',
    rewrite: {
      request: onGenerationItems(
        (item) => {
          if (typeof item.batch_size === 'number') item.batch_size += 1;
        },
        [generateMedia],
      ),
    },
  },
  {
    id: 'aspect-ratio-ignored',
    description: 'every image comes out square, whatever aspect_ratio asked for',
    upstream: 'sandbox',
    expect: 'request_relations',
    rule: 'aspect_ratio_honoured',
    rewrite: {
      request: onGenerationItems(
        (item) => {
          delete item.aspect_ratio;
        },
        [generateMedia],
      ),
    },
  },
  {
    id: 'images-made-as-videos',
    description: 'a model or style generation answers media of type video',
    upstream: 'sandbox',
    expect: 'request_relations',
    rule: 'image_kind_makes_images',
    rewrite: {
      response: onMediaSuccess(({ media }, request) => {
        if (isFor(request, generateMedia)) for (const m of media) m.type = 'video';
      }),
    },
  },
  {
    id: 'deletion-undone-later',
    description: 'a deleted generation is gone for the reads right after the delete, and back later in the run',
    upstream: 'sandbox',
    expect: 'use_after_free',
    rule: 'deleted_generation_gone',
    rewrite: deletionUndoneLater(),
  },
  {
    id: 'status-failed-filter-ignored',
    description: 'listGenerations ignores ?status=failed (lists every generation)',
    upstream: 'sandbox',
    expect: 'filter_conformance',
    rule: 'status_filter',
    rewrite: {
      request: (request) => {
        if (!isFor(request, listGenerations) || request.query.get('status') !== 'failed') return request;
        const query = new URLSearchParams(request.query);
        query.delete('status');
        return { ...request, query };
      },
    },
  },
  {
    id: 'untracked-until-done',
    description: 'a generation answers 404 on get generation until its media are done (they stay pending for their first reads)',
    upstream: 'sandbox',
    expect: 'lifecycle_terminal',
    rule: 'generation_tracked_while_in_progress',
    rewrite: untrackedUntilDone(),
  },
  {
    id: 'total-drifts-between-pages',
    description: 'the generations listing reports a different total on each page (what total counts is ours)',
    upstream: 'sandbox',
    expect: 'listing_figures',
    rule: 'page_total_steady',
    strict: { refutes: 'rule:page_total_steady' },
    rewrite: { response: totalShifted((page) => page - 1) },
  },
  {
    id: 'total-counts-one-more',
    description: 'the generations listing reports one more in total than it holds (what total counts is ours)',
    upstream: 'sandbox',
    expect: 'listing_figures',
    rule: 'page_total_counts_items',
    strict: { refutes: 'rule:page_total_counts_items' },
    rewrite: { response: totalShifted(() => 1) },
  },
  {
    id: 'unasked-media-per-item',
    description:
      'an item without batch_size makes two media items (the default batch size is ours); sizes come as a model renders them (multiples of 64) and the generate answer shows a 512×512 placeholder',
    upstream: 'sandbox',
    expect: 'request_relations',
    rule: 'media_per_item',
    strict: { refutes: 'rule:media_per_item' },
    // Generate and estimate alike: the price stays what the estimate says.
    rewrite: {
      request: onGenerationItems((item) => {
        if (item.batch_size === undefined && (item.model !== undefined || item.style !== undefined || item.style_detail !== undefined)) item.batch_size = 2;
      }),
      // The aspect ratio is judged on what was made, as near as a model renders it: neither rounding nor a placeholder fails.
      response: onMediaSuccess(({ media }, request) => {
        for (const m of media) {
          if (!isObject(m.dim) || typeof m.dim.width !== 'number' || typeof m.dim.height !== 'number') continue;
          if (isFor(request, generateMedia)) m.dim = { width: 512, height: 512 };
          else m.dim = { width: Math.max(64, Math.round(m.dim.width / 64) * 64), height: Math.max(64, Math.round(m.dim.height / 64) * 64) };
        }
      }),
    },
  },
];
