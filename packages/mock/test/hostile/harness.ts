// What the hostile tests need: a `media-mock` process (the built bin) with its pid, the peak memory
// of it and of its children read from /proc (Linux; VmHWM is the process's own high-water mark, so
// nothing has to be sampled), the sockets it listens on, and raw connections that send what a
// client library would refuse to: bodies that never end, one byte a second, foreign headers.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { type Run, start, waitFor } from '../cli-process.js';

export interface MockProcess {
  run: Run;
  url: URL;
  port: number;
  pid: number;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export async function startMockProcess(args: string[]): Promise<MockProcess> {
  const run = start(args);
  const [, url] = await waitFor(run, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
  const parsed = new URL(url!);
  return {
    run,
    url: parsed,
    port: Number(parsed.port),
    pid: run.child.pid!,
    stop: async () => {
      run.child.kill('SIGTERM');
      return run.exit;
    },
  };
}

/** The children of a process (Linux: /proc/<pid>/task/<tid>/children). */
export function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** Peak resident memory (VmHWM) of a process so far, in MiB. */
export function peakRssMiB(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1]) / 1024;
}

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/** The TCP ports and Unix socket paths the processes listen on. */
export function listeners(pids: readonly number[]): { tcp: number[]; unix: string[] } {
  const inodes = new Set(pids.flatMap((pid) => [...socketInodes(pid)]));
  const tcp: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN; inode is the 10th field.
      if (fields[3] === '0A' && inodes.has(fields[9]!)) tcp.push(Number.parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  const unix: string[] = [];
  for (const line of readFileSync('/proc/net/unix', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // Flags 00010000 is a listening socket; the path is the 8th field.
    if (fields[3] === '00010000' && inodes.has(fields[6]!) && fields[7]) unix.push(fields[7]);
  }
  return { tcp: [...new Set(tcp)], unix };
}

export interface RawExchange {
  /** Everything the server sent. */
  text: string;
  /** The status of its (first) answer, 0 when it sent none. */
  status: number;
  /** Milliseconds until the first byte of the answer (Infinity when none came). */
  answeredMs: number;
  /** Milliseconds until the server closed the connection (or the limit was reached). */
  ms: number;
  /** The server closed the connection (rather than the time limit ending the wait). */
  closed: boolean;
  /** The socket's error, when it ended with one (ECONNRESET, EPIPE), rather than an orderly close. */
  error?: string;
}

/** An exchange in one line, for an assertion's message: how it ended and what came back. */
export const shown = (answer: RawExchange): string =>
  JSON.stringify({ ...answer, answeredMs: Math.round(answer.answeredMs), ms: Math.round(answer.ms), text: answer.text.slice(0, 300) });

/**
 * Opens a raw connection (`port`, or a Unix socket path), writes `head`, then calls `feed(write)`
 * (which may keep writing), and collects what comes back until the server closes or `limitMs` passes.
 */
export function exchange(
  target: number | string,
  head: string,
  options: { limitMs: number; feed?: (write: (chunk: string | Buffer) => boolean) => () => void; until?: 'close' | 'answer' },
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = typeof target === 'number' ? connect(target, '127.0.0.1') : connect(target);
    let text = '';
    let answeredMs = Number.POSITIVE_INFINITY;
    let stopFeeding = () => {};
    let done = false;
    let error: string | undefined;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stopFeeding();
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ text, status, answeredMs, ms: performance.now() - started, closed, ...(error ? { error } : {}) });
    };
    const timer = setTimeout(() => finish(false), options.limitMs);
    socket.on('data', (chunk) => {
      if (text === '') answeredMs = performance.now() - started;
      text += chunk.toString('latin1');
      if (options.until === 'answer' && answered(text)) finish(false);
    });
    socket.on('close', () => finish(true));
    socket.on('error', (cause: NodeJS.ErrnoException) => {
      error = cause.code ?? cause.message;
      finish(true);
    });
    socket.on('connect', () => {
      socket.write(head);
      if (options.feed) stopFeeding = options.feed((chunk) => !socket.destroyed && socket.write(chunk));
    });
  });
}

/** Whether `text` holds a whole first answer (its head and as many body bytes as it declares). */
export function answered(text: string): boolean {
  const at = text.indexOf('\r\n\r\n');
  if (at === -1) return false;
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(text.slice(0, at))?.[1] ?? 0);
  return Buffer.byteLength(text.slice(at + 4), 'latin1') >= length;
}

/** Writes one byte every `everyMs` for as long as the connection lasts. */
export const drip =
  (everyMs = 1_000) =>
  (write: (chunk: string) => boolean) => {
    const timer = setInterval(() => write('x'), everyMs);
    return () => clearInterval(timer);
  };

/** Writes `chunk` as fast as the socket takes it, up to `totalBytes` (Infinity: never ends). */
export const flood =
  (chunk: Buffer, totalBytes = Number.POSITIVE_INFINITY) =>
  (write: (chunk: Buffer) => boolean) => {
    let sent = 0;
    let stopped = false;
    const pump = () => {
      while (!stopped && sent < totalBytes) {
        sent += chunk.length;
        if (!write(chunk)) {
          setTimeout(pump, 1);
          return;
        }
      }
    };
    pump();
    return () => {
      stopped = true;
    };
  };

/** A request head (HTTP/1.1) with the Host of the mock unless `headers` names another. */
export function head(method: string, path: string, port: number, headers: Record<string, string> = {}): string {
  const all = { host: `127.0.0.1:${port}`, ...headers };
  return `${method} ${path} HTTP/1.1\r\n${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
}

/** The JSON body of the first answer on a raw connection (framed by its content-length). */
export function bodyOf(answer: RawExchange): { err?: { code?: string; message?: string } } | undefined {
  const at = answer.text.indexOf('\r\n\r\n');
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(answer.text.slice(0, at))?.[1]);
  try {
    return JSON.parse(answer.text.slice(at + 4, at + 4 + length));
  } catch {
    return undefined;
  }
}
