// One writer at a time across the processes of a test run (vitest runs files in parallel workers,
// and turbo runs several root test tasks at once): a lock is a directory, made atomically by mkdir,
// holding the pid of its holder. A lock whose holder is gone is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

function holderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    // Made but not yet signed: its holder is writing the pid right now.
    return true;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs `work` while holding the lock `lock` (a directory path), waiting up to `timeoutMs` for it. */
export async function withLock<T>(lock: string, work: () => Promise<T>, timeoutMs = 1_800_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!holderAlive(lock)) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`gave up waiting for the lock ${lock} after ${timeoutMs} ms`);
      await sleep(250);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The result of `build`, computed once per `dir` by whichever process asks first and read back
 * (as JSON) by every later one. A failed build is not remembered: the next caller tries again.
 */
export async function once<T>(dir: string, build: () => Promise<T>): Promise<T> {
  const result = join(dir, 'result.json');
  const read = (): T | undefined => {
    try {
      return JSON.parse(readFileSync(result, 'utf8')) as T;
    } catch {
      return undefined;
    }
  };
  return (
    read() ??
    withLock(`${dir}.lock`, async () => {
      const done = read();
      if (done !== undefined) return done;
      mkdirSync(dir, { recursive: true });
      const value = await build();
      writeFileSync(result, JSON.stringify(value));
      return value;
    })
  );
}
