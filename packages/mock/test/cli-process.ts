// The media-mock command as a real process, run as users run it (the built bin): its output, its exit,
// and waiting for a line of its output.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mockBin } from './built.js';

export const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

export function start(args: string[]): Run {
  const child = spawn(process.execPath, [mockBin(), ...args], { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/**
 * How long a mock process is given to say it listens: only a hang. A Prism start costs a second and a
 * half of CPU: 13 s on a machine at a load of 30, and the test files start up to six side by side.
 */
export const START_WITHIN_MS = 300_000;

/** Waits for `pattern` in the output; the default limit only catches a hang (see START_WITHIN_MS). */
export async function waitFor(run: Run, pattern: RegExp, timeoutMs = START_WITHIN_MS): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = run.stdout().match(pattern);
    if (match) return match;
    if (run.child.exitCode !== null || Date.now() > deadline) throw new Error(`no ${pattern} in output:\n${run.stdout()}\n${run.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
