// Usage from a browser, end to end: a page on loopback, in a real headless Chromium, calls the sandbox
// answering as the baseline API (allowed by CORS), and the browser records the traffic as HAR — the
// key in clear, as browsers record it. From that recording: the upgrade report (exactly the renames the
// page must make, every upgraded call passing) as JSON and as an HTML page that, opened in Chromium,
// runs nothing and fetches nothing; a usage file that holds neither the key nor a value; and the site
// built with `--usage`, whose pages show who uses an operation and a field, and whose changelog names
// whom the images → media rename hit.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { cli, type UpgradeReport } from '@mediagen/conformance';
import { usageOfHar, writeUsageFile } from '@mediagen/conformance/usage';
import { startSandbox } from '@mediagen/mock';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/docs/build.mjs';
import { UsageError } from '../../scripts/docs/usage.mjs';
import { connectBrowser, hasChromium } from './browser.js';

const KEY = 'sk-browser-usage-NEVER-IN-A-FILE-6612';
const PROMPT = 'a red kite over Ffestiniog at noon';

function serve(dir: string | undefined): Promise<Server> {
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.json': 'application/json' };
  const server = createServer(async (req, res) => {
    if (!dir) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>the application</title><p>app</p>');
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    try {
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(await readFile(join(dir, path)));
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** What the page does: written against the baseline API (`images`, `size`, the `image_id` filter); it lists, generates, filters and reads a media item. */
async function application({ base, key, prompt }: { base: string; key: string; prompt: string }): Promise<string> {
  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { 'X-API-KEY': key };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    // biome-ignore lint/suspicious/noExplicitAny: the page reads the baseline's shapes as it pleases
    return ((await res.json()) as { data: any }).data;
  };
  await call('GET', '/pub/v1/models');
  const generated = await call('POST', '/pub/v1/generations', [{ prompt: { positive: prompt }, model: 'JuggernautXL', aspect_ratio: '1:1' }]);
  const image = generated.images[0];
  const listed = await call('GET', `/pub/v1/generations?image_id=${image.id}`);
  await call('GET', `/pub/v1/generations/media/${image.id}`);
  return `${listed[0].images[0].size.width}×${listed[0].images[0].size.height}`;
}

describe.skipIf(!hasChromium && process.env.CI !== 'true')('usage recorded by a browser', () => {
  let dir: string;
  let browser: Browser;
  let page: Page;
  let site: Server;
  let har: string;
  let upgrade: { code: number; json: UpgradeReport; html: string; stdout: string };
  let usageText: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'site-usage-'));
    har = join(dir, 'browser.har');
    browser = await connectBrowser();
    const appServer = await serve(undefined);
    const sandbox = await startSandbox({ apiKeys: [KEY], at: 'baseline', cors: [origin(appServer)] });
    try {
      const context = await browser.newContext({ recordHar: { path: har, content: 'embed' } });
      const appPage = await context.newPage();
      await appPage.goto(origin(appServer));
      expect(await appPage.evaluate(application, { base: sandbox.url, key: KEY, prompt: PROMPT })).toBe('1024×1024');
      await context.close();
    } finally {
      await sandbox.stop();
      await new Promise((resolve) => appServer.close(resolve));
    }
    let stdout = '';
    const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stdout += t), env: {}, cwd: dir };
    const code = await cli(
      [
        'upgrade',
        '--from-har',
        har,
        '--consumer',
        'browser-app',
        '--no-color',
        '--reporter',
        'console',
        '--reporter',
        'json=upgrade.json',
        '--reporter',
        'html=upgrade.html',
      ],
      io,
    );
    upgrade = { code, stdout, json: JSON.parse(await readFile(join(dir, 'upgrade.json'), 'utf8')), html: await readFile(join(dir, 'upgrade.html'), 'utf8') };
    writeUsageFile(join(dir, 'usage', 'browser-app.json'), (await usageOfHar(har, 'browser-app')).usage);
    usageText = await readFile(join(dir, 'usage', 'browser-app.json'), 'utf8');
    // Only the page the tests read is rendered, with the changelog.
    await buildSite({ outDir: join(dir, 'site'), usage: join(dir, 'usage'), only: ['2025-05-07'] });
    site = await serve(join(dir, 'site'));
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // Nothing leaves the machine: every request off loopback is refused.
    await page.route('**/*', (route) =>
      ['data:', 'blob:'].includes(new URL(route.request().url()).protocol) || new URL(route.request().url()).hostname === '127.0.0.1'
        ? route.continue()
        : route.abort(),
    );
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('the browser recorded the key in clear; neither the usage file nor the upgrade report holds it, nor a value', async () => {
    const recording = await readFile(har, 'utf8');
    expect(recording).toContain(KEY);
    expect(recording).toContain(PROMPT);
    for (const text of [usageText, JSON.stringify(upgrade.json), upgrade.html, upgrade.stdout]) {
      expect(text).not.toContain(KEY);
    }
    expect(usageText).not.toContain(PROMPT);
    // No id the sandbox made (gen_…, media_…) nor a URL; the names of path parameters are fine.
    expect(usageText).not.toMatch(/gen_[a-z0-9]{4}|media_[a-z0-9]{4}|https?:/);
  });

  it('the upgrade report lists exactly the renames the page must make, and every upgraded call passes (exit 1)', async () => {
    expect(upgrade.code).toBe(1);
    const required = upgrade.json.operations.flatMap((o) =>
      o.changes.filter((c) => c.action === 'required').map((c) => `${o.operationId} ${c.where} ${c.before} → ${c.after}`),
    );
    expect(required.sort()).toEqual([
      'generateMedia response 200 data.images → data.media',
      'generateMedia response 200 data.images[].image_size → data.media[].dim',
      'getMedia response 200 data.size → data.dim',
      'listGenerations query image_id → media_id',
      'listGenerations response 200 data[].images → data[].media',
      'listGenerations response 200 data[].images[].size → data[].media[].dim',
    ]);
    expect(upgrade.json.from).toEqual({ version: 'baseline', how: 'traffic', mixed: false });
    // The preflights the browser sent are not calls of the API.
    expect(upgrade.json.source.ignored).toBeGreaterThan(0);
    expect(upgrade.json.replay).toMatchObject({ calls: 4, passing: 4, failing: 0 });
  });

  it('the upgrade report, opened in Chromium, is a page that runs nothing and fetches nothing', async () => {
    const file = join(dir, 'upgrade.html');
    const requests: string[] = [];
    const view = await browser.newPage();
    view.on('request', (r) => requests.push(r.url()));
    await view.goto(`file://${file}`);
    expect(await view.title()).toBe('media-conformance upgrade: browser-app to 2025-05-07');
    const text = await view.locator('body').innerText();
    expect(text).toContain('WOULD BREAK');
    expect(text).toContain('read `data[].media[].dim` instead of `data[].images[].size`');
    expect(requests).toEqual([`file://${file}`]);
    await view.close();
  });

  async function usageBadge(hash: string, element: string) {
    await page.goto(`${origin(site)}/2025-05-07.html${hash}`, { waitUntil: 'load' });
    const badge = page.locator(`details.usage[data-usage="${element}"]`).first();
    await badge.waitFor({ state: 'attached', timeout: 60_000 });
    await badge.locator('summary').click();
    return { summary: (await badge.locator('summary').innerText()).trim(), detail: await badge.locator('.usage-detail').innerText() };
  }

  it('the newest page shows who uses an operation, a parameter and a field (the baseline names said as today’s)', async () => {
    expect(await usageBadge('#/generation/listgenerations', 'operation:listGenerations')).toEqual({ summary: '1 consumer', detail: 'browser-app: 1 call' });
    expect((await usageBadge('#/generation/listgenerations', 'listGenerations.media_id')).summary).toBe('1 consumer');
    // Media.dim: in the answers of the listing and of the media item, each once.
    expect(await usageBadge('#/generation/getmedia#generation/getmedia/t=response&c=200&path=data/dim', 'Media.dim')).toEqual({
      summary: '1 consumer',
      detail: 'browser-app: 2 calls',
    });
    expect(await page.locator('details.usage[data-usage="operation:listVoices"]').count()).toBe(0);
  });

  it('the changelog names whom the images → media rename hit', async () => {
    await page.goto(`${origin(site)}/changelog.html`, { waitUntil: 'load' });
    const section = page.locator('#\\32 024-09-04 ~ ul.usage-hits').first();
    const text = await section.innerText();
    expect(text).toContain('browser-app');
    expect(text).toContain('GET /pub/v1/generations 200 data[].images removed (breaking): 1 call');
    // The later entries touch its generations too (new fields of the body it sends), never its reading of models.
    expect(await page.locator('ul.usage-hits').allInnerTexts()).not.toContainEqual(expect.stringContaining('/pub/v1/models 200'));
  });
});

describe('a usage folder the site cannot use', () => {
  it('stops the build before anything is written, in one line naming the file and what is wrong', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'site-usage-bad-'));
    try {
      const bad = join(dir, 'usage');
      await mkdir(bad);
      await writeFile(join(bad, 'web.json'), JSON.stringify({ format: 'mediagen-usage/1', consumer: 'web', exchanges: -1, operations: {} }));
      const built = buildSite({ outDir: join(dir, 'site'), usage: bad });
      await expect(built).rejects.toThrow(UsageError);
      await expect(built).rejects.toThrow(`usage file ${join(bad, 'web.json')}: exchanges must be a whole number ≥ 0, got a number`);
      expect(existsSync(join(dir, 'site'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
