// Real processes for the root tests: run one to its end, or start a server and wait for the line
// that says where it listens.
import { type SpawnOptions, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
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

/** Process groups of the commands still running: killed when this test process ends, whatever ends it. */
const running = new Set<number>();
let reaperSet = false;
const killGroup = (pid: number) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
};

/**
 * Runs a command to its end (killed after `timeoutMs`). `shell: true` runs a command line as a user types it.
 * The command gets a process group of its own, and the time limit kills the whole group: killed alone,
 * a shell or npm leaves what it started running (a registry, an install) with the output pipes open,
 * so the run never ends and its temp dir cannot be removed.
 */
export function run(
  command: string,
  args: string[],
  options: SpawnOptions & {
    timeoutMs?: number;
    input?: string /** Called with each chunk of output as it arrives. */;
    onOutput?: (chunk: string) => void;
  } = {},
): Promise<Finished> {
  // Only a hang reaches it: a command run beside other work takes minutes; below the projects' test limits,
  // so that what the command printed is still reported.
  const { timeoutMs = 480_000, input, onOutput, ...spawnOptions } = options;
  if (!reaperSet) {
    reaperSet = true;
    process.once('exit', () => {
      for (const pid of running) killGroup(pid);
    });
  }
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, ...spawnOptions, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const pid = child.pid;
    if (pid !== undefined) running.add(pid);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => {
      stdout += d;
      onOutput?.(String(d));
    });
    child.stderr!.on('data', (d) => {
      stderr += d;
      onOutput?.(String(d));
    });
    const timer = setTimeout(() => {
      if (pid !== undefined) killGroup(pid);
      else child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      if (pid !== undefined) running.delete(pid);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (pid !== undefined) {
        // What the command left behind in its group (a server it started and did not stop) ends with it.
        killGroup(pid);
        running.delete(pid);
      }
      resolve({ code, signal, stdout, stderr });
    });
    // A command that exits without reading its input closes the pipe first: not an error of the run.
    child.stdin!.on('error', () => {});
    child.stdin!.end(input ?? '');
  });
}

/** The environment of a user's shell: no workspace bin folder on PATH, no npm_* or turbo variables of the outer run. */
export function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|PNPM_|TURBO_(?!TELEMETRY|CACHE_DIR)|VITEST|NODE_OPTIONS$)/i.test(key)) continue;
    env[key] = value;
  }
  const pathKey = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  env[pathKey] = (env[pathKey] ?? '')
    .split(delimiter)
    .filter((dir) => !dir.startsWith(repoRoot) && !/node_modules[\\/]\.bin|[\\/]\.tools[\\/]/.test(dir))
    .join(delimiter);
  return env;
}

/** A TCP port on 127.0.0.1 that was free a moment ago, for a server that cannot pick its own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Server {
  url: string;
  /** Stops it as Ctrl-C in a terminal does, and resolves with how the process ended. */
  stop(): Promise<Finished>;
}

/**
 * Starts a long-running command and resolves once a line of its output shows where it listens.
 * The process is started in its own process group so `npx` and what it starts stop together.
 */
export function startServer(
  command: string,
  args: string[],
  options: SpawnOptions & { timeoutMs?: number /** The line that says where it listens; group 1 is the URL. */; listening?: RegExp } = {},
): Promise<Server> {
  const { timeoutMs = 180_000, listening = /listening on (http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+)/, ...spawnOptions } = options;
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
      const match = listening.exec(stdout + stderr);
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
