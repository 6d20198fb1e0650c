// The parts every page of the site shares: the Content-Security-Policy, the bar above the page (home,
// version selector, changelog) and the styles that keep it, and the page, within 390 px.
import { BADGE_CSS } from './badges.mjs';
import { escapeHtml } from './html.mjs';
import { USAGE_CSS } from './usage.mjs';

/**
 * Pages may load only what they carry: the browser itself refuses any other origin. Nothing in a
 * page asks for one either (see REDOC_LOGO and the build's REDOCLY_ENV); the policy is the backstop.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:";
export const CSP_META = `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`;

/** The bar wraps instead of overflowing on a phone; long code and URLs in the page wrap or scroll in their box. */
export const SITE_CSS = `
#site-nav{display:flex;flex-wrap:wrap;gap:4px 16px;align-items:center;padding:8px 16px;background:#263238;color:#fff;font:14px/1.4 sans-serif;box-sizing:border-box;max-width:100vw}
#site-nav a{color:#fff}
#site-nav .home{font-weight:bold;text-decoration:none}
#site-nav label{display:flex;flex-wrap:wrap;gap:4px;align-items:center;min-width:0;max-width:100%}
#site-nav select{max-width:100%;min-width:0}
@media (max-width:600px){#redoc h1{font-size:28px!important;line-height:1.25!important}}
${BADGE_CSS}${USAGE_CSS}`;

/**
 * The bar above every page: a selector of versions and a link to the changelog. Switching versions
 * keeps the reader's place: the page's hash (Redoc's route of the operation, `#/tag/operation`, and
 * any deep link after it) is kept when the other page has that route, else the other page opens at
 * its top. `routes` lists each version page's routes.
 */
export function navBar({ versions, current, labels, routes }) {
  const options = [...versions]
    .reverse()
    .map((v) => `<option value="${v}.html"${v === current ? ' selected' : ''}>${escapeHtml(labels.get(v))}</option>`)
    .join('');
  // Pages that are not a version (the changelog) offer the versions without preselecting one.
  const placeholder = versions.includes(current) ? '' : '<option value="" selected disabled>choose a version</option>';
  const table = JSON.stringify(Object.fromEntries(versions.map((v) => [`${v}.html`, [...(routes.get(v) ?? [])]]))).replace(/</g, '\\u003c');
  return `<nav id="site-nav">
<a class="home" href="index.html">RenderNet API reference</a>
<label>API version <select id="version-select" aria-label="API version">${placeholder}${options}</select></label>
<a id="changelog-link" href="changelog.html">API changelog</a>
<script>(() => {
  const routes = ${table};
  const select = document.getElementById('version-select');
  select.addEventListener('change', () => {
    const page = select.value;
    const hash = location.hash;
    const route = hash.split('#').slice(0, 2).join('#');
    location.href = page + (route && (routes[page] || []).includes(route) ? hash : '');
  });
})();</script>
</nav>`;
}

/**
 * Redoc's sidebar ends with its attribution, "API docs by" and a logo image it loads from its CDN on
 * every page view (no option turns it off). The page carries the logo instead: a wordmark as a data
 * URL, which the policy allows and which makes no request. The attribution link stays.
 */
const REDOC_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const LOGO_DATA_URL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16"><text x="0" y="12" font-family="sans-serif" font-size="12" font-weight="bold" fill="#0044d4">Redocly</text></svg>',
)}`;

/** Redoc inlines its bundle; any reference to another origin left in the head is dropped all the same. */
export function finishRedocPage(html, nav) {
  return html
    .replace(REDOC_LOGO, LOGO_DATA_URL)
    .replace(/<link[^>]*href="https?:\/\/[^"]*"[^>]*>\s*/g, '')
    .replace(/<head>/, `<head>${CSP_META}<style>${SITE_CSS}</style>`)
    .replace(/<body([^>]*)>/, `<body$1>${nav}`);
}

/** A page of the site that is not a Redoc page (the index, the changelog). */
export function plainPage(title, nav, body) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">${CSP_META}<title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;font:16px/1.5 sans-serif;color:#263238}main{max-width:860px;margin:0 auto;padding:16px 24px;overflow-wrap:anywhere}code{background:#eceff1;padding:0 3px;border-radius:3px}${SITE_CSS}</style>
</head><body>${nav}<main>${body}</main></body></html>
`;
}
