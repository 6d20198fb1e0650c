// The site project's global setup: one Chromium for the run, launched as a server the test files
// connect to (see browser.ts), and closed when the run ends.

import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium } from './browser.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = hasChromium ? await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }) : undefined;
  project.provide('chromiumEndpoint', server?.wsEndpoint());
  return async () => {
    await server?.close();
  };
}
