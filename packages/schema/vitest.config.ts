import { defineConfig } from 'vitest/config';

// Tests run from source: the `@mediagen/source` export condition points workspace imports at src/.
export default defineConfig({
  resolve: { conditions: ['@mediagen/source'] },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
