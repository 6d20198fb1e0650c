// @mediagen/mock/msw: the in-process sandbox as request handlers for Mock Service Worker, so a
// front-end test (MSW's service worker, `msw/browser`) or a Node test (`msw/node`) gets a whole
// stateful sandbox with no process and no port. msw is an optional peer dependency, loaded only by
// this entry: the package's other entries never import it.
import { operationList } from '@mediagen/schema';
import { type HttpHandler, http } from 'msw';
import { createInProcessSandbox, type InProcessSandbox } from '../sandbox/in-process.js';
import type { SandboxOptions } from '../sandbox/options.js';
import { SANDBOX_URLS } from '../sandbox/routes.js';

export { createInProcessSandbox, IN_PROCESS_URL, type InProcessSandbox } from '../sandbox/in-process.js';

/**
 * The first path segments the sandbox answers under (`/pub`, `/uploads`, `/files`), from the
 * operations table and its own URLs: the handlers take only those, so a sandbox on a page's own
 * origin leaves the page's other requests (its scripts, its assets) alone.
 */
export const SANDBOX_PREFIXES: readonly string[] = [...new Set([...operationList, ...SANDBOX_URLS].map((route) => `/${route.path.split('/')[1]}`))];

const isSandbox = (value: InProcessSandbox | SandboxOptions): value is InProcessSandbox => typeof (value as InProcessSandbox).fetch === 'function';

/**
 * Request handlers answering every request under the sandbox's origin (`sandbox.url`) and its
 * paths from `sandbox`: give a sandbox made with `createInProcessSandbox` (to read its `state`, move
 * its clock), or its options to make one. Pass them to `setupWorker(...)` or `setupServer(...)`.
 */
export function sandboxHandlers(sandbox: InProcessSandbox | SandboxOptions = {}): HttpHandler[] {
  const target = isSandbox(sandbox) ? sandbox : createInProcessSandbox(sandbox);
  return SANDBOX_PREFIXES.map((prefix) => http.all(`${target.url}${prefix}/*`, ({ request }) => target.fetch(request)));
}
