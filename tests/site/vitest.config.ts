import { defineConfig } from 'vitest/config';

// The reference-site test builds the site once and drives a real headless Chromium against it. It
// also calls the client's methods named by the code samples, from the client's source (as the
// build reads it). The run's one Chromium is launched by the global setup; each file connects to it.
export default defineConfig({
  resolve: { conditions: ['@mediagen/source'] },
  ssr: { resolve: { conditions: ['@mediagen/source'], externalConditions: ['@mediagen/source'] } },
  test: {
    name: 'site',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/site/**/*.test.ts'],
    globalSetup: ['tests/site/global-setup.ts'],
    // Sized for a loaded machine (the build runs Redoc for every page, Chromium starts): a limit only catches a hang.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
