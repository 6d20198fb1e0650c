// A request the service refuses as invalid is one class to catch, ValidationError, whether it is
// answered 400 (as a live-like server does) or 422 (as the sandbox does by default): neither source
// says which the service uses. The issues its `err.message` lists are read at either status; the
// status keeps a class of its own (BadRequestError for 400) for code that tells them apart.
import { ApiError, BadRequestError, NotFoundError, ValidationError } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient } from '../support/client.js';
import { errorEnvelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const MESSAGE = '[0].steps: must be ≤ 3020; [0].prompt.positive: required';

describe('a refused request', () => {
  it.each([
    [400, 'bad_request', BadRequestError],
    [400, 'validation_error', BadRequestError],
    [422, 'validation_error', ValidationError],
  ] as const)('%i %s is caught as ValidationError, with the issues of err.message', async (status, code, Class) => {
    server.on('POST', '/pub/v1/generations', { status, json: errorEnvelope(code, MESSAGE) });
    const { client } = makeClient(server);
    const error = await client.generations.create({ model: 'JuggernautXL', prompt: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(ApiError);
    const refused = error as ValidationError;
    expect(refused.name).toBe(Class.name);
    expect(refused.status).toBe(status);
    expect(refused.local).toBe(false);
    expect(refused.issues).toEqual([
      { path: [0, 'steps'], message: 'must be ≤ 3020', code },
      { path: [0, 'prompt', 'positive'], message: 'required', code },
    ]);
  });

  it('a 400 whose message lists no path has no issues, and is still the one class', async () => {
    server.on('POST', '/pub/v1/generations/estimate', { status: 400, json: errorEnvelope('bad_request', 'request body is not valid JSON') });
    const { client } = makeClient(server);
    const error = (await client.generations.estimate({ model: 'JuggernautXL', prompt: 'x' }).catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([]);
  });

  it('other failures are not refusals', async () => {
    server.on('GET', '/pub/v1/generations/gen_gone', { status: 404, json: errorEnvelope('not_found', 'gen_gone: not found') });
    const { client } = makeClient(server);
    const error = await client.generations.get('gen_gone').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).not.toBeInstanceOf(ValidationError);
  });
});
