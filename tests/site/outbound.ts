// Every request a page attempts, blocked ones included. A request the page's Content-Security-Policy
// refuses never reaches the network, so routing and network events alone miss some of them: an image
// shows as a failed request, but a fetch() to a refused origin (telemetry) shows only as a violation
// of the policy. Both are counted here.
import type { Page } from 'playwright-core';

/** URLs that stay in the page: its own data and blob URLs. */
const LOCAL = /^(data|blob):/;

/**
 * Records into `sink` the URL of every request `page` attempts to a host other than `ownHost`: those
 * made (Playwright's `request` event, which a refused image also fires) and those the policy refused
 * before any was made (`securitypolicyviolation`, reported from every document the page loads).
 * Returns how many requests were seen in all, so a test can show the recorder saw something.
 */
export async function recordOutbound(page: Page, ownHost: string, sink: string[]): Promise<() => number> {
  let seen = 0;
  const note = (url: string) => {
    seen++;
    if (LOCAL.test(url)) return;
    let host: string | undefined;
    try {
      host = new URL(url).hostname;
    } catch {
      host = undefined;
    }
    if (host !== ownHost) sink.push(url);
  };
  page.on('request', (request) => note(request.url()));
  await page.exposeBinding('__outboundRefused', (_source, url: string) => note(url));
  await page.addInitScript(() => {
    const report = (window as unknown as { __outboundRefused: (url: string) => void }).__outboundRefused;
    // `blockedURI` is the refused URL, or a keyword (`inline`, `eval`) for what is not a request.
    addEventListener('securitypolicyviolation', (event) => {
      if (/^[a-z][a-z0-9+.-]*:/i.test(event.blockedURI)) report(event.blockedURI);
    });
  });
  return () => seen;
}
