// The root tests, as real processes: the README's commands, the packed packages installed into a
// throwaway project (with the supported Node × vitest pairs and the generators), the release flow
// against a local registry, the breaking-change gate, the import structure and the reference site in
// a headless browser. Each project is its own turbo task in `npm test` (`test:root:<project>`), so
// turbo caches them apart and runs them beside the packages' tasks; `npm run test:root` runs them all.
import { defineConfig } from 'vitest/config';

const root = new URL('..', import.meta.url).pathname;

export default defineConfig({
  test: {
    root,
    // Two cores: files of a project run two at a time (most wait on child processes and installs).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'packaging',
          root,
          include: ['tests/packaging/**/*.test.ts', 'tests/generators/**/*.test.ts'],
          exclude: ['tests/packaging/release.test.ts'],
          // The run's one packed install lives in a temp dir this setup makes and removes.
          globalSetup: ['tests/packaging/global-setup.ts'],
          // Installs from the registry: under a load of several test runs side by side an install took
          // over five minutes; these limits only catch a hang.
          testTimeout: 900_000,
          hookTimeout: 1_200_000,
        },
      },
      {
        test: {
          name: 'release',
          root,
          include: ['tests/packaging/release.test.ts'],
          testTimeout: 900_000,
          hookTimeout: 1_200_000,
        },
      },
      {
        test: {
          name: 'commands',
          root,
          include: ['tests/commands/**/*.test.ts'],
          testTimeout: 900_000,
          hookTimeout: 1_200_000,
        },
      },
      {
        test: {
          name: 'structure',
          root,
          include: ['tests/structure/**/*.test.ts'],
          // They parse every source of the four packages: seconds on a quiet machine, many more on a
          // loaded one (vitest's 5 s default timed out under load).
          testTimeout: 600_000,
        },
      },
      // These two bring configs of their own (source conditions; browser timeouts).
      'tests/api-check/vitest.config.ts',
      'tests/site/vitest.config.ts',
    ],
  },
});
