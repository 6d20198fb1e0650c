// `media-conformance proxy` as a real child process, run as users run it (the built bin), for what only a process shows:
// its exit code, what it prints, how long it takes to end after a signal, and its peak resident memory
// (getrusage at exit, written by the preloaded peak-rss.mjs). A watchdog kills a child that outlives
// its limit, so a proxy that never ends fails the test instead of hanging it.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { conformanceBin } from '../support/built.js';

const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = join(here, '..', '..');
const cli = () => ['--import', join(here, '..', 'hostile', 'peak-rss.mjs'), conformanceBin()];

export interface ProxyExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From the first signal sent to the exit. */
  afterSignalMs?: number;
  /** The watchdog killed it. */
  killed: boolean;
  peakMiB: number;
}

export interface ProxyProcess {
  /** Where it listens (from its first line, or from the port given). */
  url: string;
  dir: string;
  stdout(): string;
  stderr(): string;
  /** Sends a signal (the first one starts the clock of `afterSignalMs`). */
  signal(signal: NodeJS.Signals): void;
  exited: Promise<ProxyExit>;
}

/** A free loopback port (for a child whose stdout cannot be read). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ProxyProcessOptions {
  /** The child's stdout goes to this file (e.g. /dev/full) instead of a pipe; give --port then. */
  stdoutTo?: string;
  /** Killed past this. */
  limitMs?: number;
}

/** Starts `media-conformance proxy <args>`; resolves once it listens. */
export async function startProxyProcess(args: readonly string[], options: ProxyProcessOptions = {}): Promise<ProxyProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-process-'));
  const peakFile = join(dir, 'peak-rss');
  const child: ChildProcess = spawn(process.execPath, [...cli(), 'proxy', ...args, '--no-color'], {
    cwd: packageRoot,
    env: { ...process.env, NO_COLOR: '1', MEDIAGEN_PEAK_RSS_FILE: peakFile },
    stdio: ['ignore', options.stdoutTo ? openSync(options.stdoutTo, 'w') : 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let signalledAt: number | undefined;
  let killed = false;
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const watchdog = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, options.limitMs ?? 60_000);
  const exited = new Promise<ProxyExit>((resolve) =>
    child.once('close', (code, signal) => {
      clearTimeout(watchdog);
      const ended = performance.now();
      resolve({
        code,
        signal,
        ...(signalledAt !== undefined ? { afterSignalMs: ended - signalledAt } : {}),
        killed,
        peakMiB: existsSync(peakFile) ? Number(readFileSync(peakFile, 'utf8')) / 1024 : 0,
      });
    }),
  );
  const port = args[args.indexOf('--port') + 1];
  const url = await new Promise<string>((resolve, reject) => {
    void exited.then((exit) => reject(new Error(`the proxy exited before listening (${exit.code}): ${stderr}`)));
    if (options.stdoutTo) {
      // Nothing to read: the proxy listens once it takes a connection.
      const poll = setInterval(async () => {
        const ok = await fetch(`http://127.0.0.1:${port}/`).then(
          () => true,
          () => false,
        );
        if (ok) {
          clearInterval(poll);
          resolve(`http://127.0.0.1:${port}`);
        }
      }, 200);
      void exited.then(() => clearInterval(poll));
      return;
    }
    child.stdout!.on('data', () => {
      const match = /validating proxy on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
  });
  return {
    url,
    dir,
    stdout: () => stdout,
    stderr: () => stderr,
    signal(signal) {
      signalledAt ??= performance.now();
      child.kill(signal);
    },
    exited,
  };
}
