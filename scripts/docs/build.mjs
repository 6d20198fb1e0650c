#!/usr/bin/env node
// Builds the reference site into site/: one Redoc page per dated version of the API (baseline … newest),
// each with a version selector, and the API changelog. Pages are self-contained (Redoc's script is
// inlined), so viewing them fetches nothing from a CDN. Inputs are the emitted documents only.
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const openapiDir = join(root, 'packages', 'schema', 'openapi');
const changelogFile = join(root, 'packages', 'schema', 'CHANGELOG-API.md');
const require = createRequire(import.meta.url);
const redoclyBin = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

/** Redoc options: vendor extensions (x-provenance) shown, examples expanded. */
const REDOC_OPTIONS = {
  showExtensions: 'true',
  jsonSamplesExpandLevel: '3',
  hideDownloadButtons: 'false',
  pathInMiddlePanel: 'true',
  disableTelemetry: 'true',
};

/**
 * Pages may load only what they carry: the browser itself refuses any other origin. (Redoc's
 * attribution logo points at a CDN; blocked, Redoc falls back to the text "API docs by".)
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:";
const CSP_META = `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`;

/** Versions oldest first: `baseline`, then the dates of versions/<date>.json. */
export async function listVersions(dir = openapiDir) {
  const dates = (await readdir(join(dir, 'versions')))
    .filter((f) => /^\d{4}-\d{2}-\d{2}\.json$/.test(f))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
  return ['baseline', ...dates];
}

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function versionLabel(version, newest) {
  if (version === 'baseline') return 'baseline (before the first dated change)';
  return version === newest ? `${version} (newest)` : version;
}

/** The bar above every page: a selector of versions and a link to the changelog. */
function navBar(versions, current) {
  const newest = versions[versions.length - 1];
  const options = [...versions]
    .reverse()
    .map((v) => `<option value="${v}.html"${v === current ? ' selected' : ''}>${escapeHtml(versionLabel(v, newest))}</option>`)
    .join('');
  // Pages that are not a version (the changelog) offer the versions without preselecting one.
  const placeholder = versions.includes(current) ? '' : '<option value="" selected disabled>choose a version</option>';
  return `<nav id="site-nav" style="position:sticky;top:0;z-index:100;display:flex;gap:1.5em;align-items:center;padding:8px 16px;background:#263238;color:#fff;font:14px/1.4 sans-serif">
<a href="index.html" style="color:#fff;font-weight:bold;text-decoration:none">RenderNet API reference</a>
<label>API version <select id="version-select" aria-label="API version" onchange="location.href=this.value">${placeholder}${options}</select></label>
<a id="changelog-link" href="changelog.html" style="color:#fff">API changelog</a>
</nav>`;
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
    ...Object.entries(REDOC_OPTIONS).map(([k, v]) => `--openapi.${k}=${v}`),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`redocly build-docs failed for ${input} (exit ${code}):\n${log}`))));
  });
}

/** Redoc inlines its bundle but still preloads it from the CDN; the page must not reach out. */
function dropCdnReferences(html) {
  return html.replace(/<link[^>]*href="https?:\/\/[^"]*"[^>]*>\s*/g, '').replace(/<head>/, `<head>${CSP_META}`);
}

function plainPage(title, nav, body) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">${CSP_META}<title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;font:16px/1.5 sans-serif;color:#263238}main{max-width:860px;margin:0 auto;padding:16px 24px}code{background:#eceff1;padding:0 3px;border-radius:3px}</style>
</head><body>${nav}<main>${body}</main></body></html>
`;
}

export async function buildSite(outDir = join(root, 'site')) {
  const started = performance.now();
  const versions = await listVersions();
  const newest = versions[versions.length - 1];
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });

  // Two at a time: the build machines have two cores.
  const queue = [...versions];
  const worker = async () => {
    for (let v = queue.shift(); v; v = queue.shift()) {
      // The newest version is the published document itself; older ones come from versions/.
      const input = v === newest ? join(openapiDir, 'openapi.json') : join(openapiDir, 'versions', `${v}.json`);
      const out = join(outDir, `${v}.html`);
      await runRedocly(input, out, `RenderNet API — ${versionLabel(v, newest)}`);
      const html = dropCdnReferences(await readFile(out, 'utf8')).replace(/<body([^>]*)>/, `<body$1>${navBar(versions, v)}`);
      await writeFile(out, html);
    }
  };
  await Promise.all([worker(), worker()]);

  const changelog = marked.parse(await readFile(changelogFile, 'utf8'));
  await writeFile(join(outDir, 'changelog.html'), plainPage('RenderNet API changelog', navBar(versions, ''), changelog));

  const list = [...versions]
    .reverse()
    .map((v) => `<li><a href="${v}.html">${escapeHtml(versionLabel(v, newest))}</a></li>`)
    .join('\n');
  await writeFile(
    join(outDir, 'index.html'),
    plainPage(
      'RenderNet API reference',
      navBar(versions, newest),
      `<h1>RenderNet (Affogato) media-generation API</h1>
<p>The reference of every dated version of the API, generated from the contract's emitted OpenAPI documents.
Each field shows where its constraint comes from (<code>x-provenance</code>: interface description, live docs or an assumption).</p>
<h2>Versions</h2><ul id="versions">${list}</ul>
<p><a href="changelog.html">API changelog</a> — what changed on each date.</p>`,
    ),
  );
  return { versions, outDir, ms: performance.now() - started };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outArg = process.argv.indexOf('--out');
  const outDir = outArg > 0 ? process.argv[outArg + 1] : undefined;
  buildSite(outDir).then(
    ({ versions, outDir: dir, ms }) => console.log(`[docs] built ${versions.length} versions and the changelog into ${dir} in ${(ms / 1000).toFixed(1)} s`),
    (err) => {
      console.error(`[docs] ${err.message}`);
      process.exit(1);
    },
  );
}
