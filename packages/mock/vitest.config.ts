import { defineConfig } from 'vitest/config';

// Tests run from source: the `@mediagen/source` export condition points workspace imports at src/.
// Tests run in Vite's server environment, so the condition is set there too (with the defaults it
// replaces).
const conditions = ['@mediagen/source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@mediagen/source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Several files start Prism processes; two cores, so two files at a time.
    maxWorkers: 2,
  },
});
