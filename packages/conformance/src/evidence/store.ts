// Reading and writing the evidence file on disk: a missing file is an empty one; a malformed one is a
// RunError naming it (the run's reports are still written: only the merge is refused). Only a regular
// file of at most MAX_EVIDENCE_BYTES is read, and no merge writes a larger one. A merge holds the
// file's lock (lock.ts) from reading to renaming: concurrent runs each add their verdicts, none is lost;
// the new text is written beside the file and renamed over it, so a reader never sees half a file.
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { RunError } from '../model/terms.js';
import { readRegularFile, refuseIrregularFile, sizeText } from '../plumbing/files.js';
import type { Report } from '../report/types.js';
import { type EvidenceFile, type EvidenceSource, emptyEvidence, formatEvidence, parseEvidence } from './file.js';
import { withLock } from './lock.js';
import { judgedAssumptions, mergeEvidence } from './merge.js';

/**
 * The largest evidence file read or written. A run adds one record per assumption it judged (a few
 * kilobytes in all), so this holds thousands of runs; past it the file is refused and a new one is
 * started (the old one stays as history).
 */
export const MAX_EVIDENCE_BYTES = 32 * 1024 * 1024;

export function readEvidenceFile(path: string, missingIsEmpty = true): EvidenceFile {
  const text = missingIsEmpty
    ? readRegularFile(path, 'evidence file', MAX_EVIDENCE_BYTES, () => undefined)
    : readRegularFile(path, 'evidence file', MAX_EVIDENCE_BYTES);
  if (text === undefined) return emptyEvidence();
  return parseEvidence(text, path);
}

/** Merges a report's verdicts into the file at `path`, under its lock (written whole through a temporary file). */
export async function recordEvidence(path: string, report: Report, source: EvidenceSource): Promise<EvidenceFile> {
  const judged = judgedAssumptions(report, source);
  // Not a regular file (a device, a FIFO, a folder): refused before its lock is made beside it.
  refuseIrregularFile(path, 'evidence file', MAX_EVIDENCE_BYTES);
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw new RunError(`evidence file ${path}: cannot create its folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return withLock(path, () => {
    const merged = mergeEvidence(readEvidenceFile(path), judged);
    const text = formatEvidence(merged);
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_EVIDENCE_BYTES)
      throw new RunError(
        `evidence file ${path}: with this run it would be ${sizeText(bytes)}, more than the ${sizeText(MAX_EVIDENCE_BYTES)} an evidence file may be: not merged (start a new file)`,
      );
    const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      writeFileSync(temporary, text);
      renameSync(temporary, path);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw new RunError(`evidence file ${path}: could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    return merged;
  });
}
