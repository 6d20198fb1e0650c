// The catalogue of deliberately broken servers. Each is a rewriting proxy in front of a faithful
// mock (the sandbox or Prism) that breaks one promise of the contract, and names the check that must
// catch it. The self-test runs the whole suite against each and expects that check to fail.
import { GenerationItem, operationsById } from '@mediagen/schema';
import type { CheckId } from '../checks/catalog.js';
import { type ProxyRequest, type ProxyResponse, type Rewrite, jsonReply, parseJson } from './proxy.js';

export interface BrokenTarget {
  id: string;
  description: string;
  /** What the proxy stands in front of. */
  upstream: 'sandbox' | 'prism';
  /** The check that must fail against it. */
  expect: CheckId;
  rewrite: Rewrite;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isSuccess = (status: number) => status >= 200 && status < 300;

/** Rewrites the JSON body of matching responses in place. */
function editJson(response: ProxyResponse, edit: (body: Json) => void): ProxyResponse {
  const body = parseJson(response);
  if (!isObject(body)) return response;
  edit(body);
  return { ...response, body: JSON.stringify(body) };
}

function renameKey(object: Json, from: string, to: string): void {
  if (!(from in object)) return;
  const entries = Object.entries(object).map(([k, v]) => [k === from ? to : k, v] as const);
  for (const key of Object.keys(object)) delete object[key];
  for (const [k, v] of entries) object[k] = v;
}

/** Every generation object (with a `media` list) and every media item of a media operation's body. */
function mediaParts(operationId: string | undefined, body: Json): { generations: Json[]; media: Json[] } {
  const generations: Json[] = [];
  const media: Json[] = [];
  const data = body.data;
  if (operationId === 'getMedia') {
    if (isObject(data)) media.push(data);
  } else if (operationId === 'listGenerations') {
    if (Array.isArray(data)) generations.push(...data.filter(isObject));
  } else if (isObject(data)) generations.push(data);
  for (const generation of generations) if (Array.isArray(generation.media)) media.push(...generation.media.filter(isObject));
  return { generations, media };
}

const onMediaSuccess =
  (edit: (parts: { generations: Json[]; media: Json[] }, request: ProxyRequest) => void): Rewrite['response'] =>
  (request, response) =>
    operationsById[request.operationId ?? '']?.carriesMedia && isSuccess(response.status) ? editJson(response, (body) => edit(mediaParts(request.operationId, body), request)) : response;

/** Rewrites generation request bodies (generate and estimate) item by item. */
const onGenerationItems =
  (edit: (item: Json) => void): Rewrite['request'] =>
  (request) => {
    if (request.operationId !== 'generateMedia' && request.operationId !== 'estimateGeneration') return request;
    const body = parseJson(request);
    if (!Array.isArray(body)) return request;
    for (const item of body) if (isObject(item)) edit(item);
    return { ...request, body: JSON.stringify(body) };
  };

const KNOWN_ITEM_FIELDS = new Set(Object.keys(GenerationItem.shape));

export const brokenTargets: readonly BrokenTarget[] = [
  {
    id: 'images-instead-of-media',
    description: 'generations list their items as `images` (the name before 2024-09-04)',
    upstream: 'sandbox',
    expect: 'renamed_fields',
    rewrite: { response: onMediaSuccess(({ generations }) => generations.forEach((g) => renameKey(g, 'media', 'images'))) },
  },
  {
    id: 'size-instead-of-dim',
    description: 'media items carry `size` instead of `dim`',
    upstream: 'sandbox',
    expect: 'renamed_fields',
    rewrite: { response: onMediaSuccess(({ media }) => media.forEach((m) => renameKey(m, 'dim', 'size'))) },
  },
  {
    id: 'image-size-in-generate',
    description: 'the generate response names dimensions `image_size` (Prism upstream)',
    upstream: 'prism',
    expect: 'renamed_fields',
    rewrite: {
      response: (request, response) =>
        request.operationId === 'generateMedia' ? editJson(response, (body) => mediaParts('generateMedia', body).media.forEach((m) => renameKey(m, 'dim', 'image_size'))) : response,
    },
  },
  {
    id: 'missing-err-on-failure',
    description: 'failures answer `{ message }` without the `err` envelope',
    upstream: 'sandbox',
    expect: 'envelope_conformance',
    rewrite: {
      response: (_request, response) =>
        isSuccess(response.status)
          ? response
          : editJson(response, (body) => {
              const message = isObject(body.err) ? body.err.message : 'error';
              delete body.err;
              body.message = message;
            }),
    },
  },
  {
    id: 'media-status-done',
    description: 'finished media report status `done`, a value outside the contract',
    upstream: 'sandbox',
    expect: 'response_schema_conformance',
    rewrite: { response: onMediaSuccess(({ media }) => media.forEach((m) => m.status === 'success' && (m.status = 'done'))) },
  },
  {
    id: 'number-for-string',
    description: '`generation_id` is sent as a number (Prism upstream)',
    upstream: 'prism',
    expect: 'response_schema_conformance',
    rewrite: { response: onMediaSuccess(({ generations }) => generations.forEach((g) => (g.generation_id = 12345))) },
  },
  {
    id: 'auth-not-enforced',
    description: 'requests without X-API-KEY are served (the proxy adds a valid key)',
    upstream: 'sandbox',
    expect: 'auth_required',
    rewrite: { request: (request, tools) => (request.headers['x-api-key'] ? request : { ...request, headers: { ...request.headers, 'x-api-key': tools.apiKey } }) },
  },
  {
    id: 'wrong-key-accepted',
    description: 'any X-API-KEY value is accepted (the proxy swaps in the valid key)',
    upstream: 'sandbox',
    expect: 'ignored_auth',
    rewrite: {
      request: (request, tools) =>
        request.headers['x-api-key'] && request.headers['x-api-key'] !== tools.apiKey ? { ...request, headers: { ...request.headers, 'x-api-key': tools.apiKey } } : request,
    },
  },
  {
    id: 'server-error-on-list-styles',
    description: 'GET /pub/v1/styles answers 500 (declared, but valid requests must succeed)',
    upstream: 'sandbox',
    expect: 'positive_data_acceptance',
    rewrite: {
      request: (request) =>
        request.operationId === 'listStyles' && request.headers['x-api-key'] ? jsonReply(500, { err: { code: 'internal_error', message: 'styles are down' } }) : request,
    },
  },
  {
    id: 'wrong-content-type',
    description: 'every response says text/plain (Prism upstream)',
    upstream: 'prism',
    expect: 'content_type_conformance',
    rewrite: { response: (_request, response) => ({ ...response, headers: { ...response.headers, 'content-type': 'text/plain; charset=utf-8' } }) },
  },
  {
    id: 'delete-media-removes-batch',
    description: 'deleting one media item deletes its whole generation',
    upstream: 'sandbox',
    expect: 'use_after_free',
    rewrite: {
      request: async (request, tools) => {
        if (request.operationId !== 'deleteMedia') return request;
        const mediaId = decodeURIComponent(request.path.split('/').pop() ?? '');
        const found = parseJson(await tools.upstream({ method: 'GET', path: '/pub/v1/generations', headers: request.headers, query: new URLSearchParams({ media_id: mediaId }) }));
        const generation = isObject(found) && Array.isArray(found.data) ? found.data.find(isObject) : undefined;
        if (!generation || typeof generation.generation_id !== 'string') return request;
        await tools.upstream({ method: 'DELETE', path: `/pub/v1/generations/${encodeURIComponent(generation.generation_id)}`, headers: request.headers });
        return jsonReply(200, { data: { id: mediaId }, err: {} });
      },
    },
  },
  {
    id: 'deleted-media-still-returned',
    description: 'deleting a media item answers 200 but keeps it',
    upstream: 'sandbox',
    expect: 'use_after_free',
    rewrite: {
      request: (request) =>
        request.operationId === 'deleteMedia' && request.headers['x-api-key']
          ? jsonReply(200, { data: { id: decodeURIComponent(request.path.split('/').pop() ?? '') }, err: {} })
          : request,
    },
  },
  {
    id: 'out-of-range-steps-accepted',
    description: 'out-of-range steps and cfg_scale are clamped instead of rejected',
    upstream: 'sandbox',
    expect: 'negative_data_rejection',
    rewrite: {
      request: onGenerationItems((item) => {
        if (typeof item.steps === 'number') item.steps = Math.min(3020, Math.max(10, Math.round(item.steps)));
        if (typeof item.cfg_scale === 'number') item.cfg_scale = Math.min(127, Math.max(4, item.cfg_scale));
      }),
    },
  },
  {
    id: 'unknown-fields-accepted',
    description: 'unknown fields of generation items are dropped instead of rejected',
    upstream: 'sandbox',
    expect: 'negative_data_rejection',
    rewrite: {
      request: onGenerationItems((item) => {
        for (const key of Object.keys(item)) if (!KNOWN_ITEM_FIELDS.has(key)) delete item[key];
      }),
    },
  },
  {
    id: 'validation-errors-as-200',
    description: 'validation errors come back with status 200 (Prism upstream)',
    upstream: 'prism',
    expect: 'negative_data_rejection',
    rewrite: { response: (_request, response) => (response.status === 422 ? { ...response, status: 200 } : response) },
  },
  {
    id: 'undeclared-418',
    description: 'GET /pub/v1/voices answers 418, a status the document does not declare',
    upstream: 'sandbox',
    expect: 'status_code_conformance',
    rewrite: {
      request: (request) => (request.operationId === 'listVoices' ? jsonReply(418, { err: { code: 'teapot', message: 'short and stout' } }) : request),
    },
  },
  {
    id: 'pagination-ignored',
    description: 'listings ignore page and page_size (always the first 10 items)',
    upstream: 'sandbox',
    expect: 'pagination_conformance',
    rewrite: {
      request: (request) => {
        if (request.method !== 'GET' || !request.query.has('page_size')) return request;
        const query = new URLSearchParams(request.query);
        query.delete('page');
        query.delete('page_size');
        return { ...request, query };
      },
    },
  },
  {
    id: 'lifecycle-stuck',
    description: 'media never leave `pending`',
    upstream: 'sandbox',
    expect: 'lifecycle_terminal',
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
    description: 'generate reports the balance before the charge as credits_remaining',
    upstream: 'sandbox',
    expect: 'credits_arithmetic',
    rewrite: {
      response: (request, response) =>
        request.operationId === 'generateMedia' && isSuccess(response.status)
          ? editJson(response, (body) => {
              if (isObject(body.data) && typeof body.data.credits_remaining === 'number') body.data.credits_remaining += 2;
            })
          : response,
    },
  },
  {
    id: 'created-generation-not-found',
    description: 'a generation just created answers 404 on get',
    upstream: 'sandbox',
    expect: 'ensure_resource_availability',
    rewrite: {
      request: (request) =>
        request.operationId === 'getGeneration' && request.headers['x-api-key'] && !request.path.endsWith('/gen_01')
          ? jsonReply(404, { err: { code: 'not_found', message: 'generation not found' } })
          : request,
    },
  },
  {
    id: 'legacy-image-id-honoured',
    description: 'listGenerations still filters by the legacy query parameter image_id',
    upstream: 'sandbox',
    expect: 'renamed_fields',
    rewrite: {
      request: (request) => {
        if (request.operationId !== 'listGenerations' || !request.query.has('image_id')) return request;
        const query = new URLSearchParams(request.query);
        query.set('media_id', query.get('image_id') ?? '');
        query.delete('image_id');
        return { ...request, query };
      },
    },
  },
];
