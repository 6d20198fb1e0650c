// Forwarding one exchange to the upstream, and only there: the connection goes to the upstream's host
// and port whatever the request says, the request target (already checked origin-form) follows the
// upstream's path prefix byte for byte, and the headers are the request's end-to-end ones (see
// headers.ts). The answer streams back to the client as it arrives (never buffered: backpressure from
// the client slows the upstream) while a bounded copy is kept for judging after the exchange ends.
// Every exchange ends: within the time limit, when its client goes away (the upstream request goes
// with it), when the proxy stops, or on an answer the client side cannot carry (a 502 instead).
import type { Agent, ClientRequest, IncomingMessage, RequestOptions, ServerResponse } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { MAX_UNSENT_RETRIES, neverSent } from '../plumbing/keep-alive.js';
import { answerError } from './answer.js';
import { endToEnd, forwardedRequestHeaders, uncarriableHead } from './headers.js';
import type { KeptCopy } from './kept.js';

/** How an exchange ended. */
export type Outcome =
  /** The upstream's answer reached the client whole. */
  | 'answered'
  /** The upstream answered what the client side cannot carry (a 502 went out instead). */
  | 'bad_gateway'
  /** The upstream could not be reached, or its answer broke off. */
  | 'failed'
  /** No whole answer within the time limit. */
  | 'timeout'
  /** The client went away first. */
  | 'abandoned'
  /** The proxy stopped first. */
  | 'stopped';

export interface Forwarded {
  outcome: Outcome;
  /** The upstream's status; 0 when no answer the client could be given came. */
  status: number;
  /** Response headers, lower-case names, one value each (repeated ones joined). */
  headers: Record<string, string>;
  /** Set when no answer (or only part of it) came: why. */
  error?: string;
  /** The status of the proxy's own answer (502, 503, 504), when it gave one instead of the upstream's. */
  gave?: number;
}

export interface ForwardOptions {
  upstream: URL;
  agent: Agent;
  /** The whole exchange with the upstream, answer included. */
  timeoutMs: number;
  /** Aborted when the proxy stops: the exchange ends at once. */
  stopping: AbortSignal;
  /** Where the kept start of the answer goes. */
  copy: KeptCopy;
}

/** Where the request goes: always the upstream's host and port, the target under its path prefix. */
function requestOptions(req: IncomingMessage, target: string, bodyLength: number, options: ForwardOptions): RequestOptions {
  const { upstream } = options;
  return {
    protocol: upstream.protocol,
    // A bracketed IPv6 literal is a URL's spelling, not a host name.
    hostname: upstream.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: upstream.port || (upstream.protocol === 'https:' ? 443 : 80),
    path: `${upstream.pathname.replace(/\/+$/, '')}${target}`,
    method: req.method ?? 'GET',
    headers: forwardedRequestHeaders(req.headers, upstream.host, bodyLength),
    agent: options.agent,
  };
}

const joined = (headers: IncomingMessage['headers']) => {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
};

/** Why no answer came, in the words of the failure. */
function noAnswer(error: NodeJS.ErrnoException): string {
  const code = error.code ?? error.message;
  if (code.startsWith('HPE_')) return `the upstream's answer is not valid HTTP (${code})`;
  if (code === 'ECONNRESET') return 'the upstream closed the connection without an answer it could give (ECONNRESET)';
  return `the upstream could not be reached (${code})`;
}

/**
 * Sends `req` (its body already read: `body`, its target checked: `target`) to the upstream and streams
 * the answer into `res`. Resolves when the exchange ends, however it ends (never rejects).
 */
export function forward(req: IncomingMessage, target: string, body: Buffer, res: ServerResponse, options: ForwardOptions): Promise<Forwarded> {
  const send = options.upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let answer: IncomingMessage | undefined;
    let status = 0;
    let headers: Record<string, string> = {};
    let settled = false;

    const finish = (outcome: Outcome, error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.stopping.removeEventListener('abort', onStop);
      let gave: number | undefined;
      if (outcome !== 'answered') {
        answer?.destroy();
        out.destroy();
        if (!res.headersSent && outcome !== 'abandoned') {
          gave = outcome === 'timeout' ? 504 : outcome === 'stopped' ? 503 : 502;
          answerError(req, res, gave, error ?? 'the upstream gave no answer');
        } else if (!res.writableFinished) res.destroy();
      }
      // What the client was handed is what is judged: an answer it could not be given is status 0.
      const handed = outcome === 'answered' || ((outcome === 'abandoned' || outcome === 'stopped') && res.headersSent && gave === undefined);
      resolve({ outcome, status: handed ? status : 0, headers: handed ? headers : {}, ...(error ? { error } : {}), ...(gave ? { gave } : {}) });
    };

    const timer = setTimeout(() => finish('timeout', `no answer within ${options.timeoutMs} ms (--timeout)`), options.timeoutMs);
    const onStop = () => finish('stopped', 'the proxy stopped before the answer ended');
    options.stopping.addEventListener('abort', onStop, { once: true });
    // The client went away: its upstream request goes with it.
    res.once('close', () => {
      if (!res.writableFinished) finish('abandoned', 'the client closed the connection before the answer ended');
    });

    const attempt = (): ClientRequest => {
      const sent = send(requestOptions(req, target, body.length, options), (incoming) => {
        if (settled) {
          incoming.destroy();
          return;
        }
        answer = incoming;
        status = incoming.statusCode ?? 0;
        headers = joined(incoming.headers);
        const forwarded = endToEnd(incoming.headers);
        const problem = uncarriableHead(incoming.statusCode, incoming.statusMessage, forwarded);
        if (problem) return finish('bad_gateway', `the upstream's answer cannot be carried to the client: ${problem}`);
        try {
          res.writeHead(status, incoming.statusMessage, forwarded);
        } catch (error) {
          return finish('bad_gateway', `the upstream's answer cannot be carried to the client: ${(error as Error).message.split('\n')[0]}`);
        }
        incoming.on('data', (chunk: Buffer) => options.copy.add(chunk));
        incoming.pipe(res);
        incoming.once('end', () => finish('answered'));
        incoming.once('error', (error) => finish('failed', `the answer broke off: ${error.message}`));
        incoming.once('aborted', () => finish('failed', 'the answer broke off'));
      });
      // A 101 would hand the client's connection to another protocol: never carried.
      sent.once('upgrade', (_answer, socket) => {
        socket.destroy();
        finish('bad_gateway', `the upstream switched protocols (101): the proxy carries HTTP exchanges only`);
      });
      sent.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection closed unwritten, overdue (see plumbing/keep-alive.ts): the upstream never
        // saw the request, so it goes again, on another connection, whatever its method.
        if (neverSent(sent) && !settled && retries++ < MAX_UNSENT_RETRIES) {
          out = attempt();
          out.end(body);
          return;
        }
        finish('failed', answer ? `the answer broke off: ${error.message}` : noAnswer(error));
      });
      return sent;
    };
    let retries = 0;
    let out = attempt();
    if (options.stopping.aborted) onStop();
    else out.end(body);
  });
}
