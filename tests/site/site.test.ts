// Opens the built reference site in a real headless Chromium served from loopback, and checks what a
// reader sees: every operation with its provenance badges, examples and code samples (and that each
// client sample calls the operation it documents), the verdicts of an evidence file, named branches,
// dated titles, the downloads, the mock's usage, the version selector keeping the reader's place, a
// phone-wide layout and the changelog's links. Every request the page makes is recorded; none may
// leave 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { createClient } from '@mediagen/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationRoute } from '../../scripts/docs/anchors.mjs';
import { describeRule } from '../../scripts/docs/branches.mjs';
import { buildSite, listVersions, OptionError } from '../../scripts/docs/build.mjs';
import { clientMethods } from '../../scripts/docs/client-methods.mjs';
import { operationsOf, ruleIdsOf } from '../../scripts/docs/document.mjs';
import { versionLabel, viewDocument } from '../../scripts/docs/view.mjs';
import { CHROMIUM, connectBrowser, hasChromium, INSTALL_CHROMIUM } from './browser.js';
import { recordOutbound } from './outbound.js';

const root = join(import.meta.dirname, '..', '..');
const openapiDir = join(root, 'packages/schema/openapi');
const EVIDENCE = join(import.meta.dirname, 'fixtures', 'evidence.json');
const BUILD = join(root, 'scripts/docs/build.mjs');

if (!hasChromium) {
  const message = `\n!!! ${CHROMIUM} not found: the reference-site browser test is SKIPPED. Install it with ${INSTALL_CHROMIUM}. !!!\n`;
  // In CI a missing browser is a failure, never a silent skip.
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(message);
}

type Doc = Record<string, any>;
const readJson = async (file: string): Promise<Doc> => JSON.parse(await readFile(file, 'utf8'));
/** The document each version's page shows: the newest is the published document itself. */
const documentFile = (version: string, newest: string) => (version === newest ? join(openapiDir, 'openapi') : join(openapiDir, 'versions', version));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
};

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

/** Counts the nodes of a JSON value for which `test` holds. */
function count(node: unknown, test: (node: Record<string, unknown>) => boolean): number {
  if (Array.isArray(node)) return node.reduce((n, item) => n + count(item, test), 0);
  if (!node || typeof node !== 'object') return 0;
  const own = test(node as Record<string, unknown>) ? 1 : 0;
  return own + Object.values(node).reduce<number>((n, value) => n + count(value, test), 0);
}

/** The JSON pointers (as key lists) of the nodes for which `test` holds. */
function pointers(node: unknown, test: (node: Record<string, unknown>) => boolean, path: string[] = []): string[][] {
  if (!node || typeof node !== 'object') return [];
  const own = !Array.isArray(node) && test(node as Record<string, unknown>) ? [path] : [];
  return [...own, ...Object.entries(node).flatMap(([key, value]) => pointers(value, test, [...path, key]))];
}

const at = (node: Doc, pointer: string[]): Doc | undefined => pointer.reduce<Doc | undefined>((n, key) => n?.[key], node);

