// The one file layer: every file the toolkit reads or writes (a recording, an evidence file, a usage
// file or folder, a config file, a report, a HAR it writes) goes through here, so one rule holds for all:
// - only a regular file is read or replaced: /dev/zero, a FIFO, a socket or a folder is refused with one
//   line naming it, before a byte is read; a FIFO never blocks the open (O_NONBLOCK), and the type is
//   decided on the file opened (fstat), not on a name that could change in between;
// - the size is bounded before reading, and a file that grows while it is read is read no further;
// - a path that must stay inside a folder is resolved through its symbolic links (realpath) first;
// - a write goes to a temporary file beside its target and is renamed over it (a reader never sees
//   half a file; a failed write leaves the old one);
// - a read-merge-write holds the file's lock (`FILE.lock`), waited for asynchronously, never in a spin;
// - every error is one line naming the file, never a byte of its content.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  writeSync,
} from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
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

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException)?.code ?? String((error as Error)?.message ?? error).split('\n')[0];

const cannotOpen = (role: FileRole, path: string, error: unknown) => new RunError(`${role}: cannot read ${path}: ${codeOf(error)}`);

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
 * beside it (an evidence file's lock) or written over it; a path not there yet passes.
 */
export function refuseIrregularFile(path: string, role: FileRole, maxBytes = Number.MAX_SAFE_INTEGER): void {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw cannotOpen(role, path, error);
  }
  checked(role, path, stats, maxBytes);
}

/**
 * Where `path` really is: its deepest existing ancestor resolved through symbolic links, the rest as
 * given; a link whose target is not there yet (a file a write would create) is followed too.
 */
function realLocation(path: string, hops = 0): string {
  const rest: string[] = [];
  let at = resolve(path);
  for (;;) {
    try {
      return join(realpathSync(at), ...rest.reverse());
    } catch {
      const link = hops < 40 ? linkTarget(at) : undefined;
      if (link !== undefined) return realLocation(join(resolve(dirname(at), link), ...rest.reverse()), hops + 1);
      const up = dirname(at);
      if (up === at) return join(at, ...rest.reverse());
      rest.push(basename(at));
      at = up;
    }
  }
}

/** The target of the symbolic link at `path`, or undefined when it is not one. */
function linkTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `path`, followed through its symbolic links, is `folder` or inside it (also followed). */
export function isInsideFolder(path: string, folder: string): boolean {
  const rel = relative(realLocation(folder), realLocation(path));
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * Writes `text` whole to the regular file `path` (made with its folder when missing): to a temporary
 * file beside it, then renamed over it. A device, a FIFO or a folder at `path` is refused, never written.
 */
export function writeFileAtomic(path: string, text: string | Uint8Array, role: FileRole, maxBytes = Number.MAX_SAFE_INTEGER): void {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  if (bytes.length > maxBytes)
    throw new RunError(`${role}: ${path} would be ${sizeText(bytes.length)}, more than the ${sizeText(maxBytes)} it may be: not written`);
  const file = openAtomic(path, role);
  try {
    file.write(bytes);
    file.commit();
  } catch (error) {
    file.discard();
    throw error;
  }
}

/** A file being written whole: its bytes go to a temporary file, renamed over the target on `commit`. */
export interface AtomicFile {
  write(bytes: string | Uint8Array): void;
  commit(): void;
  /** Removes the temporary file (the target stays as it was). */
  discard(): void;
}

/** Opens `path` for writing whole (see AtomicFile); refuses a target that is there and not a regular file. */
export function openAtomic(path: string, role: FileRole): AtomicFile {
  refuseIrregularFile(path, role);
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  // The system's code stays on the error, for a caller that words the failure its own way.
  const failed = (error: unknown) =>
    Object.assign(new RunError(`${role} ${path}: could not be written (${codeOf(error)})`), { code: (error as NodeJS.ErrnoException)?.code });
  let fd: number | undefined;
  try {
    mkdirSync(dirname(path), { recursive: true });
    fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
  } catch (error) {
    throw failed(error);
  }
  const close = () => {
    if (fd === undefined) return;
    const open = fd;
    fd = undefined;
    closeSync(open);
  };
  return {
    write(bytes) {
      if (fd === undefined) throw failed(new Error('closed'));
      try {
        const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
        for (let done = 0; done < buffer.length; ) done += writeSync(fd, buffer, done, buffer.length - done);
      } catch (error) {
        throw failed(error);
      }
    },
    commit() {
      try {
        close();
        // The target is checked again: something made in its place meanwhile is not replaced.
        refuseIrregularFile(path, role);
        renameSync(temporary, path);
      } catch (error) {
        rmSync(temporary, { force: true });
        throw error instanceof RunError ? error : failed(error);
      }
    },
    discard() {
      try {
        close();
      } catch {
        // Already closed.
      }
      rmSync(temporary, { force: true });
    },
  };
}

/** The bounds of reading a folder of files. */
export interface FolderBounds {
  /** Only names ending so are read (`.json`). */
  suffix: string;
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

/**
 * The files of a folder (names ending in `suffix`, sorted), each read as readRegularFile reads one:
 * an entry that is a folder, a device or a FIFO, or a symbolic link leading outside the folder, is
 * refused naming it; more than `maxFiles` files or `maxTotalBytes` in all is refused before reading.
 */
export function readFolder(dir: string, role: FileRole, bounds: FolderBounds): { path: string; text: string }[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith(bounds.suffix))
      .sort();
  } catch (error) {
    throw new RunError(`${role} ${dir}: cannot be read (${codeOf(error)})`);
  }
  if (names.length > bounds.maxFiles) throw new RunError(`${role} ${dir}: ${names.length} files, more than the ${bounds.maxFiles} read: refused`);
  const home = realLocation(dir);
  let total = 0;
  const sizes = names.map((name) => {
    const path = join(dir, name);
    try {
      if (lstatSync(path).isSymbolicLink() && !isInsideFolder(path, home))
        throw new RunError(`${role} ${dir}: ${name} is a symbolic link leading outside the folder: refused`);
      const stats = statSync(path);
      total += checked(role, path, stats, bounds.maxFileBytes);
    } catch (error) {
      throw error instanceof RunError ? error : cannotOpen(role, path, error);
    }
    return path;
  });
  if (total > bounds.maxTotalBytes)
    throw new RunError(`${role} ${dir}: its files are ${sizeText(total)} in all, more than the ${sizeText(bounds.maxTotalBytes)} read: refused`);
  let left = bounds.maxTotalBytes;
  return sizes.map((path) => {
    const text = readRegularFile(path, role, Math.min(bounds.maxFileBytes, left));
    left -= Buffer.byteLength(text);
    return { path, text };
  });
}

export { withFileLock } from './file-lock.js';
