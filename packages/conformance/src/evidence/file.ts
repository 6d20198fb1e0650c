// The evidence file (`--evidence FILE`, format `mediagen-evidence/1`): every verdict runs have given on
// the contract's assumptions, kept next to the contract and committed. Merging a run into it is
// idempotent and deterministic (keys sorted, runs sorted, a run recorded once), so it diffs cleanly in
// review; the docs site reads the same file to show each assumption's latest verdict.
import { isObject } from '@mediagen/schema/util';
import { RunError } from '../model/terms.js';

export const EVIDENCE_FORMAT = 'mediagen-evidence/1';

export type EvidenceVerdict = 'confirmed' | 'refuted';
export type EvidenceSource = 'run' | 'proxy' | 'har';

export interface EvidenceRun {
  /** When the run ended, ISO 8601 (UTC). */
  date: string;
  /** The target's origin. */
  origin: string;
  source: EvidenceSource;
  /** The ledger version the responses matched, or `unknown`. */
  version: string;
  verdict: EvidenceVerdict;
  /** The exchange that decided it (key and presigned URLs masked). */
  exchange?: { method: string; url: string; status: number; curl?: string; observed?: string };
}

export interface AssumptionEvidence {
  /** The claim the contract makes, in words. */
  claim: string;
  latest: { verdict: EvidenceVerdict; date: string; origin: string };
  for: number;
  against: number;
  /** Oldest first (ties: origin, then source). */
  runs: EvidenceRun[];
}

export interface EvidenceFile {
  format: typeof EVIDENCE_FORMAT;
  assumptions: Record<string, AssumptionEvidence>;
}

export const emptyEvidence = (): EvidenceFile => ({ format: EVIDENCE_FORMAT, assumptions: {} });

const VERDICTS: readonly string[] = ['confirmed', 'refuted'];
const SOURCES: readonly string[] = ['run', 'proxy', 'har'];
export const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function need(ok: boolean, path: string, wanted: string, value: unknown): void {
  if (!ok) throw new RunError(`${path} must be ${wanted}, got ${value === undefined ? 'nothing' : JSON.stringify(value)?.slice(0, 60)}`);
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function checkRun(run: unknown, path: string): void {
  need(isObject(run), path, 'an object', run);
  const r = run as Record<string, unknown>;
  need(text(r.date) && INSTANT.test(r.date), `${path}.date`, 'an ISO 8601 time', r.date);
  need(text(r.origin), `${path}.origin`, 'a non-empty string', r.origin);
  need(SOURCES.includes(r.source as string), `${path}.source`, 'one of "run", "proxy", "har"', r.source);
  need(text(r.version), `${path}.version`, 'a non-empty string', r.version);
  need(VERDICTS.includes(r.verdict as string), `${path}.verdict`, '"confirmed" or "refuted"', r.verdict);
  if (r.exchange === undefined) return;
  const e = r.exchange as Record<string, unknown>;
  need(isObject(e) && text(e.method) && text(e.url) && Number.isInteger(e.status), `${path}.exchange`, 'an object with method, url and status', e);
}

/** The evidence file in `text` (named `name` in errors), checked; a RunError names the first thing wrong by its path. */
export function parseEvidence(source: string, name: string): EvidenceFile {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    throw new RunError(`evidence file ${name}: not JSON (${(error as Error).message.split('\n')[0]})`);
  }
  try {
    need(isObject(data), 'the file', 'a JSON object', data);
    const file = data as Record<string, unknown>;
    need(file.format === EVIDENCE_FORMAT, 'format', `"${EVIDENCE_FORMAT}"`, file.format);
    need(isObject(file.assumptions), 'assumptions', 'an object keyed by assumption id', file.assumptions);
    for (const [id, entry] of Object.entries(file.assumptions as Record<string, unknown>)) {
      const path = `assumptions[${JSON.stringify(id)}]`;
      need(isObject(entry) && text(entry.claim), `${path}.claim`, 'a non-empty string', isObject(entry) ? entry.claim : entry);
      const { latest, runs } = entry as Record<string, unknown>;
      need(
        isObject(latest) && VERDICTS.includes(latest.verdict as string) && text(latest.date) && text(latest.origin),
        `${path}.latest`,
        'an object with verdict, date and origin',
        latest,
      );
      for (const count of ['for', 'against'] as const) {
        const n = (entry as Record<string, unknown>)[count];
        need(Number.isInteger(n) && (n as number) >= 0, `${path}.${count}`, 'a whole number ≥ 0', n);
      }
      need(Array.isArray(runs) && runs.length > 0, `${path}.runs`, 'a non-empty array', runs);
      (runs as unknown[]).forEach((run, i) => {
        checkRun(run, `${path}.runs[${i}]`);
      });
    }
    return data as EvidenceFile;
  } catch (error) {
    if (error instanceof RunError) throw new RunError(`evidence file ${name}: ${error.message}`);
    throw error;
  }
}

/** The file's text: two-space JSON, keys of `assumptions` sorted, a final newline (what `merge` gives is already sorted). */
export function formatEvidence(file: EvidenceFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
