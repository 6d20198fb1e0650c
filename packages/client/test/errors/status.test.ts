// Each failure status becomes its own error class, carrying status, code, message, request id and
// operation id from the error envelope and headers.
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  InsufficientCreditsError,
  MediaGenError,
  NotFoundError,
  RateLimitError,
  ResponseParseError,
  ServerError,
  ValidationError,
} from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient } from '../support/client.js';
import { errorEnvelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const CASES = [
  [400, 'bad_request', BadRequestError],
  [401, 'unauthorized', AuthenticationError],
  [402, 'insufficient_credits', InsufficientCreditsError],
  [404, 'not_found', NotFoundError],
  [422, 'validation_error', ValidationError],
  [429, 'rate_limited', RateLimitError],
  [500, 'internal_error', ServerError],
  [503, 'service_unavailable', ServerError],
] as const;

describe('errors by status', () => {
  for (const [status, code, Class] of CASES) {
    it(`${status} → ${Class.name}`, async () => {
      const path = `/pub/v1/generations/gen_${status}`;
      server.on('GET', path, { status, json: errorEnvelope(code, `something about ${status}`), headers: { 'x-request-id': `req_${status}` } });
      const { client } = makeClient(server, { maxRetries: 0 });
      const error = await client.generations.get(`gen_${status}`).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Class);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toBeInstanceOf(MediaGenError);
      const e = error as ApiError;
      expect(e.name).toBe(Class.name);
      expect(e.status).toBe(status);
      expect(e.code).toBe(code);
      expect(e.serverMessage).toBe(`something about ${status}`);
      expect(e.requestId).toBe(`req_${status}`);
      expect(e.operationId).toBe('getGeneration');
      expect(e.message).toBe(`${status} ${code}: something about ${status} (getGeneration, request id req_${status})`);
      expect(e.body).toEqual(errorEnvelope(code, `something about ${status}`));
      expect(JSON.parse(JSON.stringify(e))).toMatchObject({ name: Class.name, status, code, requestId: `req_${status}`, operationId: 'getGeneration' });
    });
  }

  it('RateLimitError carries retryAfterMs', async () => {
    server.on('GET', '/pub/v1/models', { status: 429, json: errorEnvelope('rate_limited', 'slow down'), headers: { 'retry-after': '7' } });
    const { client } = makeClient(server, { maxRetries: 0 });
    const error = (await client.resources.models().catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(7000);
  });

  it('a status without a class of its own is a plain ApiError; a body without err gets http_<status>', async () => {
    server.on('GET', '/pub/v1/styles', { status: 403, text: '<html>Forbidden</html>', headers: { 'content-type': 'text/html' } });
    const { client } = makeClient(server);
    const error = (await client.resources.styles().catch((e: unknown) => e)) as ApiError;
    expect(error.constructor).toBe(ApiError);
    expect(error.status).toBe(403);
    expect(error.code).toBe('http_403');
    expect(error.serverMessage).toBe('Forbidden');
    expect(error.requestId).toBeUndefined();
  });

  it('a 502 with an HTML body is a ServerError (not a parse error)', async () => {
    server.on('GET', '/pub/v1/loras', { status: 502, text: '<html>Bad gateway</html>' });
    const { client } = makeClient(server, { maxRetries: 0 });
    const error = await client.resources.loras().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).code).toBe('http_502');
  });

  it('a 200 carrying only an err object is an error, not data', async () => {
    server.on('GET', '/pub/v1/generations/gen_err200', { status: 200, json: { err: { code: 'not_found', message: 'gone' } } });
    const { client } = makeClient(server);
    const error = (await client.generations.get('gen_err200').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('not_found');
  });

  it('a 200 that is JSON but no envelope is a ResponseParseError', async () => {
    server.on('GET', '/pub/v1/generations/gen_bare', { status: 200, json: { generation_id: 'gen_bare' } });
    const { client } = makeClient(server);
    const error = await client.generations.get('gen_bare').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseParseError);
    expect((error as Error).message).toMatch(/not the \{ data, err \} envelope/);
  });
});
