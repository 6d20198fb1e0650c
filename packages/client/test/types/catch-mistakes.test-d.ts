// Types that catch mistakes, checked by the compiler (vitest's typecheck runs this file, so any
// diagnostic fails `vitest run`; types.test.ts also compiles it, and shows the check is not vacuous;
// `npm run typecheck` includes it): response types are closed, so a misspelt
// field does not compile, and `WithExtra<T>` is the one way to fields the contract does not name;
// ApiError.code and operationId name the contract's values; request() is typed by operation.
// Each `@ts-expect-error` line fails the compile if the mistake it marks starts compiling again.
import {
  type ApiError,
  type ApiErrorCode,
  type ApiPromise,
  type CallResult,
  createClient,
  type Estimate,
  type Generation,
  type Media,
  type MediaGenClient,
  type OperationId,
  type PagedList,
  type TimeoutError,
  type ValidationError,
  type Voice,
  type WithExtra,
} from '@mediagen/client';
import type { paths as baselinePaths } from '@mediagen/client/versions/baseline';
import { describe, expectTypeOf, it } from 'vitest';

declare const media: Media;
declare const generation: Generation;
declare const client: MediaGenClient;
declare const apiError: ApiError;
declare const timeout: TimeoutError;
declare const invalid: ValidationError;

describe('types that catch mistakes', () => {
  it('response types are closed: the contract’s fields only, in every dated version', () => {
    // @ts-expect-error the field is `id`, not `media_id`
    media.media_id;
    // @ts-expect-error nested objects are closed too
    media.dim.depth;
    // @ts-expect-error no such field on a generation
    generation.generation;
    expectTypeOf(media.id).toEqualTypeOf<string>();
    expectTypeOf<Media>().not.toHaveProperty('media_id');
    expectTypeOf<keyof Media>().toEqualTypeOf<'id' | 'dim' | 'type' | 'status' | 'url'>();
    expectTypeOf<keyof Generation>().toEqualTypeOf<'generation_id' | 'created_at' | 'media'>();
    // The older versions' types are closed as well.
    type BaselineGeneration = baselinePaths['/pub/v1/generations/{generation_id}']['get']['responses'][200]['content']['application/json']['data'];
    // @ts-expect-error closed in the baseline types too
    ({}) as BaselineGeneration['unknown_field'];
  });

  it('WithExtra is the one escape hatch: what the service sends beyond the contract, as unknown', () => {
    const extra: WithExtra<Media> = media;
    expectTypeOf(extra.seed).toEqualTypeOf<unknown>();
    expectTypeOf(extra.id).toEqualTypeOf<string>();
  });

  it('error fields name the contract’s values', () => {
    expectTypeOf(apiError.operationId).toEqualTypeOf<OperationId>();
    expectTypeOf<'not_found'>().toMatchTypeOf<ApiErrorCode>();
    expectTypeOf<'http_418'>().toMatchTypeOf<ApiErrorCode>();
    // Open on purpose: the service may send codes the contract does not list (see errors.ts).
    expectTypeOf<'some_new_code'>().toMatchTypeOf<ApiErrorCode>();
    // @ts-expect-error an operation id is one of the contract's
    const badId: OperationId = 'getGenerations';
    void badId;
    expectTypeOf(timeout.attempts).toEqualTypeOf<number>();
    expectTypeOf(invalid.issues[0]!.path).toEqualTypeOf<ReadonlyArray<string | number>>();
  });

  it('request() is typed by operation: its parts and its data', () => {
    expectTypeOf(client.request('getGeneration', { params: { generation_id: 'g' } })).toEqualTypeOf<Promise<CallResult<Generation>>>();
    expectTypeOf(client.request('listVoices')).toEqualTypeOf<Promise<CallResult<Voice[]>>>();
    expectTypeOf(client.request('estimateGeneration', { body: [{ model: 'JuggernautXL', prompt: { positive: 'p' } }] })).toEqualTypeOf<
      Promise<CallResult<Estimate>>
    >();
    // @ts-expect-error the path parameter is generation_id
    client.request('getGeneration', { params: { id: 'g' } });
    // @ts-expect-error getGeneration takes no body
    client.request('getGeneration', { params: { generation_id: 'g' }, body: {} });
    // @ts-expect-error no such operation
    client.request('getGenerations');
  });

  it('methods give the data, and the Response beside it on request', () => {
    expectTypeOf(client.generations.get('g')).toEqualTypeOf<ApiPromise<Generation>>();
    expectTypeOf(client.resources.voices().withResponse()).toEqualTypeOf<Promise<CallResult<PagedList<Voice>>>>();
  });

  it('options take undefined where they are optional', () => {
    // The options take `undefined` where they are optional (for callers with exactOptionalPropertyTypes).
    createClient({ apiKey: undefined, baseUrl: undefined, timeoutMs: undefined });
  });
});
