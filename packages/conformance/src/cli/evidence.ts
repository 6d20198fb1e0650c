// The command line's evidence: `--evidence FILE` merges a run's verdicts on assumptions into the file
// (a live run, a judged recording, the proxy), and `media-conformance evidence FILE` prints its table.
import { resolve } from 'node:path';
import type { EvidenceSource } from '../evidence/file.js';
import { MAX_EVIDENCE_BYTES, readEvidenceFile, recordEvidence } from '../evidence/store.js';
import { evidenceTable } from '../evidence/table.js';
import { RunError } from '../model/terms.js';
import { sizeText } from '../plumbing/files.js';
import { escapeTerminal } from '../report/terminal.js';
import type { Report } from '../report/types.js';
import type { CliIo } from './args.js';

export const EVIDENCE_USAGE = `Usage: media-conformance evidence FILE

Prints an evidence file (written by --evidence): one line per assumption of the contract a run has
judged, with its latest verdict, when and where it was last seen, and how many runs confirmed (for)
or refuted (against) it. Exit codes: 0 printed, 2 the file is missing, malformed, not a regular file
or larger than ${sizeText(MAX_EVIDENCE_BYTES)} (one line says what).
`;

/** `evidence FILE`: prints the table; resolves to the exit code. */
export function showEvidence(args: readonly string[], io: CliIo, fail: (message: string) => void): number {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    io.stdout(EVIDENCE_USAGE);
    return 0;
  }
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    fail('evidence takes one argument, the evidence file (media-conformance evidence FILE)');
    return 2;
  }
  try {
    io.stdout(escapeTerminal(evidenceTable(readEvidenceFile(resolve(io.cwd, args[0]!), false))));
    return 0;
  } catch (error) {
    if (!(error instanceof RunError)) throw error;
    fail(error.message);
    return 2;
  }
}

/**
 * Merges the report into `--evidence FILE` when one was given; false (after saying why) when it could
 * not. Concurrent runs merging into the same file wait for each other (the file's lock). A run against
 * a mock or one stopped before its end is said on stderr and left out, unless `apart` (`--evidence-apart`).
 */
export async function mergeEvidenceOf(
  path: string | undefined,
  report: Report,
  source: EvidenceSource,
  io: CliIo,
  fail: (message: string) => void,
  apart = false,
): Promise<boolean> {
  if (path === undefined || report.stopped?.by === 'no-start') return true;
  try {
    const record = await recordEvidence(resolve(io.cwd, path), report, source, { apart, ...(io.signal ? { signal: io.signal } : {}) });
    if ('skipped' in record) io.stderr(`media-conformance: evidence: ${escapeTerminal(record.skipped)}\n`);
    else io.stdout(`evidence: ${escapeTerminal(path)} (${Object.keys(record.merged.assumptions).length} assumptions)\n`);
    return true;
  } catch (error) {
    if (!(error instanceof RunError)) throw error;
    fail(error.message);
    return false;
  }
}
