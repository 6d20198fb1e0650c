import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run from source: the `@mediagen/source` export condition points workspace imports at src/.
export default defineConfig({
  resolve: { conditions: ['@mediagen/source'] },
  test: {
    include: ['test/**/*.test.ts'],
    // Type tests (test/**/*.test-d.ts) are checked by tsc in the same run, a type regression fails `vitest
    // run`: tsc over the package's whole program (tsconfig.json; an error outside the type tests fails the
    // run too), sharing the incremental state of the package's `typecheck` script (scripts/vitest-tsc.mjs).
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
      checker: fileURLToPath(new URL('../../scripts/vitest-tsc.mjs', import.meta.url)),
    },
    // Two files at a time (vitest's default on two cores is one): the CLI and declarations tests wait on child processes.
    maxWorkers: 2,
    // Test files share a worker's modules (no fresh module graph per file): importing the sources again
    // for every file was a large part of the run's CPU, and no test relies on a module of its own.
    isolate: false,
    // Sized for a loaded machine: a limit only catches a hang.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
