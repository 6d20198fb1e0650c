// The media-mock command as a real process, run from source: its output, its exit, and waiting for
// a line of its output.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const ARGS = ['--conditions=@mediagen/source', '--import', 'tsx', join(packageRoot, 'src', 'cli.ts')];

export interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

export function start(args: string[]): Run {
  const child = spawn(process.execPath, [...ARGS, ...args], { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** Waits for `pattern` in the output. The default limit is sized for a loaded machine (a mock from source, and Prism, starting): it only catches a hang. */
export async function waitFor(run: Run, pattern: RegExp, timeoutMs = 90_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = run.stdout().match(pattern);
    if (match) return match;
    if (run.child.exitCode !== null || Date.now() > deadline) throw new Error(`no ${pattern} in output:\n${run.stdout()}\n${run.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
