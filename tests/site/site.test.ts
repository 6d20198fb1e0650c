// Opens the built reference site in a real headless Chromium served from loopback, and checks what a
// reader sees: operations, their examples, x-provenance, the version selector and the changelog.
// Every request the page makes is recorded; none may leave 127.0.0.1.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/docs/build.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = join(import.meta.dirname, '..', '..');
const hasChromium = existsSync(CHROMIUM);

if (!hasChromium) {
  const message = `\n!!! ${CHROMIUM} not found: the reference-site browser test is SKIPPED. Install it with \`apt-get install -y chromium\`. !!!\n`;
  // In CI a missing browser is a failure, never a silent skip.
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(message);
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.png': 'image/png' };

function serve(dir: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.skipIf(!hasChromium)('reference site in a headless browser', () => {
  let server: Server;
  let browser: Browser;
  let base: string;
  const outside: string[] = [];
  let versions: string[];
  // Built into a directory of its own, so `npm run docs` (which writes site/) can run beside this test.
  let siteDir: string;

  beforeAll(async () => {
    siteDir = await mkdtemp(join(tmpdir(), 'mediagen-site-'));
    ({ versions } = await buildSite(siteDir));
    server = await serve(siteDir);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (siteDir) await rm(siteDir, { recursive: true, force: true });
  });

  /** Redoc renders one operation at a time, on its route #/<tag>/<operationid>. */
  async function route(page: Page, hash: string): Promise<void> {
    await page.evaluate((h) => {
      history.pushState(null, '', h);
      dispatchEvent(new PopStateEvent('popstate'));
    }, hash);
  }

  /** Waits until an operation's section (its summary as a heading) is in the page. */
  async function sectionOf(page: Page, summary: string, timeout = 5_000): Promise<void> {
    await page.waitForFunction(
      // A deprecated operation's heading ends with a "Deprecated" badge.
      (s) => [...document.querySelectorAll('h1, h2')].some((h) => h.textContent?.trim().startsWith(s)),
      summary,
      { timeout },
    );
  }

  async function open(path: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1') return route.continue();
      outside.push(url.href);
      return route.abort();
    });
    await page.goto(`${base}/${path}`, { waitUntil: 'load' });
    return page;
  }

  it('renders every operation of the newest version, with examples and provenance', async () => {
    const newest = versions[versions.length - 1];
    const doc = JSON.parse(await readFile(join(root, 'packages/schema/openapi/openapi.json'), 'utf8'));
    const operations = Object.entries(doc.paths).flatMap(([path, item]: [string, any]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]: [string, any]) => ({ path, method, ...op })),
    );
    expect(operations.length).toBeGreaterThan(10);
    const page = await open(`${newest}.html`);
    await sectionOf(page, `${doc.info.title} (${doc.info.version})`, 30_000);
    const content = page.locator('main, #redoc-content, body').first();

    // Redoc gives each operation its own route: #/<tag>/<operationid>.
    const missing: string[] = [];
    for (const op of operations) {
      await route(page, `#/${op.tags[0].toLowerCase()}/${op.operationId.toLowerCase()}`);
      try {
        await sectionOf(page, op.summary);
      } catch {
        missing.push(`${op.method.toUpperCase()} ${op.path} (${op.summary})`);
      }
    }
    expect(missing).toEqual([]);

    // Examples: the request example of "Generate media" is shown as its payload, its response example below.
    const generate = operations.find((op) => op.operationId === 'generateMedia')!;
    const requestExample: any = Object.values(generate.requestBody.content['application/json'].examples)[0];
    await route(page, '#/generation/generatemedia');
    await sectionOf(page, generate.summary);
    const text = await content.innerText();
    expect(text).toContain('Payload');
    expect(text).toContain(`"model": ${JSON.stringify(requestExample.value[0].model)}`);

    // Provenance: Redoc lists each field's x-provenance when showExtensions is on.
    expect(text).toMatch(/provenance: \{"source":"(interface|live-docs|assumption)"/);

    await mkdir(join(root, 'reports'), { recursive: true });
    await page.screenshot({ path: join(root, 'reports', 'site.png') });
    await page.close();
  });

  it('offers every dated version in the selector, and each one opens', async () => {
    const page = await open('index.html');
    const options = await page.locator('#version-select option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(options.sort()).toEqual(versions.map((v) => `${v}.html`).sort());
    expect(versions[0]).toBe('baseline');

    await page.selectOption('#version-select', 'baseline.html');
    await page.waitForURL(/baseline\.html$/);
    // The baseline still calls generated items `images`; the newest calls them `media`.
    await route(page, '#/generation/generatemedia');
    // (in the response sample: Redoc renders it as text once the operation is shown).
    await page.waitForFunction(() => document.body.innerText.includes('"images": ['), undefined, { timeout: 30_000 });
    expect(await page.evaluate(() => document.body.innerText.includes('"media": ['))).toBe(false);
    expect(await page.locator('#version-select').inputValue()).toBe('baseline.html');

    const newest = versions[versions.length - 1]!;
    await page.selectOption('#version-select', `${newest}.html`);
    await page.waitForURL(new RegExp(`${newest}\\.html$`));
    await route(page, '#/generation/generatemedia');
    await page.waitForFunction(() => document.body.innerText.includes('"media": ['), undefined, { timeout: 30_000 });
    expect(await page.evaluate(() => document.body.innerText.includes('"images": ['))).toBe(false);
    await page.close();
  });

  it('renders the API changelog', async () => {
    const changelog = await readFile(join(root, 'packages/schema/CHANGELOG-API.md'), 'utf8');
    const page = await open('changelog.html');
    const headings = await page.locator('h2').allInnerTexts();
    const expected = [...changelog.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
    expect(headings.map((h) => h.trim())).toEqual(expected);
    expect(await page.locator('li code').count()).toBeGreaterThan(5);
    await page.close();
  });

  it('fetched nothing from outside 127.0.0.1', () => {
    expect(outside).toEqual([]);
  });
});
