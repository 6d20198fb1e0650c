// Against one real Prism process (and one sandbox, for parity): request validation answers the
// declared envelopes, and every operation answers its documented example.
import { ERROR_CODES, ErrorEnvelope, type OperationSpec, operationList, validate } from '@mediagen/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, type RunningSandbox, startMock, startSandbox } from '../../src/index.js';
import { call, exampleRequest, item } from '../helpers.js';

let prism: RunningMock;
let sandbox: RunningSandbox;

beforeAll(async () => {
  [prism, sandbox] = await Promise.all([startMock(), startSandbox()]);
});
afterAll(async () => {
  await Promise.all([prism?.stop(), sandbox?.stop()]);
});

describe('Prism validates requests against the document', () => {
  it('listens on a loopback URL and serves the newest document', () => {
    expect(prism.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(prism.version).toBe('latest');
    expect(prism.document).toMatch(/openapi\.json$/);
  });

  it('answers 401 with the err envelope when X-API-KEY is missing', async () => {
    const answer = await call(prism.url, 'get', '/pub/v1/models', { key: null });
    expect(answer.status).toBe(401);
    expect(validate(ErrorEnvelope, answer.body).success).toBe(true);
    expect(answer.body.err.code).toBe(ERROR_CODES[401]);
  });

  it('answers 422 in the declared envelope, with Prism\u2019s violation as the message, when steps is out of range', async () => {
    const answer = await call(prism.url, 'post', '/pub/v1/generations', { body: item({ steps: 5000 }) });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ err: { code: 'validation_error', message: 'body.0.steps: Request body property 0.steps must be <= 3020' } });
    expect(answer.headers.get('sl-violations')).toBeNull();
  });

  it('answers 404 for a path the document does not have', async () => {
    const answer = await call(prism.url, 'get', '/pub/v1/nothing-here');
    expect(answer.status).toBe(404);
  });
});

describe('every operation answers its documented example', () => {
  it.each(operationList.map((op) => [op.operationId, op] as const))('%s', async (_, op: OperationSpec) => {
    const request = exampleRequest(op);
    const answer = await call(prism.url, op.method, request.path, request.body !== undefined ? { body: request.body } : {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(op.success.status);
    expect(answer.contentType).toMatch(/application\/json/);
    const examples = Object.values(op.success.examples).map((example) => example.value);
    expect(examples).toContainEqual(answer.body);
  });
});

describe('parity with the sandbox: the same invalid request is refused by both', () => {
  const cases: [string, string, string, { body?: unknown; rawBody?: string; key?: string | null }][] = [
    ['missing API key', 'get', '/pub/v1/models', { key: null }],
    ['steps above 3020', 'post', '/pub/v1/generations', { body: item({ steps: 5000 }) }],
    ['cfg_scale below 4', 'post', '/pub/v1/generations/estimate', { body: item({ cfg_scale: 1 }) }],
    ['quality in the wrong case', 'post', '/pub/v1/generations', { body: item({ quality: 'plus' }) }],
    ['an empty generation array', 'post', '/pub/v1/generations', { body: [] }],
    ['video_anyone prompt of 501 characters', 'post', '/pub/v1/generations', { body: [{ video_anyone: { media_id: 'media_01', prompt: 'x'.repeat(501) } }] }],
    [
      'Flux with control_net resize_mode',
      'post',
      '/pub/v1/generations',
      { body: item({ model: 'Flux', control_net: { asset_id: 'ast_01', name: 'Canny', resize_mode: 0 } }) },
    ],
    ['page_size above 50', 'get', '/pub/v1/models?page_size=51', {}],
    ['asset upload without size', 'post', '/pub/v1/assets/upload', { body: {} }],
    ['unknown path', 'get', '/pub/v1/nothing-here', {}],
  ];

  it.each(cases)('%s', async (_, method, path, options) => {
    const [fromPrism, fromSandbox] = await Promise.all([call(prism.url, method, path, options), call(sandbox.url, method, path, options)]);
    expect(Math.floor(fromPrism.status / 100), JSON.stringify(fromPrism.body)).toBe(4);
    expect(Math.floor(fromSandbox.status / 100), JSON.stringify(fromSandbox.body)).toBe(4);
    expect(fromSandbox.status).toBe(fromPrism.status);
    expect(validate(ErrorEnvelope, fromSandbox.body).success).toBe(true);
  });

  // The sources do not forbid unknown fields: the document allows them, and so must both mocks.
  it('both accept an unknown field', async () => {
    const body = item({ stpes: 20 });
    const [fromPrism, fromSandbox] = await Promise.all([
      call(prism.url, 'post', '/pub/v1/generations', { body }),
      call(sandbox.url, 'post', '/pub/v1/generations', { body }),
    ]);
    expect(fromPrism.status, JSON.stringify(fromPrism.body)).toBe(200);
    expect(fromSandbox.status, JSON.stringify(fromSandbox.body)).toBe(200);
  });

  it('both accept the documented generation examples', async () => {
    const op = operationList.find((o) => o.operationId === 'generateMedia')!;
    for (const [name, example] of Object.entries(op.requestExamples ?? {})) {
      const [fromPrism, fromSandbox] = await Promise.all([
        call(prism.url, 'post', op.path, { body: example.value }),
        call(sandbox.url, 'post', op.path, { body: example.value }),
      ]);
      expect(fromPrism.status, name).toBe(200);
      expect(fromSandbox.status, `${name}: ${JSON.stringify(fromSandbox.body)}`).toBe(200);
    }
  });
});
