// The files a run is given to read (a recording, an evidence file, a config file): only a regular
// file is opened, and only up to its documented size. /dev/zero, a FIFO, a socket or a directory is
// refused with one line naming it, before a byte is read; a FIFO never blocks the open (O_NONBLOCK),
// and the type is decided on the file opened (fstat), not on a name that could change in between. A
// file that grows while it is read is still read no further than its bound.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { RunError } from '../model/terms.js';

/** What a refusal names the file as: the flag it came from (`--from-har`), or a phrase (`evidence file`). */
export type FileRole = string;

const MIB = 1024 * 1024;

/** A size as the messages say it: MiB above one, bytes below. */
export const sizeText = (bytes: number): string =>
  bytes >= MIB ? `${Number.isInteger(bytes / MIB) ? bytes / MIB : (bytes / MIB).toFixed(1)} MiB` : `${bytes} bytes`;

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

const cannotOpen = (role: FileRole, path: string, error: unknown) =>
  new RunError(`${role}: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);

function checked(role: FileRole, path: string, stats: Stats, maxBytes: number): number {
  if (!stats.isFile()) throw new RunError(`${role}: ${path} is ${kindOf(stats)}, not a regular file: refused`);
  if (stats.size > maxBytes) throw new RunError(`${role}: ${path} is ${sizeText(stats.size)}, more than the ${sizeText(maxBytes)} it may be: refused`);
  return stats.size;
}

const tooLong = (role: FileRole, path: string, maxBytes: number) =>
  new RunError(`${role}: ${path} grew past the ${sizeText(maxBytes)} it may be while it was read: refused`);

/**
 * The whole text of a regular file of at most `maxBytes` (UTF-8). `missing` is returned when the
 * file does not exist and the caller allows that (an evidence file not written yet).
 */
export function readRegularFile(path: string, role: FileRole, maxBytes: number): string;
export function readRegularFile<M>(path: string, role: FileRole, maxBytes: number, missing: () => M): string | M;
export function readRegularFile<M>(path: string, role: FileRole, maxBytes: number, missing?: () => M): string | M {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if (missing && (error as NodeJS.ErrnoException).code === 'ENOENT') return missing();
    throw cannotOpen(role, path, error);
  }
  try {
    const size = checked(role, path, fstatSync(fd), maxBytes);
    // Room for one byte more than the file said: a file that grew (or says 0, as /proc does) is
    // read on, the buffer growing, up to one byte past the bound.
    let buffer = Buffer.allocUnsafe(Math.min(size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > maxBytes) throw tooLong(role, path, maxBytes);
    }
    return buffer.toString('utf8', 0, length);
  } catch (error) {
    if (error instanceof RunError) throw error;
    throw cannotOpen(role, path, error);
  } finally {
    closeSync(fd);
  }
}

/** A regular file of at most `maxBytes` opened for reading in chunks (a recording); the caller closes it. */
export async function openRegularFile(path: string, role: FileRole, maxBytes: number): Promise<{ handle: FileHandle; size: number; mtimeMs: number }> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw cannotOpen(role, path, error);
  }
  try {
    const stats = await handle.stat();
    return { handle, size: checked(role, path, stats, maxBytes), mtimeMs: stats.mtimeMs };
  } catch (error) {
    await handle.close();
    throw error instanceof RunError ? error : cannotOpen(role, path, error);
  }
}

/**
 * Refuses a path that is there but is not a regular file within `maxBytes`, before anything is made
 * beside it (an evidence file's lock); a path not there yet passes.
 */
export function refuseIrregularFile(path: string, role: FileRole, maxBytes: number): void {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw cannotOpen(role, path, error);
  }
  checked(role, path, stats, maxBytes);
}
