// Credits (estimate, spend, 402) and API keys (401) in the sandbox.
import { ErrorEnvelope, operationById, validate } from '@mediagen/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COSTS, type RunningSandbox, startSandbox } from '../../src/index.js';
import { call, item } from '../helpers.js';

describe('credits', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ credits: 20 });
  });
  afterAll(() => sandbox.stop());

  it('estimate returns a deterministic cost and the balance, and spends nothing', async () => {
    const body = item({ batch_size: 3 }); // JuggernautXL is sdxl
    const first = await call(sandbox.url, 'post', '/pub/v1/generations/estimate', { body });
    expect(first.status).toBe(200);
    expect(validate(operationById('estimateGeneration')!.success.schema, first.body).success).toBe(true);
    expect(first.body.data).toEqual({ estimated: 3 * COSTS.image.sdxl!, balance: 20 });
    const again = await call(sandbox.url, 'post', '/pub/v1/generations/estimate', { body });
    expect(again.body.data).toEqual(first.body.data);
    const flux = await call(sandbox.url, 'post', '/pub/v1/generations/estimate', { body: item({ model: 'Flux' }) });
    expect(flux.body.data.estimated).toBe(COSTS.image.flux);
  });

  it('generate spends exactly the estimate; not enough credits is 402 with the envelope', async () => {
    const body = item({ batch_size: 4 });
    const estimate = await call(sandbox.url, 'post', '/pub/v1/generations/estimate', { body });
    expect(estimate.body.data.estimated).toBeLessThanOrEqual(estimate.body.data.balance);
    const spent = await call(sandbox.url, 'post', '/pub/v1/generations', { body });
    expect(spent.status).toBe(200);
    expect(spent.body.data.credits_remaining).toBe(estimate.body.data.balance - estimate.body.data.estimated);
    expect(sandbox.state.credits).toBe(spent.body.data.credits_remaining);

    const balance = (await call(sandbox.url, 'post', '/pub/v1/generations/estimate', { body })).body.data.balance;
    expect(balance).toBe(12);
    await call(sandbox.url, 'post', '/pub/v1/generations', { body }); // 8 more: 4 left
    const refused = await call(sandbox.url, 'post', '/pub/v1/generations', { body });
    expect(refused.status).toBe(402);
    expect(validate(ErrorEnvelope, refused.body).success).toBe(true);
    expect(refused.body.err).toEqual({ code: 'insufficient_credits', message: 'not enough credits: 8 needed, 4 available' });
    expect(sandbox.state.credits).toBe(4);
    const generations = (await call(sandbox.url, 'get', '/pub/v1/generations?page_size=50')).body.data;
    expect(generations).toHaveLength(3); // the fixture and the two that were paid for
  });
});

describe('API keys', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ apiKeys: ['key-one', 'key-two'] });
  });
  afterAll(() => sandbox.stop());

  it.each([
    ['missing', null],
    ['wrong', 'sandbox-key'],
    ['empty', ''],
  ])('a %s key is 401 with the envelope', async (_, key) => {
    const answer = await call(sandbox.url, 'get', '/pub/v1/models', { key });
    expect(answer.status).toBe(401);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body.err.code).toBe('unauthorized');
  });

  it('every configured key is accepted', async () => {
    for (const key of ['key-one', 'key-two']) expect((await call(sandbox.url, 'get', '/pub/v1/models', { key })).status).toBe(200);
  });

  it('the key is checked before the body', async () => {
    const answer = await call(sandbox.url, 'post', '/pub/v1/generations', { key: null, rawBody: '{not json' });
    expect(answer.status).toBe(401);
  });
});
