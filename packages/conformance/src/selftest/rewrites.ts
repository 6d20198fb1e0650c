// The building blocks of the self-test's servers: edits of JSON bodies, the generations and media a
// body carries, the generation items of a request, an accept-everything generate, and the lenient
// replica (a faithful server built strictly from the sources that must pass).
import { type GenerationItem, type OperationSpec, operationById, operations, ruleById, successStatusRule } from '@mediagen/schema';
import { isObject, type JsonObject } from '@mediagen/schema/util';
import { isSuccess } from '../model/exchange.js';
import { isFor, type ProxyRequest, type ProxyResponse, type ProxyTools, parseJson, type Rewrite } from './proxy.js';

export { isSuccess };
export type Json = JsonObject;
export { isObject };

const { generateMedia, estimateGeneration, listModels } = operations;

/** Rewrites the JSON body of a response in place. */
export function editJson(response: ProxyResponse, edit: (body: Json) => void): ProxyResponse {
  const body = parseJson(response);
  if (!isObject(body)) return response;
  edit(body);
  return { ...response, body: JSON.stringify(body) };
}

/** Renames a key, keeping its place among the others. */
export function renameKey(object: Json, from: string, to: string): void {
  if (!(from in object)) return;
  const entries = Object.entries(object).map(([k, v]) => [k === from ? to : k, v] as const);
  for (const key of Object.keys(object)) delete object[key];
  for (const [k, v] of entries) object[k] = v;
}

/** Every generation object (with a `media` list) and every media item of a media operation's body. */
export function mediaParts(request: Pick<ProxyRequest, 'operationId'>, body: Json): { generations: Json[]; media: Json[] } {
  const generations: Json[] = [];
  const media: Json[] = [];
  const data = body.data;
  const carries = request.operationId ? operationById(request.operationId)?.carries : undefined;
  if (carries === 'media') {
    if (isObject(data)) media.push(data);
  } else if (carries === 'generation-page') {
    if (Array.isArray(data)) generations.push(...data.filter(isObject));
  } else if (isObject(data)) generations.push(data);
  for (const generation of generations) if (Array.isArray(generation.media)) media.push(...generation.media.filter(isObject));
  return { generations, media };
}

/** A response edit of the successful answers that carry media. */
export const onMediaSuccess =
  (edit: (parts: { generations: Json[]; media: Json[] }, request: ProxyRequest) => void): Rewrite['response'] =>
  (request, response) =>
    (request.operationId ? operationById(request.operationId)?.carriesMedia : false) && isSuccess(response.status)
      ? editJson(response, (body) => edit(mediaParts(request, body), request))
      : response;

/** A request edit of generation bodies, item by item: those of `only` (generate and estimate unless given). */
export const onGenerationItems =
  (edit: (item: Json) => void, only: readonly OperationSpec[] = [generateMedia, estimateGeneration]): Rewrite['request'] =>
  (request) => {
    if (!isFor(request, ...only)) return request;
    const body = parseJson(request);
    if (!Array.isArray(body)) return request;
    for (const item of body) if (isObject(item)) edit(item);
    return { ...request, body: JSON.stringify(body) };
  };

/** A request edit that drops the query parameters `names` from the requests `when` picks (a filter or paging ignored). */
export const queryDropped =
  (when: (request: ProxyRequest) => boolean, ...names: string[]): Rewrite['request'] =>
  (request) => {
    if (!when(request)) return request;
    const query = new URLSearchParams(request.query);
    for (const name of names) query.delete(name);
    return { ...request, query };
  };

/** Rewrites applied one after the other: the first request hook that answers ends the request's way in. */
export function compose(...rewrites: Rewrite[]): Rewrite {
  return {
    request: async (request, tools) => {
      let current: ProxyRequest = request;
      for (const rewrite of rewrites) {
        const next = rewrite.request ? await rewrite.request(current, tools) : current;
        if ('status' in next) return next;
        current = next;
      }
      return current;
    },
    response: async (request, response, tools) => {
      let current: ProxyResponse = response;
      for (const rewrite of rewrites) if (rewrite.response) current = await rewrite.response(request, current, tools);
      return current;
    },
  };
}

/** Successes of the operations whose success status has the basis asked for answer another 2xx (203, or 200 for a 201). */
export const otherSuccessStatus = (basis: 'assumption' | 'sourced'): Rewrite => ({
  response: (request, response) => {
    const op = request.operationId ? operationById(request.operationId) : undefined;
    if (!op || response.status !== op.success.status) return response;
    const assumed = ruleById(successStatusRule(op.operationId))?.source === 'assumption';
    if (assumed !== (basis === 'assumption')) return response;
    return { ...response, status: op.success.status === 200 ? 203 : 200 };
  },
});

/** A JSON error answer in the envelope. */
export const refusal = (status: number, code: string, message: string): ProxyResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ data: null, err: { code, message } }),
});

/** A valid body the sandbox prices and generates: what an accept-everything server does with any request. */
let validModel: string | undefined;
export async function acceptEverything(request: ProxyRequest, tools: ProxyTools): Promise<ProxyRequest> {
  if (!isFor(request, generateMedia, estimateGeneration)) return request;
  if (validModel === undefined) {
    const models = parseJson(await tools.upstream({ method: 'GET', path: listModels.path, headers: { 'x-api-key': tools.apiKey } }));
    const first = isObject(models) && Array.isArray(models.data) ? models.data.find(isObject) : undefined;
    validModel = typeof first?.name === 'string' ? first.name : 'JuggernautXL';
  }
  const body = JSON.stringify([{ model: validModel, prompt: { positive: 'anything goes' } }]);
  return { ...request, headers: { ...request.headers, 'x-api-key': tools.apiKey, 'content-type': 'application/json' }, body };
}

const KNOWN_ITEM_FIELDS = new Set(Object.keys(operations.generateMedia.body.element.shape as unknown as Record<keyof GenerationItem, unknown>));

/**
 * A faithful but lenient server, built strictly from the sources: it ignores unknown fields (as
 * FastAPI servers do), reads JSON types laxly ("20" as 20, null as absent), accepts a narrator item
 * with both script and audio_asset_id, puts no range on true_touch, matches `?type=` loosely, and adds
 * undocumented fields to its answers. It must pass.
 */
export const lenientTarget: Rewrite = {
  request: (request) => {
    let changed = request;
    if (request.query.has('type')) {
      const query = new URLSearchParams(request.query);
      query.set('type', (query.get('type') ?? '').toLowerCase());
      changed = { ...changed, query };
    }
    const body = parseJson(request);
    if (isFor(request, generateMedia, estimateGeneration)) {
      if (!Array.isArray(body)) return changed;
      for (const item of body) {
        if (!isObject(item)) continue;
        for (const key of Object.keys(item)) if (!KNOWN_ITEM_FIELDS.has(key as keyof GenerationItem)) delete item[key];
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
    const op = request.operationId ? operationById(request.operationId) : undefined;
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
          const items = Array.isArray(body.data) ? body.data : [body.data];
          for (const item of items) if (isObject(item)) item.x_served_by = 'lenient-replica';
        })
      : response,
};
