// Runs Prism as a child process: Node itself (`process.execPath`) on the mock's Prism host
// (bin/prism-host.cjs), which starts prism-cli's own mock server on a private socket and answers
// only the front. No shell and no PATH lookup are involved. Startup is over when Prism prints
// "Prism is listening"; stop() sends SIGTERM, then SIGKILL after a grace period, and waits for the
// exit. The child's stdin is a pipe from this process that is never closed while it runs: when this
// process ends, however it ends, the pipe closes and the child exits, so no Prism outlives its mock.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrismStartError } from '../core/errors.js';

const require = createRequire(import.meta.url);

/** Absolute path of prism-cli's executable entry (its package.json `bin`). */
export function prismEntry(): string {
  const manifestPath = require.resolve('@stoplight/prism-cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.prism;
  if (!bin) throw new Error('@stoplight/prism-cli declares no `prism` bin');
  return join(dirname(manifestPath), bin);
}

/** prism-cli's module that starts its mock server (beside its bin entry). */
function prismServerModule(): string {
  const path = join(dirname(prismEntry()), 'util', 'createServer.js');
  if (!existsSync(path)) throw new PrismStartError(`this version of @stoplight/prism-cli has no ${path.split(/[\\/]/).slice(-2).join('/')}`, '', null);
  return path;
}

/** The header the front adds with the run's secret; the host refuses requests without it. */
export const FRONT_HEADER = 'x-mediagen-front';

/** The host script, at the same place relative to src/prism and dist/prism. */
const HOST_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'prism-host.cjs');

export interface PrismProcessOptions {
  document: string;
  /** The Unix socket path (or Windows pipe name) Prism listens on. */
  socket: string;
  /** The header value the front adds to every request; Prism refuses requests without it. */
  secret: string;
  dynamic: boolean;
  /** Give up when Prism has not said it is listening after this long. */
  startTimeoutMs: number;
  /** Time between SIGTERM and SIGKILL on stop. */
  killGraceMs: number;
  /** Every line Prism prints (ANSI colours removed), after startup too. */
  onOutput?: (line: string) => void;
}

export interface PrismProcess {
  child: ChildProcess;
  /** What Prism printed until it was listening. */
  startupOutput: string;
  /** Settles when Prism has exited, for whatever reason. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;
const LISTENING = /Prism is listening on (\S+)/;
/** Prism's output kept until it listens (its start-up errors are near the end). */
const STARTUP_OUTPUT_CHARS = 64 * 1024;

/** Splits a stream into lines, each passed to `emit`. */
function lines(stream: NodeJS.ReadableStream | null, emit: (line: string) => void): void {
  let pending = '';
  stream?.setEncoding('utf8');
  // Always drained: Prism logs every request, and a full pipe would stall it.
  stream?.on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const raw of parts) emit(raw.replace(ANSI, '').trimEnd());
  });
  stream?.on('end', () => {
    if (pending) emit(pending.replace(ANSI, '').trimEnd());
    pending = '';
  });
}

export function spawnPrism(options: PrismProcessOptions): Promise<PrismProcess> {
  const settings = {
    serverModule: prismServerModule(),
    document: options.document,
    socket: options.socket,
    header: FRONT_HEADER,
    secret: options.secret,
    dynamic: options.dynamic,
  };
  const child = spawn(process.execPath, [HOST_SCRIPT], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', NODE_ENV: 'development' },
    windowsHide: true,
    // Its own process group: a Ctrl-C or a hang-up in the terminal reaches the mock, which stops Prism itself.
    detached: true,
  });
  // Kept open for the child's lifetime: its end tells the child that the mock is gone.
  child.stdin?.on('error', () => {});
  child.stdin?.write(`${JSON.stringify(settings)}\n`);
  // Should the caller exit without stopping it, do not leave Prism running until it notices.
  const killOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  // 'close' comes after the output streams have ended, so everything Prism printed has been read.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, signal) => {
      process.off('exit', killOnExit);
      resolve({ code, signal });
    });
  });

  let output = '';
  let listening = false;
  let onLine: ((line: string) => void) | undefined;
  const emit = (line: string) => {
    if (!listening) output = `${output}${line}\n`.slice(-STARTUP_OUTPUT_CHARS);
    options.onOutput?.(line);
    onLine?.(line);
  };
  lines(child.stdout, emit);
  lines(child.stderr, emit);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), options.killGraceMs);
      timer.unref();
      await exited;
      clearTimeout(timer);
    })();
    return stopping;
  };

  return new Promise<PrismProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop().then(() => reject(new PrismStartError(`Prism did not start listening within ${options.startTimeoutMs} ms`, output, child.exitCode)));
    }, options.startTimeoutMs);
    onLine = (line) => {
      if (listening || !LISTENING.test(line)) return;
      listening = true;
      clearTimeout(timer);
      resolve({ child, startupOutput: output, exited, stop });
    };
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new PrismStartError(`could not run Prism: ${error.message}`, output, null));
    });
    void exited.then(({ code, signal }) => {
      if (listening) return;
      clearTimeout(timer);
      reject(new PrismStartError(`Prism exited before listening (${signal ?? `exit code ${code}`})`, output, code));
    });
  });
}
