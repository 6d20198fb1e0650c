// The conformance HTML report, opened in a real headless Chromium as a reader gets it from a CI run:
// written by `media-conformance --reporter html=PATH` against a server that fails a check with a
// hostile message. The grid links each failing cell to its failure, the failure names its rule and
// source and carries its curl line, nothing in the page runs or fetches (the server's markup is text),
// and a phone-wide window scrolls the grid, not the page.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '@mediagen/conformance';
import { jsonReply, type RunningProxy, startProxy } from '@mediagen/conformance/selftest';
import { SANDBOX_API_KEY, startSandbox } from '@mediagen/mock';
import { operations } from '@mediagen/schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, hasChromium } from './browser.js';

const HOSTILE = `<img src="http://127.0.0.2:9/x.png" onerror="document.title='pwned'"><script>document.title='pwned'</script>`;

let dir: string;
let html: string;
let browser: Browser;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let proxy: RunningProxy;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'report-'));
  sandbox = await startSandbox();
  // listVoices answers a teapot whose message is markup: a failure of valid_request_served.
  proxy = await startProxy(
    sandbox.url,
    {
      request: (request) =>
        request.operationId === operations.listVoices.operationId ? jsonReply(418, { data: null, err: { code: 'teapot', message: HOSTILE } }) : request,
    },
    SANDBOX_API_KEY,
  );
  const file = join(dir, 'report.html');
  let stdout = '';
  const code = await cli(
    [
      '--base-url',
      proxy.url,
      '--api-key',
      SANDBOX_API_KEY,
      '--max-examples',
      '0',
      '--operation',
      `${operations.listVoices.operationId},${operations.listModels.operationId}`,
      '--reporter',
      `html=${file}`,
    ],
    { stdout: (t) => void (stdout += t), stderr: () => undefined, env: {}, cwd: dir },
  );
  expect(code, stdout).toBe(1);
  html = await readFile(file, 'utf8');
  if (hasChromium) browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
  await proxy?.stop();
  await sandbox?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Opens the report as a file; every request the page makes is recorded. */
async function open(width = 1280): Promise<{ page: Page; requests: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, javaScriptEnabled: true });
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`file://${join(dir, 'report.html')}`);
  return { page, requests };
}

describe.skipIf(!hasChromium)('the HTML report in a browser', () => {
  it('links a failing cell to its failure, which names its rule, its source and its curl line', async () => {
    const { page } = await open();
    await expect(page.locator('h1').textContent()).resolves.toContain('FAILED');
    const failing = page.locator('td.failed a');
    expect(await failing.count()).toBeGreaterThan(0);
    const cellTitle = await page.locator('td.failed').first().getAttribute('title');
    expect(cellTitle).toMatch(/failing judgement/);
    const target = await failing.first().getAttribute('href');
    await failing.first().click();
    expect(new URL(page.url()).hash).toBe(target);
    const heading = page.locator(`[id="${target!.slice(1)}"]`);
    await expect(heading.textContent()).resolves.toMatch(/^listVoices › /);
    const failures = await page.locator('h3 + ul').first().textContent();
    expect(failures).toMatch(/rule valid_request_served \(interface, interface § /);
    expect(await page.locator('h3 + ul pre').first().textContent()).toMatch(/^curl /);
    // A passing operation is in the grid too.
    expect(await page.locator('th.op', { hasText: operations.listModels.operationId }).count()).toBe(1);
    await page.close();
  });

  it("shows the server's markup as text: nothing runs, nothing is fetched", async () => {
    const { page, requests } = await open();
    expect(await page.title()).not.toBe('pwned');
    expect(await page.locator('img, script').count()).toBe(0);
    expect(await page.locator('body').textContent()).toContain('<script>');
    expect(requests.filter((url) => !url.startsWith('file://'))).toEqual([]);
    // The page forbids scripts and fetches of its own accord, whatever a future change escapes.
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    await page.close();
  });

  it('keeps the page within a phone-wide window: the grid scrolls, the page does not', async () => {
    const { page } = await open(390);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      grid: (document.querySelector('.grid') as HTMLElement).scrollWidth,
      gridBox: (document.querySelector('.grid') as HTMLElement).clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.grid).toBeGreaterThan(widths.gridBox);
    await page.close();
  });

  it('never carries the API key', () => {
    expect(html).not.toContain(SANDBOX_API_KEY);
  });
});
