#!/usr/bin/env node
// Builds the reference site into site/: one Redoc page per dated version of the API (baseline … newest),
// each with a version selector, the documents to download, and the API changelog linked to the pages.
// Pages are self-contained (Redoc's script is inlined), so viewing them fetches nothing from a CDN.
// Inputs are the emitted documents (each page renders the reader's view of one: see view.mjs), the
// API changelog, the client's source (for the names of its methods) and, optionally, an evidence file
// and a folder of usage files (one per consumer: badges of who uses what, and whom each change hit).
// `--only VERSION` (repeatable) renders only those versions' pages, with the index, the changelog and
// every download: a quick preview of one page (Redoc's rendering is what takes the build its time).
//
//   node scripts/docs/build.mjs [--out DIR] [--evidence FILE] [--usage DIR] [--only VERSION]...
//
// Exit codes: 0 built; 1 the build failed; 2 bad usage, an unknown version, a malformed evidence file or usage folder (one line says what).
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { routesOf } from './anchors.mjs';
import { renderChangelog } from './changelog.mjs';
import { clientMethods } from './client-methods.mjs';
import { operationsOf } from './document.mjs';
import { EvidenceError, readEvidence } from './evidence.mjs';
import { escapeHtml } from './html.mjs';
import { finishRedocPage, navBar, plainPage } from './layout.mjs';
import { SAMPLE_LANGUAGES } from './samples.mjs';
import { readUsage, UsageError, usageOnPage } from './usage.mjs';
import { versionLabel, viewDocument } from './view.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const openapiDir = join(root, 'packages', 'schema', 'openapi');
const changelogFile = join(root, 'packages', 'schema', 'CHANGELOG-API.md');
const require = createRequire(import.meta.url);
const redoclyBin = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

/** Redoc options: extensions hidden (the view shows provenance as badges), examples expanded, samples in this order. */
const REDOC_OPTIONS = {
  showExtensions: false,
  jsonSamplesExpandLevel: 3,
  // Redoc's own button would download the view; the page links the published documents instead.
  hideDownloadButtons: true,
  pathInMiddlePanel: true,
  codeSamples: { languages: SAMPLE_LANGUAGES },
};

/** A flag the build cannot follow (an `--only` naming no version): `message` is one line saying what. */
export class OptionError extends Error {
  name = 'OptionError';
}

/** Versions oldest first: `baseline`, then the dates of versions/<date>.json. */
export async function listVersions(dir = openapiDir) {
  const dates = (await readdir(join(dir, 'versions')))
    .filter((f) => /^\d{4}-\d{2}-\d{2}\.json$/.test(f))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
  return ['baseline', ...dates];
}

/** The emitted document a version's page shows: the newest is the published document itself. */
function sourceOf(version, newest) {
  const base = version === newest ? join(openapiDir, 'openapi') : join(openapiDir, 'versions', version);
  return { json: `${base}.json`, yaml: `${base}.yaml` };
}

function runRedocly(input, output, title) {
  const args = [
    redoclyBin,
    'build-docs',
    input,
    '--output',
    output,
    '--title',
    title,
    '--inlineBundle',
    '--lint-config',
    'off',
    '--openapi',
    JSON.stringify(REDOC_OPTIONS),
  ];
  return new Promise((resolve, reject) => {
    // From the root, the CLI reads redocly.yaml, whose `telemetry: off` is the one switch of Redoc's
    // telemetry: the CLI writes the page's `disableTelemetry` from it, over any value in the options
    // (on, a page posts traces to Redocly's collector after every load).
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`redocly build-docs failed for ${input} (exit ${code}):\n${log}`))));
  });
}

/**
 * Builds the site into `outDir` (default site/). `evidence`: the path of an evidence file whose
 * verdicts the pages show beside their badges; `usage`: a folder of usage files, whose consumers the
 * pages count beside each element and the changelog names under each change; `only`: the versions
 * whose pages are rendered (default all; the index, the changelog, the version selector and the
 * downloads still cover every version). Returns the versions, those rendered, the directory, the
 * number of consumers, and the time taken.
 */