describe("the reader's view of each document (no browser)", () => {
  it('turns every x-provenance into a badge, names every branch, and drops the loopback server and the contact', async () => {
    const versions = await listVersions();
    const newest = versions[versions.length - 1]!;
    for (const version of versions) {
      const original = await readJson(`${documentFile(version, newest)}.json`);
      const methods = await clientMethods(operationsOf(original).map(({ operation }: { operation: Doc }) => operation.operationId));
      const view = viewDocument(original, { version, versions, downloads: { json: 'a.json', yaml: 'a.yaml' }, clientMethods: methods });
      const text = JSON.stringify(view);

      // Where the document has an x-provenance, the view has a badge instead; no raw provenance is left.
      const carriers = pointers(original, (n) => 'x-provenance' in n);
      expect(carriers.length).toBeGreaterThan(100);
      expect(text).not.toContain('"x-provenance"');
      const unbadged = carriers.filter((pointer) => !String(at(view, pointer)?.description ?? '').startsWith('<details class="prov '));
      expect(unbadged).toEqual([]);
      // Without evidence, no verdict is shown.
      expect(text).not.toContain('prov-verdict');

      // Every composition branch that is not a reference has a title, and so has each side of an if/then.
      const untitled = count(view, (n) =>
        ['oneOf', 'anyOf', 'allOf'].some((k) => Array.isArray(n[k]) && (n[k] as Doc[]).some((b) => b && typeof b === 'object' && !b.$ref && !b.title)),
      );
      expect(untitled).toBe(0);
      expect(count(view, (n) => Boolean(n.if && n.then) && !((n.if as Doc).title && (n.else as Doc | undefined)?.title))).toBe(0);

      expect(view.servers.map((s: Doc) => s.url)).toEqual(['https://api.rendernet.ai']);
      expect(text).not.toContain('127.0.0.1');
      expect(text).not.toContain('github.com/mediagen');
      expect(view.info.title).toBe(`${original.info.title} — ${versionLabel(version, versions)}`);
    }
  });

  it('states a rule in words, with the badge of its id', () => {
    // The shape of the contract's Flux rule: a condition of consts and forbidden fields, and a consequence.
    const rule = {
      'x-rule': 'flux_modes',
      if: {
        anyOf: [
          {
            type: 'object',
            properties: { style_detail: { required: ['base_model'], properties: { base_model: { const: 'flux' } } } },
            required: ['style_detail'],
            not: { required: ['segment'] },
          },
          {
            type: 'object',
            properties: { model: { const: 'Flux' } },
            required: ['model'],
            not: { anyOf: [{ required: ['segment'] }, { required: ['style'] }] },
          },
        ],
      },
      then: { properties: { control_net: { not: { anyOf: [{ required: ['resize_mode'] }, { required: ['control_mode'] }] } } } },
    };
    expect(describeRule(rule)).toBe(
      'When `style_detail.base_model` is `"flux"`, without `segment`; or `model` is `"Flux"`, without `segment` or `style`: ' +
        '`control_net` has neither `resize_mode` nor `control_mode`.',
    );
    // What words cannot say keeps its schema (and gets named branches instead).
    expect(describeRule({ ...rule, then: { properties: { control_net: { maxProperties: 2 } } } })).toBeUndefined();
  });

  it('puts the rules of the newest document on the bodies they constrain, and links each deprecated operation to its replacement', async () => {
    const versions = await listVersions();
    const newest = versions[versions.length - 1]!;
    const original = await readJson(`${documentFile(newest, newest)}.json`);
    const methods = await clientMethods(operationsOf(original).map(({ operation }: { operation: Doc }) => operation.operationId));
    const view = viewDocument(original, { version: newest, versions, downloads: { json: 'a.json', yaml: 'a.yaml' }, clientMethods: methods });
    const rules = [...ruleIdsOf(original)];
    expect(rules.length).toBeGreaterThan(0);
    const bodies = operationsOf(view)
      .map(({ operation }: { operation: Doc }) => operation.requestBody?.description ?? '')
      .join('\n');
    for (const [component, ids] of rules) {
      for (const id of ids) {
        expect(bodies, id).toContain(`data-element="rule:${id}"`);
        expect(bodies, id).toContain(`**Rule \`${id}\`.** When `);
      }
      expect(JSON.stringify(view.components.schemas[component])).not.toContain('x-rule');
    }
    const routes = new Map(operationsOf(view).map(({ operation }: { operation: Doc }) => [operation.operationId, operationRoute(operation)]));
    const deprecated = operationsOf(view).filter(({ operation }: { operation: Doc }) => operation['x-replaced-by']);
    expect(deprecated.length).toBeGreaterThan(0);
    for (const { operation } of deprecated) expect(operation.description).toContain(`](${routes.get(operation['x-replaced-by'])})`);
  });
});

