// Real processes for the root tests: run one to its end, or start a server and wait for the line
// that says where it listens.
import { type SpawnOptions, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The pinned pnpm that the bootstrap installs into .tools/, run with this Node. */
export const pnpmCli = join(repoRoot, '.tools', 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** What a failed process said, for an assertion message. */
export const describeRun = (what: string, r: Finished): string =>
  `${what} exited ${r.code ?? r.signal}\n--- stdout (end) ---\n${r.stdout.slice(-3000)}\n--- stderr (end) ---\n${r.stderr.slice(-3000)}`;

/** Runs a command to its end (killed after `timeoutMs`). `shell: true` runs a command line as a user types it. */
export function run(command: string, args: string[], options: SpawnOptions & { timeoutMs?: number; input?: string } = {}): Promise<Finished> {
  const { timeoutMs = 120_000, input, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, ...spawnOptions, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin!.end(input ?? '');
  });
}

export interface Server {
  url: string;
  /** Stops it as Ctrl-C in a terminal does, and resolves with how the process ended. */
  stop(): Promise<Finished>;
}

/**
 * Starts a long-running command and resolves once a line of its output shows a loopback URL.
 * The process is started in its own process group so `npx` and what it starts stop together.
 */
export function startServer(command: string, args: string[], options: SpawnOptions & { timeoutMs?: number } = {}): Promise<Server> {
  const { timeoutMs = 60_000, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let found = false;
    const ended = new Promise<Finished>((done) => child.on('close', (code, signal) => done({ code, signal, stdout, stderr })));
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // the group is already gone
      }
    };
    const stop = async () => {
      // Ctrl-C: SIGINT to the whole process group, as a terminal sends it (npx and the bin it
      // started both get it); SIGKILL to what is left after a grace period.
      if (child.exitCode === null && child.signalCode === null) signalGroup('SIGINT');
      const killer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
      const result = await ended;
      clearTimeout(killer);
      signalGroup('SIGKILL');
      return result;
    };
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`no listening URL after ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    const look = () => {
      const match = /listening on (http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+)/.exec(stdout + stderr);
      if (!match || found) return;
      found = true;
      clearTimeout(timer);
      resolve({ url: match[1]!, stop });
    };
    child.stdout!.on('data', (d) => {
      stdout += d;
      look();
    });
    child.stderr!.on('data', (d) => {
      stderr += d;
      look();
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void ended.then((r) => {
      if (found) return;
      clearTimeout(timer);
      reject(new Error(describeRun(`${command} ${args.join(' ')} (before listening)`, r)));
    });
  });
}
