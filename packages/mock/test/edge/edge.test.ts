// The requests that knocked the mocks over or leaked a stack trace, each answered in the envelope
// with a declared status by both mocks; and a Prism that dies is restarted, with the reason told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, type RunningSandbox, startMock, startSandbox } from '../../src/index.js';
import { translateAnswer } from '../../src/prism/translate.js';
import { START_WITHIN_MS } from '../cli-process.js';
import { call } from '../helpers.js';

let prism: RunningMock;
let sandbox: RunningSandbox;
const restarts: string[] = [];

beforeAll(async () => {
  [prism, sandbox] = await Promise.all([startMock({ onRestart: (reason) => restarts.push(reason) }), startSandbox()]);
});
afterAll(async () => {
  await Promise.all([prism?.stop(), sandbox?.stop()]);
});

const targets = () =>
  [
    ['prism', prism.url],
    ['sandbox', sandbox.url],
  ] as const;

const hostile: [string, string, string, { rawBody?: string; body?: unknown; headers?: Record<string, string> }, number, string][] = [
  ['malformed percent-encoding', 'get', '/pub/v1/generations/%zz', {}, 400, 'bad_request'],
  ['a lone percent sign', 'get', '/pub/v2/assets/%', {}, 400, 'bad_request'],
  ['an overlong UTF-8 sequence', 'get', '/pub/v1/generations/media/%C0%AF', {}, 400, 'bad_request'],
  // Unknown fields are allowed; leaving out `ids` makes both mocks report a violation beside the odd name.
  ['a property named above U+00FF', 'post', '/pub/v1/assets/archive', { rawBody: '{"\u0100":1}' }, 422, 'validation_error'],
  ['a body that is not JSON', 'post', '/pub/v1/assets/archive', { rawBody: '{"ids":' }, 400, 'bad_request'],
  ['a body over the size cap', 'post', '/pub/v1/generations', { rawBody: `[${' '.repeat(11 * 1024 * 1024)}]` }, 413, 'payload_too_large'],
  ['an unknown path', 'get', '/pub/v1/nothing-here', {}, 404, 'not_found'],
  ['a method the path does not take', 'put', '/pub/v1/models', {}, 405, 'method_not_allowed'],
];

describe.each(hostile)('%s', (_, method, path, options, status, code) => {
  it.each(['prism', 'sandbox'] as const)('%s answers the envelope, no stack, and keeps serving', async (kind) => {
    const base = kind === 'prism' ? prism.url : sandbox.url;
    const answer = await call(base, method, path, options);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body.err.code).toBe(code);
    expect(typeof answer.body.err.message).toBe('string');
    expect(JSON.stringify(answer.body)).not.toMatch(/stack|node_modules|\n\s+at /);
    expect(answer.headers.get('x-mediagen-mock')).toBe(kind);
    if (status === 405) expect(answer.headers.get('allow')).toBe('GET');
    expect((await call(base, 'get', '/pub/v1/voices')).status).toBe(200);
  });
});

describe('each answer names its mock', () => {
  it('X-MediaGen-Mock: prism or sandbox, on successes and errors alike', async () => {
    for (const [kind, base] of targets()) {
      for (const [path, key] of [
        ['/pub/v1/models', undefined],
        ['/pub/v1/models', null],
        ['/nowhere', undefined],
      ] as const) {
        const answer = await call(base, 'get', path, { key });
        expect(answer.headers.get('x-mediagen-mock'), `${kind} ${path}`).toBe(kind);
      }
    }
  });
});

describe('Prism behind the front', () => {
  it('answers JSON whatever the Accept header asks (Prism alone answered 406 problem+json)', async () => {
    const answer = await call(prism.url, 'get', '/pub/v1/models', { headers: { accept: 'text/html' } });
    expect(answer.status).toBe(200);
    expect(answer.body.err).toEqual({});
  });

  it('is restarted when it dies, and the reason is told', async () => {
    const first = prism.pid!;
    process.kill(first, 'SIGKILL');
    // Only a hang ends the wait: the restart is a Prism start (see START_WITHIN_MS).
    const deadline = Date.now() + START_WITHIN_MS;
    let answer = await call(prism.url, 'get', '/pub/v1/voices');
    while (answer.status !== 200 && Date.now() < deadline) {
      expect(answer.status).toBe(503);
      expect(answer.body.err.code).toBe('service_unavailable');
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await call(prism.url, 'get', '/pub/v1/voices');
    }
    expect(answer.status).toBe(200);
    expect(prism.pid).not.toBe(first);
    expect(prism.restarts).toBe(1);
    expect(restarts).toEqual([expect.stringMatching(/^Prism stopped on its own \(SIGKILL\)/)]);
  });
});

describe('translating Prism\u2019s answers', () => {
  it('problem+json becomes the envelope with its title and detail', () => {
    const problem = {
      type: 'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR',
      title: 'Route not resolved, no path matched',
      status: 404,
      detail: 'The route /x hasn\u2019t been found',
    };
    expect(translateAnswer(404, { 'content-type': 'application/problem+json' }, JSON.stringify(problem))).toEqual({
      status: 404,
      body: { err: { code: 'not_found', message: 'Route not resolved, no path matched: The route /x hasn\u2019t been found' } },
    });
  });

  it('its server\u2019s own `{ error: { message, stack } }` loses the stack and local paths', () => {
    const error = { error: { message: 'Invalid JSON at /home/someone/node_modules/micri/lib/index.js', stack: 'Error: x\n    at y (/home/someone/a.js:1:1)' } };
    const translated = translateAnswer(400, { 'content-type': 'application/json' }, JSON.stringify(error));
    expect(translated).toEqual({ status: 400, body: { err: { code: 'bad_request', message: 'Invalid JSON at <path>' } } });
  });

  it('a body that is not JSON, or a status out of range, becomes a 500 envelope', () => {
    expect(translateAnswer(200, {}, '<html>')).toEqual({
      status: 500,
      body: { err: { code: 'internal_error', message: 'the mock could not answer this request' } },
    });
    expect(translateAnswer(999, {}, '{"data":1,"err":{}}').status).toBe(500);
  });

  it('an error envelope takes Prism\u2019s request violations as its message', () => {
    const violations = JSON.stringify([
      { location: ['request', 'body', 'ids'], severity: 'Error', message: 'must be array' },
      { location: ['response'], severity: 'Error', message: 'ignored' },
    ]);
    expect(
      translateAnswer(422, { 'content-type': 'application/json', 'sl-violations': violations }, '{"err":{"code":"validation_error","message":"example"}}').body,
    ).toEqual({
      err: { code: 'validation_error', message: 'ids: must be array' },
    });
  });
});
