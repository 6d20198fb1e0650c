// The catalogue of deliberately broken servers. Each is a rewriting proxy in front of a faithful
// mock (the sandbox or Prism) that breaks one promise of the contract, and names the check that must
// catch it. The self-test runs the whole suite against each and expects that check to fail.
import { GenerationItem, operationById, unknownFieldIssues } from '@mediagen/schema';
import type { CheckId } from '../checks/catalog.js';
import { jsonReply, type ProxyRequest, type ProxyResponse, type ProxyTools, parseJson, type Rewrite } from './proxy.js';

export interface BrokenTarget {
  id: string;
  description: string;
  /** What the proxy stands in front of. */
  upstream: 'sandbox' | 'prism';
  /** The check that must fail against it. */
  expect: CheckId;
  /**
   * The fault is against an assumption of the contract, not a documented rule: it is caught only
   * under --strict (the default run gives a refuted verdict instead; the self-test checks both).
   */
  strict?: { refutes: string };
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
    operationById(request.operationId ?? '')?.carriesMedia && isSuccess(response.status)
      ? editJson(response, (body) => edit(mediaParts(request.operationId, body), request))
      : response;

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

/** A valid body the sandbox prices and generates: what an accept-everything server does with any request. */
let validModel: string | undefined;
async function acceptEverything(request: ProxyRequest, tools: ProxyTools): Promise<ProxyRequest> {
  if (request.operationId !== 'generateMedia' && request.operationId !== 'estimateGeneration') return request;
  if (validModel === undefined) {
    const models = parseJson(await tools.upstream({ method: 'GET', path: '/pub/v1/models', headers: { 'x-api-key': tools.apiKey } }));
    const first = isObject(models) && Array.isArray(models.data) ? models.data.find(isObject) : undefined;
    validModel = typeof first?.name === 'string' ? first.name : 'JuggernautXL';
  }
  const body = JSON.stringify([{ model: validModel, prompt: { positive: 'anything goes' } }]);
  return { ...request, headers: { ...request.headers, 'x-api-key': tools.apiKey, 'content-type': 'application/json' }, body };
}

/**
 * A faithful but lenient server, built strictly from the sources: it ignores unknown fields (as
 * FastAPI servers do), reads JSON types laxly ("20" as 20, null as absent), accepts a narrator item with both script and audio_asset_id, puts no range on
 * true_touch, matches `?type=` loosely, and adds undocumented fields to its answers. It must pass.
 */
export const lenientTarget: Rewrite = {
  request: (request) => {
    let changed = request;
    const op = request.operationId ? operationById(request.operationId) : undefined;
    if (request.query.has('type')) {
      const query = new URLSearchParams(request.query);
      query.set('type', (query.get('type') ?? '').toLowerCase());
      changed = { ...changed, query };
    }
    const body = parseJson(request);
    if (request.operationId === 'generateMedia' || request.operationId === 'estimateGeneration') {
      if (!Array.isArray(body)) return changed;
      for (const item of body) {
        if (!isObject(item)) continue;
        for (const key of Object.keys(item)) if (!KNOWN_ITEM_FIELDS.has(key)) delete item[key];
        // Lax JSON types, as pydantic reads them: "20" is 20, null is absent.
        for (const [key, value] of Object.entries(item)) {
          if (value === null) delete item[key];
          else if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) && key !== 'model' && key !== 'style')
            item[key] = Number(value);
        }
        if (isObject(item.prompt)) for (const key of Object.keys(item.prompt)) if (key !== 'positive' && key !== 'negative') delete item.prompt[key];
        if (isObject(item.narrator) && item.narrator.audio_asset_id !== undefined && item.narrator.script !== undefined) delete item.narrator.audio_asset_id;
        if (isObject(item.true_touch)) {
          if (typeof item.true_touch.enhance_strength === 'number') item.true_touch.enhance_strength = Math.max(0, item.true_touch.enhance_strength);
          if (typeof item.true_touch.scale_factor === 'number') item.true_touch.scale_factor = Math.max(1, item.true_touch.scale_factor);
        }
      }
      return { ...changed, body: JSON.stringify(body) };
    }
    const shape = op?.body && 'shape' in op.body ? (op.body as unknown as { shape: Record<string, unknown> }).shape : undefined;
    if (shape && isObject(body)) {
      for (const key of Object.keys(body)) if (!(key in shape)) delete body[key];
      return { ...changed, body: JSON.stringify(body) };
    }
    return changed;
  },
  response: (_request, response) =>
    isSuccess(response.status)
      ? editJson(response, (body) => {
          body.request_id = 'req_lenient_01';
          const data = body.data;
          const items = Array.isArray(data) ? data : [data];
          for (const item of items) if (isObject(item)) item.x_served_by = 'lenient-replica';
        })
      : response,
};

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
        request.operationId === 'generateMedia'
          ? editJson(response, (body) => mediaParts('generateMedia', body).media.forEach((m) => renameKey(m, 'dim', 'image_size')))
          : response,
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
    rewrite: {
      request: (request, tools) => (request.headers['x-api-key'] ? request : { ...request, headers: { ...request.headers, 'x-api-key': tools.apiKey } }),
    },
  },
  {
    id: 'wrong-key-accepted',
    description: 'any X-API-KEY value is accepted (the proxy swaps in the valid key)',
    upstream: 'sandbox',
    expect: 'ignored_auth',
    rewrite: {
      request: (request, tools) =>
        request.headers['x-api-key'] && request.headers['x-api-key'] !== tools.apiKey
          ? { ...request, headers: { ...request.headers, 'x-api-key': tools.apiKey } }
          : request,
    },
  },
  {
    id: 'server-error-on-list-styles',
    description: 'GET /pub/v1/styles answers 500 (declared, but valid requests must succeed)',
    upstream: 'sandbox',
    expect: 'positive_data_acceptance',
    rewrite: {
      request: (request) =>
        request.operationId === 'listStyles' && request.headers['x-api-key']
          ? jsonReply(500, { err: { code: 'internal_error', message: 'styles are down' } })
          : request,
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
    id: 'delete-media-wipes-batch',
    description: 'deleting one media item deletes its whole generation',
    upstream: 'sandbox',
    expect: 'use_after_free',
    rewrite: {
      request: async (request, tools) => {
        if (request.operationId !== 'deleteMedia') return request;
        const mediaId = decodeURIComponent(request.path.split('/').pop() ?? '');
        const found = parseJson(
          await tools.upstream({ method: 'GET', path: '/pub/v1/generations', headers: request.headers, query: new URLSearchParams({ media_id: mediaId }) }),
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
    id: 'unknown-field-crash',
    description: 'a request body carrying a field the contract does not name is answered 500 (the sources let a client send one; the service ignores it)',
    upstream: 'sandbox',
    expect: 'not_a_server_error',
    rewrite: {
      request: (request) => {
        const schema = request.operationId ? operationById(request.operationId)?.body : undefined;
        const body = parseJson(request);
        if (!schema || body === undefined || unknownFieldIssues(schema, body).length === 0) return request;
        return jsonReply(500, { data: null, err: { code: 'internal_error', message: 'KeyError: unexpected field' } });
      },
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
  {
    id: 'media-id-filter-ignored',
    description: 'listGenerations ignores ?media_id and ?status (lists everything)',
    upstream: 'sandbox',
    expect: 'filter_conformance',
    rewrite: {
      request: (request) => {
        if (request.operationId !== 'listGenerations' || (!request.query.has('media_id') && !request.query.has('status'))) return request;
        const query = new URLSearchParams(request.query);
        query.delete('media_id');
        query.delete('status');
        return { ...request, query };
      },
    },
  },
  {
    id: 'type-filter-ignored',
    description: 'the catalogue listings ignore ?type (every base model comes back)',
    upstream: 'sandbox',
    expect: 'filter_conformance',
    rewrite: {
      request: (request) => {
        if (request.method !== 'GET' || request.operationId === 'listGenerations' || !request.query.has('type')) return request;
        const query = new URLSearchParams(request.query);
        query.delete('type');
        return { ...request, query };
      },
    },
  },
  {
    id: 'server-error-on-valid-request',
    description: 'getGeneration answers 503 to valid requests',
    upstream: 'sandbox',
    expect: 'not_a_server_error',
    rewrite: {
      request: (request) =>
        request.operationId === 'getGeneration' && request.headers['x-api-key']
          ? jsonReply(503, { err: { code: 'unavailable', message: 'try again later' } })
          : request,
    },
  },
  {
    id: 'cross-origin-redirect',
    description: 'listVoices answers 307 to another origin (the key must not follow)',
    upstream: 'sandbox',
    expect: 'status_code_conformance',
    rewrite: {
      request: (request) =>
        request.operationId === 'listVoices'
          ? { status: 307, headers: { location: 'http://127.0.0.2:9/pub/v1/voices', 'content-type': 'application/json' }, body: '{}' }
          : request,
    },
  },
  {
    id: 'generate-skips-validation',
    description: 'generate takes any body with a valid key (the estimate still validates), and charges for it',
    upstream: 'sandbox',
    expect: 'negative_data_rejection',
    rewrite: {
      request: (request, tools) =>
        request.operationId === 'generateMedia' && request.headers['x-api-key'] === tools.apiKey ? acceptEverything(request, tools) : request,
    },
  },
  {
    id: 'accept-everything-spender',
    description: 'generate and estimate accept any body and any key, and charge for it',
    upstream: 'sandbox',
    expect: 'negative_data_rejection',
    rewrite: { request: acceptEverything },
  },
];
