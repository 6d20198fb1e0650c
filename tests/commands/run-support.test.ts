// The root tests' `run`: a command cut by its time limit goes with everything it started. Killed alone, a
// shell or npm leaves its children running with the output pipes open: the run never ends, and what they
// write keeps the test's temp dir from being removed (a release rehearsal cut under load did both).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../support/process.js';

/** Running: it exists and, where /proc tells, is not a zombie (killed, waiting for whoever adopted it to reap it). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
};

/** Whether `pid` is gone within a minute: only a process that stays fails; a loaded machine takes a moment to end one. */
async function goneSoon(pid: number): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return !alive(pid);
}

describe('run', () => {
  it('at its time limit, kills what the command started too, and ends', async () => {
    // The shell starts a child that would outlive it by far, says its pid, and waits for it: only the limit ends it
    // (far above the moment the shell takes to start it, however busy the machine).
    const cut = await run('/bin/sh', ['-c', 'sleep 3600 & echo "child $!"; wait'], { timeoutMs: 15_000 });
    expect(cut.signal).toBe('SIGKILL');
    const pid = Number(/child (\d+)/.exec(cut.stdout)?.[1]);
    expect(pid).toBeGreaterThan(0);
    // The group was killed before `run` resolved; the kernel may take a moment to end it.
    expect(await goneSoon(pid)).toBe(true);
  });

  it('leaves nothing the command started running after it ends', async () => {
    // The shell leaves a child behind (its output elsewhere, so the pipes close) and exits at once.
    const done = await run('/bin/sh', ['-c', 'sleep 3600 >/dev/null 2>&1 & echo "child $!"']);
    expect(done.code).toBe(0);
    const pid = Number(/child (\d+)/.exec(done.stdout)?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(await goneSoon(pid)).toBe(true);
  });
});
