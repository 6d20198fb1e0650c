// The evidence of real runs on the site: two runs of the conformance suite (the sandbox, which
// confirms the contract's auth assumptions, then a faithful variant that refuses a missing key with
// 403, which refutes one) merge their verdicts into an evidence file with `--evidence`; the site built
// with it shows, in a real headless Chromium, the badge of each judged assumption with its latest
// verdict, its date and the runs for and against.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { cli, type EvidenceFile } from '@mediagen/conformance';
import { faithfulVariants, startProxy } from '@mediagen/conformance/selftest';
import { startSandbox } from '@mediagen/mock';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, listVersions } from '../../scripts/docs/build.mjs';
import { connectBrowser, hasChromium } from './browser.js';

const KEY = 'sk-test-evidence-on-the-site';

function serve(dir: string): Promise<Server> {
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.json': 'application/json' };
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    try {
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.skipIf(!hasChromium && process.env.CI !== 'true')('an evidence file from real runs, on the site', () => {
  let dir: string;
  let evidence: EvidenceFile;
  let server: Server;
  let browser: Browser;
  let page: Page;
  let sandboxOrigin: string;
  let variantOrigin: string;
  let versions: string[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'site-evidence-'));
    const file = join(dir, 'evidence.json');
    const sandbox = await startSandbox({ apiKeys: [KEY], credits: 100_000, delays: { pendingMs: 20, completeMs: 60 } });
    const variant = await startProxy(
      sandbox.url,
      faithfulVariants()
        .find((v) => v.id === 'auth-403')!
        .rewrite(),
      KEY,
    );
    sandboxOrigin = new URL(sandbox.url).origin;
    variantOrigin = new URL(variant.url).origin;
    try {
      const io = { stdout: () => undefined, stderr: () => undefined, env: {}, cwd: dir };
      // Both say they are the mock (its marker header): merged only when asked, kept apart, and the site says so.
      expect(await cli(['--base-url', sandbox.url, '--api-key', KEY, '--max-examples', '1', '--evidence', file, '--evidence-apart'], io)).toBe(0);
      expect(await cli(['--base-url', variant.url, '--api-key', KEY, '--max-examples', '1', '--evidence', file, '--evidence-apart'], io)).toBe(0);
    } finally {
      await variant.stop();
      await sandbox.stop();
    }
    evidence = JSON.parse(await readFile(file, 'utf8')) as EvidenceFile;
    // Only the page the tests read is rendered (every page with evidence: site.test.ts).
    versions = await listVersions();
    await buildSite({ outDir: join(dir, 'site'), evidence: file, only: [versions[versions.length - 1]] });
    server = await serve(join(dir, 'site'));
    browser = await connectBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // Nothing leaves the machine: every request off loopback is refused.
    await page.route('**/*', (route) =>
      ['data:', 'blob:'].includes(new URL(route.request().url()).protocol) || new URL(route.request().url()).hostname === '127.0.0.1'
        ? route.continue()
        : route.abort(),
    );
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/${versions[versions.length - 1]}.html`, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function badgeOf(hash: string, element: string) {
    await page.evaluate((h) => {
      history.pushState(null, '', h);
      dispatchEvent(new PopStateEvent('popstate'));
    }, hash);
    const badge = page.locator(`details.prov[data-element="${element}"]`).first();
    await badge.waitFor({ state: 'attached', timeout: 60_000 });
    await badge.locator('summary').click();
    return { summary: (await badge.locator('summary').innerText()).replace(/\s+/g, ' '), detail: await badge.locator('.prov-detail').innerText() };
  }

  it('renders only the page asked for, with every download and the changelog', () => {
    const newest = versions[versions.length - 1]!;
    for (const version of versions) {
      expect(existsSync(join(dir, 'site', `${version}.html`)), version).toBe(version === newest);
      expect(existsSync(join(dir, 'site', 'openapi', `${version}.json`)), version).toBe(true);
    }
    expect(existsSync(join(dir, 'site', 'changelog.html'))).toBe(true);
  });

  it('the file holds what the runs judged: one assumption refuted by the second run, others confirmed by both', () => {
    expect(evidence.assumptions['rule:missing_key_401']).toMatchObject({ for: 1, against: 1, latest: { verdict: 'refuted', origin: variantOrigin } });
    expect(evidence.assumptions['AssetV2.url']).toMatchObject({ for: 2, against: 0, latest: { verdict: 'confirmed' } });
    expect(JSON.stringify(evidence)).not.toContain(KEY);
  });

  it('shows the refuted assumption’s badge with its latest verdict, date, runs and what was observed', async () => {
    const { summary, detail } = await badgeOf('#/', 'rule:missing_key_401');
    const date = evidence.assumptions['rule:missing_key_401']!.latest.date;
    expect(summary).toBe(`assumption · refuted ${date}`);
    expect(detail).toContain('1 run for, 1 against');
    expect(detail).toContain(variantOrigin);
    expect(detail).toContain('from a run against a mock, not a live verdict');
    expect(detail).toMatch(/Observed: GET http:\/\/127\.0\.0\.1:\d+\/pub\/v\d\/\S+ → 403/);
  });

  it('shows a field’s badge with the verdict both runs gave', async () => {
    const { summary, detail } = await badgeOf('#/assets/getassetv2#assets/getassetv2/t=response&c=200&path=data/url', 'AssetV2.url');
    expect(summary).toBe(`assumption · confirmed ${evidence.assumptions['AssetV2.url']!.latest.date}`);
    expect(detail).toContain('2 runs for, 0 against');
    expect([sandboxOrigin, variantOrigin].some((origin) => detail.includes(origin))).toBe(true);
  });
});
