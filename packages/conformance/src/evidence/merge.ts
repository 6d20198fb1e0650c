// A run's verdicts on assumptions, merged into an evidence file. A run is one (date, origin, source):
// merging the same report twice changes nothing, and the result does not depend on the order runs are
// merged in (runs sorted by date, origin, source; assumptions by id; counts and the latest verdict
// derived from the runs, never kept apart from them).

import { MOCK_RECOGNISED, RunError } from '../model/terms.js';
import { dataRecord } from '../plumbing/json-file.js';
import type { ProvenanceVerdict, Report } from '../report/types.js';
import type { AssumptionEvidence, EvidenceApart, EvidenceFile, EvidenceRun, EvidenceSource } from './file.js';
import { EVIDENCE_FORMAT, INSTANT } from './file.js';

/** One run's verdict on one assumption, with the claim it judged. */
export interface JudgedAssumption {
  id: string;
  claim: string;
  run: EvidenceRun;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/**
 * The order of runs, the same on every machine: by the instant each ended (not its text: `+02:00` and
 * `Z` times compare as instants), then, for runs that ended at the same instant, by origin, then by
 * source (`har` < `proxy` < `run`), all compared as code units. Within one day the newest instant wins.
 */
const order = (a: EvidenceRun, b: EvidenceRun) => byInstant(a.date, b.date) || compare(a.origin, b.origin) || compare(a.source, b.source);

/** Two ISO 8601 times as instants; two written alike in UTC (as the suite writes them) compare as text, without parsing. */
function byInstant(a: string, b: string): number {
  if (a.length === b.length && a.endsWith('Z') && b.endsWith('Z')) return compare(a, b);
  return Date.parse(a) - Date.parse(b);
}
const sameRun = (a: EvidenceRun, b: EvidenceRun) => order(a, b) === 0;

function exchangeOf(p: ProvenanceVerdict): EvidenceRun['exchange'] {
  if (p.status !== 'refuted' || !p.exchange) return undefined;
  return {
    method: p.exchange.method,
    url: p.exchange.url,
    status: p.statusCode ?? 0,
    ...(p.curl ? { curl: p.curl } : {}),
    observed: p.evidence,
  };
}

/**
 * Why a report's verdicts are kept apart from live evidence, if they are: a run against a mock (one the
 * suite started, or a server that sent the mock's marker header) or a run stopped before its end.
 */
export function apartOf(report: Report): EvidenceApart | undefined {
  if (report.target.kind !== 'remote' || report.target.recognised?.startsWith(MOCK_RECOGNISED)) return 'mock';
  if ((report.stopped && report.stopped.by !== 'no-start') || report.interrupted !== undefined) return 'interrupted';
  return undefined;
}

/** The verdicts of a report on assumptions (untested ones say nothing), as evidence runs. */
export function judgedAssumptions(report: Report, source: EvidenceSource): JudgedAssumption[] {
  const apart = apartOf(report);
  // A run is dated by when it ended; one that cannot be dated (a recording's times out of range) is refused here, not written.
  const endedMs = Date.parse(report.startedAt) + report.durationMs;
  const ended = Number.isFinite(endedMs) && Math.abs(endedMs) <= 8.64e15 ? new Date(endedMs).toISOString() : '';
  if (!INSTANT.test(ended))
    throw new RunError(`the run's end (${report.startedAt} + ${report.durationMs} ms) is not a date an evidence file can hold: not merged`);
  let origin: string;
  try {
    origin = new URL(report.target.baseUrl).origin;
  } catch {
    origin = report.target.baseUrl;
  }
  const version = report.fingerprint.version ?? 'unknown';
  return report.provenance.flatMap((p) => {
    if (p.status === 'untested') return [];
    const exchange = exchangeOf(p);
    const run: EvidenceRun = { date: ended, origin, source, version, verdict: p.status, ...(apart ? { apart } : {}), ...(exchange ? { exchange } : {}) };
    return [{ id: p.element, claim: p.note ?? `the contract assumes ${p.element}`, run }];
  });
}

/**
 * An assumption's entry from its runs (sorted): the latest verdict and the counts derived from the
 * runs not kept apart (from those kept apart only while there is no other: `latest.apart` says so).
 */
function entryOf(claim: string, runs: EvidenceRun[]): AssumptionEvidence {
  const live = runs.filter((r) => r.apart === undefined);
  const counted = live.length > 0 ? live : runs;
  const last = counted[counted.length - 1]!;
  return {
    claim,
    latest: { verdict: last.verdict, date: last.date.slice(0, 10), origin: last.origin, ...(last.apart ? { apart: last.apart } : {}) },
    for: counted.filter((r) => r.verdict === 'confirmed').length,
    against: counted.filter((r) => r.verdict === 'refuted').length,
    runs,
  };
}

/** The file with the judged assumptions merged in (a new object; the given one is not changed). */
export function mergeEvidence(file: EvidenceFile, judged: readonly JudgedAssumption[]): EvidenceFile {
  const merged = new Map<string, { claim: string; runs: EvidenceRun[] }>();
  for (const [id, entry] of Object.entries(file.assumptions)) merged.set(id, { claim: entry.claim, runs: [...entry.runs] });
  for (const { id, claim, run } of judged) {
    const entry = merged.get(id) ?? { claim, runs: [] };
    // A run recorded again replaces its earlier record (the same run merged twice is one run).
    entry.runs = [...entry.runs.filter((r) => !sameRun(r, run)), run];
    merged.set(id, entry);
  }
  const assumptions = dataRecord<AssumptionEvidence>();
  for (const id of [...merged.keys()].sort(compare)) {
    const { claim, runs } = merged.get(id)!;
    assumptions[id] = entryOf(claim, runs.sort(order));
  }
  return { format: EVIDENCE_FORMAT, assumptions };
}
