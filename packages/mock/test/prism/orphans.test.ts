// No Prism outlives its mock, however the mock ends: `media-mock` stopped by SIGHUP (a closed
// terminal), SIGTERM or SIGKILL, and a program running `startMock` in-process that is killed by
// the same signals without calling stop(). Real processes; the Prism child must be gone within
// a bound after its parent is.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { built } from '../built.js';
import { packageRoot, START_WITHIN_MS, start, waitFor } from '../cli-process.js';

/**
 * Only catches a Prism that stays: one gone with its parent exits as soon as it reads the end of its
 * input, which a loaded machine delays by as long as it keeps that process waiting for a core.
 */
const GONE_WITHIN_MS = 60_000;

/** Alive and not a zombie (an exited child nobody has reaped yet counts as gone). */
function running(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

async function goneWithin(pid: number, ms: number): Promise<number> {
  const started = Date.now();
  while (running(pid)) {
    if (Date.now() - started > ms) throw new Error(`process ${pid} still runs ${ms} ms after its parent ended`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

/** The Prism host among the children of `pid` (the one running bin/prism-host.cjs). */
function prismChild(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  const prism = children.find((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('prism-host'));
  if (prism === undefined) throw new Error(`no Prism among the children of ${pid}`);
  return prism;
}

const SIGNALS: NodeJS.Signals[] = ['SIGHUP', 'SIGTERM', 'SIGKILL'];

describe.concurrent('media-mock', () => {
  it.each(SIGNALS)('%s to the command: its Prism is gone too', async (signal) => {
    const run = start(['--quiet']);
    await waitFor(run, /listening on/);
    const prism = prismChild(run.child.pid!);
    expect(running(prism)).toBe(true);
    run.child.kill(signal);
    await run.exit;
    await goneWithin(prism, GONE_WITHIN_MS);
  });
});

describe.concurrent('startMock in a program that never calls stop()', () => {
  it.each(SIGNALS)('%s to the program: its Prism is gone too', async (signal) => {
    const program = spawn(process.execPath, [built('mock/test/prism/fixtures/hold-mock.mjs')], { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    program.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    program.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise((resolve) => program.once('close', resolve));
    // As long as waitFor's limit (a mock and its Prism starting beside others on a loaded machine).
    const deadline = Date.now() + START_WITHIN_MS;
    while (!/prism \d+ listening/.test(out)) {
      if (Date.now() > deadline || program.exitCode !== null) throw new Error(`the program did not start its mock:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const prism = Number(/prism (\d+) listening/.exec(out)![1]);
    expect(running(prism)).toBe(true);
    program.kill(signal);
    await exited;
    await goneWithin(prism, GONE_WITHIN_MS);
  });
});
