// Usage files on disk: read with their size checked first (past MAX_USAGE_BYTES a file is refused
// with one line saying so, before it is read), written whole through a temporary file, and merged
// into what a file already holds. A folder of them (one per consumer) is read for the gate and the site.
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RunError } from '../model/terms.js';
import { emptyUsage, formatUsage, MAX_USAGE_BYTES, parseUsage, type UsageFile } from './format.js';
import { mergeUsage } from './merge.js';

/** The most usage files a folder may hold (each at most MAX_USAGE_BYTES). */
export const MAX_USAGE_FILES = 256;

/** Reads and checks a usage file; `missing` is what a missing file is (an error when not given). */
export function readUsageFile(path: string, missing?: () => UsageFile): UsageFile {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && missing) return missing();
    throw new RunError(`usage file ${path}: cannot be read (${code ?? (error as Error).message})`);
  }
  if (size > MAX_USAGE_BYTES) throw new RunError(`usage file ${path}: ${size} bytes, more than the ${MAX_USAGE_BYTES} a usage file may have`);
  return parseUsage(readFileSync(path, 'utf8'), path);
}

/** Writes a usage file whole (through a temporary file, so a reader never sees half of it). */
export function writeUsageFile(path: string, usage: UsageFile): void {
  const text = formatUsage(usage);
  if (Buffer.byteLength(text) > MAX_USAGE_BYTES)
    throw new RunError(`usage file ${path}: would be more than the ${MAX_USAGE_BYTES} bytes a usage file may have`);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/** Merges `usage` into the file at `path` (a missing file is an empty one) and writes it; returns the merged usage. */
export function recordUsage(path: string, usage: UsageFile): UsageFile {
  const merged = mergeUsage(
    readUsageFile(path, () => emptyUsage(usage.consumer)),
    usage,
  );
  writeUsageFile(path, merged);
  return merged;
}

/** Every usage file (`*.json`) of a folder, one per consumer (files of one consumer are merged), sorted by consumer. */
export function readUsageDir(dir: string): UsageFile[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch (error) {
    throw new RunError(`usage folder ${dir}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (names.length > MAX_USAGE_FILES) throw new RunError(`usage folder ${dir}: ${names.length} usage files, more than the ${MAX_USAGE_FILES} read`);
  const byConsumer = new Map<string, UsageFile>();
  for (const name of names) {
    const usage = readUsageFile(join(dir, name));
    const seen = byConsumer.get(usage.consumer);
    byConsumer.set(usage.consumer, seen ? mergeUsage(seen, usage) : usage);
  }
  return [...byConsumer.keys()].sort().map((consumer) => byConsumer.get(consumer)!);
}
