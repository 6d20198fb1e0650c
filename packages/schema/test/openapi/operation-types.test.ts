// The operations table: one entry per operationId, its traits consistent with its schemas, and the
// per-operation types derived from it (what a caller writes and reads), checked by the compiler.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BodyOf, DataOf, OperationId, OperationSpecOf, ParamsOf, QueryOf, ResponseOf } from '../../src/index.js';
import { operationList, operations, operationsById, operationsWhere } from '../../src/operations.js';
import { GenerationRequest } from '../../src/resources/generation-request.js';
import { z } from '../../src/zod.js';

const ids = (list: readonly { operationId: string }[]) => list.map((op) => op.operationId);
const shapeOf = (schema: z.ZodType): Record<string, unknown> => (schema instanceof z.ZodObject ? schema.shape : {});

describe('the operations table', () => {
  it('keys every entry by its operationId and lists them in table order', () => {
    expect(operationList).toHaveLength(22);
    expect(ids(operationList)).toEqual(Object.keys(operations));
    for (const [key, op] of Object.entries(operations)) expect(op.operationId).toBe(key);
    expect(operationsById.getMedia).toBe(operations.getMedia);
    expect(operationsById.nothing).toBeUndefined();
  });

  it('names a replacement that is in the table', () => {
    const deprecated = operationList.filter((op) => op.deprecatedBy);
    expect(ids(deprecated)).toEqual(['deleteImage', 'getGenerationStatus', 'getImageStatus']);
    for (const op of deprecated) expect(operationsById[op.deprecatedBy!], op.operationId).toBeDefined();
  });

  it('derives idempotent and spendsCredits from the effect', () => {
    expect(ids(operationsWhere({ spendsCredits: true }))).toEqual(['generateMedia']);
    expect(ids(operationsWhere({ idempotent: false }))).toEqual(['generateMedia', 'createCharacter', 'uploadAsset', 'uploadAssetV2']);
    expect(ids(operationsWhere({ effect: 'delete' }))).toEqual(['deleteGeneration', 'deleteMedia', 'deleteImage', 'archiveAssets']);
    expect(ids(operationsWhere({ effect: 'create' }))).toEqual(ids(operationList.filter((op) => op.creates && op.effect !== 'spend')));
    // Every operation that takes the generation body is generate or estimate; only generate spends.
    expect(ids(operationList.filter((op) => op.body === GenerationRequest))).toEqual(['generateMedia', 'estimateGeneration']);
    expect(operations.estimateGeneration.effect).toBe('read');
  });

  it('marks as paged exactly the operations that take page/page_size and answer pagination', () => {
    for (const op of operationList) {
      const takesPages = op.query !== undefined && 'page' in op.query.shape && 'page_size' in op.query.shape;
      const answersPagination = 'pagination' in shapeOf(op.success.schema);
      // getGeneration answers `pagination` (the docs show it) but takes no page parameters: not paged.
      if (op.operationId === 'getGeneration') expect([takesPages, answersPagination]).toEqual([false, true]);
      else expect(op.paged, op.operationId).toBe(takesPages && answersPagination);
    }
  });

  it('marks the media carriers and the five catalogue listings', () => {
    expect(ids(operationsWhere({ carriesMedia: true }))).toEqual(['generateMedia', 'listGenerations', 'getGeneration', 'getMedia']);
    expect(ids(operationsWhere({ catalogue: true }))).toEqual(['listModels', 'listStyles', 'listControlnets', 'listLoras', 'listVoices']);
    for (const op of operationsWhere({ catalogue: true })) expect([op.method, op.effect, op.paged, op.tag]).toEqual(['get', 'read', true, 'Resources']);
  });
});

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
