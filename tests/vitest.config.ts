// The root tests: they run the README's commands, install the packed packages into a throwaway
// project, generate clients from the emitted document, check the breaking-change gate and open the
// reference site in a headless browser, all as real processes. One file at a time: they share two
// cores with the rest of CI and some of them start servers or a browser.
import { defineConfig } from 'vitest/config';

const root = new URL('..', import.meta.url).pathname;

export default defineConfig({
  test: {
    root,
    fileParallelism: false,
    maxWorkers: 1,
    projects: [
      {
        test: {
          name: 'root',
          root,
          include: ['tests/{commands,packaging,generators,structure}/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      // These two bring configs of their own (source conditions; browser timeouts).
      'tests/api-check/vitest.config.ts',
      'tests/site/vitest.config.ts',
    ],
  },
});
