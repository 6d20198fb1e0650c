// The validating proxy: listens on loopback, forwards every origin-form request unchanged to one
// upstream origin (the only place the key goes; any other request target is refused 400), streams the
// answer back, and only then judges the exchange with the suite's single-exchange checks and tiers
// (TrafficJudge): judging never delays an answer. Each failed obligation is one line (operation,
// rule, basis, curl with the key masked); `har` records the exchanges (key and presigned URLs masked).
// The mocks' hardened edge bounds it: the Host/Origin gate (a web page cannot use it), request bodies
// within the JSON limit and a shared in-flight budget, Node's timeouts, and a cap on connections. Every
// upstream request has a time limit and ends with its client; what is kept of answers for judging is
// bounded per answer and across all answers in flight; stopping ends every exchange within a budget.

import { setMaxListeners } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { capConnections, createBodyBudget, type EdgeLimits, gateFor, readBody, resolveEdgeLimits, serverOptions } from '@mediagen/mock/edge';
import { API_KEY_HEADER, createKeyMasker, type KeyMasker } from '@mediagen/schema/util';
import type { CheckId } from '../checks/catalog.js';
import { RunError } from '../model/terms.js';
import { DEFAULT_BUDGETS } from '../plumbing/budgets.js';
import { keepAliveAgent } from '../plumbing/keep-alive.js';
import type { Report } from '../report/types.js';
import { TrafficJudge, type TrafficViolation } from '../traffic/judge.js';
import { KeyBook } from '../traffic/observed.js';
import { answerError, answerOutsideRequests } from './answer.js';
import { decodeCopy } from './decode.js';
import { type Forwarded, forward } from './forward.js';
import { ContainedHar } from './har.js';
import { createKeptBudget, KeptCopy } from './kept.js';
import { observedOf } from './observe.js';
import { noStats, type ProxyStats, statsNotes } from './stats.js';
import { originForm } from './target.js';
import { connectionTurns } from './turns.js';

/** How long exchanges in flight may still finish once the proxy stops; then they are cut. */
export const STOP_GRACE_MS = 2_000;
/** How long the exchanges cut at the end of the grace may take to be judged and recorded. */
const STOP_JUDGE_MS = 1_000;
/** The longest delay a timer holds. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The most bytes of answers kept for judging at once, all answers in flight together (beyond each one's first bytes). */
export const DEFAULT_MAX_KEPT_BYTES = 64 * 1024 * 1024;

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
  /** Most bytes of all answers in flight kept for judging at once; past it an answer is judged on its start. */
  maxKeptBytes?: number;
  /** Time limit of one exchange with the upstream, answer included. */
  timeoutMs?: number;
  /** Records every exchange as HAR 1.2 here. */
  har?: string;
  limits?: Partial<EdgeLimits>;
  /** Called with each failed obligation's line. */
  onViolation?: (line: string, violation: TrafficViolation) => void;
  /** Called with one line per request refused before anything was forwarded (its target was not origin-form). */
  onRefused?: (line: string) => void;
  /** Called with one line per answer judged on its start only (the shared judging budget was full). */
  onNote?: (line: string) => void;
  /** Called once when the HAR cannot be written (the proxy goes on without it). */
  onWriteError?: (message: string) => void;
}

