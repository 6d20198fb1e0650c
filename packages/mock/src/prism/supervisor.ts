// Keeps one Prism process running behind the front, on a socket no other local user can reach: a
// Unix socket in a fresh directory only this user may enter (mode 0700), or a named pipe with a
// random name on Windows, plus a secret the front adds to each request. Should Prism exit on its
// own, the reason (its last error lines) is reported and a new Prism is started; after
// `maxRestarts` exits within a minute the supervisor gives up and says why. `restart()` replaces
// Prism on purpose (the document changed), which is not counted as a crash.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summarizePrismOutput } from '../core/errors.js';
import { type PrismProcess, type PrismProcessOptions, spawnPrism } from './process.js';

export interface SupervisorOptions extends Omit<PrismProcessOptions, 'socket' | 'secret'> {
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

/** Where the front reaches Prism. */
export interface Upstream {
  socket: string;
  secret: string;
}

export interface PrismSupervisor {
  /** Where the running Prism listens; undefined while it (re)starts. */
  upstream(): Upstream | undefined;
  pid(): number | undefined;
  /** How many times Prism stopped on its own and was restarted. */
  restarts(): number;
  /** Replaces the running Prism with a new one (on the document as it is now). */
  restart(): Promise<void>;
  /** Settles after stop(), or when the supervisor gave up. */
  ended: Promise<Ended>;
  stop(): Promise<void>;
}

const RECENT_LINES = 40;
const WINDOW_MS = 60_000;

/** A socket path only this user can reach, and how to remove it. */
function privateSocket(): { path: string; remove(): void } {
  if (process.platform === 'win32') {
    return { path: `\\\\.\\pipe\\media-mock-${randomBytes(16).toString('hex')}`, remove: () => {} };
  }
  // mkdtemp creates the directory with mode 0700.
  const dir = mkdtempSync(join(tmpdir(), 'media-mock-'));
  const path = join(dir, 'prism.sock');
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts Prism; rejects as spawnPrism does when the first start fails. */
export async function supervisePrism(options: SupervisorOptions): Promise<PrismSupervisor> {
  const place = privateSocket();
  const secret = randomBytes(32).toString('hex');
  const removeOnExit = () => place.remove();
  process.once('exit', removeOnExit);
  const recent: string[] = [];
  const onOutput = (line: string) => {
    recent.push(line);
    if (recent.length > RECENT_LINES) recent.shift();
    options.onOutput?.(line);
  };
  const start = async () => {
    // A socket file left by the Prism before would make the next one fail to listen.
    rmSync(place.path, { force: true });
    return spawnPrism({ ...options, socket: place.path, secret, onOutput });
  };

  let current: PrismProcess | undefined;
  try {
    current = await start();
  } catch (error) {
    process.off('exit', removeOnExit);
    place.remove();
    throw error;
  }
  let stopping = false;
  let replacing: Promise<void> | undefined;
  let restarts = 0;
  const crashes: number[] = [];
  let settle!: (ended: Ended) => void;
  const ended = new Promise<Ended>((resolve) => (settle = resolve)).finally(() => {
    process.off('exit', removeOnExit);
    place.remove();
  });

  const watch = (running: PrismProcess) => {
    void running.exited.then(async ({ code, signal }) => {
      if (stopping) {
        settle({ code, signal });
        return;
      }
      if (replacing) return;
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
          await next.stop();
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
    upstream: () => (current ? { socket: place.path, secret } : undefined),
    pid: () => current?.child.pid,
    restarts: () => restarts,
    restart: () => {
      replacing ??= (async () => {
        const old = current;
        current = undefined;
        await old?.stop();
        if (stopping) return;
        const next = await start();
        current = next;
        watch(next);
      })().finally(() => {
        replacing = undefined;
      });
      return replacing;
    },
    ended,
    stop: async () => {
      stopping = true;
      await replacing?.catch(() => {});
      const running = current;
      if (running) await running.stop();
      else settle({ code: null, signal: null });
      await ended;
    },
  };
}
