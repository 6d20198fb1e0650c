// Runs the Prism CLI as a child process: Node itself (`process.execPath`) on prism-cli's bin entry,
// resolved from its package.json, so no shell and no PATH lookup are involved. Startup is over when
// Prism prints "Prism is listening"; stop() sends SIGTERM, then SIGKILL after a grace period, and
// waits for the exit.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PortInUseError, PrismStartError } from '../errors.js';

const require = createRequire(import.meta.url);

/** Absolute path of prism-cli's executable entry (its package.json `bin`). */
export function prismEntry(): string {
  const manifestPath = require.resolve('@stoplight/prism-cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.prism;
  if (!bin) throw new Error('@stoplight/prism-cli declares no `prism` bin');
  return join(dirname(manifestPath), bin);
}

export interface PrismProcessOptions {
  document: string;
  host: string;
  port: number;
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

export function spawnPrism(options: PrismProcessOptions): Promise<PrismProcess> {
  const args = [prismEntry(), 'mock', options.document, '-h', options.host, '-p', String(options.port)];
  if (options.dynamic) args.push('-d');
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', NODE_ENV: 'development' },
    windowsHide: true,
    // Its own process group: a Ctrl-C in the terminal reaches the caller, which stops Prism itself.
    detached: true,
  });
  // Should the caller exit without stopping it, do not leave Prism holding the port.
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
  const feed = (stream: NodeJS.ReadableStream | null) => {
    let pending = '';
    stream?.setEncoding('utf8');
    // Always drained: Prism logs every request, and a full pipe would stall it.
    stream?.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const raw of lines) emit(raw);
    });
    stream?.on('end', () => {
      if (pending) emit(pending);
      pending = '';
    });
  };
  const emit = (raw: string) => {
    const line = raw.replace(ANSI, '').trimEnd();
    if (!listening) output += `${line}\n`;
    options.onOutput?.(line);
    onLine?.(line);
  };
  feed(child.stdout);
  feed(child.stderr);

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
      if (/EADDRINUSE/.test(output)) reject(new PortInUseError(options.host, options.port));
      else reject(new PrismStartError(`Prism exited before listening (${signal ?? `exit code ${code}`})`, output, code));
    });
  });
}
