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
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An assumption's key: `Component.field` (or a dotted element: `listGenerations.query.page`), `operation:<operationId>`, `rule:<ruleId>`. */
const KEY = /^(operation:[A-Za-z_]\w*|rule:[A-Za-z_][\w.-]*|[A-Za-z_]\w*(\.[A-Za-z_]\w*)+)$/;

const show = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value)?.slice(0, 60));

function need(ok: boolean, path: string, wanted: string, value: unknown): void {
  if (!ok) throw new RunError(`${path} must be ${wanted}, got ${show(value)}`);
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function needText(value: unknown, path: string, pattern?: RegExp, wanted = 'a non-empty string'): void {
  need(text(value) && (!pattern || pattern.test(value)), path, wanted, value);
}

function needCount(value: unknown, path: string): void {
  need(Number.isInteger(value) && (value as number) >= 0, path, 'a whole number ≥ 0', value);
}

function checkRun(run: unknown, path: string): void {
  need(isObject(run), path, 'an object', run);
  const r = run as Record<string, unknown>;
  needText(r.date, `${path}.date`, INSTANT, 'an ISO 8601 time (2026-11-20T10:00:00.000Z)');
  needText(r.origin, `${path}.origin`);
  need(SOURCES.includes(r.source as string), `${path}.source`, 'one of "run", "proxy", "har"', r.source);
  needText(r.version, `${path}.version`);
  need(VERDICTS.includes(r.verdict as string), `${path}.verdict`, '"confirmed" or "refuted"', r.verdict);
  if (r.exchange === undefined) return;
  need(isObject(r.exchange), `${path}.exchange`, 'an object', r.exchange);
  const e = r.exchange as Record<string, unknown>;
  needText(e.method, `${path}.exchange.method`);
  needText(e.url, `${path}.exchange.url`);
  need(Number.isInteger(e.status), `${path}.exchange.status`, 'an HTTP status', e.status);
  for (const field of ['curl', 'observed'] as const)
    if (e[field] !== undefined) need(typeof e[field] === 'string', `${path}.exchange.${field}`, 'a string', e[field]);
}

function checkAssumption(entry: unknown, path: string): void {
  need(isObject(entry), path, 'an object', entry);
  const a = entry as Record<string, unknown>;
  needText(a.claim, `${path}.claim`);
  need(isObject(a.latest), `${path}.latest`, 'an object', a.latest);
  const latest = a.latest as Record<string, unknown>;
  need(VERDICTS.includes(latest.verdict as string), `${path}.latest.verdict`, '"confirmed" or "refuted"', latest.verdict);
  needText(latest.date, `${path}.latest.date`, DAY, 'a date YYYY-MM-DD');
  needText(latest.origin, `${path}.latest.origin`);
  needCount(a.for, `${path}.for`);
  needCount(a.against, `${path}.against`);
  need(Array.isArray(a.runs) && a.runs.length > 0, `${path}.runs`, 'a non-empty array', a.runs);
  (a.runs as unknown[]).forEach((run, i) => {
    checkRun(run, `${path}.runs[${i}]`);
  });
}

/**
 * The evidence file in `text` (named `name` in errors), checked: the one reading of the format, the
 * suite's and the reference site's alike, so a file the suite writes is one the site reads. A RunError
 * names the first thing wrong by its path (`assumptions["X.y"].latest.date must be a date YYYY-MM-DD`).
 */
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
      need(KEY.test(id), `the key of ${path}`, 'Component.field, operation:<operationId> or rule:<ruleId>', id);
      checkAssumption(entry, path);
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
