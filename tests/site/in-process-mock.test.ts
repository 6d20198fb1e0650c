// The in-process sandbox in a browser, as a front-end test uses it: a page served from 127.0.0.1
// starts Mock Service Worker's service worker (`msw/browser`) with the sandbox's handlers
// (`@mediagen/mock/msw`) and runs the client against it. Every API request of the page is answered
// by the service worker: none reaches the page's server (which serves only the page's files) and
// none leaves 127.0.0.1. The page is bundled with esbuild, as the mock package's tests have it.
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, hasChromium } from './browser.js';
import { recordOutbound } from './outbound.js';

const root = join(import.meta.dirname, '..', '..');
const mockPackage = join(root, 'packages', 'mock');
// esbuild and msw are the mock package's (dev and optional peer) dependencies, resolved from there.
const fromMock = createRequire(join(mockPackage, 'package.json'));

/** What the page leaves in `window.outcome` (fixtures/msw-page/page.ts). */
interface Outcome {
  error?: string;
  models: string[];
  generationId: string;
  fetched: string;
  credits: number;
  refused: unknown;
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>in-process sandbox</title></head>
<body><script type="module" src="/app.js"></script></body></html>`;

describe.skipIf(!hasChromium)('the in-process sandbox behind MSW, in Chromium', () => {
  let dir: string;
  let server: Server;
  let base: string;
  let browser: Browser;
  /** Paths the page's server was asked for. */
  const served: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mediagen-msw-'));
    const esbuild = fromMock('esbuild') as typeof import('esbuild');
    await esbuild.build({
      entryPoints: [join(import.meta.dirname, 'fixtures', 'msw-page', 'page.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outfile: join(dir, 'app.js'),
      // The workspace packages from their sources; msw from the mock package, which depends on it.
      conditions: ['@mediagen/source'],
      nodePaths: [join(mockPackage, 'node_modules')],
      logLevel: 'silent',
    });
    await copyFile(fromMock.resolve('msw/mockServiceWorker.js'), join(dir, 'mockServiceWorker.js'));
    await writeFile(join(dir, 'index.html'), PAGE);
    const types: Record<string, string> = { html: 'text/html', js: 'text/javascript' };
    server = createServer(async (req, res) => {
      const path = new URL(req.url ?? '/', 'http://page').pathname;
      served.push(path);
      const file = { '/': 'index.html', '/index.html': 'index.html', '/app.js': 'app.js', '/mockServiceWorker.js': 'mockServiceWorker.js' }[path];
      if (!file) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': types[file.split('.').pop()!]! }).end(await readFile(join(dir, file)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await connectBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('runs the client against the sandbox through the service worker: no API request reaches a server', async () => {
    const page = await browser.newPage();
    const outside: string[] = [];
    await recordOutbound(page, '127.0.0.1', outside);
    const api: { url: string; fromServiceWorker: boolean; status: number }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/pub/'))
        api.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker(), status: response.status() });
    });
    await page.goto(`${base}/index.html`, { waitUntil: 'load' });
    const outcome = (await page.evaluate(() => (window as unknown as { outcome: Promise<unknown> }).outcome)) as Outcome;

    expect(outcome.error).toBeUndefined();
    expect(outcome.models).toContain('JuggernautXL');
    expect(outcome.fetched).toBe(outcome.generationId);
    expect(outcome.credits).toBe(500 - 2);
    // The same class as in Node, at the sandbox's refusal status 400, with the path-precise issue.
    expect(outcome.refused).toEqual({
      caughtAsValidationError: true,
      name: 'BadRequestError',
      status: 400,
      issues: [{ path: [0, 'steps'], message: 'must be ≤ 3020', code: 'validation_error' }],
    });
    // Every API call (models, generate, get, the refused generate) came from the service worker.
    expect(api.map((a) => a.status)).toEqual([200, 200, 200, 400]);
    expect(api.every((a) => a.fromServiceWorker)).toBe(true);
    expect(served.filter((path) => path.startsWith('/pub/'))).toEqual([]);
    expect(served).toEqual(expect.arrayContaining(['/index.html', '/app.js', '/mockServiceWorker.js']));
    expect(outside).toEqual([]);
    await page.close();
  });
});