export async function buildSite({ outDir = join(root, 'site'), evidence: evidenceFile, usage: usageDir, only } = {}) {
  const started = performance.now();
  const versions = await listVersions();
  // An unknown version, a malformed evidence file or usage folder stops the build before anything is written.
  const unknown = (only ?? []).filter((v) => !versions.includes(v));
  if (unknown.length) throw new OptionError(`--only ${unknown.join(', ')}: no such version (the versions: ${versions.join(', ')})`);
  const rendered = only ? versions.filter((v) => only.includes(v)) : versions;
  const evidence = evidenceFile ? await readEvidence(evidenceFile) : undefined;
  const usage = usageDir ? await readUsage(usageDir) : undefined;
  const newest = versions[versions.length - 1];
  const labels = new Map(versions.map((v) => [v, versionLabel(v, versions)]));
  const documents = new Map();
  for (const v of versions) documents.set(v, JSON.parse(await readFile(sourceOf(v, newest).json, 'utf8')));
  const methods = await clientMethods([...new Set(versions.flatMap((v) => operationsOf(documents.get(v)).map(({ operation }) => operation.operationId)))]);

  await rm(outDir, { recursive: true, force: true });
  await mkdir(join(outDir, 'openapi'), { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'mediagen-docs-'));
  try {
    const views = new Map();
    for (const v of versions) {
      const downloads = { json: `openapi/${v}.json`, yaml: `openapi/${v}.yaml` };
      const used = usage ? usageOnPage(documents.get(v), v, usage) : undefined;
      views.set(
        v,
        viewDocument(documents.get(v), { version: v, versions, downloads, evidence, clientMethods: methods, used, consumers: usage?.usages.length }),
      );
      await copyFile(sourceOf(v, newest).json, join(outDir, downloads.json));
      await copyFile(sourceOf(v, newest).yaml, join(outDir, downloads.yaml));
    }
    const routes = new Map(versions.map((v) => [v, routesOf(views.get(v))]));

    // Two at a time: the build machines have two cores.
    const queue = [...rendered];
    const worker = async () => {
      for (let v = queue.shift(); v; v = queue.shift()) {
        const input = join(work, `${v}.json`);
        await writeFile(input, JSON.stringify(views.get(v)));
        const out = join(outDir, `${v}.html`);
        await runRedocly(input, out, views.get(v).info.title);
        await writeFile(out, finishRedocPage(await readFile(out, 'utf8'), navBar({ versions, current: v, labels, routes })));
      }
    };
    await Promise.all([worker(), worker()]);

    const changelog = renderChangelog(await readFile(changelogFile, 'utf8'), { versions, documents, views, usage });
    await writeFile(join(outDir, 'changelog.html'), plainPage('RenderNet API changelog', navBar({ versions, current: '', labels, routes }), changelog));

    const list = [...versions]
      .reverse()
      .map(
        (v) =>
          `<li><a href="${v}.html">${escapeHtml(labels.get(v))}</a> — download <a href="openapi/${v}.json">JSON</a> · <a href="openapi/${v}.yaml">YAML</a></li>`,
      )
      .join('\n');
    await writeFile(
      join(outDir, 'index.html'),
      plainPage(
        'RenderNet API reference',
        navBar({ versions, current: newest, labels, routes }),
        `<h1>RenderNet (Affogato) media-generation API</h1>
<p>The reference of every dated version of the API, generated from the contract's OpenAPI documents.
Each operation and field carries a badge saying where it comes from: the interface description, the live docs, or an assumption of ours.</p>
<h2>Versions</h2><ul id="versions">${list}</ul>
<p><a href="changelog.html">API changelog</a> — what changed on each date, linked to the operations and fields it changed.</p>
<h2>Try it against the mock</h2>
<p><code>npx media-mock</code> serves the newest version on your machine: it picks a free port and prints the URL it listens on.
<code>npx media-mock --at ${escapeHtml(versions[0])}</code> answers as the API did then (any version's date works, and each page shows its own);
<code>npx media-mock --stateful</code> runs the sandbox, which keeps state.</p>`,
      ),
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return { versions, rendered, outDir, consumers: usage?.usages.length, ms: performance.now() - started };
}

const USAGE = 'usage: node scripts/docs/build.mjs [--out DIR] [--evidence FILE] [--usage DIR] [--only VERSION]...';

async function main(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        out: { type: 'string' },
        evidence: { type: 'string' },
        usage: { type: 'string' },
        only: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    console.error(`[docs] ${err.message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  try {
    const { versions, rendered, outDir, consumers, ms } = await buildSite({
      outDir: values.out,
      evidence: values.evidence,
      usage: values.usage,
      only: values.only,
    });
    const pages = rendered.length === versions.length ? `${versions.length} versions` : `the page of ${rendered.join(', ')} (of ${versions.length} versions)`;
    const shown = [
      values.evidence ? ` with the verdicts of ${values.evidence}` : '',
      values.usage ? ` with the usage of ${consumers} consumer(s) in ${values.usage}` : '',
    ].join('');
    console.log(`[docs] built ${pages} and the changelog into ${outDir}${shown} in ${(ms / 1000).toFixed(1)} s`);
    return 0;
  } catch (err) {
    console.error(`[docs] ${err.message}`);
    return err instanceof OptionError || err instanceof EvidenceError || err instanceof UsageError ? 2 : 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main(process.argv.slice(2));
