import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

// Tests run from source: the `@mediagen/source` export condition points workspace imports at src/,
// and the package's own entries (imported by name, as users do) are mapped to src/ as well.
export default defineConfig({
  resolve: {
    conditions: ['@mediagen/source'],
    alias: [
      { find: /^@mediagen\/client$/, replacement: src('index.ts') },
      { find: /^@mediagen\/client\/validation$/, replacement: src('validation/index.ts') },
      { find: /^@mediagen\/client\/versions\/(.+)$/, replacement: src('generated/versions/$1.ts') },
    ],
  },
  ssr: { resolve: { conditions: ['@mediagen/source'], externalConditions: ['@mediagen/source'] } },
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
    // Two files at a time (vitest's default on two cores is one): many wait on servers, children and retries.
    maxWorkers: 2,
    // Test files share a worker's modules (no fresh module graph per file): importing the sources again
    // for every file was a large part of the run's CPU, and no test relies on a module of its own.
    isolate: false,
    // Sized for a loaded machine: a limit only catches a hang.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
