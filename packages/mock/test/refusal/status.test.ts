// The status of a refused request is an option of the mocks (`refusalStatus`, `--refusal-status`):
// 422 by default, 400 as a live-like server answers. Whichever, the client raises one class for it,
// ValidationError, with the issues the message lists: the same invalid generate, sent by the same
// code to real sandboxes listening on loopback at each status, is caught the same way.
import { BadRequestError, createClient, ValidationError } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonOptions, parse } from '../../src/cli/args.js';
import { MockError, type RunningSandbox, SANDBOX_API_KEY, SANDBOX_DEFAULTS, startMock, startSandbox } from '../../src/index.js';
import { call, item } from '../helpers.js';

const sandboxes = new Map<400 | 422, RunningSandbox>();
beforeAll(async () => {
  sandboxes.set(422, await startSandbox({}));
  sandboxes.set(400, await startSandbox({ refusalStatus: 400 }));
});
afterAll(() => Promise.all([...sandboxes.values()].map((s) => s.stop())));

/** What an application does: send a generate, and catch "the service refused this request". */
async function generateCaught(baseUrl: string) {
  const client = createClient({ apiKey: SANDBOX_API_KEY, baseUrl, maxRetries: 0 });
  try {
    await client.generations.create({ model: 'JuggernautXL', prompt: 'a lighthouse at dusk', steps: 3021 });
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
}

describe('the refusal status', () => {
  it('is 422 by default, an assumption written in SANDBOX_DEFAULTS', async () => {
    expect(SANDBOX_DEFAULTS.refusalStatus).toBe(422);
    const answer = await call(sandboxes.get(422)!.url, 'post', '/pub/v1/generations', { body: item({ steps: 3021 }) });
    expect(answer.status).toBe(422);
    expect(answer.body.err).toEqual({ code: 'validation_error', message: '[0].steps: must be ≤ 3020' });
  });

  it('is 400 when asked, with the same envelope (a reference check of the account too)', async () => {
    const answer = await call(sandboxes.get(400)!.url, 'post', '/pub/v1/generations', { body: item({ steps: 3021 }) });
    expect(answer.status).toBe(400);
    expect(answer.body.err).toEqual({ code: 'validation_error', message: '[0].steps: must be ≤ 3020' });
    const unknownAsset = await call(sandboxes.get(400)!.url, 'post', '/pub/v1/generations', {
      body: [{ video_anyone: { asset_id: 'ast_none', prompt: 'x' } }],
    });
    expect(unknownAsset.status).toBe(400);
    expect(unknownAsset.body.err.message).toContain('ast_none');
  });

  it('a body that is not JSON stays 400 bad_request at either setting', async () => {
    for (const sandbox of sandboxes.values()) {
      const answer = await call(sandbox.url, 'post', '/pub/v1/generations', { rawBody: '{not json' });
      expect(answer.status).toBe(400);
      expect(answer.body.err.code).toBe('bad_request');
    }
  });

  it('refuses any other status: a RangeError as MockError invalid_option, a usage error on the command line', async () => {
    await expect(startSandbox({ refusalStatus: 409 as never })).rejects.toSatisfy((e) => e instanceof MockError && e.code === 'invalid_option');
    expect(commonOptions(parse(['--refusal-status', '400'])).refusalStatus).toBe(400);
    expect(commonOptions(parse(['--stateful', '--refusal-status', '422'])).refusalStatus).toBe(422);
    expect(() => commonOptions(parse(['--refusal-status', '401']))).toThrow('--refusal-status must be 400 or 422, got "401"');
  });
});

describe('Prism, behind its front', () => {
  it('refuses with the status asked for too, in the same envelope', async () => {
    const prism = await startMock({ refusalStatus: 400 });
    try {
      const answer = await call(prism.url, 'post', '/pub/v1/generations', { body: item({ steps: 3021 }) });
      expect(answer.status).toBe(400);
      expect(answer.body.err).toEqual({ code: 'validation_error', message: '[0].steps: must be ≤ 3020' });
      expect((await generateCaught(prism.url))?.status).toBe(400);
    } finally {
      await prism.stop();
    }
  });
});

describe('the client, against sandboxes at 400 and at 422', () => {
  it('catches the same invalid generate as one class, ValidationError, with the same path-precise issues', async () => {
    const at422 = await generateCaught(sandboxes.get(422)!.url);
    const at400 = await generateCaught(sandboxes.get(400)!.url);
    for (const [status, error] of [
      [422, at422],
      [400, at400],
    ] as const) {
      expect(error, `at ${status}`).toBeInstanceOf(ValidationError);
      expect(error!.status).toBe(status);
      expect(error!.local).toBe(false);
      expect(error!.code).toBe('validation_error');
      expect(error!.issues).toEqual([{ path: [0, 'steps'], message: 'must be ≤ 3020', code: 'validation_error' }]);
    }
    // The status keeps its own class too, for code that wants to tell them apart.
    expect(at400).toBeInstanceOf(BadRequestError);
    expect(at422).not.toBeInstanceOf(BadRequestError);
  });
});
