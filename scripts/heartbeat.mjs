// Runs one step of a long command (an install, a build) with its output passed through, and keeps the
// terminal or CI log from going quiet: whenever the step has printed nothing for a while, a heartbeat
// line names the step and the time it has taken so far, so a slow step never looks like a hung one.
//
//   [start] still building the packages (turbo; cached builds are instant) … 25 s
import { spawn } from 'node:child_process';

/** Silence, in milliseconds, after which a heartbeat line is printed (and again after each as long). */
export const QUIET_MS = 5_000;

const signalNumber = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

/**
 * Runs `command args` (stdin inherited, stdout and stderr passed through) and resolves with its exit
 * code: the command's own, 128 + n when a signal ended it, 127 when it could not be found.
 * `label` prefixes heartbeat lines (`[label] still <title> … 12 s`).
 */
export function runWithHeartbeat(
  label,
  title,
  command,
  args,
  { quietMs = QUIET_MS, env = process.env, cwd, write = (text) => process.stdout.write(text) } = {},
) {
  return new Promise((resolve) => {
    const started = Date.now();
    let lastOutput = started;
    // A heartbeat must not land in the middle of a line the step is still writing.
    let midLine = false;
    const childEnv = { ...env };
    // Through a pipe, tools turn colours off; keep them when our own output is a terminal.
    if (process.stdout.isTTY && childEnv.FORCE_COLOR === undefined && childEnv.NO_COLOR === undefined) childEnv.FORCE_COLOR = '1';
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], env: childEnv, cwd, shell: process.platform === 'win32' });
    const pass = (stream) => (chunk) => {
      lastOutput = Date.now();
      midLine = !String(chunk).endsWith('\n');
      stream.write(chunk);
    };
    child.stdout.on('data', pass(process.stdout));
    child.stderr.on('data', pass(process.stderr));
    const timer = setInterval(
      () => {
        const now = Date.now();
        if (now - lastOutput < quietMs) return;
        lastOutput = now;
        write(`${midLine ? '\n' : ''}[${label}] still ${title} … ${Math.round((now - started) / 1000)} s\n`);
        midLine = false;
      },
      Math.min(1_000, Math.max(50, quietMs / 5)),
    );
    child.on('error', (error) => {
      clearInterval(timer);
      console.error(`[${label}] could not run ${command}: ${error.message}`);
      resolve(error.code === 'ENOENT' ? 127 : 1);
    });
    child.on('close', (code, signal) => {
      clearInterval(timer);
      resolve(code ?? 128 + (signalNumber[signal] ?? 1));
    });
  });
}
