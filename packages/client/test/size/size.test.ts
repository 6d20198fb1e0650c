// Size ceilings for the runtime entries, bundled as an application would (minified, gzipped,
// dependencies included). CI fails when a change makes the core heavier than this.
import { describe, expect, it } from 'vitest';
import { measureBundle } from '../../bench/bundle.js';

/**
 * Initial load of `@mediagen/client`, openapi-fetch and the schema package's util leaf included.
 * Measured 11.35 kB when set: 9.52 kB before the client counted decoded bytes, masked the key in
 * every spelling (case, URL, base64), refused dot path segments (also through `raw`), bounded
 * paging, read 422 issues, read the environment, gave `withResponse()`, and took its facts and
 * helpers from the util leaf instead of copies; 7.93 kB before it went through openapi-fetch.
 */
const CORE_CEILING_GZ = 12 * 1024;
/**
 * What the core loads only on use, all chunks together: the ledger transforms (when a legacy response
 * arrives) and the waiting, upload and paging code (when first called). Measured 3.67 kB when set, 3.74 kB
 * with the page budget and progress reported on change.
 */
const LAZY_CEILING_GZ = 4 * 1024;
/** `@mediagen/client/validation`: the schema package and zod. */
const VALIDATION_CEILING_GZ = 120 * 1024;

const kB = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;

describe('bundle size', () => {
  it(`the core entry stays under ${CORE_CEILING_GZ / 1024} kB gzipped, with no zod and of the schema package only its util leaf up front`, async () => {
    const size = await measureBundle('src/index.ts');
    expect(Object.keys(size.initial.byPackage).sort()).toEqual(['(client)', '@mediagen/schema', 'openapi-fetch']);
    const schemaInputs = size.initial.inputs.filter((input) => input.includes('schema/src/'));
    expect(schemaInputs.length).toBeGreaterThan(0);
    // The util leaf only: no operations table, no zod schemas, no ledger.
    expect(schemaInputs.filter((input) => !/schema\/src\/util\/[^/]+\.ts$/.test(input))).toEqual([]);
    expect(size.initial.inputs.filter((input) => /node_modules\/(\.pnpm\/)?zod/.test(input))).toEqual([]);
    expect(size.initial.gzipped, `core entry ${kB(size.initial.gzipped)}`).toBeLessThanOrEqual(CORE_CEILING_GZ);
    // Two lazy chunks: the ledger transforms with the code that uses them, and the client's own
    // waiting/upload/paging code, which must not drag schema code along.
    const transforms = size.lazyChunks.find((chunk) => chunk.inputs.some((input) => input.endsWith('src/lazy/upgrade.ts')));
    const waiting = size.lazyChunks.find((chunk) => chunk.inputs.some((input) => input.endsWith('src/lazy/work.ts')));
    expect(size.lazyChunks).toHaveLength(2);
    expect(Object.keys(transforms!.byPackage).sort()).toEqual(['(client)', '@mediagen/schema']);
    expect(Object.keys(waiting!.byPackage)).toEqual(['(client)']);
    expect(size.lazy.gzipped, `lazy chunks ${kB(size.lazy.gzipped)}`).toBeLessThanOrEqual(LAZY_CEILING_GZ);
  });

  it(`the validation entry stays under ${VALIDATION_CEILING_GZ / 1024} kB gzipped`, async () => {
    const size = await measureBundle('src/validation/index.ts');
    expect(size.initial.byPackage.zod).toBeGreaterThan(0);
    expect(size.initial.gzipped + size.lazy.gzipped).toBeLessThanOrEqual(VALIDATION_CEILING_GZ);
  });
});
