// Keeps one Prism process running behind the front. Should Prism exit on its own, the reason (its
// last error lines) is reported and a new Prism is started on a fresh loopback port; after
// `maxRestarts` exits within a minute the supervisor gives up and says why.
import { summarizePrismOutput } from '../errors.js';
import { freePort } from '../net.js';
import { type PrismProcess, type PrismProcessOptions, spawnPrism } from './process.js';

export interface SupervisorOptions extends Omit<PrismProcessOptions, 'port' | 'host'> {
  /** Called when Prism stopped on its own, with the reason, before a restart is tried. */
  onCrash?: (reason: string) => void;
  /** Exits within a minute tolerated before giving up (default 5). */
  maxRestarts?: number;
}

export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when Prism kept dying and the supervisor gave up. */
  reason?: string;
}

export interface PrismSupervisor {
  /** Loopback port of the running Prism; undefined while it restarts. */
  port(): number | undefined;
  pid(): number | undefined;
  /** How many times Prism was restarted. */
  restarts(): number;
  /** Settles after stop(), or when the supervisor gave up. */
  ended: Promise<Ended>;
  stop(): Promise<void>;
}

const RECENT_LINES = 40;
const WINDOW_MS = 60_000;

/** Starts Prism; rejects as spawnPrism does when the first start fails. */
export async function supervisePrism(options: SupervisorOptions): Promise<PrismSupervisor> {
  const host = '127.0.0.1';
  const recent: string[] = [];
  const onOutput = (line: string) => {
    recent.push(line);
    if (recent.length > RECENT_LINES) recent.shift();
    options.onOutput?.(line);
  };
  const start = async () => {
    const port = await freePort(host);
    return { port, prism: await spawnPrism({ ...options, host, port, onOutput }) };
  };

  let current: { port: number; prism: PrismProcess } | undefined = await start();
  let stopping = false;
  let restarts = 0;
  const crashes: number[] = [];
  let settle!: (ended: Ended) => void;
  const ended = new Promise<Ended>((resolve) => (settle = resolve));

  const watch = (running: { port: number; prism: PrismProcess }) => {
    void running.prism.exited.then(async ({ code, signal }) => {
      if (stopping) {
        settle({ code, signal });
        return;
      }
      current = undefined;
      const why = summarizePrismOutput(recent.join('\n')).join(' | ');
      const reason = `Prism stopped on its own (${signal ?? `exit code ${code}`})${why ? `: ${why}` : ''}`;
      recent.length = 0;
      const now = Date.now();
      crashes.push(now);
      while (crashes.length > 0 && crashes[0]! < now - WINDOW_MS) crashes.shift();
      if (crashes.length > (options.maxRestarts ?? 5)) {
        stopping = true;
        settle({ code, signal, reason: `${reason}; gave up after ${crashes.length} exits within a minute` });
        return;
      }
      options.onCrash?.(reason);
      try {
        const next = await start();
        if (stopping) {
          await next.prism.stop();
          settle({ code: null, signal: null });
          return;
        }
        restarts++;
        current = next;
        watch(next);
      } catch (error) {
        stopping = true;
        settle({ code, signal, reason: `${reason}; restarting failed: ${(error as Error).message}` });
      }
    });
  };
  watch(current);

  return {
    port: () => current?.port,
    pid: () => current?.prism.child.pid,
    restarts: () => restarts,
    ended,
    stop: async () => {
      stopping = true;
      const running = current;
      if (running) await running.prism.stop();
      else settle({ code: null, signal: null });
      await ended;
    },
  };
}
