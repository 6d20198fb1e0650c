// Size ceilings for the runtime entries, bundled as an application would (minified, gzipped,
// dependencies included). CI fails when a change makes the core heavier than this.
import { describe, expect, it } from 'vitest';
import { measureBundle } from '../../bench/bundle.js';

/** Initial load of `@mediagen/client`, openapi-fetch included (measured 9.2 kB when set). */
const CORE_CEILING_GZ = 9.5 * 1024;
/** The ledger transforms the core loads only when a legacy response arrives. */
const LAZY_CEILING_GZ = 4 * 1024;
/** `@mediagen/client/validation`: the schema package and zod. */
const VALIDATION_CEILING_GZ = 120 * 1024;

describe('bundle size', () => {
  it(`the core entry stays under ${CORE_CEILING_GZ / 1024} kB gzipped, with no zod or schema code up front`, async () => {
    const size = await measureBundle('src/index.ts');
    expect(Object.keys(size.initial.byPackage).sort()).toEqual(['(client)', 'openapi-fetch']);
    expect(size.initial.gzipped).toBeLessThanOrEqual(CORE_CEILING_GZ);
    expect(Object.keys(size.lazy.byPackage)).toEqual(['@mediagen/schema']);
    expect(size.lazy.gzipped).toBeLessThanOrEqual(LAZY_CEILING_GZ);
  });

  it(`the validation entry stays under ${VALIDATION_CEILING_GZ / 1024} kB gzipped`, async () => {
    const size = await measureBundle('src/validation/index.ts');
    expect(size.initial.byPackage.zod).toBeGreaterThan(0);
    expect(size.initial.gzipped + size.lazy.gzipped).toBeLessThanOrEqual(VALIDATION_CEILING_GZ);
  });
});
