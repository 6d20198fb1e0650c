import { defineConfig } from 'vitest/config';

// Tests run from source: the `@mediagen/source` export condition points workspace imports at src/.
export default defineConfig({
  resolve: { conditions: ['@mediagen/source'] },
  test: {
    include: ['test/**/*.test.ts'],
    // Type tests (test/**/*.test-d.ts) are checked by tsc in the same run: a type regression fails
    // `vitest run`. Their own tsconfig holds only them (and what they import), not the whole package.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.test-d.json' },
    testTimeout: 60_000,
  },
});
