// Reading and writing the evidence file on disk: a missing file is an empty one; a malformed one is a
// RunError naming it (the run's reports are still written: only the merge is refused).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { RunError } from '../model/terms.js';
import type { Report } from '../report/types.js';
import { type EvidenceFile, type EvidenceSource, emptyEvidence, formatEvidence, parseEvidence } from './file.js';
import { judgedAssumptions, mergeEvidence } from './merge.js';

export function readEvidenceFile(path: string, missingIsEmpty = true): EvidenceFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && missingIsEmpty) return emptyEvidence();
    throw new RunError(`evidence file ${path}: cannot be read (${code ?? (error as Error).message})`);
  }
  return parseEvidence(text, path);
}

/** Merges a report's verdicts into the file at `path` (written whole through a temporary file). */
export function recordEvidence(path: string, report: Report, source: EvidenceSource): EvidenceFile {
  const merged = mergeEvidence(readEvidenceFile(path), judgedAssumptions(report, source));
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, formatEvidence(merged));
  renameSync(temporary, path);
  return merged;
}
