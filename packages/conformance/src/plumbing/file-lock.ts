// The file layer's lock (files.ts): one writer at a time for a file that is read, merged and rewritten
// (an evidence file, a usage file). Runs that end together (CI jobs sharing a checkout, proxies stopped
// together) each read, merge and rewrite the whole file, and without a lock the last writer would drop
// what the others merged. The lock is a file beside it (`FILE.lock`) created exclusively (O_EXCL),
// holding its owner's pid, host, time and a random token; a writer that finds it waits (asynchronously:
// a signal is handled while it waits) and tries again, with jitter, up to LOCK_WAIT_MS. A lock whose
// owner is gone (a dead pid on this host, or older than LOCK_STALE_MS) is taken over: it is renamed
// away first, so of two writers that find the same stale lock only one takes it. Something at the
// lock's path that is not a lock file (a folder committed as `evidence.json.lock/`, a FIFO) is an
// error naming it, never a loop.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, linkSync, mkdirSync, openSync, readSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { RunError } from '../model/terms.js';
import { sleep } from './sleep.js';

/**
 * How long a writer waits for another one's lock before giving up (its merge is then refused). A
 * holder that died is taken over at once (see stale), so this only bounds a live writer that holds it:
 * minutes, because writers queue (eight runs ending together on a loaded machine each read, merge and
 * rewrite the whole file in turn, and at 30 s the last of them gave up on a correct tree).
 */
export const LOCK_WAIT_MS = 5 * 60_000;
/** A lock older than this is a writer that hung or died on another host: taken over. */
export const LOCK_STALE_MS = 10 * 60_000;
/** A lock file still empty after this long was left by a writer that died between creating and writing it. */
const EMPTY_LOCK_STALE_MS = 5_000;
/** A lock file holds one short line. */
const MAX_LOCK_BYTES = 512;

interface Holder {
  pid: number;
  host: string;
  since: number;
  token: string;
}

function holderOf(text: string): Holder | undefined {
  const [pid, host, since, token] = text.trim().split(' ');
  const holder = { pid: Number(pid), host: host ?? '', since: Number(since), token: token ?? '' };
  return Number.isInteger(holder.pid) && holder.pid > 0 && Number.isFinite(holder.since) && holder.token ? holder : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Why the lock's owner is gone, or undefined while it may still be writing. */
function stale(lockPath: string, text: string): string | undefined {
  const holder = holderOf(text);
  if (!holder) {
    let age = 0;
    try {
      age = Date.now() - statSync(lockPath).mtimeMs;
    } catch {
      return undefined;
    }
    return age > EMPTY_LOCK_STALE_MS ? 'its lock file says no owner' : undefined;
  }
  if (holder.host === hostname() && holder.pid !== process.pid && !alive(holder.pid)) return `pid ${holder.pid} is gone`;
  if (Date.now() - holder.since > LOCK_STALE_MS) return `it is older than ${LOCK_STALE_MS / 60_000} minutes`;
  return undefined;
}

class NotALock extends RunError {}

/**
 * The lock file's text; undefined when it is gone. Something there that is not a regular file (a
 * folder, a FIFO: opened without blocking) is a NotALock: it will never be released by a writer.
 */
function readLock(lockPath: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(lockPath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new NotALock(`its lock ${lockPath} cannot be read (${code ?? (error as Error).message})`);
  }
  try {
    if (!fstatSync(fd).isFile()) throw new NotALock(`its lock ${lockPath} is not a lock file (a folder or a device is there)`);
    const buffer = Buffer.alloc(MAX_LOCK_BYTES);
    const length = readSync(fd, buffer, 0, MAX_LOCK_BYTES, 0);
    return buffer.toString('utf8', 0, length);
  } finally {
    closeSync(fd);
  }
}

/** Takes over a stale lock; false when another writer changed it first (it is then left alone). */
function takeOver(lockPath: string, seen: string): boolean {
  const aside = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return false;
  }
  const moved = readLock(aside);
  if (moved !== seen) {
    // A live writer's lock was moved in between: put it back unless yet another writer holds one now.
    try {
      linkSync(aside, lockPath);
    } catch {
      // The path is held again: its owner goes on; the moved one's owner finds its lock gone on release.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // Already gone.
  }
  return moved === seen;
}

/**
 * Runs `work` holding the lock of `path` (`path.lock`); the lock is released however `work` ends.
 * `role` names the file in errors (`evidence file`). Throws RunError when the lock cannot be had
 * within `waitMs`, or when what is at the lock's path is not a lock file (removed by hand only).
 */
export async function withFileLock<T>(
  path: string,
  role: string,
  work: () => T | Promise<T>,
  options: { waitMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  // A signal that fires while the writer waits ends the wait (one that fired before it began, the run's
  // own Ctrl-C of a run merged on purpose, does not: a second one ends the process).
  const signal = options.signal?.aborted ? undefined : options.signal;
  const lockPath = `${path}.lock`;
  const token = randomBytes(8).toString('hex');
  const mine = `${process.pid} ${hostname()} ${Date.now()} ${token}\n`;
  const waitMs = options.waitMs ?? LOCK_WAIT_MS;
  const deadline = Date.now() + waitMs;
  let delay = 5;
  try {
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (error) {
      throw new RunError(`cannot create its folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    for (;;) {
      try {
        writeFileSync(lockPath, mine, { flag: 'wx' });
        break;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EEXIST') throw new RunError(`cannot create its lock ${lockPath} (${code ?? (error as Error).message})`);
      }
      const seen = readLock(lockPath);
      if (seen !== undefined && stale(lockPath, seen) !== undefined && takeOver(lockPath, seen)) continue;
      if (Date.now() >= deadline) {
        const holder = seen === undefined ? undefined : holderOf(seen);
        throw new RunError(
          `another writer${holder ? ` (pid ${holder.pid} on ${holder.host})` : ''} has held its lock ${lockPath} for more than ${Math.round(waitMs / 1000)} s: not merged (delete the lock if no run is writing)`,
        );
      }
      // Every retry waits (a lock gone between two looks too): the loop never spins.
      await sleep(delay * (0.5 + Math.random()), signal);
      if (signal?.aborted) throw new RunError(`a signal stopped the wait for its lock ${lockPath}: not merged`);
      delay = Math.min(delay * 2, 200);
    }
  } catch (error) {
    if (error instanceof RunError) throw new RunError(`${role} ${path}: ${error.message}${error instanceof NotALock ? ': refused (remove it)' : ''}`);
    throw error;
  }
  try {
    return await work();
  } finally {
    // Only our own lock is removed (one taken over as stale in between is its new owner's).
    let held: string | undefined;
    try {
      held = readLock(lockPath);
    } catch {
      held = undefined;
    }
    if (held === mine) {
      try {
        unlinkSync(lockPath);
      } catch {
        // Already gone.
      }
    }
  }
}
