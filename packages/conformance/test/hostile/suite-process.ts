// The suite's command line as a real child process, run as users run it (the built bin), with what the hostile tests assert
// on: its exit code, its output, its wall time, its peak resident memory (getrusage at exit, written by
// the preloaded peak-rss.mjs), and its JSON and JUnit reports. A watchdog bounds the child too: past a
// time limit or a memory guard it is killed (and the run says so), so a regression fails the test
// instead of taking the machine down.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Report } from '../../src/index.js';
import { conformanceBin } from '../support/built.js';

const here = dirname(fileURLToPath(import.meta.url));
export const packageRoot = join(here, '..', '..');
const cli = () => ['--import', join(here, 'peak-rss.mjs'), conformanceBin()];

/**
 * Past this a suite process is killed (the test then fails on `killed`): sized for a loaded two-core
 * machine, where a run of seconds can take minutes; only a run that does not end reaches it.
 */
export const RUN_LIMIT_MS = 600_000;

export interface SuiteRun {
  code: number | null;
  /** The signal that ended the child, when one did (the watchdog's SIGKILL). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** From spawn to exit. */
  wallMs: number;
  /** When the process exited (Date.now()): with the report's `startedAt`, the run's own time (see `sinceRunStart`). */
  endedAt: number;
  /** From the interrupt (`interrupt`) to exit. */
  afterInterruptMs?: number;
  /** Peak resident memory of the child, MiB. */
  peakMiB: number;
  /** The watchdog killed it: too slow, or over the memory guard. */
  killed?: 'time' | 'memory';
  dir: string;
  json?: Report;
  junit?: string;
  /** The file given as `har=` (see `har`), when the run wrote it. */
  harPath: string;
}

export interface SuiteOptions {
  env?: Record<string, string>;
  /** Killed past this (the test then fails on `killed`). */
  limitMs?: number;
  /** Killed when its resident memory passes this many MiB. */
  memoryGuardMiB?: number;
  /** Sends this signal once the output matches `when`, once `after` resolves, or after `afterMs`. */
  interrupt?: { signal: NodeJS.Signals; when?: RegExp; after?: Promise<unknown>; afterMs?: number };
  /** Adds `--reporter har=<dir>/run.har`. */
  har?: boolean;
  /** Adds `--reporter html=<dir>/report.html`. */
  html?: boolean;
}

const statusField = (pid: number, field: string): number | undefined => {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
};

/** Runs `media-conformance <args>` with the JSON and JUnit reporters (and the console) on. */
export async function runSuite(args: readonly string[], options: SuiteOptions = {}): Promise<SuiteRun> {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-hostile-'));
  const peakFile = join(dir, 'peak-rss');
  const harPath = join(dir, 'run.har');
  const reporters = ['--reporter', 'console', '--reporter', `json=${join(dir, 'report.json')}`, '--reporter', `junit=${join(dir, 'report.xml')}`];
  if (options.har) reporters.push('--reporter', `har=${harPath}`);
  if (options.html) reporters.push('--reporter', `html=${join(dir, 'report.html')}`);
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...cli(), ...args, ...reporters, '--no-color'], {
    cwd: packageRoot,
    env: { ...process.env, NO_COLOR: '1', ...options.env, MEDIAGEN_PEAK_RSS_FILE: peakFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let interruptedAt: number | undefined;
  let killed: SuiteRun['killed'];
  let sampledKiB = 0;
  const interrupt = () => {
    if (interruptedAt !== undefined || !options.interrupt) return;
    interruptedAt = performance.now();
    child.kill(options.interrupt.signal);
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (options.interrupt?.when?.test(stdout)) interrupt();
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timers = [
    setTimeout(() => {
      killed = 'time';
      child.kill('SIGKILL');
    }, options.limitMs ?? RUN_LIMIT_MS),
    ...(options.interrupt?.afterMs !== undefined ? [setTimeout(interrupt, options.interrupt.afterMs)] : []),
  ];
  options.interrupt?.after?.then(interrupt);
  const guard = setInterval(() => {
    const rss = statusField(child.pid!, 'VmRSS');
    sampledKiB = Math.max(sampledKiB, statusField(child.pid!, 'VmHWM') ?? 0);
    if (rss !== undefined && rss / 1024 > (options.memoryGuardMiB ?? 2048)) {
      killed = 'memory';
      child.kill('SIGKILL');
    }
  }, 100);
  const [code, signal] = (await new Promise((resolve) => child.once('close', (c, s) => resolve([c, s])))) as [number | null, NodeJS.Signals | null];
  const ended = performance.now();
  const endedAt = Date.now();
  for (const timer of timers) clearTimeout(timer);
  clearInterval(guard);
  const peakKiB = existsSync(peakFile) ? Number(readFileSync(peakFile, 'utf8')) : sampledKiB;
  const read = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : undefined);
  const json = read('report.json');
  const junit = read('report.xml');
  return {
    code,
    signal,
    stdout,
    stderr,
    wallMs: ended - started,
    endedAt,
    ...(interruptedAt !== undefined ? { afterInterruptMs: ended - interruptedAt } : {}),
    peakMiB: peakKiB / 1024,
    ...(killed ? { killed } : {}),
    dir,
    ...(json !== undefined ? { json: JSON.parse(json) as Report } : {}),
    ...(junit !== undefined ? { junit } : {}),
    harPath,
  };
}

/**
 * From the start of the run (the report's `startedAt`) to the exit of the process: the run's own time,
 * cleanup and reports included, without the start-up of the process (its modules loaded),
 * which is what a loaded machine stretches most. Infinity when the run wrote no report.
 */
export function sinceRunStart(run: SuiteRun): number {
  return run.json ? run.endedAt - Date.parse(run.json.startedAt) : Number.POSITIVE_INFINITY;
}

/** One line for the test log: what a case cost. */
export function costLine(name: string, run: SuiteRun): string {
  return `${name}: exit ${run.code ?? run.signal}, ${(run.wallMs / 1000).toFixed(1)} s, peak RSS ${run.peakMiB.toFixed(0)} MiB${
    run.json ? `, ${run.json.summary.requests} requests` : ''
  }${run.json?.stopped ? `, stopped by ${run.json.stopped.by}` : ''}`;
}

/**
 * The peak resident memory no hostile run may reach, MiB. A full run against the sandbox peaks near
 * 185 MiB; reading answers within the per-answer budget adds up to a few copies of it per request in
 * flight. Any answer read whole (a 1 GiB or 2.5 GiB body, a bomb's gibibyte) would pass it by far.
 */
export const RSS_CEILING_MIB = 512;

/** The whole report as text, to look for what it says (a budget's flag, a reason). */
export const reportText = (run: SuiteRun): string => JSON.stringify(run.json ?? {});
