// The root tests: they run the README's commands, install the packed packages into a throwaway
// project and generate clients from the emitted document, all as real processes. One file at a
// time: they share two cores with the rest of CI and some of them start servers.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    // These folders only: tests/site and tests/api-check bring vitest configs of their own.
    include: ['tests/{commands,packaging,generators}/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
