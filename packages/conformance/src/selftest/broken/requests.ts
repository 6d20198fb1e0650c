// Broken targets that take what they must refuse, or refuse what they must take: keys not checked,
// invalid bodies accepted, server errors on valid requests.
import { operationById, operations, unknownFieldIssues } from '@mediagen/schema';
import { isFor, jsonReply, parseJson } from '../proxy.js';
import { acceptEverything, isObject, onGenerationItems } from '../rewrites.js';
import type { BrokenTarget } from './types.js';

const { listStyles, getGeneration, generateMedia, createCharacter } = operations;
const VIDEO_ANYONE_PROMPT_MAX = 500;

export const requestTargets = (): readonly BrokenTarget[] => [
  {
    id: 'auth-not-enforced',
    description: 'requests without X-API-KEY are served (the proxy adds a valid key)',
    upstream: 'sandbox',
    expect: 'auth_required',
    rule: 'missing_key_not_served',
    rewrite: {
      request: (request, tools) => (request.headers['x-api-key'] ? request : { ...request, headers: { ...request.headers, 'x-api-key': tools.apiKey } }),
    },
  },
  {
    id: 'wrong-key-accepted',
    description: 'any X-API-KEY value is accepted (the proxy swaps in the valid key)',
    upstream: 'sandbox',
    expect: 'ignored_auth',
    rule: 'wrong_key_not_served',
    rewrite: {
      request: (request, tools) =>
        request.headers['x-api-key'] && request.headers['x-api-key'] !== tools.apiKey
          ? { ...request, headers: { ...request.headers, 'x-api-key': tools.apiKey } }
          : request,
    },
  },
  {
    id: 'server-error-on-list-styles',
    description: 'GET /pub/v1/styles answers 500 (a valid request must be served)',
    upstream: 'sandbox',
    expect: 'positive_data_acceptance',
    rule: 'valid_request_served',
    rewrite: {
      request: (request) =>
        isFor(request, listStyles) && request.headers['x-api-key'] ? jsonReply(500, { err: { code: 'internal_error', message: 'styles are down' } }) : request,
    },
  },
  {
    id: 'server-error-on-valid-request',
    description: 'getGeneration answers 503 to valid requests',
    upstream: 'sandbox',
    expect: 'not_a_server_error',
    rule: 'valid_request_served',
    rewrite: {
      request: (request) =>
        isFor(request, getGeneration) && request.headers['x-api-key'] ? jsonReply(503, { err: { code: 'unavailable', message: 'try again later' } }) : request,
    },
  },
  {
    id: 'out-of-range-steps-accepted',
    description: 'out-of-range steps and cfg_scale are clamped instead of rejected',
    upstream: 'sandbox',
    expect: 'negative_data_rejection',
    rule: 'GenerationItem.steps.range',
    rewrite: {
      request: onGenerationItems((item) => {
        if (typeof item.steps === 'number') item.steps = Math.min(3020, Math.max(10, Math.round(item.steps)));
        if (typeof item.cfg_scale === 'number') item.cfg_scale = Math.min(127, Math.max(4, item.cfg_scale));
      }),
    },
  },
  {
    id: 'long-prompt-succeeds',
    description: 'a video_anyone prompt over 500 characters is cut to 500 and the video made (the interface: such a generation fails)',
    upstream: 'sandbox',
    expect: 'negative_data_rejection',
    rule: 'VideoAnyone.prompt.length',
    rewrite: {
      request: onGenerationItems((item) => {
        if (isObject(item.video_anyone) && typeof item.video_anyone.prompt === 'string')
          item.video_anyone.prompt = item.video_anyone.prompt.slice(0, VIDEO_ANYONE_PROMPT_MAX);
      }),
    },
  },
  {
    id: 'unknown-model-accepted',
    description: 'a model no listing names is replaced by a listed one and generated',
    upstream: 'sandbox',
    expect: 'negative_data_rejection',
    rule: 'catalogue_name',
    rewrite: {
      request: onGenerationItems((item) => {
        if (typeof item.model === 'string' && item.model.startsWith('no-such-model')) item.model = 'JuggernautXL';
      }),
    },
  },
  {
    id: 'duplicate-character-name-accepted',
    description: 'a character named like one the caller already has is created anyway (renamed behind the scenes)',
    upstream: 'sandbox',
    expect: 'negative_data_rejection',
    rule: 'unique_character_name',
    rewrite: {
      request: (request) => {
        const body = parseJson(request);
        if (!isFor(request, createCharacter) || !isObject(body) || typeof body.name !== 'string') return request;
        return { ...request, body: JSON.stringify({ ...body, name: `${body.name}_${Math.random().toString(36).slice(2, 8)}` }) };
      },
    },
  },
  {
    id: 'unknown-field-crash',
    description: 'a request body carrying a field the contract does not name is answered 500 (that the service ignores one is our assumption)',
    upstream: 'sandbox',
    expect: 'not_a_server_error',
    rule: 'unknown_field',
    strict: { refutes: 'rule:unknown_field' },
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
    id: 'generate-skips-validation',
    description: 'generate takes any body with a valid key (the estimate still validates), and charges for it',
    upstream: 'sandbox',
    expect: 'negative_data_rejection',
    rule: 'GenerationItem.steps.range',
    rewrite: {
      request: (request, tools) =>
        isFor(request, generateMedia) && request.headers['x-api-key'] === tools.apiKey ? acceptEverything(request, tools) : request,
    },
  },
  {
    id: 'accept-everything-spender',
    description: 'generate and estimate accept any body and any key, and charge for it',
    upstream: 'sandbox',
    expect: 'negative_data_rejection',
    rule: 'GenerationItem.steps.range',
    rewrite: { request: acceptEverything },
  },
];
