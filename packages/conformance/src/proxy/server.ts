// The validating proxy: listens on loopback, forwards every request unchanged to one upstream origin
// (the only place the key goes), streams the answer back, and only then judges the exchange with the
// suite's single-exchange checks and tiers (TrafficJudge): judging never delays an answer. Each
// failed obligation is one line (operation, rule, basis, curl with the key masked); `har` records the
// exchanges (key and presigned URLs masked). The mocks' hardened edge bounds it: the Host/Origin gate
// (a web page cannot use it), request bodies within the JSON limit and a shared in-flight budget,
// Node's timeouts, and a cap on connections; each answer's judged copy is at most `maxAnswerBytes`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { capConnections, createBodyBudget, type EdgeLimits, gateFor, readBody, refuse, resolveEdgeLimits, serverOptions } from '@mediagen/mock/edge';
import { API_KEY_HEADER, createKeyMasker } from '@mediagen/schema/util';
import type { CheckId } from '../checks/catalog.js';
import { DEFAULT_BUDGETS } from '../engine/budgets.js';
import { RunError } from '../model/terms.js';
import { HarWriter } from '../report/har.js';
import type { Report } from '../report/types.js';
import { TrafficJudge, type TrafficViolation } from '../traffic/judge.js';
import { KeyBook, type Observed } from '../traffic/observed.js';
import { decodeCopy } from './decode.js';
import { forward } from './forward.js';

/** How long exchanges in flight may still finish once the proxy stops. */
const STOP_GRACE_MS = 2_000;

export interface ProxyOptions {
  /** The API to forward to (https unless `insecureUpstream`). */
  upstream: string;
  insecureUpstream?: boolean;
  /** Loopback port to listen on (0: any free one). */
  port?: number;
  at?: string;
  strict?: boolean;
  selected?: readonly CheckId[];
  /** Most bytes of one answer kept for judging (the answer itself always streams whole). */
  maxAnswerBytes?: number;
  /** Records every exchange as HAR 1.2 here. */
  har?: string;
  limits?: Partial<EdgeLimits>;
  /** Called with each failed obligation's line. */
  onViolation?: (line: string, violation: TrafficViolation) => void;
}

export interface RunningProxy {
  url: string;
  /** Exchanges judged so far. */
  readonly judged: number;
  /** The report of everything judged so far. */
  report(): Report;
  /** Stops listening, waits for the exchanges in flight, closes the HAR. */
  stop(): Promise<Report>;
}

/** The upstream as a URL; a RunError for one that is not https (unless allowed) or not a URL. */
export function upstreamOf(upstream: string, insecure: boolean): URL {
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new RunError(`--upstream must be a URL such as https://api.rendernet.ai, got ${JSON.stringify(upstream)}`);
  }
  if (url.protocol !== 'https:' && !(insecure && url.protocol === 'http:')) {
    throw new RunError(`--upstream ${url.origin} is not https: the API key would travel in clear (give --insecure-upstream for a local server)`);
  }
  if (url.search || url.hash || url.username || url.password) throw new RunError('--upstream takes an origin and an optional path prefix, nothing else');
  return url;
}

/** A violation as one line: operation, check and rule, its basis, what was wrong, and the curl that replays it (key masked). */
export const violationLine = (v: TrafficViolation) =>
  `✗ ${v.operationId} › ${v.check} · ${v.rule} (${v.source}): ${v.message} · ${v.curl}`.replace(/\s*[\r\n]+\s*/g, ' ');

export async function startValidatingProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = upstreamOf(options.upstream, options.insecureUpstream ?? false);
  const limits = resolveEdgeLimits(options.limits);
  const copyBytes = options.maxAnswerBytes ?? DEFAULT_BUDGETS.maxAnswerBytes;
  const judge = new TrafficJudge({ baseUrl: upstream.href, source: 'proxy', ...pick(options) });
  const har = options.har ? new HarWriter(options.har) : undefined;
  const keys = new KeyBook();
  let masker = createKeyMasker([]);
  const budget = createBodyBudget(limits.bodyBytesInFlight);
  const inFlight = new Set<Promise<void>>();
  let port = 0;
  const gate = gateFor({}, '127.0.0.1', () => port);

  const exchange = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const verdict = gate.check({ host: req.headers.host, origin: req.headers.origin });
    if (!verdict.ok) {
      refuse(req, res, verdict.status, verdict.message, verdict.code);
      return;
    }
    const read = await readBody(req, { limit: limits.jsonBodyBytes, timeoutMs: limits.bodyTimeoutMs, budget });
    if (!read.ok) {
      if (read.reason === 'aborted') res.destroy();
      else refuse(req, res, read.reason === 'too_large' ? 413 : read.reason === 'busy' ? 503 : 408, `the proxy refused the request body (${read.reason})`);
      return;
    }
    res.once('close', read.release);
    const started = Date.now();
    const sent = await forward(req, read.bytes, res, upstream, copyBytes);
    // Judged after the answer went out: the client never waits for the checks.
    const rawKey = req.headers[API_KEY_HEADER.toLowerCase()];
    const key = typeof rawKey === 'string' ? rawKey : undefined;
    const label = key === undefined ? undefined : keys.label(key);
    if (keys.takeChanged()) masker = createKeyMasker(keys.keys());
    const decoded = await decodeCopy(sent.copy, sent.headers['content-encoding'], copyBytes, sent.truncated);
    const observed: Observed = {
      method: req.method ?? 'GET',
      url: masker.url(new URL(`${upstream.pathname.replace(/\/+$/, '')}${req.url ?? '/'}`, upstream.origin).href),
      key: { sent: key !== undefined, ...(label ? { label } : {}) },
      ...(read.bytes.length > 0 ? { requestBody: masker.text(read.bytes.toString('utf8')) } : {}),
      status: sent.status,
      responseHeaders: masker.headers(sent.headers),
      responseText: 'bytes' in decoded ? masker.text(decoded.bytes.toString('utf8')) : '',
      truncated: 'bytes' in decoded && decoded.truncated,
      ...('unknown' in decoded ? { bodyUnknown: decoded.unknown } : {}),
      ...(sent.error ? { error: masker.text(sent.error) } : {}),
      startedMs: started,
      durationMs: Date.now() - started,
    };
    const judged = judge.judge(observed);
    if (judged.exchange) har?.record(judged.exchange);
    for (const violation of judged.violations) options.onViolation?.(violationLine(violation), violation);
  };

  const server: Server = createServer(serverOptions(limits), (req, res) => {
    const running = exchange(req, res).catch(() => {
      if (!res.headersSent) refuse(req, res, 502, 'the proxy failed to forward the request');
      else res.destroy();
    });
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  });
  capConnections(server, 'prism', limits.maxConnections);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get judged() {
      return judge.judgedCount;
    },
    report: () => judge.report([`judged traffic forwarded to ${upstream.origin} by the validating proxy`]),
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // An answer that never ends is cut after a grace period: stopping must not wait for it.
        setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS).unref();
      });
      await Promise.all(inFlight);
      await har?.close();
      return judge.report([`judged traffic forwarded to ${upstream.origin} by the validating proxy`]);
    },
  };
}

const pick = (o: ProxyOptions) => ({
  ...(o.at ? { at: o.at } : {}),
  ...(o.strict ? { strict: true } : {}),
  ...(o.selected ? { selected: o.selected } : {}),
});
