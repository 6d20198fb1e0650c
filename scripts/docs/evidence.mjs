// Reads an evidence file (`mediagen-evidence/1`, written by `media-conformance --evidence`) for the
// site: every assumption a run has judged, with its latest verdict. The file is read and checked by the
// suite's own reader (`@mediagen/conformance/evidence`: only a regular file within its size bound, the one
// validator of the format), so a file the suite writes is one the site reads, and the first thing wrong is
// named by its path in the file, in one line.

/** A malformed or unreadable evidence file: `message` is one line that names the file and what is wrong. */
export class EvidenceError extends Error {
  name = 'EvidenceError';
}

/**
 * The most assumptions an evidence file may hold for the site: every page carries each verdict (or
 * lists it among the other verdicts), so the build grows with them. The contract has a few hundred
 * elements and rules; past this bound the file is refused in one line, before any page is built.
 */
export const MAX_SITE_ASSUMPTIONS = 5_000;

/** The run the latest verdict came from: the newest of those not kept apart (a mock's or an interrupted run), else the newest. */
function latestRun(entry) {
  for (let i = entry.runs.length - 1; i >= 0; i--) if (entry.runs[i].apart === entry.latest.apart) return entry.runs[i];
  return entry.runs[entry.runs.length - 1];
}

/** Its assumptions as a Map keyed by id, each with the run its latest verdict came from, for the detail a reader sees. */
function byId(file, name) {
  const ids = Object.keys(file.assumptions);
  if (ids.length > MAX_SITE_ASSUMPTIONS)
    throw new EvidenceError(
      `evidence file ${name}: ${ids.length} assumptions, more than the ${MAX_SITE_ASSUMPTIONS} the site shows: refused (start a new file)`,
    );
  return new Map(ids.map((id) => [id, { ...file.assumptions[id], lastRun: latestRun(file.assumptions[id]) }]));
}

/** Reads and checks `file`; a missing or malformed file is an EvidenceError naming the file. */
export async function readEvidence(file) {
  let reader;
  try {
    reader = await import('@mediagen/conformance/evidence');
  } catch (err) {
    // Plain node reads the built package: a fresh clone has not built it yet.
    throw new EvidenceError(`--evidence needs the built packages (npm run build): ${err.message.split('\n')[0]}`);
  }
  let read;
  try {
    read = reader.readEvidenceFile(file, false);
  } catch (err) {
    throw new EvidenceError(err.message);
  }
  return byId(read, file);
}
