// Broken targets for the stated behaviour rules no other entry breaks: an answer that is no answer, an
// envelope that is not one, success statuses other than the documented ones, filters ignored, what was
// created not readable, the media of a deleted generation still served. To keep the self-test short, one
// server breaks several rules that do not get in each other's way, and names each; where the suite asserts one only through an assumption it reads through (an uploaded asset's
// `data`, the characters listing's items: shapes no source shows), that is the rule named, and the
// fault is caught under --strict.
import { operationList, operations, ruleById, successStatusRule } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { isFor, jsonReply, type ProxyResponse, type ProxyTools, parseJson, type Rewrite } from '../proxy.js';
import { compose, editJson, isSuccess, otherSuccessStatus, refusal } from '../rewrites.js';
import type { BrokenTarget } from './types.js';

const {
  generateMedia,
  listControlnets,
  listLoras,
  listVoices,
  listStyles,
  listGenerations,
  getMedia,
  getAssetV2,
  deleteGeneration,
  createCharacter,
  listCharacters,
} = operations;
const lastSegment = (path: string) => decodeURIComponent(path.split('/').pop() ?? '');

/**
 * A store that misreads its generations: the last media item of each generation made through it is never
 * served; the media of a generation deleted through it stay served as they were; ?generation_id lists
 * every generation but the one asked for; ?status=success lists a generation whose items all failed.
 */
function generationsMisread(): Rewrite {
  const hidden = new Set<string>();
  const kept = new Map<string, ProxyResponse>();
  const mediaOf = async (path: string, headers: Record<string, string>, tools: ProxyTools) => {
    const generation = parseJson(await tools.upstream({ method: 'GET', path, headers }));
    return isObject(generation) && isObject(generation.data) && Array.isArray(generation.data.media) ? generation.data.media.filter(isObject) : [];
  };
  return {
    request: async (request, tools) => {
      if (isFor(request, getMedia)) {
        const id = lastSegment(request.path);
        return kept.get(id) ?? (hidden.has(id) ? refusal(404, 'not_found', 'media not found') : request);
      }
      if (isFor(request, deleteGeneration) && request.headers['x-api-key'] === tools.apiKey) {
        for (const m of await mediaOf(request.path, request.headers, tools)) {
          if (typeof m.id !== 'string') continue;
          const answer = await tools.upstream({ method: 'GET', path: getMedia.path.replace('{media_id}', encodeURIComponent(m.id)), headers: request.headers });
          if (isSuccess(answer.status)) kept.set(m.id, answer);
        }
        return request;
      }
      const asked = request.query.get('generation_id');
      if (!isFor(request, listGenerations) || asked === null) return request;
      const query = new URLSearchParams(request.query);
      query.delete('generation_id');
      const answer = await tools.upstream({ ...request, query });
      return editJson(answer, (body) => {
        if (Array.isArray(body.data)) body.data = body.data.filter((g) => !(isObject(g) && g.generation_id === asked));
      });
    },
    response: (request, response) => {
      if (!isSuccess(response.status)) return response;
      if (isFor(request, generateMedia)) {
        const body = parseJson(response);
        const last = isObject(body) && isObject(body.data) && Array.isArray(body.data.media) ? body.data.media.filter(isObject).at(-1)?.id : undefined;
        if (typeof last === 'string') hidden.add(last);
        return response;
      }
      if (!isFor(request, listGenerations) || request.query.get('status') !== 'success') return response;
      return editJson(response, (body) => {
        const last = Array.isArray(body.data) ? body.data.filter(isObject).at(-1) : undefined;
        if (last && Array.isArray(last.media)) for (const m of last.media) if (isObject(m)) m.status = 'failed';
      });
    },
  };
}

/** Characters created through it never show in the listing. */
function createdCharactersHidden(): Rewrite {
  const created = new Set<string>();
  return {
    response: (request, response) => {
      if (isFor(request, createCharacter) && isSuccess(response.status)) {
        const body = parseJson(response);
        if (isObject(body) && isObject(body.data) && typeof body.data.id === 'string') created.add(body.data.id);
        return response;
      }
      if (!isFor(request, listCharacters) || !isSuccess(response.status)) return response;
      return editJson(response, (body) => {
        if (Array.isArray(body.data)) body.data = body.data.filter((c) => !(isObject(c) && typeof c.id === 'string' && created.has(c.id)));
      });
    },
  };
}

/** Every success status a source shows (the status check names each one it finds broken). */
const SOURCED_SUCCESS_STATUSES = operationList.map((op) => successStatusRule(op.operationId)).filter((rule) => ruleById(rule)?.source !== 'assumption');

export const statedTargets = (): readonly BrokenTarget[] => [
  {
    id: 'answers-that-are-not',
    description:
      'listControlnets answers 300 (neither a success nor an error); every other success comes with another 2xx than its page shows (203, or 200 for a 201); listLoras answers the bare array, listVoices a success without data, listStyles an err that is a string',
    upstream: 'sandbox',
    expect: 'status_code_conformance',
    rule: 'answers_requests',
    alsoRules: [...SOURCED_SUCCESS_STATUSES, 'envelope_is_object', 'success_has_data', 'err_is_object'],
    rewrite: compose(
      { request: (request) => (isFor(request, listControlnets) ? jsonReply(300, { data: null, err: { code: 'choose', message: 'several' } }) : request) },
      otherSuccessStatus('sourced'),
      {
        response: (request, response) => {
          const body = isSuccess(response.status) ? parseJson(response) : undefined;
          if (!isObject(body)) return response;
          if (isFor(request, listLoras)) return { ...response, body: JSON.stringify(body.data) };
          if (isFor(request, listVoices)) return { ...response, body: JSON.stringify({ voices: body.data, err: {} }) };
          if (isFor(request, listStyles)) return { ...response, body: JSON.stringify({ ...body, err: 'none' }) };
          return response;
        },
      },
    ),
  },
  {
    id: 'generations-misread',
    description:
      'the last media item of a generation is never served; the media of a deleted generation still are; ?generation_id lists every generation but the one asked for; ?status=success lists one whose items all failed',
    upstream: 'sandbox',
    expect: 'ensure_resource_availability',
    rule: 'created_media_readable',
    alsoRules: ['created_generation_listed', 'generation_id_filter', 'status_filter', 'deleted_generation_media_gone'],
    rewrite: generationsMisread(),
  },
  {
    id: 'created-asset-and-character-unreadable',
    description:
      'an uploaded asset is never served by get asset, and a created character never shows in the listing (both read through shapes no source shows: caught under --strict)',
    upstream: 'sandbox',
    expect: 'ensure_resource_availability',
    rule: 'AssetV2Envelope.data.type',
    alsoRules: ['CharacterPage.data.type'],
    breaks: ['uploaded_asset_readable', 'created_character_listed'],
    strict: { refutes: 'AssetV2Envelope.data' },
    rewrite: compose(
      { request: (request) => (isFor(request, getAssetV2) && request.headers['x-api-key'] ? refusal(404, 'not_found', 'asset not found') : request) },
      createdCharactersHidden(),
    ),
  },
];
