// Per-operation types derived from the schemas: what a caller writes and reads, checked by the compiler.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BodyOf, DataOf, OperationId, ParamsOf, QueryOf, ResponseOf } from '../../src/index.js';
import { operations, requests, responses } from '../../src/operations.js';

describe('per-operation types', () => {
  it('cover every operation of the table', () => {
    expect(Object.keys(responses).sort()).toEqual(operations.map((o) => o.operationId).sort());
    expect(Object.keys(requests).sort()).toEqual(Object.keys(responses).sort());
    for (const op of operations) expect(op.success.schema).toBe(responses[op.operationId as OperationId]);
  });

  it('describe bodies, queries, path parameters and responses', () => {
    expectTypeOf<BodyOf<'generateMedia'>[number]['steps']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<BodyOf<'createCharacter'>['character_type']>().toEqualTypeOf<'realistic' | 'stylized'>();
    expectTypeOf<BodyOf<'listModels'>>().toBeNever();
    expectTypeOf<QueryOf<'listGenerations'>['status']>().toEqualTypeOf<'success' | 'failed' | undefined>();
    expectTypeOf<QueryOf<'listControlnets'>['type']>().toEqualTypeOf<'sd' | 'sdxl' | 'flux' | undefined>();
    expectTypeOf<ParamsOf<'deleteImage'>>().toEqualTypeOf<{ generation_id: string; image_id: string }>();
    expectTypeOf<DataOf<'listGenerations'>[number]['media'][number]['dim']>().toMatchTypeOf<{ height: number; width: number }>();
    expectTypeOf<ResponseOf<'estimateGeneration'>['data']>().toMatchTypeOf<{ estimated: number; balance: number }>();
  });
});
