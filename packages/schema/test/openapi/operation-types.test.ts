// The operations table: one entry per operationId, its traits consistent with its schemas. The
// per-operation types derived from it are checked by the compiler in operation-types.test-d.ts.
import { describe, expect, it } from 'vitest';
import {
  catalogueOperation,
  createdId,
  deletedIds,
  deletionRequest,
  isOperationId,
  operationById,
  operationList,
  operations,
  operationsWhere,
  undoOf,
} from '../../src/operations.js';
import { GenerationRequest } from '../../src/resources/generation-request.js';
import { z } from '../../src/zod.js';

const ids = (list: readonly { operationId: string }[]) => list.map((op) => op.operationId);
const shapeOf = (schema: z.ZodType): Record<string, unknown> => (schema instanceof z.ZodObject ? schema.shape : {});

describe('the operations table', () => {
  it('keys every entry by its operationId and lists them in table order', () => {
    expect(operationList).toHaveLength(22);
    expect(ids(operationList)).toEqual(Object.keys(operations));
    for (const [key, op] of Object.entries(operations)) expect(op.operationId).toBe(key);
    expect(operationById('getMedia')).toBe(operations.getMedia);
    expect(operationById('nothing')).toBeUndefined();
    // Looked up as own keys only: what every object inherits is not an operation.
    for (const inherited of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(operationById(inherited), inherited).toBeUndefined();
      expect(isOperationId(inherited), inherited).toBe(false);
    }
  });

  it('names a replacement that is in the table', () => {
    const deprecated = operationList.filter((op) => op.deprecatedBy);
    expect(ids(deprecated)).toEqual(['deleteImage', 'getGenerationStatus', 'getImageStatus']);
    for (const op of deprecated) expect(operationById(op.deprecatedBy!), op.operationId).toBeDefined();
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
    const catalogues = operationList.filter((op) => op.catalogue);
    expect(catalogues.map((op) => [op.catalogue, op.operationId])).toEqual([
      ['models', 'listModels'],
      ['styles', 'listStyles'],
      ['controlnets', 'listControlnets'],
      ['loras', 'listLoras'],
      ['voices', 'listVoices'],
    ]);
    for (const op of catalogues) expect([op.method, op.effect, op.paged, op.tag]).toEqual(['get', 'read', true, 'Resources']);
    expect(catalogueOperation('styles').operationId).toBe('listStyles');
    expect(operations.getMedia.carries).toBe('media');
    expect(operations.listGenerations.carries).toBe('generation-page');
  });

  it('says what each call creates and how to undo it', () => {
    const creators = operationList.filter((op) => op.creates).map((op) => [op.operationId, op.creates!.kind, undoOf(op.creates!.kind)?.operationId]);
    expect(creators).toEqual([
      ['generateMedia', 'generation', 'deleteGeneration'],
      ['createCharacter', 'character', undefined],
      ['uploadAsset', 'asset', 'archiveAssets'],
      ['uploadAssetV2', 'asset', 'archiveAssets'],
    ]);
    for (const op of operationList) if (op.creates) expect(op.effect, op.operationId).toMatch(/create|spend/);
    // The ids come from the documented examples' bodies.
    expect(createdId(operations.generateMedia, operations.generateMedia.success.examples.model.value)).toBe('gen_02');
    expect(createdId(operations.uploadAsset, operations.uploadAsset.success.examples.docs!.value)).toBe('ast_xxxxxxxx');
    expect(createdId(operations.uploadAssetV2, operations.uploadAssetV2.success.examples.docs!.value)).toBe('ast_xxxxxxxx');
    expect(createdId(operations.createCharacter, operations.createCharacter.success.examples.docs!.value)).toBe('character_001');
    // Undoing and reading back a deletion go through the same trait.
    const undo = undoOf('asset')!;
    expect(deletedIds(undo, deletionRequest(undo, 'ast_1'))).toEqual(['ast_1']);
    expect(deletedIds(operations.deleteGeneration, deletionRequest(operations.deleteGeneration, 'gen_1'))).toEqual(['gen_1']);
    for (const op of operationList) if (op.deletes) expect(op.effect, op.operationId).toBe('delete');
  });

  it('says what each call needs first', () => {
    expect(operations.getGeneration.needs).toEqual(['generation']);
    expect(operations.deleteImage.needs).toEqual(['generation', 'media']);
    expect(operations.getAssetV2.needs).toEqual(['asset']);
    expect(operations.listModels.needs).toEqual([]);
  });
});
