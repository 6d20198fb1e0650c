import { defineConfig } from 'vitest/config';

// The reference-site test builds the site once and drives a real headless Chromium against it.
export default defineConfig({
  test: {
    name: 'site',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/site/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
