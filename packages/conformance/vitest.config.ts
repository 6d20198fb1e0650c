import { defineConfig } from 'vitest/config';

// Tests run from source: the `@mediagen/source` export condition points workspace imports at src/
// (tests run in Vite's server environment, so the condition is set there too).
const conditions = ['@mediagen/source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@mediagen/source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    // Type tests (test/**/*.test-d.ts) are checked by tsc in the same run: a type regression fails
    // `vitest run`. Their own tsconfig holds only them (and what they import), not the whole package.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.test-d.json' },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each file starts its own Prism or sandbox; two cores, so two files at a time.
    maxWorkers: 2,
  },
});
