// The project's one Chromium: the global setup launches it as a server (when it is installed) and
// each test file connects to it. A file's pages live in contexts of its own connection, which
// `browser.close()` ends, so the files stay apart (and run in any order) without a launch each.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket endpoint of the run's Chromium server; undefined when Chromium is not installed. */
    chromiumEndpoint: string | undefined;
  }
}

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`: the browser without its desktop UI,
 * what Playwright itself drives headless) when installed, else the full `chromium`: the same engine,
 * but its headless mode also runs the desktop browser's UI, which costs CPU on every page.
 */
const INSTALLED = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
export const CHROMIUM = process.env.CHROMIUM_PATH ?? INSTALLED.find((path) => existsSync(path)) ?? INSTALLED[0]!;
export const hasChromium = existsSync(CHROMIUM);
/** How to install it, for the message when it is missing. */
export const INSTALL_CHROMIUM = '`apt-get install -y chromium-headless-shell` (or `chromium`)';

/** Flags of the shared launch: headless, and no traffic of Chromium's own (updates, sync, first-run pages). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A connection of this file to the run's Chromium. */
export async function connectBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  if (!endpoint) throw new Error(`${CHROMIUM} not found: install it with ${INSTALL_CHROMIUM}`);
  return chromium.connect(endpoint);
}
