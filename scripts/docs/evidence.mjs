// Reads an evidence file (`mediagen-evidence/1`, written by `media-conformance --evidence`) for the
// site: every assumption a run has judged, with its latest verdict. The file is read and checked by the
// suite's own reader (`@mediagen/conformance/evidence`: only a regular file within its size bound, the one
// validator of the format), so a file the suite writes is one the site reads, and the first thing wrong is
// named by its path in the file, in one line.

/** A malformed or unreadable evidence file: `message` is one line that names the file and what is wrong. */
export class EvidenceError extends Error {
  name = 'EvidenceError';
}

/** Its assumptions as a Map keyed by id, each with its latest run (the last one: runs are oldest first) for the detail a reader sees. */
const byId = (file) => new Map(Object.entries(file.assumptions).map(([id, entry]) => [id, { ...entry, lastRun: entry.runs[entry.runs.length - 1] }]));

/** Reads and checks `file`; a missing or malformed file is an EvidenceError naming the file. */
export async function readEvidence(file) {
  let reader;
  try {
    reader = await import('@mediagen/conformance/evidence');
  } catch (err) {
    // Plain node reads the built package: a fresh clone has not built it yet.
    throw new EvidenceError(`--evidence needs the built packages (npm run build): ${err.message.split('\n')[0]}`);
  }
  try {
    return byId(reader.readEvidenceFile(file, false));
  } catch (err) {
    throw new EvidenceError(err.message);
  }
}