describe('a version the site does not have', () => {
  it('stops the build before anything is written, in one line naming the known versions, with exit code 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mediagen-only-'));
    try {
      const versions = await listVersions();
      const message = `--only 1999-01-01: no such version (the versions: ${versions.join(', ')})`;
      const built = buildSite({ outDir: join(dir, 'site'), only: [versions[0], '1999-01-01'] });
      await expect(built).rejects.toThrow(OptionError);
      await expect(built).rejects.toThrow(message);
      const result = spawnSync(process.execPath, [BUILD, '--only', versions[0]!, '--only', '1999-01-01', '--out', join(dir, 'site')], { encoding: 'utf8' });
      expect(result.status).toBe(2);
      expect(result.stderr.trim()).toBe(`[docs] ${message}`);
      expect(existsSync(join(dir, 'site'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!hasChromium)('reference site in a headless browser', () => {
  let server: Server;
  let browser: Browser;
  let base: string;
  const outside: string[] = [];
  let versions: string[];
  let newest: string;
  let doc: Doc;
  let operations: Array<{ path: string; method: string; operation: Doc }>;
  /** The samples shown for each operation of the newest page, by operationId. */
  const samples = { curl: new Map<string, string>(), client: new Map<string, string>() };
  // Built into a directory of its own, so `npm run docs` (which writes site/) can run beside this test.
  let siteDir: string;

  beforeAll(async () => {
    siteDir = await mkdtemp(join(tmpdir(), 'mediagen-site-'));
    ({ versions } = await buildSite({ outDir: siteDir, evidence: EVIDENCE }));
    newest = versions[versions.length - 1]!;
    doc = await readJson(join(openapiDir, 'openapi.json'));
    operations = operationsOf(doc);
    server = await serve(siteDir);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await connectBrowser();
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

  const routeOf = (op: Doc) => `#/${op.tags[0].toLowerCase()}/${op.operationId.toLowerCase()}`;

  /** Waits until an operation's section (its summary as a heading) is in the page. */
  async function sectionOf(page: Page, summary: string, timeout = 30_000): Promise<void> {
    await page.waitForFunction(
      // A deprecated operation's heading ends with a "Deprecated" badge.
      (s) => [...document.querySelectorAll('h1, h2')].some((h) => h.textContent?.trim().startsWith(s)),
      summary,
      { timeout },
    );
  }

  async function open(path: string, viewport = { width: 1400, height: 1000 }): Promise<Page> {
    const page = await browser.newPage({ viewport });
    await recordOutbound(page, '127.0.0.1', outside);
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1') return route.continue();
      return route.abort();
    });
    await page.goto(`${base}/${path}`, { waitUntil: 'load' });
    return page;
  }

  /** The view the newest page renders, as the build makes it. */
  async function newestView(): Promise<Doc> {
    const methods = await clientMethods(operations.map(({ operation }) => operation.operationId));
    return viewDocument(doc, { version: newest, versions, downloads: { json: 'a.json', yaml: 'a.yaml' }, clientMethods: methods });
  }

  const titleOf = (version: string) => `${doc.info.title} — ${versionLabel(version, versions)}`;
  /** Each version's page, opened once and shared by the tests (a page load of Redoc costs about a second). */
  const versionPages = new Map<string, Promise<Page>>();
  function versionPage(version: string): Promise<Page> {
    if (!versionPages.has(version)) {
      versionPages.set(
        version,
        open(`${version}.html`).then(async (page) => {
          await sectionOf(page, titleOf(version), 30_000);
          return page;
        }),
      );
    }
    return versionPages.get(version)!;
  }

  /** An operation's request-samples panel (it shows the sample of the language chosen last). */
  const samplePanel = (page: Page, op: Doc) => page.locator(`[id="${routeOf(op).slice(2)}"] .panel-request-samples`);

  /** The sample an operation's panel shows, once it is the one that contains `marker`. */
  async function sampleText(page: Page, op: Doc, marker: string): Promise<string> {
    const text = await page.waitForFunction(
      ([id, m]) => {
        const code = document.getElementById(id!)?.querySelector('.panel-request-samples pre') as HTMLElement | null;
        return code?.textContent?.includes(m!) ? code.textContent : false;
      },
      [routeOf(op).slice(2), marker],
      { timeout: 60_000 },
    );
    return (await text.jsonValue()) as string;
  }

  it('renders every operation of the newest version with its badge, its examples and a curl and a client sample', async () => {
    const page = await versionPage(newest);
    expect(operations.length).toBeGreaterThan(10);

    const missing: string[] = [];
    const texts: string[] = [];
    let badges = 0;
    for (const [language, store] of [
      ['curl', samples.curl],
      ['TypeScript', samples.client],
    ] as const) {
      if (language === 'TypeScript') {
        // Redoc keeps the chosen language for every operation (switched here on the one shown last).
        await samplePanel(page, operations[operations.length - 1]!.operation)
          .getByRole('button', { name: 'curl' })
          .click();
        await page.getByRole('menuitem', { name: 'TypeScript' }).click();
      }
      for (const { method, path, operation } of operations) {
        await route(page, routeOf(operation));
        // The first pass checks each operation's section; the second only reads its sample (which waits for it).
        if (language === 'curl') {
          try {
            await sectionOf(page, operation.summary);
          } catch {
            missing.push(`${method.toUpperCase()} ${path} (${operation.summary})`);
            continue;
          }
        }
        const container = page.locator(`[id="${routeOf(operation).slice(2)}"]`);
        // Waits for the sample of the chosen language (Redoc renders the panel after the section).
        const marker = language === 'curl' ? 'curl -X' : 'createClient';
        store.set(operation.operationId, await sampleText(page, operation, marker));
        if (language === 'curl') {
          // The operation's own badge, the badges of its fields, and its text as a reader sees it.
          expect(await container.locator(`details.prov[data-element="operation:${operation.operationId}"]`).count(), operation.operationId).toBe(1);
          badges += await container.locator('details.prov').count();
          texts.push(await container.innerText());
        }
      }
    }
    expect(missing).toEqual([]);

    const text = texts.join('\n');
    // Badges, never raw JSON provenance; named branches, never Redoc's "case 1" or "object (2)".
    expect(text).not.toContain('{"source"');
    expect(text).not.toMatch(/provenance:/);
    expect(text).toMatch(/\binterface\b[\s\S]*\blive docs\b[\s\S]*\bassumption\b/);
    expect(text).not.toMatch(/case [12]\b|object \(\d\)/);
    // The branches of the request's Narrator and of every envelope's err show with their titles.
    for (const component of ['Narrator', 'ErrOrEmpty']) {
      const schema = (await newestView()).components.schemas[component];
      for (const branch of schema.oneOf ?? schema.anyOf) expect(text, component).toContain(branch.title ?? branch.$ref.split('/').pop());
    }
    // Each operation, its parameters, its responses and the fields shown: several badges per operation.
    expect(badges).toBeGreaterThan(operations.length * 5);

    for (const { method, path, operation } of operations) {
      const curl = samples.curl.get(operation.operationId)!;
      expect(curl, operation.operationId).toMatch(
        new RegExp(`^curl -X ${method.toUpperCase()} 'https://api\\.rendernet\\.ai${path.replace(/\{\w+\}/g, '[^/]+')}'`),
      );
      expect(curl).toContain('-H "X-API-KEY: $MEDIAGEN_API_KEY"');
      const client = samples.client.get(operation.operationId)!;
      expect(client, operation.operationId).toContain('createClient({ apiKey: process.env.MEDIAGEN_API_KEY! })');
      expect(client).toMatch(/await client\.\w+\.\w+\(/);
    }

    // Examples: the first request example of "Generate media" is the body of its samples, its response example beside it.
    const generate = operations.find(({ operation }) => operation.operationId === 'generateMedia')!.operation;
    const requestExample: any = Object.values(generate.requestBody.content['application/json'].examples)[0];
    expect(samples.curl.get('generateMedia')).toContain(`"model": ${JSON.stringify(requestExample.value[0].model)}`);
    await route(page, routeOf(generate));
    await sectionOf(page, generate.summary);
    expect(await page.locator('[id="generation/generatemedia"]').innerText()).toContain('"credits_remaining": 20');

    await mkdir(join(root, 'reports'), { recursive: true });
    await page.screenshot({ path: join(root, 'reports', 'site.png') });
  });

  it('has each client sample call, on a real client, the operation it documents', async () => {
    const seen: Array<{ method: string; path: string; body: string }> = [];
    const recorder = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method!, path: req.url!, body });
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"err":{"code":"not_found","message":"recorded"}}');
      });
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
      // Indexed by the names the samples give, as a reader's program would call them.
      const client = createClient({ apiKey: 'site-test-key', baseUrl, maxRetries: 0 }) as unknown as Record<
        string,
        Record<string, (...args: unknown[]) => Promise<unknown>>
      >;
      expect(samples.client.size).toBe(operations.length);
      for (const { method, operation } of operations) {
        const sample = samples.client.get(operation.operationId)!;
        const call = /await client\.(\w+)\.(\w+)\(([\s\S]*)\);$/.exec(sample.trim());
        expect(call, `${operation.operationId}: ${sample}`).not.toBeNull();
        const [, group, name, args] = call!;
        expect(typeof client[group!]?.[name!], `client.${group}.${name}`).toBe('function');
        seen.length = 0;
        await client[group!][name!](...JSON.parse(`[${args}]`)).catch(() => undefined);
        // The same request as the curl sample: method, path (with the example's ids) and body.
        const curl = samples.curl.get(operation.operationId)!;
        const url = new URL(/'(https:[^']+)'/.exec(curl)![1]!);
        expect(
          seen.map(({ method: m, path }) => `${m} ${path}`),
          `client.${group}.${name}`,
        ).toEqual([`${method.toUpperCase()} ${url.pathname}${url.search}`]);
        const body = /-d '([\s\S]*)'$/.exec(curl)?.[1];
        if (body) expect(JSON.parse(seen[0]!.body)).toEqual(JSON.parse(body));
      }
    } finally {
      await new Promise((resolve) => recorder.close(resolve));
    }
  });

  it('shows the latest verdict of the evidence file beside the badges it concerns', async () => {
    const page = await versionPage(newest);
    const verdictOf = async (hash: string, element: string) => {
      await route(page, hash);
      const badge = page.locator(`details.prov[data-element="${element}"]`).first();
      await badge.waitFor({ state: 'attached', timeout: 60_000 });
      await badge.locator('summary').click();
      return { summary: await badge.locator('summary').innerText(), detail: await badge.locator('.prov-detail').innerText() };
    };

    // The refuted assumption (second run), with its detail: runs for/against, origin, what was observed.
    const refuted = await verdictOf(
      '#/generation/generatemedia#generation/generatemedia/t=response&c=200&path=data/media[]/style_detail/name',
      'StyleDetailEcho.name',
    );
    expect(refuted.summary.replace(/\s+/g, ' ')).toBe('assumption · refuted 2026-11-20');
    expect(refuted.detail).toContain('0 runs for, 1 against');
    expect(refuted.detail).toContain('https://api.rendernet.ai');
    expect(refuted.detail).toContain('style_detail echoed as { style_name, base_model }');

    // The confirmed one (first run), and a confirmed constraint of a field (rule:TrueTouch.scale_factor.range).
    const confirmed = await verdictOf('#/assets/getassetv2#assets/getassetv2/t=response&c=200&path=data/url', 'AssetV2.url');
    expect(confirmed.summary.replace(/\s+/g, ' ')).toBe('assumption · confirmed 2026-11-19');
    expect(confirmed.detail).toContain('1 run for, 0 against');
    const range = await verdictOf('#/generation/generatemedia#generation/generatemedia/t=request&path=true_touch/scale_factor', 'TrueTouch.scale_factor');
    expect(range.summary.replace(/\s+/g, ' ')).toBe('live docs · range confirmed 2026-11-19');

    // A verdict on an assumption no element carries is listed in the page's introduction.
    const other = await verdictOf('#/', 'rule:auth_missing_key_401');
    expect(other.summary.replace(/\s+/g, ' ')).toBe('assumption · refuted 2026-11-20');
    expect(other.detail).toContain('answered 403');
  });

  it('refuses a malformed evidence file in one line, with exit code 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mediagen-evidence-'));
    try {
      const evidence = JSON.parse(await readFile(EVIDENCE, 'utf8'));
      evidence.assumptions['StyleDetailEcho.name'].latest.date = '20 Nov 2026';
      const bad = join(dir, 'evidence.json');
      await writeFile(bad, JSON.stringify(evidence));
      for (const [file, message] of [
        [bad, `[docs] evidence file ${bad}: assumptions["StyleDetailEcho.name"].latest.date must be a date YYYY-MM-DD, got a string`],
        // The suite's own reader words it: one reading of the file for the suite and the site.
        [join(dir, 'missing.json'), `[docs] evidence file: cannot read ${join(dir, 'missing.json')}: ENOENT`],
      ] as const) {
        const result = spawnSync(process.execPath, [BUILD, '--evidence', file, '--out', join(dir, 'site')], { encoding: 'utf8' });
        expect(result.status).toBe(2);
        expect(result.stderr.trim()).toBe(message);
        expect(existsSync(join(dir, 'site'))).toBe(false);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('titles each page with its date, links its documents for download, and shows how to try it against the mock', async () => {
    for (const version of versions) {
      const label = versionLabel(version, versions);
      const title = titleOf(version);
      const page = await versionPage(version);
      await route(page, '#/');
      await sectionOf(page, title);
      expect(await page.title()).toBe(title);
      if (version === newest) expect(label).toBe(`${newest} (newest)`);
      else if (version === 'baseline') expect(label).toBe(`baseline (before ${versions[1]})`);
      else expect(label).toBe(version);

      const intro = await page.locator('#redoc').innerText();
      expect(intro).toContain(version === newest ? 'The newest version' : version === 'baseline' ? 'The baseline' : `The API as of ${version}`);
      const at = version === newest ? '' : ` --at ${version}`;
      expect(intro).toContain(`npx media-mock${at} serves this version`);
      expect(intro).toContain(`npx media-mock --stateful${at}`);
      // Neither a fixed mock port nor a made-up repository, on the page or in its source.
      const html = await readFile(join(siteDir, `${version}.html`), 'utf8');
      for (const text of [intro, html]) {
        expect(text).not.toContain('127.0.0.1:4010');
        expect(text).not.toContain('github.com/mediagen');
      }

      // The download links serve the emitted documents, byte for byte.
      const links = await page.locator('#redoc a[href^="openapi/"]').evaluateAll((els) => els.map((e) => (e as HTMLAnchorElement).href));
      expect(links.map((l) => l.slice(base.length + 1))).toEqual([`openapi/${version}.json`, `openapi/${version}.yaml`]);
      for (const link of links) {
        const response = await page.request.get(link);
        expect(response.status(), link).toBe(200);
        const source = `${documentFile(version, newest)}${extname(link)}`;
        expect((await response.body()).equals(await readFile(source)), link).toBe(true);
      }
    }
  });

  it('offers every version in the selector, and keeps the reader on the same operation when switching', async () => {
    const options = await (await versionPage(newest)).locator('#version-select option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(options.sort()).toEqual(versions.map((v) => `${v}.html`).sort());
    expect(versions[0]).toBe('baseline');

    // A field of an operation: the other page opens on the same operation and field (Redoc shows the
    // operation where the field is not there: the baseline still calls generated items `images`).
    const place = '#/generation/generatemedia#generation/generatemedia/t=response&c=200&path=data/media';
    const page = await open(`${newest}.html${place}`);
    await page.waitForFunction(() => document.body.innerText.includes('"media": ['), undefined, { timeout: 60_000 });
    await page.selectOption('#version-select', 'baseline.html');
    await page.waitForURL(`${base}/baseline.html${place}`);
    await page.waitForFunction(() => document.body.innerText.includes('"images": ['), undefined, { timeout: 60_000 });
    expect(await page.evaluate(() => document.body.innerText.includes('"media": ['))).toBe(false);
    expect(await page.locator('#version-select').inputValue()).toBe('baseline.html');

    // A place the other page does not have: it opens at its top.
    await page.evaluate(() => history.replaceState(null, '', '#/no-such-tag/no-such-operation'));
    await page.selectOption('#version-select', `${versions[1]}.html`);
    await page.waitForURL(`${base}/${versions[1]}.html`);
    await page.close();
  });

  it('fits a 390 px wide screen without scrolling sideways', async () => {
    const phone = { width: 390, height: 844 };
    const fits = async (page: Page, what: string) => {
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        nav: document.getElementById('site-nav')!.getBoundingClientRect().right,
      }));
      expect(widths.page, what).toBeLessThanOrEqual(390);
      expect(widths.nav, what).toBeLessThanOrEqual(390);
    };
    for (const [path, ready] of [
      ['index.html', 'RenderNet (Affogato) media-generation API'],
      ['changelog.html', 'API changelog'],
    ] as const) {
      const page = await open(path, phone);
      await sectionOf(page, ready);
      await fits(page, path);
      await page.close();
    }
    // A Redoc page on an operation (its samples and schemas), then at its top (the bar and the introduction).
    const page = await open(`${newest}.html#/generation/generatemedia`, phone);
    await sectionOf(page, 'Generate media', 30_000);
    await fits(page, 'Generate media');
    await route(page, '#/');
    await sectionOf(page, titleOf(newest));
    await fits(page, `${newest}.html`);
    await page.close();
  });

  it('links each changelog entry to the operations and fields it changed, on the page of its date', async () => {
    const changelog = await readFile(join(root, 'packages/schema/CHANGELOG-API.md'), 'utf8');
    const page = await open('changelog.html');
    const headings = await page.locator('h2').allInnerTexts();
    const expected = [...changelog.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
    expect(headings.map((h) => h.trim())).toEqual(expected);

    // Every dated section links what it changed; e.g. the field 2024-11-08 added, on that date's page.
    const sections = await page.locator('h2').evaluateAll((hs) =>
      hs.map((h) => {
        const links: Array<{ text: string; href: string }> = [];
        for (let el = h.nextElementSibling; el && el.tagName !== 'H2'; el = el.nextElementSibling) {
          for (const a of el.querySelectorAll('a.element-link, a.change-link')) links.push({ text: a.textContent!, href: a.getAttribute('href')! });
        }
        return { date: h.id, links };
      }),
    );
    for (const { date, links } of sections.filter((s) => s.date !== 'baseline')) expect(links.length, date).toBeGreaterThan(0);
    const styleDetail = sections.find((s) => s.date === '2024-11-08')!.links.find((l) => l.text === 'GenerationItem.style_detail');
    expect(styleDetail?.href).toBe('2024-11-08.html#/generation/generatemedia#generation/generatemedia/t=request&path=style_detail');
    await page.close();

    // Every link opens a place that exists on its page: Redoc scrolls to the field (or shows the operation).
    const byPage = new Map<string, Set<string>>();
    for (const { href } of sections.flatMap((s) => s.links)) {
      const [file, ...hash] = href.split('#');
      byPage.set(file!, (byPage.get(file!) ?? new Set()).add(`#${hash.join('#')}`));
    }
    expect([...byPage.keys()].sort()).toEqual(versions.map((v) => `${v}.html`).sort());
    const broken: string[] = [];
    for (const [file, hashes] of byPage) {
      const target = await versionPage(file.replace(/\.html$/, ''));
      for (const hash of hashes) {
        await target.evaluate((h) => {
          location.hash = h;
        }, hash);
        const [, routePath, deep] = hash.split('#');
        const id = deep ? decodeURIComponent(deep) : routePath!.slice(1);
        const found = await target
          .waitForFunction((id) => Math.abs(document.getElementById(id)?.getBoundingClientRect().top ?? 1e9) < 150, id, { timeout: 60_000 })
          .then(
            () => true,
            () => false,
          );
        if (!found) broken.push(`${file}${hash}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('fetched nothing from outside 127.0.0.1, nor tried to (requests the page policy refused counted)', () => {
    expect(outside).toEqual([]);
  });

  it('no page tries to reach another host (telemetry, a CDN), however long it stays open', async () => {
    // Redoc's telemetry, when on, posts its batch seconds after the page loads: the page's clock is
    // run a minute ahead instead of waiting for it. Every version page is the same Redoc page; the
    // newest and the baseline stand for them, with the index and the changelog.
    const attempted: string[] = [];
    for (const file of ['index.html', 'changelog.html', `${newest}.html`, 'baseline.html']) {
      const page = await browser.newPage();
      try {
        const seen = await recordOutbound(page, '127.0.0.1', attempted);
        await page.clock.install();
        await page.goto(`${base}/${file}`, { waitUntil: 'load' });
        if (file !== 'index.html' && file !== 'changelog.html') {
          const title = titleOf(file.slice(0, -'.html'.length));
          // Under the installed clock the page's timers run only when told: a second at a time, until Redoc has rendered.
          for (let tick = 0; tick < 600; tick++) {
            if (await page.evaluate((t) => [...document.querySelectorAll('h1, h2')].some((h) => h.textContent?.trim().startsWith(t)), title)) break;
            await page.clock.runFor(1_000);
          }
        }
        await page.clock.runFor(60_000);
        await page.evaluate(() => 0);
        expect(seen(), file).toBeGreaterThan(0);
      } finally {
        await page.close();
      }
    }
    expect(attempted).toEqual([]);
  });
});
