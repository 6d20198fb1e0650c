// Against one real Prism process (and one sandbox, for parity): request validation answers the
// declared envelopes, and every operation answers its documented example.
import { ERROR_CODES, ErrorEnvelope, type OperationSpec, operationList, operations, validate } from '@mediagen/schema';
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

  it('answers 422 in the declared envelope, in the contract\u2019s path-precise wording, when steps is out of range', async () => {
    const answer = await call(prism.url, 'post', '/pub/v1/generations', { body: item({ steps: 5000 }) });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ err: { code: 'validation_error', message: '[0].steps: must be ≤ 3020' } });
    expect(answer.headers.get('sl-violations')).toBeNull();
  });

  it('answers 404 for a path the document does not have', async () => {
    const answer = await call(prism.url, 'get', '/pub/v1/nothing-here');
    expect(answer.status).toBe(404);
  });
});

describe('the Prefer header picks Prism\u2019s answer', () => {
  const generate = operations.generateMedia;
  const body = item();

  it('code=<status>: the example of that declared status', async () => {
    const answer = await call(prism.url, 'post', generate.path, { body, headers: { prefer: 'code=404' } });
    expect(answer.status).toBe(404);
    expect(validate(ErrorEnvelope, answer.body).success).toBe(true);
    const missing = await call(prism.url, 'get', '/pub/v1/generations/gen_01', { headers: { prefer: 'code=401' } });
    expect(missing.status).toBe(401);
  });

  it('example=<name>: that named example', async () => {
    const named = await call(prism.url, 'post', generate.path, { body, headers: { prefer: 'example=model' } });
    expect(named.status).toBe(200);
    expect(named.body).toEqual(generate.success.examples.model!.value);
    const plain = await call(prism.url, 'post', generate.path, { body });
    expect(plain.body).not.toEqual(named.body);
  });

  it('dynamic=true: a value generated from the schema, valid against it, not an example', async () => {
    const answer = await call(prism.url, 'post', generate.path, { body, headers: { prefer: 'dynamic=true' } });
    expect(answer.status).toBe(200);
    expect(validate(generate.success.schema, answer.body).success).toBe(true);
    expect(Object.values(generate.success.examples).map((example) => example.value)).not.toContainEqual(answer.body);
  });

  it('a request the contract refuses is refused whatever it prefers', async () => {
    const answer = await call(prism.url, 'post', generate.path, { body: item({ steps: 5000 }), headers: { prefer: 'code=200' } });
    expect(answer.status).toBe(422);
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

describe('parity with the sandbox: the same verdict, in the same words', () => {
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
    // Prism answers a missing key with the document's 401 example; every other refusal is worded alike.
    if (options.key !== null) expect(fromPrism.body.err).toEqual(fromSandbox.body.err);
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
    const op = operations.generateMedia;
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

describe('parity at an older API date: the baseline refuses what came later, in the same words', () => {
  let oldPrism: RunningMock;
  let oldSandbox: RunningSandbox;
  beforeAll(async () => {
    [oldPrism, oldSandbox] = await Promise.all([startMock({ at: 'baseline' }), startSandbox({ at: 'baseline' })]);
  });
  afterAll(async () => {
    await Promise.all([oldPrism?.stop(), oldSandbox?.stop()]);
  });

  const bodies: [string, unknown, number, string | undefined][] = [
    [
      'a narrator item (added 2024-09-04)',
      [{ narrator: { image_asset_id: 'ast_imgxxxxx', script: 'hello', voice: 'Rachel' } }],
      422,
      '[0].narrator: not available before 2024-09-04',
    ],
    ['a model image', item(), 200, undefined],
    ['steps out of range', item({ steps: 5000 }), 422, '[0].steps: must be ≤ 3020'],
    ['an unknown field', item({ stpes: 20 }), 200, undefined],
    ['an empty array', [], 422, undefined],
  ];

  it.each(bodies)('%s', async (_, body, status, message) => {
    const [fromPrism, fromSandbox] = await Promise.all([
      call(oldPrism.url, 'post', '/pub/v1/generations/estimate', { body }),
      call(oldSandbox.url, 'post', '/pub/v1/generations/estimate', { body }),
    ]);
    expect(fromPrism.status, JSON.stringify(fromPrism.body)).toBe(status);
    expect(fromSandbox.status, JSON.stringify(fromSandbox.body)).toBe(status);
    if (status !== 200) {
      expect(fromPrism.body.err).toEqual(fromSandbox.body.err);
      if (message) expect(fromPrism.body.err.message).toContain(message);
    }
  });
});
