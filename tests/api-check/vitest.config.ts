import { defineConfig } from 'vitest/config';

// The gate reads the ledger from the schema package's source, as `npm run api:check` does.
export default defineConfig({
  resolve: { conditions: ['@mediagen/source'] },
  ssr: { resolve: { conditions: ['@mediagen/source'], externalConditions: ['@mediagen/source'] } },
  test: {
    name: 'api-check',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/api-check/**/*.test.ts'],
    // The gate runs git and reads every dated document: seconds on a quiet machine, more under load
    // (vitest's 5 s default is not a hang detector there).
    testTimeout: 600_000,
  },
});
