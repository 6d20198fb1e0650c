// Reading and writing the evidence file on disk: a missing file is an empty one; a malformed one is a
// RunError naming it (the run's reports are still written: only the merge is refused). Only a regular
// file of at most MAX_EVIDENCE_BYTES is read, and no merge writes a larger one. A merge holds the
// file's lock (lock.ts) from reading to renaming: concurrent runs each add their verdicts, none is lost;
// the new text is written beside the file and renamed over it, so a reader never sees half a file.
import { RunError } from '../model/terms.js';
import { withFileLock } from '../plumbing/file-lock.js';
import { readRegularFile, refuseIrregularFile, sizeText, writeFileAtomic } from '../plumbing/files.js';
import type { Report } from '../report/types.js';
import { type EvidenceFile, type EvidenceSource, emptyEvidence, formatEvidence, parseEvidence } from './file.js';
import { apartOf, judgedAssumptions, mergeEvidence } from './merge.js';

/**
 * The largest evidence file read or written. A run adds one record per assumption it judged (a few
 * kilobytes in all), so this holds thousands of runs; past it the file is refused and a new one is
 * started (the old one stays as history).
 */
export const MAX_EVIDENCE_BYTES = 32 * 1024 * 1024;

const ROLE = 'evidence file';

export function readEvidenceFile(path: string, missingIsEmpty = true): EvidenceFile {
  const text = missingIsEmpty ? readRegularFile(path, ROLE, MAX_EVIDENCE_BYTES, () => undefined) : readRegularFile(path, ROLE, MAX_EVIDENCE_BYTES);
  if (text === undefined) return emptyEvidence();
  return parseEvidence(text, path);
}

/** What a report's merge did: the file as written, or why the report was not merged (a mock or interrupted run not asked for). */
export type EvidenceRecord = { merged: EvidenceFile } | { skipped: string };

/**
 * Merges a report's verdicts into the file at `path`, under its lock (written whole through a
 * temporary file). A run against a mock or one stopped before its end is merged only with `apart`
 * (its runs are then marked and never the latest verdict over a live one); otherwise it is skipped.
 */
export async function recordEvidence(
  path: string,
  report: Report,
  source: EvidenceSource,
  options: { apart?: boolean; signal?: AbortSignal } = {},
): Promise<EvidenceRecord> {
  const apart = apartOf(report);
  if (apart !== undefined && !options.apart)
    return {
      skipped: `${apart === 'mock' ? 'a run against a mock' : 'a run stopped before its end'}: not merged into ${path} (--evidence-apart merges it, kept apart from live verdicts)`,
    };
  const judged = judgedAssumptions(report, source);
  // Not a regular file (a device, a FIFO, a folder): refused before its lock is made beside it.
  refuseIrregularFile(path, ROLE, MAX_EVIDENCE_BYTES);
  const lock = options.signal ? { signal: options.signal } : {};
  const merged = await withFileLock(
    path,
    ROLE,
    () => {
      const merged = mergeEvidence(readEvidenceFile(path), judged);
      const text = formatEvidence(merged);
      const bytes = Buffer.byteLength(text);
      if (bytes > MAX_EVIDENCE_BYTES)
        throw new RunError(
          `${ROLE} ${path}: with this run it would be ${sizeText(bytes)}, more than the ${sizeText(MAX_EVIDENCE_BYTES)} an evidence file may be: not merged (start a new file)`,
        );
      writeFileAtomic(path, text, ROLE);
      return merged;
    },
    lock,
  );
  return { merged };
}
