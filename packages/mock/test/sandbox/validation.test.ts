// Each validation rule answered by the sandbox as the contract states it: 422 validation_error
// with the path-precise issues in `message`, 400 for a body that is not JSON, 404 for no route.
import { ErrorEnvelope, validate } from '@mediagen/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../src/index.js';
import { call, item } from '../helpers.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ plan: { name: 'Starter', maxBatchSize: 2 } });
});
afterAll(() => sandbox.stop());

async function refused(body: unknown, path = '/pub/v1/generations') {
  const answer = await call(sandbox.url, 'post', path, { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(validate(ErrorEnvelope, answer.body).success).toBe(true);
  expect(answer.body.err.code).toBe('validation_error');
  return answer.body.err.message as string;
}

describe('generation rules', () => {
  it.each([
    ['steps above 3020', { steps: 3021 }, '[0].steps: must be ≤ 3020'],
    ['steps below 10', { steps: 9 }, '[0].steps: must be ≥ 10'],
    ['cfg_scale above 127', { cfg_scale: 128 }, '[0].cfg_scale: must be ≤ 127'],
    ['a fractional seed', { seed: 1.5 }, '[0].seed: must be a whole number, got 1.5'],
    ['an aspect ratio not listed', { aspect_ratio: '5:4' }, '[0].aspect_ratio: must be one of'],
  ])('%s', async (_, extra, expected) => {
    expect(await refused(item(extra))).toContain(expected);
  });

  it('enums are case-sensitive, with a hint', async () => {
    expect(await refused(item({ quality: 'plus' }))).toBe('[0].quality: must be one of "Plus", "Regular" (case-sensitive); got "plus", did you mean "Plus"?');
    expect(await refused(item({ sampler: 'euler a' }))).toContain('did you mean "Euler a"?');
  });

  it('a video_anyone prompt of 501 characters', async () => {
    const message = await refused([{ video_anyone: { asset_id: 'ast_01', prompt: 'x'.repeat(501) } }]);
    expect(message).toBe('[0].video_anyone.prompt: at most 500 characters');
  });

  it('video_anyone needs a 3:5 or 5:3 input (metadata from the sandbox\u2019s own assets)', async () => {
    const message = await refused([{ video_anyone: { asset_id: 'ast_123abc', prompt: 'waves' } }]);
    expect(message).toBe('[0].video_anyone.asset_id: input image is 512×512 (1:1); video_anyone needs 3:5 or 5:3');
  });

  it('Flux with control_net resize_mode or control_mode', async () => {
    const message = await refused(item({ model: 'Flux', control_net: { asset_id: 'ast_01', name: 'Canny', resize_mode: 1, control_mode: 0 } }));
    expect(message).toContain('[0].control_net.resize_mode: not supported with Flux');
    expect(message).toContain('[0].control_net.control_mode: not supported with Flux');
  });

  it('the plan\u2019s batch maximum', async () => {
    expect(await refused(item({ batch_size: 3 }))).toBe('[0].batch_size: must be ≤ 2 (the maximum of the Starter plan)');
    expect(await refused(item({ batch_size: 3 }), '/pub/v1/generations/estimate')).toContain('must be ≤ 2');
  });

  it('a LoRA of another base model than the model (the sandbox\u2019s own catalogue)', async () => {
    const message = await refused(item({ loras: [{ name: 'film_grain', weight: 0.5 }] }));
    expect(message).toBe('[0].loras[0].name: LoRA "film_grain" is for sd 1.5 but the model "JuggernautXL" is sdxl');
  });

  it('names not in the catalogue and inputs the account does not have', async () => {
    expect(await refused(item({ model: 'NoSuchModel' }))).toContain('[0].model: unknown model "NoSuchModel"');
    expect(await refused(item({ facelock: { asset_id: 'ast_missing' } }))).toBe('[0].facelock.asset_id: unknown asset "ast_missing"');
    expect(await refused(item({ model: 'Flux', control_net: { asset_id: 'ast_01', name: 'Normal' } }))).toContain('not available for Flux');
    expect(await refused([{ narrator: { image_asset_id: 'ast_imgxxxxx', script: 'hi', voice: 'Nobody' } }])).toContain('unknown voice "Nobody"');
  });

  it('several issues are joined in one message', async () => {
    const message = await refused(item({ steps: 1, cfg_scale: 1 }));
    expect(message.split('; ')).toHaveLength(2);
  });
});

describe('other requests', () => {
  it('a body that is not JSON is 400 bad_request', async () => {
    const answer = await call(sandbox.url, 'post', '/pub/v1/generations', { rawBody: '[{"model": ' });
    expect(answer.status).toBe(400);
    expect(answer.body.err.code).toBe('bad_request');
  });

  it('query parameters are validated (page_size ≤ 50, type enum)', async () => {
    expect((await call(sandbox.url, 'get', '/pub/v1/models?page_size=51')).status).toBe(422);
    const wrongType = await call(sandbox.url, 'get', '/pub/v1/models?type=SDXL');
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.err.message).toContain('did you mean "sdxl"?');
  });

  it('request objects ignore fields the contract does not name, as no source forbids them', async () => {
    const answer = await call(sandbox.url, 'post', '/pub/v1/assets/upload', { body: { size: { height: 512, width: 512 }, name: 'x' } });
    expect(answer.status).toBe(201);
  });

  it('a known path with another method is 405 with Allow, in the envelope', async () => {
    const answer = await call(sandbox.url, 'put', '/pub/v1/models');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
    expect(answer.body.err.code).toBe('method_not_allowed');
  });

  it("routes as the contract's router does: a literal segment is not an id, a method is not allowed where only others are", async () => {
    // GET of a generation whose id is "estimate": a generation the sandbox does not hold, not a 405 of the estimate.
    const read = await call(sandbox.url, 'get', '/pub/v1/generations/estimate');
    expect(read.status).toBe(404);
    const post = await call(sandbox.url, 'post', '/pub/v1/generations/gen_01', { body: [] });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, DELETE');
  });

  it('the upload and file URLs are known paths: another method is 405, a malformed one 400', async () => {
    const upload = await call(sandbox.url, 'post', '/uploads/ast_01');
    expect(upload.status).toBe(405);
    expect(upload.headers.get('allow')).toBe('PUT');
    const file = await call(sandbox.url, 'delete', '/files/x.png');
    expect(file.status).toBe(405);
    expect(file.headers.get('allow')).toBe('GET');
    const malformed = await call(sandbox.url, 'get', '/files/%zz');
    expect(malformed.status).toBe(400);
    expect(malformed.body.err.message).toBe('the path is not valid percent-encoding (segment "%zz")');
  });

  it('a request wrong in its query and its body is told both, query first', async () => {
    const message = await refused({ size: { height: 512 } }, '/pub/v2/assets/upload?type=gif');
    expect(message.indexOf('type: must be one of')).toBe(0);
    expect(message).toContain('; size.width: required');
  });

  it('an unknown route is 404 with the envelope, as JSON', async () => {
    for (const [method, path] of [
      ['get', '/pub/v1/nothing'],
      ['get', '/'],
    ]) {
      const answer = await call(sandbox.url, method!, path!);
      expect(answer.status).toBe(404);
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(answer.body.err.code).toBe('not_found');
    }
  });
});
