// The generated layer is committed; regenerating it in memory from the schema package must give the
// same files byte for byte (run `pnpm generate` when this fails), and nothing stale may remain.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATIONS } from '@mediagen/client';
import { operationList, versionKeys } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { emittedVersionKeys, existingGeneratedFiles, packageRoot, renderGenerated } from '../../scripts/generate.js';

describe('generated files', () => {
  it('match a fresh generation (run `pnpm generate` and commit when this fails)', async () => {
    const files = await renderGenerated();
    expect(existingGeneratedFiles().sort()).toEqual(Object.keys(files).sort());
    for (const [path, content] of Object.entries(files)) {
      expect(readFileSync(join(packageRoot, path), 'utf8'), `${path} drifted`).toBe(content);
    }
  });

  it('start with a notice that they are generated and must not be edited', () => {
    for (const path of existingGeneratedFiles()) {
      expect(readFileSync(join(packageRoot, path), 'utf8').startsWith('// GENERATED FILE: do not edit.'), path).toBe(true);
    }
  });

  it('cover every API version the schema package emits', () => {
    expect(emittedVersionKeys()).toEqual(versionKeys());
    for (const key of versionKeys()) expect(existingGeneratedFiles()).toContain(`src/generated/versions/${key}.ts`);
  });

  it('the runtime operation table agrees with the schema package', () => {
    for (const op of operationList) {
      const info = OPERATIONS[op.operationId as keyof typeof OPERATIONS];
      expect(info, op.operationId).toMatchObject({ method: op.method, path: op.path, idempotent: op.idempotent });
    }
    // Only GETs, DELETEs, estimate and archive may be retried; generate never.
    expect(OPERATIONS.generateMedia.idempotent).toBe(false);
    expect(Object.entries(OPERATIONS).filter(([, info]) => info.method === 'post' && info.idempotent).map(([id]) => id).sort()).toEqual([
      'archiveAssets',
      'estimateGeneration',
    ]);
  });
});
