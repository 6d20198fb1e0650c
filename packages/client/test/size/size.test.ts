// Size ceilings for the runtime entries, bundled as an application would (minified, gzipped,
// dependencies included). CI fails when a change makes the core heavier than this.
import { describe, expect, it } from 'vitest';
import { measureBundle } from '../../bench/bundle.js';

/**
 * Initial load of `@mediagen/client`, openapi-fetch included. Measured 9.47 kB when set: 7.93 kB
 * before the client went through openapi-fetch for every call and gained its hardening (the API
 * fetch: key per origin, redirects, body cap; option checks; three error classes).
 */
const CORE_CEILING_GZ = 10 * 1024;
/**
 * What the core loads only on use, all chunks together: the ledger transforms (when a legacy response
 * arrives) and the waiting, upload and paging code (when first called). Measured 3.67 kB when set.
 */
const LAZY_CEILING_GZ = 4 * 1024;
/** `@mediagen/client/validation`: the schema package and zod. */
const VALIDATION_CEILING_GZ = 120 * 1024;

const kB = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;

describe('bundle size', () => {
  it(`the core entry stays under ${CORE_CEILING_GZ / 1024} kB gzipped, with no zod or schema code up front`, async () => {
    const size = await measureBundle('src/index.ts');
    expect(Object.keys(size.initial.byPackage).sort()).toEqual(['(client)', 'openapi-fetch']);
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
