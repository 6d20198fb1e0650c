// Broken targets whose answers have the wrong shape: legacy names, a wrong envelope, wrong types and
// values, a wrong content type or status.
import { operations } from '@mediagen/schema';
import { isFor, jsonReply } from '../proxy.js';
import { editJson, isObject, isSuccess, mediaParts, onMediaSuccess, refusal, renameKey } from '../rewrites.js';
import type { BrokenTarget } from './types.js';

const { generateMedia, listVoices } = operations;

export const shapeTargets = (): readonly BrokenTarget[] => [
  {
    id: 'images-instead-of-media',
    description: 'generations list their items as `images` (the name before 2024-09-04)',
    upstream: 'sandbox',
    expect: 'renamed_fields',
    rule: 'current_field_names',
    rewrite: {
      response: onMediaSuccess(({ generations }) => {
        for (const g of generations) renameKey(g, 'media', 'images');
      }),
    },
  },
  {
    id: 'size-instead-of-dim',
    description: 'media items carry `size` instead of `dim`',
    upstream: 'sandbox',
    expect: 'renamed_fields',
    rule: 'current_field_names',
    rewrite: {
      response: onMediaSuccess(({ media }) => {
        for (const m of media) renameKey(m, 'dim', 'size');
      }),
    },
  },
  {
    id: 'image-size-in-generate',
    description: 'the generate response names dimensions `image_size` (Prism upstream)',
    upstream: 'prism',
    expect: 'renamed_fields',
    rule: 'current_field_names',
    rewrite: {
      response: (request, response) =>
        isFor(request, generateMedia)
          ? editJson(response, (body) => {
              for (const m of mediaParts(request, body).media) renameKey(m, 'dim', 'image_size');
            })
          : response,
    },
  },
  {
    id: 'missing-err-on-failure',
    description: 'failures answer `{ message }` without the `err` envelope',
    upstream: 'sandbox',
    expect: 'envelope_conformance',
    rule: 'failure_has_err',
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
    rule: 'Media.status.enum',
    rewrite: {
      response: onMediaSuccess(({ media }) => {
        for (const m of media) if (m.status === 'success') m.status = 'done';
      }),
    },
  },
  {
    id: 'number-for-string',
    description: '`generation_id` is sent as a number (Prism upstream)',
    upstream: 'prism',
    expect: 'response_schema_conformance',
    rule: 'Generation.generation_id.type',
    rewrite: {
      response: onMediaSuccess(({ generations }) => {
        for (const g of generations) g.generation_id = 12345;
      }),
    },
  },
  {
    id: 'wrong-content-type',
    description: 'every response says text/plain (Prism upstream)',
    upstream: 'prism',
    expect: 'content_type_conformance',
    rule: 'success_is_json',
    rewrite: { response: (_request, response) => ({ ...response, headers: { ...response.headers, 'content-type': 'text/plain; charset=utf-8' } }) },
  },
  {
    id: 'generate-answers-202',
    description: 'a successful generate answers 202, not the 200 we assume (its page is cut before the status)',
    upstream: 'sandbox',
    expect: 'status_code_conformance',
    rule: 'generateMedia.success_status',
    strict: { refutes: 'rule:generateMedia.success_status' },
    rewrite: { response: (request, response) => (isFor(request, generateMedia) && response.status === 200 ? { ...response, status: 202 } : response) },
  },
  {
    id: 'teapot-on-valid-request',
    description: 'GET /pub/v1/voices answers 418 to valid requests',
    upstream: 'sandbox',
    expect: 'positive_data_acceptance',
    rule: 'valid_request_served',
    rewrite: { request: (request) => (isFor(request, listVoices) ? jsonReply(418, { err: { code: 'teapot', message: 'short and stout' } }) : request) },
  },
  {
    id: 'cross-origin-redirect',
    description: 'listVoices answers 307 to another origin (the key must not follow; that the service never redirects is ours)',
    upstream: 'sandbox',
    expect: 'status_code_conformance',
    rule: 'answers_at_its_origin',
    strict: { refutes: 'rule:answers_at_its_origin' },
    rewrite: {
      request: (request) =>
        isFor(request, listVoices)
          ? { status: 307, headers: { location: 'http://127.0.0.2:9/pub/v1/voices', 'content-type': 'application/json' }, body: '{}' }
          : request,
    },
  },
  {
    id: 'validation-errors-as-200',
    description: 'validation errors come back with status 200 and the error in err (Prism upstream): the sources allow it, our 4xx is an assumption',
    upstream: 'prism',
    expect: 'status_code_conformance',
    rule: 'failure_status_error',
    strict: { refutes: 'rule:failure_status_error' },
    rewrite: {
      response: (_request, response) =>
        response.status === 422 ? { ...refusal(200, 'validation_error', 'the request is invalid'), headers: { 'content-type': 'application/json' } } : response,
    },
  },
];
