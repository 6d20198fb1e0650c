// The per-operation types derived from the operations table (what a caller writes and reads), checked
// by the compiler: vitest's typecheck runs this file, so a type that drifts fails `vitest run`.
import { describe, expectTypeOf, it } from 'vitest';
import type { BodyOf, DataOf, OperationId, OperationSpecOf, ParamsOf, QueryOf, ResponseOf } from '../../src/index.js';
import type { operations } from '../../src/operations.js';

describe('per-operation types', () => {
  it('describe bodies, queries, path parameters and responses', () => {
    expectTypeOf<OperationId>().toEqualTypeOf<keyof typeof operations>();
    expectTypeOf<OperationSpecOf<'listModels'>['operationId']>().toEqualTypeOf<'listModels'>();
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
