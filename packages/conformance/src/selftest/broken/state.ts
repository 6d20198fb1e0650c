// Broken targets that keep state wrongly: deletes that delete too much or nothing, pages and filters
// ignored, media that never finish, credits that do not add up, created resources not found.
import { operations } from '@mediagen/schema';
import { isFor, jsonReply, parseJson } from '../proxy.js';
import { editJson, isObject, isSuccess, onMediaSuccess, queryDropped } from '../rewrites.js';
import type { BrokenTarget } from './types.js';

const { deleteMedia, deleteGeneration, getGeneration, listGenerations, generateMedia, estimateGeneration } = operations;
const lastSegment = (path: string) => decodeURIComponent(path.split('/').pop() ?? '');

export const stateTargets = (): readonly BrokenTarget[] => [
  {
    id: 'delete-media-wipes-batch',
    description: 'deleting one media item deletes its whole generation',
    upstream: 'sandbox',
    expect: 'use_after_free',
    rule: 'deleted_media_siblings_kept',
    rewrite: {
      request: async (request, tools) => {
        if (!isFor(request, deleteMedia)) return request;
        const mediaId = lastSegment(request.path);
        const found = parseJson(
          await tools.upstream({ method: 'GET', path: listGenerations.path, headers: request.headers, query: new URLSearchParams({ media_id: mediaId }) }),
        );
        const generation = isObject(found) && Array.isArray(found.data) ? found.data.find(isObject) : undefined;
        if (!generation || typeof generation.generation_id !== 'string') return request;
        await tools.upstream({ method: 'DELETE', path: `/pub/v1/generations/${encodeURIComponent(generation.generation_id)}`, headers: request.headers });
        return jsonReply(200, { data: { id: mediaId }, err: {} });
      },
    },
  },
  {
    id: 'delete-media-noop',
    description: 'deleting a media item answers 200 but deletes nothing',
    upstream: 'sandbox',
    expect: 'use_after_free',
    rule: 'deleted_media_gone',
    rewrite: {
      request: (request) =>
        isFor(request, deleteMedia) && request.headers['x-api-key'] ? jsonReply(200, { data: { id: lastSegment(request.path) }, err: {} }) : request,
    },
  },
  {
    id: 'deleted-generation-still-served',
    description: 'deleting a generation answers 200 and its id, but it is still there',
    upstream: 'sandbox',
    expect: 'use_after_free',
    rule: 'deleted_generation_gone',
    rewrite: {
      request: (request) =>
        isFor(request, deleteGeneration) && request.headers['x-api-key'] ? jsonReply(200, { data: { id: lastSegment(request.path) }, err: {} }) : request,
    },
  },
  {
    id: 'delete-answers-without-id',
    description: 'deleting a media item answers 200 with an empty data',
    upstream: 'sandbox',
    expect: 'use_after_free',
    rule: 'delete_answers_id',
    rewrite: {
      response: (request, response) => (isFor(request, deleteMedia) && isSuccess(response.status) ? editJson(response, (body) => (body.data = {})) : response),
    },
  },
  {
    id: 'pagination-ignored',
    description: 'listings ignore page and page_size (always the first 10 items)',
    upstream: 'sandbox',
    expect: 'pagination_conformance',
    rule: 'page_honoured',
    rewrite: {
      request: queryDropped((request) => request.method === 'GET' && request.query.has('page_size'), 'page', 'page_size'),
    },
  },
  {
    id: 'lifecycle-stuck',
    description: 'media never leave `pending` (transitions are not shown: an assumption)',
    upstream: 'sandbox',
    expect: 'lifecycle_terminal',
    rule: 'lifecycle_terminal_in_time',
    strict: { refutes: 'rule:lifecycle_terminal_in_time' },
    rewrite: {
      response: onMediaSuccess(({ media }) =>
        media.forEach((m) => {
          if (m.status === 'success' || m.status === 'failed') {
            m.status = 'pending';
            delete m.url;
          }
        }),
      ),
    },
  },
  {
    id: 'credits-not-deducted',
    description: 'generate reports the balance before the charge as credits_remaining (what it is measured against is ours)',
    upstream: 'sandbox',
    expect: 'credits_arithmetic',
    rule: 'credits_remaining_is_the_balance',
    strict: { refutes: 'rule:credits_remaining_is_the_balance' },
    rewrite: {
      response: (request, response) =>
        isFor(request, generateMedia) && isSuccess(response.status)
          ? editJson(response, (body) => {
              if (isObject(body.data) && typeof body.data.credits_remaining === 'number') body.data.credits_remaining += 2;
            })
          : response,
    },
  },
  {
    id: 'estimate-below-the-charge',
    description: 'the estimate announces one credit less than a generation then costs',
    upstream: 'sandbox',
    expect: 'credits_arithmetic',
    rule: 'estimate_is_the_charge',
    rewrite: {
      response: (request, response) =>
        isFor(request, estimateGeneration) && isSuccess(response.status)
          ? editJson(response, (body) => {
              if (isObject(body.data) && typeof body.data.estimated === 'number' && body.data.estimated > 0) body.data.estimated -= 1;
            })
          : response,
    },
  },
  {
    id: 'created-generation-not-found',
    description: 'a generation just created answers 404 on get',
    upstream: 'sandbox',
    expect: 'ensure_resource_availability',
    rule: 'created_generation_readable',
    rewrite: {
      request: (request) =>
        isFor(request, getGeneration) && request.headers['x-api-key'] && !request.path.endsWith('/gen_01')
          ? jsonReply(404, { err: { code: 'not_found', message: 'generation not found' } })
          : request,
    },
  },
  {
    id: 'legacy-image-id-honoured',
    description: 'listGenerations still filters by the legacy query parameter image_id (an alias the sources do not forbid)',
    upstream: 'sandbox',
    expect: 'renamed_fields',
    rule: 'legacy_image_id_ignored',
    strict: { refutes: 'rule:legacy_image_id_ignored' },
    rewrite: {
      request: (request) => {
        if (!isFor(request, listGenerations) || !request.query.has('image_id')) return request;
        const query = new URLSearchParams(request.query);
        query.set('media_id', query.get('image_id') ?? '');
        query.delete('image_id');
        return { ...request, query };
      },
    },
  },
  {
    id: 'media-id-filter-ignored',
    description: 'listGenerations ignores ?media_id and ?status (lists everything)',
    upstream: 'sandbox',
    expect: 'filter_conformance',
    rule: 'media_id_filter',
    rewrite: {
      request: queryDropped(
        (request) => isFor(request, listGenerations) && (request.query.has('media_id') || request.query.has('status')),
        'media_id',
        'status',
      ),
    },
  },
  {
    id: 'type-filter-ignored',
    description: 'the catalogue listings ignore ?type (every base model comes back)',
    upstream: 'sandbox',
    expect: 'filter_conformance',
    rule: 'type_flux_filter',
    rewrite: {
      request: queryDropped((request) => request.method === 'GET' && !isFor(request, listGenerations) && request.query.has('type'), 'type'),
    },
  },
];
