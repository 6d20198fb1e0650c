import { defineConfig } from 'vitest/config';

// Tests run from source: the `@mediagen/source` export condition points workspace imports at src/
// (tests run in Vite's server environment, so the condition is set there too).
const conditions = ['@mediagen/source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@mediagen/source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each file starts its own Prism or sandbox; two cores, so two files at a time.
    maxWorkers: 2,
  },
});
