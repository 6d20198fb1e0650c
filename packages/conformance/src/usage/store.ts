// Usage files on disk, through the file layer (plumbing/files.ts): read only when a regular file within
// MAX_USAGE_BYTES (a device, a FIFO or a folder refused naming it, before a byte is read), written
// whole through a temporary file beside it, and merged into what a file already holds under the
// file's lock, so concurrent writers (eight `usage` runs, proxies stopped together) each add their
// calls and none is lost. A folder of them (one per consumer) is read for the gate and the site within
// a bound on its files and on their total size; an entry that is a symbolic link leading outside the
// folder is refused naming it.
import { withFileLock } from '../plumbing/file-lock.js';
import { readFolder, readRegularFile, writeFileAtomic } from '../plumbing/files.js';
import { emptyUsage, formatUsage, MAX_USAGE_BYTES, parseUsage, type UsageFile } from './format.js';
import { mergeUsage } from './merge.js';

/** The most usage files a folder may hold (each at most MAX_USAGE_BYTES). */
export const MAX_USAGE_FILES = 256;
/**
 * The most bytes a usage folder's files may hold together: what the gate and the site read and
 * translate to every version. A usage file of a consumer is tens of kilobytes; this holds hundreds.
 */
export const MAX_USAGE_FOLDER_BYTES = 16 * 1024 * 1024;

const ROLE = 'usage file';

/** Reads and checks a usage file; `missing` is what a missing file is (an error when not given). */
export function readUsageFile(path: string, missing?: () => UsageFile): UsageFile {
  const text = missing ? readRegularFile(path, ROLE, MAX_USAGE_BYTES, () => undefined) : readRegularFile(path, ROLE, MAX_USAGE_BYTES);
  return text === undefined ? missing!() : parseUsage(text, path);
}

/** Writes a usage file whole (through a temporary file, so a reader never sees half of it). */
export function writeUsageFile(path: string, usage: UsageFile): void {
  writeFileAtomic(path, formatUsage(usage), ROLE, MAX_USAGE_BYTES);
}

/** Merges `usage` into the file at `path` (a missing file is an empty one) under its lock, and writes it; returns the merged usage. */
export async function recordUsage(path: string, usage: UsageFile, signal?: AbortSignal): Promise<UsageFile> {
  // Checked before the lock is made beside it: /dev/full or a folder is refused, not locked.
  readUsageFile(path, () => emptyUsage(usage.consumer));
  return withFileLock(
    path,
    ROLE,
    () => {
      const merged = mergeUsage(
        readUsageFile(path, () => emptyUsage(usage.consumer)),
        usage,
      );
      writeUsageFile(path, merged);
      return merged;
    },
    signal ? { signal } : {},
  );
}

/** Every usage file (`*.json`) of a folder, one per consumer (files of one consumer are merged), sorted by consumer. */
export function readUsageDir(dir: string): UsageFile[] {
  const files = readFolder(dir, 'usage folder', {
    suffix: '.json',
    maxFiles: MAX_USAGE_FILES,
    maxFileBytes: MAX_USAGE_BYTES,
    maxTotalBytes: MAX_USAGE_FOLDER_BYTES,
  });
  const byConsumer = new Map<string, UsageFile>();
  for (const { path, text } of files) {
    const usage = parseUsage(text, path);
    const seen = byConsumer.get(usage.consumer);
    byConsumer.set(usage.consumer, seen ? mergeUsage(seen, usage) : usage);
  }
  return [...byConsumer.keys()].sort().map((consumer) => byConsumer.get(consumer)!);
}
