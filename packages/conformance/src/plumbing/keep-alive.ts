// Kept-alive connections that are never used once overdue. A server closes a connection it has kept
// idle for its keep-alive time, and a request written on it as it closes is lost: a reset, no answer.
// Node's agent closes an idle socket on a timer, a second before the server's hint (or at its own
// `timeout`), but on a loaded machine timers run late, and a socket whose timer has not run yet is
// still handed out. Here the idle time is measured when a socket is handed out: one idle for as long
// as its timer allows (a write: a second at most) is closed before anything is written on it, and the
// request is marked, so its sender knows the server never saw it and sends it again, a write too, on
// another connection.
import type { ClientRequest } from 'node:http';
import { Agent as HttpAgent, type AgentOptions as HttpAgentOptions } from 'node:http';
import { Agent as HttpsAgent, type AgentOptions as HttpsAgentOptions } from 'node:https';
import type { Duplex } from 'node:stream';

/** When each pooled socket went idle, and how long the agent lets it stay so (its timeout; 0: no limit). */
const idleSince = new WeakMap<Duplex, { at: number; limit: number }>();
/** How often a sender tries again: more than a pool holds, as each try closes one overdue socket. */
export const MAX_UNSENT_RETRIES = 64;

/** Requests whose socket was closed unwritten, because it was overdue. */
const unsent = new WeakSet<ClientRequest>();

/**
 * A write (anything but GET, HEAD, OPTIONS) goes on a connection idle no longer than this, whatever the
 * server allows: the idle time is counted from when the client read the last answer, which a loaded
 * machine does late, while the server counts from when it sent it. A read lost that way is sent again.
 */
const WRITE_IDLE_MS = 1_000;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How long a socket may have been idle to carry `method` (its agent's limit; 0: none). */
function idleLimit(limit: number, method: string): number {
  if (READS.has(method)) return limit > 0 ? limit : Number.POSITIVE_INFINITY;
  return limit > 0 ? Math.min(limit, WRITE_IDLE_MS) : WRITE_IDLE_MS;
}

// biome-ignore lint/suspicious/noExplicitAny: a mixin's base takes any arguments (TypeScript's rule for mixins).
type AgentClass = new (...args: any[]) => HttpAgent;

function punctual<T extends AgentClass>(Base: T) {
  return class extends Base {
    // Node's own returns whether the socket is kept (its declared type says void).
    override keepSocketAlive(socket: Duplex): boolean {
      const kept = super.keepSocketAlive(socket) as unknown as boolean;
      idleSince.set(socket, { at: performance.now(), limit: (socket as Duplex & { timeout?: number }).timeout ?? 0 });
      return kept;
    }

    override reuseSocket(socket: Duplex, request: ClientRequest): void {
      super.reuseSocket(socket, request);
      const idle = idleSince.get(socket);
      idleSince.delete(socket);
      if (socket.destroyed || (idle && performance.now() - idle.at >= idleLimit(idle.limit, request.method))) {
        unsent.add(request);
        socket.destroy();
      }
    }
  };
}

const PunctualHttpAgent = punctual(HttpAgent);
const PunctualHttpsAgent = punctual(HttpsAgent);

/** A keep-alive agent for `http:` or `https:` that never hands out an overdue socket. */
export function keepAliveAgent(secure: boolean, options: HttpAgentOptions & HttpsAgentOptions = {}): HttpAgent {
  return secure ? new PunctualHttpsAgent({ ...options, keepAlive: true }) : new PunctualHttpAgent({ ...options, keepAlive: true });
}

/** The request failed on a kept-alive socket that was closed before anything of it was written: the server never saw it. */
export function neverSent(request: ClientRequest): boolean {
  return unsent.has(request);
}