export interface RunningProxy {
  url: string;
  /** Exchanges judged so far. */
  readonly judged: number;
  /** What the proxy counted so far (refusals, 502s, time limits, …). */
  readonly stats: Readonly<ProxyStats>;
  /** The report of everything judged so far. */
  report(): Report;
  /** Stops listening, ends the exchanges in flight within its budget, closes the HAR. */
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

/** A request target as a line may show it: the keys masked, at most 200 characters. */
const shownTarget = (target: string, masker: KeyMasker) => {
  const masked = masker.text(target);
  return masked.length > 200 ? `${masked.slice(0, 197)}...` : masked;
};

/** Whether an exchange that ended early is judged: only when what was kept is all a judge would have read anyway. */
function judgeable(sent: Forwarded, copy: KeptCopy): boolean {
  if (sent.outcome !== 'abandoned' && sent.outcome !== 'stopped') return true;
  return sent.status !== 0 && copy.cut === 'answer';
}

export async function startValidatingProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = upstreamOf(options.upstream, options.insecureUpstream ?? false);
  const limits = resolveEdgeLimits(options.limits);
  const copyBytes = options.maxAnswerBytes ?? DEFAULT_BUDGETS.maxAnswerBytes;
  const timeoutMs = options.timeoutMs ?? DEFAULT_BUDGETS.timeoutMs;
  const maxKeptBytes = options.maxKeptBytes ?? DEFAULT_MAX_KEPT_BYTES;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMER_MS)
    throw new RangeError(`timeoutMs must be above 0 and at most ${MAX_TIMER_MS}, got ${timeoutMs}`);
  if (!Number.isSafeInteger(maxKeptBytes) || maxKeptBytes < 0) throw new RangeError(`maxKeptBytes must be a whole number ≥ 0, got ${maxKeptBytes}`);
  const judge = new TrafficJudge({ baseUrl: upstream.href, source: 'proxy', ...pick(options) });
  const har = options.har ? new ContainedHar(options.har, (message) => options.onWriteError?.(message)) : undefined;
  const keys = new KeyBook();
  let masker = createKeyMasker([]);
  const budget = createBodyBudget(limits.bodyBytesInFlight);
  const kept = createKeptBudget(maxKeptBytes);
  const stats = noStats();
  // One connection pool towards the upstream, at most one socket per client connection, destroyed on stop.
  // An idle one is closed a second before the upstream's announced keep-alive, or after four seconds, and
  // an overdue one is never used (plumbing/keep-alive.ts).
  const agent = keepAliveAgent(upstream.protocol === 'https:', { maxSockets: limits.maxConnections, timeout: 4_000 });
  const stopping = new AbortController();
  // Every exchange in flight listens for the stop: as many as there are connections.
  setMaxListeners(0, stopping.signal);
  const inFlight = new Set<Promise<void>>();
  let port = 0;
  const gate = gateFor({}, '127.0.0.1', () => port);

  const keyOf = (req: IncomingMessage) => {
    const raw = req.headers[API_KEY_HEADER.toLowerCase()];
    return typeof raw === 'string' ? raw : undefined;
  };
  const refused = (req: IncomingMessage, reason: string) => {
    stats.refused++;
    const key = keyOf(req);
    const shown = shownTarget(req.url ?? '', key === undefined ? masker : createKeyMasker([...keys.keys(), key]));
    options.onRefused?.(`refused ${(req.method ?? '?').slice(0, 20)} ${shown}: ${reason}: not forwarded`);
  };
  const counted = (sent: Forwarded) => {
    if (sent.gave === 502) stats.badGateway++;
    if (sent.outcome === 'timeout') stats.timedOut++;
    if (sent.outcome === 'abandoned') stats.abandoned++;
    if (sent.outcome === 'stopped') stats.stopped++;
  };

  const judgeExchange = async (req: IncomingMessage, body: Buffer, target: string, sent: Forwarded, copy: KeptCopy, started: number) => {
    const key = keyOf(req);
    const label = key === undefined ? undefined : keys.label(key);
    if (keys.takeChanged()) masker = createKeyMasker(keys.keys());
    const text = new KeptCopy(copyBytes, kept);
    try {
      const decoded = sent.status === 0 ? { bytes: Buffer.alloc(0), cut: undefined } : await decodeCopy(copy, sent.headers['content-encoding'], text);
      const url = new URL(`${upstream.pathname.replace(/\/+$/, '')}${target}`, upstream.origin).href;
      if ('bytes' in decoded && decoded.cut === 'shared') {
        stats.cutShared++;
        options.onNote?.(
          `note: ${req.method ?? 'GET'} ${shownTarget(target, masker)} judged on its first ${decoded.bytes.length} bytes, as truncated: the answers in flight held the judging budget (--max-kept-bytes ${maxKeptBytes})`,
        );
      }
      const observed = observedOf({ req, body, url, key, label, sent, decoded, masker, started });
      const judged = judge.judge(observed);
      // The lines first: a recording that cannot be written never silences them.
      for (const violation of judged.violations) options.onViolation?.(violationLine(violation), violation);
      if (judged.exchange) har?.record(judged.exchange);
    } finally {
      text.release();
    }
  };

  const exchange = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const verdict = gate.check({ host: req.headers.host, origin: req.headers.origin });
    if (!verdict.ok) {
      answerError(req, res, verdict.status, verdict.message, verdict.code, limits.bodyTimeoutMs);
      return;
    }
    const target = originForm(req.method, req.url);
    if (!target.ok) {
      refused(req, target.reason);
      answerError(req, res, 400, `${target.reason}: not forwarded`, undefined, limits.bodyTimeoutMs);
      return;
    }
    const read = await readBody(req, { limit: limits.jsonBodyBytes, timeoutMs: limits.bodyTimeoutMs, budget });
    if (!read.ok) {
      if (read.reason === 'aborted') res.destroy();
      else {
        // A body that took its whole time is not waited for again; one refused for its size or the budget is read to its end.
        const linger = read.reason === 'timeout' ? 0 : limits.bodyTimeoutMs;
        answerError(
          req,
          res,
          read.reason === 'too_large' ? 413 : read.reason === 'busy' ? 503 : 408,
          `the proxy refused the request body (${read.reason})`,
          undefined,
          linger,
        );
      }
      return;
    }
    res.once('close', read.release);
    const copy = new KeptCopy(copyBytes, kept);
    try {
      const started = Date.now();
      const sent = await forward(req, target.path, read.bytes, res, { upstream, agent, timeoutMs, stopping: stopping.signal, copy });
      counted(sent);
      // Judged after the answer went out: the client never waits for the checks.
      if (judgeable(sent, copy)) await judgeExchange(req, read.bytes, target.path, sent, copy, started);
    } finally {
      copy.release();
    }
  };

  const inTurn = connectionTurns();
  const server: Server = createServer(serverOptions(limits), (req, res) => {
    const running = inTurn(req, res, () => exchange(req, res)).catch(() => {
      if (!res.headersSent) answerError(req, res, 502, 'the proxy failed to forward the request');
      else res.destroy();
    });
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  });
  answerOutsideRequests(server, (req) => {
    const target = originForm(req.method, req.url);
    const reason = target.ok ? 'CONNECT is not forwarded' : target.reason;
    refused(req, reason);
    return `${reason}: not forwarded`;
  });
  capConnections(server, 'prism', limits.maxConnections);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  const report = () =>
    judge.report([`judged traffic forwarded to ${upstream.origin} by the validating proxy`, ...statsNotes(stats, { timeoutMs, maxKeptBytes }, har)]);
  let stopped: Promise<Report> | undefined;
  const stop = async (): Promise<Report> => {
    server.close();
    server.closeIdleConnections();
    // The exchanges in flight get a grace period; then every one left is cut (its upstream request
    // aborted, its client's connection closed) and given a moment to be judged. The timers are kept
    // referenced: the process cannot end while the proxy is still stopping.
    await settledWithin(inFlight, STOP_GRACE_MS);
    stopping.abort();
    server.closeAllConnections();
    await settledWithin(inFlight, STOP_JUDGE_MS);
    agent.destroy();
    await har?.close();
    return report();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    get judged() {
      return judge.judgedCount;
    },
    get stats() {
      return { ...stats, keptPeak: kept.peak };
    },
    report,
    stop() {
      stopped ??= stop();
      return stopped;
    },
  };
}

/** Waits until every promise of `set` settled, or `ms` passed. */
async function settledWithin(set: ReadonlySet<Promise<void>>, ms: number): Promise<void> {
  if (set.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(set), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

const pick = (o: ProxyOptions) => ({
  ...(o.at ? { at: o.at } : {}),
  ...(o.strict ? { strict: true } : {}),
  ...(o.selected ? { selected: o.selected } : {}),
});
