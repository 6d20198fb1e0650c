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

/** Waits for `pattern` in the output. The default limit is sized for a loaded machine (a mock, and Prism, starting): it only catches a hang. */
export async function waitFor(run: Run, pattern: RegExp, timeoutMs = 90_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = run.stdout().match(pattern);
    if (match) return match;
    if (run.child.exitCode !== null || Date.now() > deadline) throw new Error(`no ${pattern} in output:\n${run.stdout()}\n${run.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
